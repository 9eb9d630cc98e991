package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/match"
	"github.com/joinpal/joinpal/uci"
)

const matchUsage = `Usage: joinpal match --engine SPEC --engine SPEC [flags]

Plays two engines against each other in pairs of games from balanced openings
with colours swapped, and reports the score and the Elo difference of the
first engine over the second (95 % interval), with an optional SPRT.

An engine SPEC is one of:
  joinpal                      the built-in engine at full strength, in this process
  joinpal:level=3[,hash=16][,name=NAME]
                               the built-in engine at a level (1 to 8; 0 is full strength)
  joinpal:elo=1500             the level whose measured Elo is nearest
  cmd=PATH[,arg=ARG]...[,dir=DIR][,name=NAME][,option.NAME=VALUE]...
                               an external UCI engine (PATH alone will do), e.g.
                               cmd=stockfish,name=sf1800,option.UCI_LimitStrength=true,option.UCI_Elo=1800

A time control is needed: --tc (a clock kept by the runner), --st (a fixed
time per move), or --depth/--nodes. Progress goes to stderr, the final report
to stdout.

Flags:`

// runMatch is "joinpal match": engine against engine (package match).
func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("match", matchUsage, stderr)
	var specs engineSpecs
	fs.Var(&specs, "engine", "an engine `SPEC` (give two)")
	games := fs.Int("games", 2, "number of games (played in pairs with colours swapped)")
	var tcSpec match.TimeControlSpec
	fs.StringVar(&tcSpec.Clock, "tc", "", "time control `SECONDS[+INC]`, e.g. 10+0.1")
	fs.StringVar(&tcSpec.PerMove, "st", "", "fixed time per move in `SECONDS`, e.g. 0.1")
	fs.IntVar(&tcSpec.Depth, "depth", 0, "search depth per move")
	fs.Uint64Var(&tcSpec.Nodes, "nodes", 0, "nodes per move")
	fs.DurationVar(&tcSpec.Margin, "timemargin", -1, "how far an engine may overstep its time before it loses on time (default 0 with --tc, 100ms with --st)")
	concurrency := fs.Int("concurrency", 1, "games played at once (1 or 2)")
	pgnPath := fs.String("pgn", "", "write every game to this PGN `FILE`")
	sprtText := fs.String("sprt", "", "stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05")
	maxMoves := fs.Int("maxmoves", 0, "adjudicate a draw after this many moves past the opening (0: never)")
	seed := fs.Uint64("seed", 0, "shuffle the openings with this seed (0: in order)")
	event := fs.String("event", "", "the PGN Event tag")
	if code, ok := fs.parse(args, 0); !ok {
		return code
	}
	if len(specs) != 2 {
		return fs.usageError("give exactly two --engine flags, not %d", len(specs))
	}
	if *games < 1 {
		return fs.usageError("--games must be at least 1")
	}
	if *concurrency < 1 || *concurrency > 2 {
		return fs.usageError("--concurrency must be 1 or 2")
	}
	tc, err := tcSpec.Parse()
	if err != nil {
		return fs.usageError("%v", err)
	}
	var sprt *match.SPRT
	if *sprtText != "" {
		s, err := match.ParseSPRT(*sprtText)
		if err != nil {
			return fs.usageError("--sprt: %v", err)
		}
		sprt = &s
	}
	var engines [2]match.Engine
	for i, s := range specs {
		e, err := engineFromSpec(s)
		if err != nil {
			return fs.usageError("%v", err)
		}
		engines[i] = e
	}
	if engines[0].Name == engines[1].Name {
		engines[0].Name += " (1)"
		engines[1].Name += " (2)"
	}
	cfg := match.Config{
		Engines: engines, Games: *games, TimeControl: tc, Concurrency: *concurrency,
		MaxMoves: *maxMoves, SPRT: sprt, Progress: stderr, Event: *event, Seed: *seed,
	}
	if *pgnPath != "" {
		f, err := os.Create(*pgnPath)
		if err != nil {
			return fs.fail(err)
		}
		defer f.Close()
		cfg.PGN = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sum, err := match.Run(ctx, cfg)
	if sum != nil {
		sum.WriteReport(stdout, sprt)
	}
	if err != nil {
		return fs.fail(err)
	}
	if f, ok := cfg.PGN.(*os.File); ok {
		if err := f.Close(); err != nil {
			return fs.fail(err)
		}
	}
	return exitOK
}

// engineSpecs collects the --engine flags.
type engineSpecs []string

func (s *engineSpecs) String() string     { return strings.Join(*s, " ") }
func (s *engineSpecs) Set(v string) error { *s = append(*s, v); return nil }

// engineFromSpec turns an engine SPEC (see matchUsage) into a contestant.
func engineFromSpec(spec string) (match.Engine, error) {
	if spec == "joinpal" || strings.HasPrefix(spec, "joinpal:") {
		return builtinFromSpec(spec)
	}
	if !strings.Contains(spec, "=") {
		spec = "cmd=" + spec // a bare command: "stockfish"
	}
	var cmd uci.Command
	var options [][2]string
	name := ""
	for _, part := range strings.Split(spec, ",") {
		key, value, ok := strings.Cut(part, "=")
		if !ok {
			return match.Engine{}, fmt.Errorf("engine %q: %q is not KEY=VALUE", spec, part)
		}
		switch {
		case key == "cmd":
			cmd.Path = findEngine(value)
		case key == "arg":
			cmd.Args = append(cmd.Args, value)
		case key == "dir":
			cmd.Dir = value
		case key == "name":
			name = value
		case strings.HasPrefix(key, "option.") && len(key) > len("option."):
			options = append(options, [2]string{key[len("option."):], value})
		default:
			return match.Engine{}, fmt.Errorf("engine %q: unknown key %q", spec, key)
		}
	}
	if cmd.Path == "" {
		return match.Engine{}, fmt.Errorf("engine %q: want cmd=PATH, or joinpal[:level=N]", spec)
	}
	if name == "" {
		name = filepath.Base(cmd.Path)
	}
	return match.UCIEngine(name, cmd, options), nil
}

// builtinFromSpec reads "joinpal[:level=N|elo=E][,hash=MB][,name=NAME]".
func builtinFromSpec(spec string) (match.Engine, error) {
	opts := uci.Options{HashMB: 16, MultiPV: 1, Threads: 1, MoveOverhead: 30 * time.Millisecond}
	name := "joinpal"
	if rest, ok := strings.CutPrefix(spec, "joinpal:"); ok {
		for _, part := range strings.Split(rest, ",") {
			key, value, ok := strings.Cut(part, "=")
			n, err := strconv.Atoi(value)
			switch {
			case !ok:
				return match.Engine{}, fmt.Errorf("engine %q: %q is not KEY=VALUE", spec, part)
			case key == "name":
				name = value
				continue
			case err != nil:
				return match.Engine{}, fmt.Errorf("engine %q: %s: %q is not a number", spec, key, value)
			}
			switch key {
			case "level":
				if n < 0 || n > len(engine.Levels()) {
					return match.Engine{}, fmt.Errorf("engine %q: level must be 0 (full strength) to %d", spec, len(engine.Levels()))
				}
				opts.Level = n
				if name == "joinpal" {
					name = "joinpal:level=" + value
				}
			case "elo":
				opts.Level = uci.LevelForElo(levelElo(), n)
				if name == "joinpal" {
					name = "joinpal:level=" + strconv.Itoa(opts.Level)
				}
			case "hash":
				if n < 1 || n > 4096 {
					return match.Engine{}, fmt.Errorf("engine %q: hash must be 1 to 4096 MB", spec)
				}
				opts.HashMB = n
			default:
				return match.Engine{}, fmt.Errorf("engine %q: unknown key %q", spec, key)
			}
		}
	}
	newEngine := func() uci.Engine {
		return newEngineAdapter(rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	}
	return match.InProcess(name, newEngine, opts), nil
}

// findEngine resolves an engine's command: as given if it has a slash or is
// in PATH, else from /usr/games, where Debian installs Stockfish.
func findEngine(path string) string {
	if strings.Contains(path, "/") {
		return path
	}
	if _, err := exec.LookPath(path); err != nil {
		if games := filepath.Join("/usr/games", path); fileExists(games) {
			return games
		}
	}
	return path
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}
