package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/match"
	"github.com/joinpal/joinpal/strength"
	"github.com/joinpal/joinpal/uci"
)

// runStrength is "joinpal strength": it plays every level against
// Stockfish at fixed UCI_Elo settings (the anchors) and against the
// adjacent levels, estimates each level's Elo from all the games, measures
// the engines' search speed, and writes docs/STRENGTH.md and its plot.
func runStrength(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("strength", flag.ContinueOnError)
	fs.SetOutput(stderr)
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
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	tc, err := parseTimeControl(*tcText, "", 0, 0, -1)
	if err != nil || *games < 2 || *games%2 != 0 {
		fmt.Fprintf(stderr, "joinpal strength: want an even --games of 2 or more and a valid --tc (%v)\n", err)
		return 2
	}
	anchors, err := parseAnchors(*anchorsText)
	if err != nil {
		fmt.Fprintf(stderr, "joinpal strength: %v\n", err)
		return 2
	}
	var first, last int
	if n, _ := fmt.Sscanf(*levelsText, "%d-%d", &first, &last); n != 2 || first < 1 || last > 8 || first > last {
		fmt.Fprintf(stderr, "joinpal strength: --levels %q: want FIRST-LAST within 1-8\n", *levelsText)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	type pairing struct{ a, b string }
	var pairings []pairing
	for _, l := range engine.Levels() {
		if l.Number < first || l.Number > last {
			continue
		}
		if elo, ok := anchors[l.Number]; ok {
			pairings = append(pairings, pairing{fmt.Sprintf("joinpal:level=%d,name=L%d", l.Number, l.Number), sfSpec(*stockfish, elo)})
		}
		if *adjacent && l.Number < last {
			pairings = append(pairings, pairing{fmt.Sprintf("joinpal:level=%d,name=L%d", l.Number+1, l.Number+1), fmt.Sprintf("joinpal:level=%d,name=L%d", l.Number, l.Number)})
		}
	}
	var results []strength.Result
	for i, p := range pairings {
		ea, err := engineFromSpec(p.a)
		if err == nil {
			var eb match.Engine
			if eb, err = engineFromSpec(p.b); err == nil {
				fmt.Fprintf(stderr, "[%d/%d] %s – %s\n", i+1, len(pairings), ea.Name, eb.Name)
				var res strength.Result
				res, err = playPairing(ctx, ea, eb, *games, tc, *concurrency, *pgnDir, stderr)
				results = append(results, res)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "joinpal strength: %v\n", err)
			return 1
		}
	}
	fixed := map[string]float64{}
	for _, elo := range anchors {
		fixed[fmt.Sprintf("SF%d", elo)] = float64(elo)
	}
	ratings, err := strength.Estimate(results, fixed)
	if err != nil {
		fmt.Fprintf(stderr, "joinpal strength: %v\n", err)
		return 1
	}
	report := strength.Report{
		Command:     "make strength   # joinpal strength " + strings.Join(args, " "),
		Machine:     machine(),
		Date:        time.Now().UTC().Format("2006-01-02"),
		TimeControl: *tcText + " s",
		Results:     results,
		Plot:        filepath.Base(*svg),
	}
	for _, r := range ratings {
		if r.Anchor {
			report.Anchors = append(report.Anchors, r)
		}
	}
	for _, l := range engine.Levels() {
		for _, r := range ratings {
			if r.Name == fmt.Sprintf("L%d", l.Number) {
				report.Levels = append(report.Levels, strength.Level{Number: l.Number, NameES: l.NameES, NameEN: l.NameEN, Rating: r})
			}
		}
	}
	if *speed {
		report.Speeds = measureSpeeds(ctx, *stockfish, stderr)
	}
	if err := writeFile(*svg, func(w io.Writer) error { return strength.WriteSVG(w, report.Levels, report.Anchors) }); err != nil {
		fmt.Fprintf(stderr, "joinpal strength: %v\n", err)
		return 1
	}
	if err := writeFile(*out, func(w io.Writer) error { return strength.WriteMarkdown(w, report) }); err != nil {
		fmt.Fprintf(stderr, "joinpal strength: %v\n", err)
		return 1
	}
	for _, l := range report.Levels {
		fmt.Fprintf(stdout, "level %d %-12s %5.0f ± %3.0f (%d games)\n", l.Number, l.NameEN, l.Rating.Elo, l.Rating.Margin, l.Rating.Games)
	}
	return 0
}

func sfSpec(command string, elo int) string {
	return fmt.Sprintf("cmd=%s,name=SF%d,option.UCI_LimitStrength=true,option.UCI_Elo=%d", command, elo, elo)
}

// parseAnchors reads "3=1350,4=1500".
func parseAnchors(text string) (map[int]int, error) {
	out := map[int]int{}
	for _, part := range strings.Split(text, ",") {
		l, e, ok := strings.Cut(strings.TrimSpace(part), "=")
		level, err1 := strconv.Atoi(l)
		elo, err2 := strconv.Atoi(e)
		if !ok || err1 != nil || err2 != nil || level < 1 || level > 8 || elo < 1350 || elo > 2850 {
			return nil, fmt.Errorf("anchor %q: want LEVEL=ELO with a level 1-8 and Stockfish's UCI_Elo 1350-2850", part)
		}
		out[level] = elo
	}
	return out, nil
}

func playPairing(ctx context.Context, a, b match.Engine, games int, tc match.TimeControl, concurrency int, pgnDir string, progress io.Writer) (strength.Result, error) {
	cfg := match.Config{Engines: [2]match.Engine{a, b}, Games: games, TimeControl: tc, Concurrency: concurrency,
		Progress: progress, Event: "JoinPal strength", Seed: 1}
	if pgnDir != "" {
		if err := os.MkdirAll(pgnDir, 0o755); err != nil {
			return strength.Result{}, err
		}
		f, err := os.Create(filepath.Join(pgnDir, a.Name+"-"+b.Name+".pgn"))
		if err != nil {
			return strength.Result{}, err
		}
		defer f.Close()
		cfg.PGN = f
	}
	sum, err := match.Run(ctx, cfg)
	if err != nil {
		return strength.Result{}, err
	}
	return strength.Result{A: a.Name, B: b.Name, Wins: sum.Score.Wins, Draws: sum.Score.Draws, Losses: sum.Score.Losses}, nil
}

// measureSpeeds runs each engine's own bench and, the same way for both,
// one second of search on each of the match openings' first ten positions.
func measureSpeeds(ctx context.Context, stockfish string, log io.Writer) []strength.Speed {
	self, _ := os.Executable()
	var out []strength.Speed
	if s, err := ownBench(ctx, log, self, []string{"uci"}, "bench\nquit\n", "JoinPal"); err == nil {
		s.Note = "its own bench (joinpal uci, bench)"
		out = append(out, s)
	}
	if s, err := ownBench(ctx, log, findEngine(stockfish), []string{"bench"}, "", "Stockfish 15.1"); err == nil {
		s.Note = "its own bench (stockfish bench)"
		out = append(out, s)
	}
	for _, e := range []struct {
		name string
		cmd  uci.Command
	}{
		{"JoinPal", uci.Command{Path: self, Args: []string{"uci"}}},
		{"Stockfish 15.1", uci.Command{Path: findEngine(stockfish)}},
	} {
		s, err := sameWay(ctx, e.cmd)
		if err != nil {
			fmt.Fprintf(log, "speed of %s: %v\n", e.name, err)
			continue
		}
		s.Engine = e.name
		out = append(out, s)
	}
	out = append(out, strength.Speed{Engine: "a Go engine peer", Note: "not measured: the Go module proxy refuses every Go chess engine tried (CounterGo, zurichess, honeybadger)"})
	return out
}

var benchLine = regexp.MustCompile(`(?m)^(Total time \(ms\)|Nodes searched)\s*:\s*(\d+)`)

// ownBench runs an engine's bench command and reads its totals.
func ownBench(ctx context.Context, log io.Writer, path string, args []string, stdin, name string) (strength.Speed, error) {
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = strings.NewReader(stdin)
	text, err := cmd.CombinedOutput()
	if err != nil {
		fmt.Fprintf(log, "bench of %s: %v\n", name, err)
		return strength.Speed{}, err
	}
	s := strength.Speed{Engine: name}
	for _, m := range benchLine.FindAllStringSubmatch(string(text), -1) {
		n, _ := strconv.ParseUint(m[2], 10, 64)
		if strings.HasPrefix(m[1], "Total") {
			s.Millis = int64(n)
		} else {
			s.Nodes = n
		}
	}
	if s.Nodes == 0 {
		return s, fmt.Errorf("bench of %s printed no totals", name)
	}
	return s, nil
}

// sameWay searches each of ten positions for one second with one thread
// and a 16 MB hash, summing the nodes and times the engine reports.
func sameWay(ctx context.Context, cmd uci.Command) (strength.Speed, error) {
	c, err := uci.Start(ctx, cmd)
	if err != nil {
		return strength.Speed{}, err
	}
	defer c.Close()
	for _, o := range [][2]string{{"Threads", "1"}, {"Hash", "16"}} {
		if _, ok := c.Option(o[0]); ok {
			if err := c.SetOption(o[0], o[1]); err != nil {
				return strength.Speed{}, err
			}
		}
	}
	s := strength.Speed{Note: "1 s per position on the first 10 match openings, nodes and time as the engine reports them"}
	for _, o := range match.Openings()[:10] {
		if err := c.NewGame(ctx); err != nil {
			return s, err
		}
		var last uci.Info
		res, err := c.Go(ctx, uci.Search{Start: o.Start, Moves: o.Moves, Limits: uci.Limits{MoveTime: time.Second},
			OnInfo: func(i uci.Info) {
				if i.Nodes > 0 && i.Time > 0 {
					last = i
				}
			}})
		if err != nil {
			return s, err
		}
		_ = res
		s.Nodes += last.Nodes
		s.Millis += last.Time.Milliseconds()
	}
	return s, nil
}

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

// machine describes this machine: cores and processor model.
func machine() string {
	model := "unknown processor"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%d cores, %s, %s", runtime.NumCPU(), model, runtime.Version())
}
