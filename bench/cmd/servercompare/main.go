// Command servercompare runs JoinPal and the bare durable WebSocket server
// (bench/cmd/bareserver) under the same load generator (loadtest/wsload),
// interleaved in one window, and prints per scenario and store the
// figures of each and their ratio. After every run it checks the load
// generator's acknowledgements against what the server's store holds
// (GET /api/game/{id}), so neither server is measured acknowledging moves
// it did not keep.
//
//	make bench-server
//	cd bench && go run ./cmd/servercompare -joinpal ../bin/joinpal -bare /tmp/bareserver \
//	    -scenarios 1:10s:1s,1000:30s:10s -stores sqlite,postgres -reps 2
//
// On PostgreSQL, -checkpoint says whether a run's measured window meets
// PostgreSQL's own checkpoints (auto), none (before) or one each (mid):
// see checkpoint.go.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// scenario is one load: games played at once, each side moving think
// after its opponent, for duration.
type scenario struct {
	games    int
	duration time.Duration
	think    time.Duration
}

func (s scenario) String() string {
	return fmt.Sprintf("%d games, think %s, %s", s.games, s.think, s.duration)
}

func parseScenarios(text string) ([]scenario, error) {
	var out []scenario
	for _, part := range strings.Split(text, ",") {
		f := strings.Split(strings.TrimSpace(part), ":")
		if len(f) != 3 {
			return nil, fmt.Errorf("scenario %q: want GAMES:DURATION:THINK", part)
		}
		games, err := strconv.Atoi(f[0])
		if err != nil || games < 1 {
			return nil, fmt.Errorf("scenario %q: games must be a whole number of at least 1", part)
		}
		dur, err := time.ParseDuration(f[1])
		if err != nil || dur <= 0 {
			return nil, fmt.Errorf("scenario %q: bad duration", part)
		}
		think, err := time.ParseDuration(f[2])
		if err != nil || think < 250*time.Millisecond {
			return nil, fmt.Errorf("scenario %q: think must be at least 250ms", part)
		}
		out = append(out, scenario{games: games, duration: dur, think: think})
	}
	return out, nil
}

type config struct {
	joinpal, bare string
	scenarios     []scenario
	stores        []string
	reps          int
	pg            string
	checkpoint    string
	joinpalArgs   []string
	// progressDir, when set, receives each run's progress lines (a line a
	// second of the measured phase, with its ack p99), one file a run.
	progressDir string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("servercompare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg config
	fs.StringVar(&cfg.joinpal, "joinpal", "../bin/joinpal", "the joinpal binary")
	fs.StringVar(&cfg.bare, "bare", "", "the bareserver binary (built from ./cmd/bareserver)")
	scen := fs.String("scenarios", "1:10s:1s,1000:30s:10s,5000:30s:5s,9900:30s:5s", "comma-separated GAMES:DURATION:THINK")
	stores := fs.String("stores", "sqlite,postgres", "comma-separated stores: sqlite, postgres")
	fs.IntVar(&cfg.reps, "reps", 3, "runs of each server per scenario and store, interleaved (the median of three is the middle run: one stalled run does not decide it)")
	fs.StringVar(&cfg.pg, "pg", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "the PostgreSQL database; each run gets a schema of its own, dropped after")
	fs.StringVar(&cfg.checkpoint, "checkpoint", "auto", "PostgreSQL's checkpoints in a run: auto (its own schedule), before (one before each run's setup), mid (and one at the middle of each measured window)")
	fs.StringVar(&cfg.progressDir, "progress", "", "a `DIR` to keep each run's progress in (a line a second of the measured phase: its wall-clock time, moves, ack p99 and slowest ack), one file a run; empty: none")
	extra := fs.String("joinpal-args", "", "extra flags for joinpal serve, space-separated (e.g. --log-level=error)")
	genGC := fs.Int("gen-gc-percent", wsload.DefaultGeneratorGCPercent, "the garbage collector's target (as GOGC) of this process, whose load generator times the acks: each of its collections delays the acks it reads, of either server; -1 leaves GOGC as it is")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *genGC < -1 {
		fmt.Fprintln(stderr, "servercompare: -gen-gc-percent must be -1 or more")
		return 2
	}
	genGCText := wsload.SetGeneratorGC(*genGC)
	var err error
	if cfg.scenarios, err = parseScenarios(*scen); err != nil {
		fmt.Fprintf(stderr, "servercompare: %v\n", err)
		return 2
	}
	if err := checkProgressDir(cfg.progressDir); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if !validCheckpointMode(cfg.checkpoint) {
		fmt.Fprintf(stderr, "servercompare: -checkpoint must be one of %s\n", strings.Join(checkpointModes, ", "))
		return 2
	}
	for _, s := range strings.Split(*stores, ",") {
		if s != "sqlite" && s != "postgres" {
			fmt.Fprintf(stderr, "servercompare: unknown store %q\n", s)
			return 2
		}
		cfg.stores = append(cfg.stores, s)
	}
	if cfg.bare == "" || cfg.reps < 1 {
		fmt.Fprintln(stderr, "servercompare: give -bare, and -reps of at least 1")
		return 2
	}
	cfg.joinpalArgs = strings.Fields(*extra)
	n, err := wsload.RaiseOpenFiles()
	if err != nil {
		fmt.Fprintf(stderr, "servercompare: the open-files limit stays at %d: %v\n", n, err)
	}
	for _, sc := range cfg.scenarios {
		// Each game is two sockets in the server, and the server holds
		// its store's files and its listeners beside them.
		if need := uint64(2*sc.games + 100); need > n {
			fmt.Fprintf(stderr, "servercompare: %s needs about %d open files, over the limit of %d: its runs will fail\n", sc, need, n)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	host, _ := os.Hostname()
	fmt.Fprintf(stdout, "# servercompare on %s, %s, %d reps, PostgreSQL's checkpoints %s, the load generator's GOGC %s, %s\n\n", host, cpuModel(), cfg.reps, cfg.checkpoint, genGCText, time.Now().UTC().Format(time.RFC3339))
	for _, st := range cfg.stores {
		for _, sc := range cfg.scenarios {
			var runs [2][]result
			for rep := 0; rep < cfg.reps; rep++ {
				// Interleaved, the order turning each time, so that a
				// change in the machine's load falls on both.
				order := []int{0, 1}
				if rep%2 == 1 {
					order = []int{1, 0}
				}
				for _, which := range order {
					res, err := measure(ctx, cfg, which, st, sc, rep, stderr)
					if err != nil {
						fmt.Fprintf(stderr, "servercompare: %s %s %s: %v\n", serverNames[which], st, sc, err)
						return 1
					}
					runs[which] = append(runs[which], res)
				}
			}
			writeTable(stdout, st, sc, runs)
		}
	}
	return 0
}
