package strength

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/match"
	"github.com/joinpal/joinpal/uci"
)

// SpeedEngine is an engine whose search speed is measured: the command
// that runs it as a UCI engine, and how it runs its own bench.
type SpeedEngine struct {
	Name string
	// Command runs the engine speaking UCI.
	Command uci.Command
	// BenchArgs and BenchInput run its own bench: arguments for the
	// command ("bench" for Stockfish) and text for its standard input
	// ("bench\nquit\n" for JoinPal's UCI mode). The bench must print
	// "Nodes searched: N" and "Total time (ms): T" as Stockfish's does.
	BenchArgs  []string
	BenchInput string
}

// SameWayPositions is how many of the match openings [MeasureSpeeds]
// searches, for SameWayTime each.
const (
	SameWayPositions = 10
	SameWayTime      = time.Second
)

// MeasureSpeeds measures each engine twice: its own bench, and, the same
// way for every engine, a search of SameWayTime on each of the first
// SameWayPositions match openings with one thread and a 16 MB hash. An
// engine that cannot be measured is reported on log and left out.
func MeasureSpeeds(ctx context.Context, engines []SpeedEngine, log io.Writer) []Speed {
	var out []Speed
	for _, e := range engines {
		s, err := ownBench(ctx, e)
		if err != nil {
			fmt.Fprintf(log, "bench of %s: %v\n", e.Name, err)
			continue
		}
		out = append(out, s)
	}
	for _, e := range engines {
		s, err := sameWay(ctx, e.Command)
		if err != nil {
			fmt.Fprintf(log, "speed of %s: %v\n", e.Name, err)
			continue
		}
		s.Engine = e.Name
		out = append(out, s)
	}
	return append(out, Speed{Engine: "a Go engine peer", Note: GoPeerNote})
}

// GoPeerNote says why no Go engine is measured beside JoinPal's.
const GoPeerNote = "not measured: the Go module proxy refuses every Go chess engine tried (CounterGo, zurichess, honeybadger)"

var benchLine = regexp.MustCompile(`(?m)^(Total time \(ms\)|Nodes searched)\s*:\s*(\d+)`)

// ownBench runs an engine's bench command and reads its totals.
func ownBench(ctx context.Context, e SpeedEngine) (Speed, error) {
	cmd := exec.CommandContext(ctx, e.Command.Path, append(append([]string(nil), e.Command.Args...), e.BenchArgs...)...)
	cmd.Dir = e.Command.Dir
	cmd.Stdin = strings.NewReader(e.BenchInput)
	text, err := cmd.CombinedOutput()
	if err != nil {
		return Speed{}, fmt.Errorf("strength: %w", err)
	}
	speed, err := parseBench(e.Name, string(text))
	if err != nil {
		return Speed{}, err
	}
	how := append([]string{filepath.Base(e.Command.Path)}, e.Command.Args...)
	how = append(how, e.BenchArgs...)
	if first, _, _ := strings.Cut(e.BenchInput, "\n"); first != "" {
		how[len(how)-1] += ","
		how = append(how, first)
	}
	speed.Note = "its own bench (" + strings.Join(how, " ") + ")"
	return speed, nil
}

// parseBench reads the totals a bench prints, Stockfish's way.
func parseBench(name, text string) (Speed, error) {
	s := Speed{Engine: name}
	for _, m := range benchLine.FindAllStringSubmatch(text, -1) {
		n, err := strconv.ParseUint(m[2], 10, 63)
		if err != nil {
			return Speed{}, fmt.Errorf("strength: bench of %s: %q: %w", name, m[0], err)
		}
		if strings.HasPrefix(m[1], "Total") {
			s.Millis = int64(n)
		} else {
			s.Nodes = n
		}
	}
	if s.Nodes == 0 {
		return Speed{}, fmt.Errorf("strength: bench of %s printed no totals", name)
	}
	return s, nil
}

// sameWay searches each of the first SameWayPositions match openings for
// SameWayTime with one thread and a 16 MB hash, summing the nodes and times
// the engine reports.
func sameWay(ctx context.Context, cmd uci.Command) (Speed, error) {
	c, err := uci.Start(ctx, cmd)
	if err != nil {
		return Speed{}, err
	}
	defer c.Close()
	for _, o := range [][2]string{{"Threads", "1"}, {"Hash", "16"}} {
		if _, ok := c.Option(o[0]); ok {
			if err := c.SetOption(o[0], o[1]); err != nil {
				return Speed{}, err
			}
		}
	}
	s := Speed{Note: fmt.Sprintf("%v per position on the first %d match openings, nodes and time as the engine reports them", SameWayTime, SameWayPositions)}
	for _, o := range match.Openings()[:SameWayPositions] {
		if err := c.NewGame(ctx); err != nil {
			return s, err
		}
		var last uci.Info
		_, err := c.Go(ctx, uci.Search{Start: o.Start, Moves: o.Moves, Limits: uci.Limits{MoveTime: SameWayTime},
			OnInfo: func(i uci.Info) {
				if i.Nodes > 0 && i.Time > 0 {
					last = i
				}
			}})
		if err != nil {
			return s, err
		}
		s.Nodes += last.Nodes
		s.Millis += last.Time.Milliseconds()
	}
	return s, nil
}

// Machine describes this machine for a report: cores, processor model and
// Go version.
func Machine() string {
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
