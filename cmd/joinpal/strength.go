package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/match"
	"github.com/joinpal/joinpal/strength"
	"github.com/joinpal/joinpal/uci"
)

// runStrength is "joinpal strength": it measures the AI's levels (package
// strength) against Stockfish at fixed UCI_Elo settings and against each
// other, and writes docs/STRENGTH.md and its plot.
func runStrength(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("strength", "", stderr)
	games := fs.Int("games", 20, "games per pairing (even)")
	tcText := fs.String("tc", "10+0.1", "time control SECONDS[+INC] of every game")
	concurrency := fs.Int("concurrency", 2, "games played at once (1 or 2)")
	anchorsText := fs.String("anchors", "1=1350,2=1350,3=1350,4=1500,5=1800,6=2100,7=2400,8=2850", "LEVEL=UCI_ELO pairings against Stockfish")
	adjacent := fs.Bool("adjacent", true, "also play each level against the next")
	out := fs.String("out", "docs/STRENGTH.md", "the report to write")
	svg := fs.String("svg", "docs/strength.svg", "the plot to write")
	pgnDir := fs.String("pgn", "", "write each pairing's games as PGN into this directory")
	stockfish := fs.String("stockfish", "stockfish", "Stockfish's command")
	speed := fs.Bool("speed", true, "measure the engines' nodes per second")
	levelsText := fs.String("levels", "1-8", "the levels to measure, FIRST-LAST")
	if code, ok := fs.parse(args, 0); !ok {
		return code
	}
	tc, err := match.TimeControlSpec{Clock: *tcText}.Parse()
	if err != nil {
		return fs.usageError("--tc: %v", err)
	}
	cfg := strength.Config{Adjacent: *adjacent, Games: *games, TimeControl: tc, Concurrency: *concurrency,
		PGNDir: *pgnDir, Progress: stderr, Level: builtinLevel, Stockfish: stockfishAt(findEngine(*stockfish))}
	if cfg.Anchors, err = strength.ParseAnchors(*anchorsText); err != nil {
		return fs.usageError("--anchors: %v", err)
	}
	if cfg.First, cfg.Last, err = strength.ParseLevels(*levelsText); err != nil {
		return fs.usageError("--levels: %v", err)
	}
	if err := cfg.Check(); err != nil {
		return fs.usageError("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	report, err := strength.Measure(ctx, cfg)
	if err != nil {
		return fs.fail(err)
	}
	report.Command = "make strength   # joinpal strength " + strings.Join(args, " ")
	report.Machine = strength.Machine()
	report.Date = time.Now().UTC().Format("2006-01-02")
	report.TimeControl = *tcText + " s"
	report.Plot = filepath.Base(*svg)
	if *speed {
		self, _ := os.Executable()
		report.Speeds = strength.MeasureSpeeds(ctx, []strength.SpeedEngine{
			{Name: "JoinPal", Command: uci.Command{Path: self, Args: []string{"uci"}}, BenchInput: "bench\nquit\n"},
			{Name: "Stockfish 15.1", Command: uci.Command{Path: findEngine(*stockfish)}, BenchArgs: []string{"bench"}},
		}, stderr)
	}
	if err := writeFile(*svg, func(w io.Writer) error { return strength.WriteSVG(w, report.Levels, report.Anchors) }); err != nil {
		return fs.fail(err)
	}
	if err := writeFile(*out, func(w io.Writer) error { return strength.WriteMarkdown(w, report) }); err != nil {
		return fs.fail(err)
	}
	for _, l := range report.Levels {
		fmt.Fprintf(stdout, "level %d %-12s %5.0f ± %3.0f (%d games)\n", l.Number, l.Name(i18n.English), l.Rating.Elo, l.Rating.Margin, l.Rating.Games)
	}
	return exitOK
}

// builtinLevel is the built-in engine at level n, for package strength.
func builtinLevel(n int, name string) (match.Engine, error) {
	return builtinFromSpec("joinpal:level=" + strconv.Itoa(n) + ",name=" + name)
}

// stockfishAt returns Stockfish (command path) limited to an Elo, for
// package strength.
func stockfishAt(path string) func(elo int, name string) (match.Engine, error) {
	return func(elo int, name string) (match.Engine, error) {
		return match.UCIEngine(name, uci.Command{Path: path},
			[][2]string{{"UCI_LimitStrength", "true"}, {"UCI_Elo", strconv.Itoa(elo)}}), nil
	}
}

// writeFile creates path and fills it with write.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
