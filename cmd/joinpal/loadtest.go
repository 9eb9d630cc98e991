package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/loadtest"
	"github.com/joinpal/joinpal/loadtest/wsload"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
)

const loadtestUsage = `Usage: joinpal loadtest [flags]

Measures the live runtime on a durable store: moves per second and the time
from a move to its acknowledgement with --games games played at once (random
legal moves, as fast as acknowledged or --think apart) for --duration; then,
with --flags N, the delay from the expiry of N clocks to the arrival of their
timeout events. Progress goes to stderr, the report to stdout.

With --target URL (a loopback server: 127.0.0.1, ::1 or localhost) or
--serve (this binary's "joinpal serve" started as a separate process on a
free loopback port with a temporary SQLite file), it loads the whole server
instead: --games games between bot guests over real HTTP and WebSockets,
each side moving --think after its opponent (random legal moves), for
--duration after every socket is open; it reports moves/s, the round trips
(move sent → ack, → the opponent's move event), errors, sockets and the
server's CPU and memory (/proc for --serve, /metrics for --target) and its
heap allocations a move (its /metrics); each
second of the measured phase, its progress line also gives the wall-clock
time and the 99th percentile and slowest of that second's acks, to set a
burst of slow acks beside the server's and the database's logs. --store,
--db, --flags, --cpuprofile and --memprofile belong to the runtime mode only.
With --target, start that server with --new-games-limit, --sockets-per-user,
--sockets-per-address and --conns-per-address high enough for
--games games among --guests players (--serve does so itself). With --target,
the games stay on the server after the run (their sockets
closed, they end as the reconnection window or the clock decides); with
--serve, the server and its database are removed. A bot whose socket closes
while its game goes on opens it again, and resends a move refused as
live.unavailable; --check-acks compares, after the run, every game's
acknowledged moves with GET /api/game/{id}. Several generators against one
server (a process opens at most so many sockets) measure one window with
--generators N --generators-dir DIR: each waits for the others, through files
in DIR, before its measured phase begins and again before its sockets close
and --check-acks reads the server, so none's setup, closing or reads fall in
another's measured phase.
The process raises its open-files limit (to 1,048,576 as root).

With --store sqlite, --db is the SQLite file (default: a temporary one,
removed afterwards); it must hold no running game. With --store postgres,
--db is the DSN of the database, in which a fresh schema is created for the
run and dropped afterwards.

Flags:`

// defaultPostgresDSN is the local test server (make services).
const defaultPostgresDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// runLoadtest is "joinpal loadtest": the live runtime under load (package
// loadtest) on SQLite or PostgreSQL.
func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("loadtest", loadtestUsage, stderr)
	storeKind := fs.String("store", "sqlite", "the store: sqlite or postgres")
	db := fs.String("db", "", "the SQLite `PATH` or the PostgreSQL `DSN` (see above)")
	games := fs.Int("games", 100, "games played at once in the move phase (0: none)")
	duration := fs.Duration("duration", 10*time.Second, "how long the move phase lasts")
	think := fs.Duration("think", 0, "time between a game's moves (0: as fast as possible)")
	tcText := fs.String("tc", "10+0", "the time control of the move phase's games")
	flags := fs.Int("flags", 0, "games of the flag phase (0: none)")
	seed := fs.Uint64("seed", 1, "seed of the random moves")
	asJSON := fs.Bool("json", false, "write the report as JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to `FILE`")
	memProfile := fs.String("memprofile", "", "write a heap profile of the games playing at the end of the move phase to `FILE`")
	checkAcks := fs.Bool("check-acks", false, "with --target or --serve: after the run, compare every acknowledged move with the moves the server holds (GET /api/game/{id}); exit 1 if one is missing")
	target := fs.String("target", "", "load the running server at `URL` (loopback only) over HTTP and WebSockets")
	serveChild := fs.Bool("serve", false, "start joinpal serve as a separate process and load it over HTTP and WebSockets")
	guests := fs.Int("guests", 8, "guests the bots play as, with --target or --serve (even; the server allows 30 per address per 10 min)")
	generators := fs.Int("generators", 1, "with --target: the load generators run side by side against the server, sharing --generators-dir; each waits for the others before its measured phase begins and before its sockets close")
	genGC := fs.Int("gen-gc-percent", wsload.DefaultGeneratorGCPercent, "with --target or --serve: the garbage collector's target (as GOGC) of this process, whose bots time the acks: each of its collections delays the acks it reads; -1 leaves GOGC as it is")
	generatorsDir := fs.String("generators-dir", "", "with --generators above 1: a `DIR` new to the run that the generators share to wait for each other")
	if code, ok := fs.parse(args, 0); !ok {
		return code
	}
	usageError := fs.usageError
	tc, err := game.ParseTimeControl(*tcText)
	if err != nil || !tc.Timed() {
		return usageError("--tc %q is not a timed control such as 10+0 or move:30s", *tcText)
	}
	switch {
	case *storeKind != "sqlite" && *storeKind != "postgres":
		return usageError("--store must be sqlite or postgres, not %q", *storeKind)
	case *games < 0 || *flags < 0:
		return usageError("--games and --flags must not be negative")
	case *games == 0 && *flags == 0:
		return usageError("nothing to do: give --games or --flags")
	case *games > 0 && *duration <= 0:
		return usageError("--duration must be positive")
	case *think < 0:
		return usageError("--think must not be negative")
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *target != "" || *serveChild {
		switch {
		case *target != "" && *serveChild:
			return usageError("give --target or --serve, not both")
		case *games == 0:
			return usageError("--games must be positive with --target or --serve")
		case *flags != 0 || *cpuProfile != "" || *memProfile != "" || *db != "":
			return usageError("--flags, --db, --cpuprofile and --memprofile belong to the runtime mode, not --target or --serve")
		case *think < wsload.MinThink:
			return usageError("--think must be at least %s with --target or --serve (the server allows 100 frames per socket in 20 s)", wsload.MinThink)
		}
		if *target != "" {
			if _, err := wsload.LoopbackTarget(*target); err != nil {
				return usageError("--target: %v", err)
			}
		}
		switch {
		case *genGC < -1:
			return usageError("--gen-gc-percent must be -1 or more")
		case *generators < 1:
			return usageError("--generators must be at least 1")
		case *generators > 1 && (*target == "" || *generatorsDir == ""):
			return usageError("--generators above 1 needs --target and --generators-dir")
		case *generators == 1 && *generatorsDir != "":
			return usageError("--generators-dir needs --generators above 1")
		}
		return runWSLoadtest(ctx, wsOptions{target: *target, serve: *serveChild, games: *games, duration: *duration,
			think: *think, tc: *tcText, guests: *guests, seed: *seed, asJSON: *asJSON, checkAcks: *checkAcks,
			generators: *generators, generatorsDir: *generatorsDir, genGC: *genGC}, stdout, stderr)
	}
	genGCGiven := false
	fs.Visit(func(f *flag.Flag) { genGCGiven = genGCGiven || f.Name == "gen-gc-percent" })
	if genGCGiven {
		// The runtime mode times the runtime in this process: its
		// collections are part of what it measures.
		return usageError("--gen-gc-percent belongs to --target or --serve, not the runtime mode")
	}
	st, closeStore, err := openLoadtestStore(ctx, *storeKind, *db)
	if err != nil {
		fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
		return 1
	}
	defer closeStore()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	cfg := loadtest.Config{
		Store: st, StoreName: *storeKind,
		Games: *games, Duration: *duration, Think: *think, TimeControl: tc,
		Flags: *flags, Seed: *seed, Log: stderr,
	}
	if *memProfile != "" {
		f, err := os.Create(*memProfile)
		if err != nil {
			fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
			return 1
		}
		defer f.Close()
		cfg.HeapProfile = f
		// Sample finely: the games' heap is small next to the default
		// rate of one sample per 512 KiB. (Allocations made before this
		// point are not sampled; there are few.)
		runtime.MemProfileRate = 4096
	}
	rep, err := loadtest.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
		return 1
	}
	return 0
}

// openLoadtestStore opens the store of a load test and returns it with the
// function that closes it and removes what the run created for itself: a
// temporary SQLite file, a PostgreSQL schema.
func openLoadtestStore(ctx context.Context, kind, db string) (game.Store, func(), error) {
	if kind == "sqlite" {
		cleanup := func() {}
		if db == "" {
			dir, err := os.MkdirTemp("", "joinpal-loadtest-")
			if err != nil {
				return nil, nil, err
			}
			db, cleanup = filepath.Join(dir, "loadtest.db"), func() { os.RemoveAll(dir) }
		}
		st, err := sqlite.Open(ctx, db)
		if err != nil {
			cleanup()
			return nil, nil, err
		}
		return st, func() { st.Close(); cleanup() }, nil
	}
	if db == "" {
		db = defaultPostgresDSN
	}
	schema, drop, err := newSchema(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	dsn, err := withSearchPath(db, schema)
	if err != nil {
		drop()
		return nil, nil, err
	}
	st, err := postgres.Open(ctx, dsn)
	if err != nil {
		drop()
		return nil, nil, err
	}
	return st, func() { st.Close(); drop() }, nil
}

// newSchema creates a schema of its own for one run in the database at dsn,
// and returns its name and the function that drops it.
func newSchema(ctx context.Context, dsn string) (string, func(), error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return "", nil, fmt.Errorf("connecting to PostgreSQL: %w", err)
	}
	defer conn.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	schema := "joinpal_loadtest_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		return "", nil, fmt.Errorf("creating schema %s: %w", schema, err)
	}
	drop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		conn, err := pgx.Connect(ctx, dsn)
		if err == nil {
			defer conn.Close(ctx)
			_, err = conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "joinpal loadtest: dropping schema %s: %v\n", schema, err)
		}
	}
	return schema, drop, nil
}

// withSearchPath returns dsn (a URL or key=value pairs) with its
// search_path set to schema.
func withSearchPath(dsn, schema string) (string, error) {
	if !strings.Contains(dsn, "://") {
		return dsn + " search_path=" + schema, nil
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "", fmt.Errorf("bad DSN: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), nil
}
