package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/analysis"
	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/natsbus"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/server"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/uci"
	"github.com/prometheus/client_golang/prometheus"
)

const serveUsage = `Usage: joinpal serve [flags]

Runs JoinPal: the HTTP API, the live games, the lobby and the AI. Every flag
may also be set by the environment variable named after it; a flag given on
the command line wins. SIGTERM or SIGINT stops it gracefully: new games are
refused, the runtime records the stop (no game is decided by the restart),
sockets close with "server restarting", and the exit code is 0.

Flags:`

// serveOptions is what "joinpal serve" is told.
type serveOptions struct {
	addr string
	db   string
	// node is this process's name among the nodes that share the database.
	node      string
	stockfish string
	logLevel  slog.Level
	logJSON   bool
	// stopTimeout bounds the graceful stop.
	stopTimeout time.Duration
	// testClock runs the server on a clock that POST /test/clock moves
	// forward (browser tests of scheduled games; never in production).
	testClock bool
	// limits are the server's rate limits that flags set (new games per
	// player, sign-ups and guests per address); a zero one is the
	// server's default.
	limits server.Limits
	// trustedProxies and secureCookies are the server's TrustedProxies and
	// SecureCookies.
	trustedProxies []netip.Prefix
	secureCookies  bool
	// hashConcurrency is the server's HashConcurrency.
	hashConcurrency int
	// socketsPerUser and socketsPerAddress are the server's
	// Socket.MaxPerUser and Socket.MaxPerAddress.
	socketsPerUser, socketsPerAddress int
	// nats is the URL of the NATS server that carries events and commands
	// between the nodes of one database ("": none, one node alone), and
	// natsPrefix starts its subjects ("": natsbus.DefaultPrefix).
	nats, natsPrefix string
	// http is the HTTP server's limits: timeouts, header size, connections
	// per address.
	http server.HTTPLimits
	// aiUserQueue and aiUserWorkers are the AI pool's UserQueueLimit and
	// UserWorkers (0: its defaults).
	aiUserQueue, aiUserWorkers int
	// pprof is the loopback address of the Go profiler's endpoints
	// ("": none).
	pprof string
	// gc is the garbage collector's target and soft memory limit, which
	// runServe sets for the process.
	gc gcSettings
	// lease is how long a node's hold on its games and on the arenas
	// lasts from each renewal (0: live's and arena's 5 s). Tests that move
	// a node's clock past the lease set it far longer, so that a loaded
	// machine's real seconds cannot pass it before they do.
	lease time.Duration
}

// parsePrefixes reads a comma-separated list of CIDR ranges or single
// addresses ("" is none).
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if a, err := netip.ParseAddr(f); err == nil {
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR range", f)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// defaultNode is a node name of this process's own: the host's name and
// a random suffix, so that two processes on one host differ.
func defaultNode() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "joinpal"
	}
	return host + "-" + rand.Text()[:6]
}

// envOr is the value of the environment variable name, or def.
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// runServe is "joinpal serve".
func runServe(args []string, _ io.Reader, _, stderr io.Writer) int {
	opts, code, ok := parseServe(args, stderr)
	if !ok {
		return code
	}
	log := newLogger(stderr, opts)
	opts.gc.apply()
	log.Info("joinpal: garbage collector", opts.gc.logArgs(os.Getenv)...)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if err := serve(ctx, opts, log, serveHooks{}); err != nil {
		log.Error("joinpal serve: stopped", "err", err)
		return exitFailure
	}
	return exitOK
}

// parseServe reads the flags of "joinpal serve", the environment giving
// their defaults. ok false means stop with code.
func parseServe(args []string, stderr io.Writer) (opts serveOptions, code int, ok bool) {
	fs := newSubcommand("serve", serveUsage, stderr)
	addr := fs.String("addr", envOr("JOINPAL_ADDR", ":8080"), "the `ADDRESS` to listen on (JOINPAL_ADDR)")
	db := fs.String("db", envOr("JOINPAL_DB", "data/joinpal.db"), "the SQLite file `PATH` (its folder is created) or a postgres:// URL (JOINPAL_DB)")
	node := fs.String("node", envOr("JOINPAL_NODE", ""), "the `NAME` of this process among the nodes of one database, unique to it; empty: the host's name and a random suffix (JOINPAL_NODE)")
	stockfish := fs.String("stockfish", envOr("JOINPAL_STOCKFISH", ""), "`PATH` of Stockfish for the AI's top levels; empty: the built-in engine only (JOINPAL_STOCKFISH)")
	level := fs.String("log-level", envOr("JOINPAL_LOG_LEVEL", "info"), "`LEVEL` of the logs: debug, info, warn or error (JOINPAL_LOG_LEVEL)")
	format := fs.String("log-format", envOr("JOINPAL_LOG_FORMAT", "text"), "`FORMAT` of the logs: text or json (JOINPAL_LOG_FORMAT)")
	natsURL := fs.String("nats", envOr("JOINPAL_NATS", ""), "the `URL` of the NATS server (nats://host:4222) that carries events and commands between the nodes of one PostgreSQL database; empty: one node alone, events in process (JOINPAL_NATS)")
	natsPrefix := fs.String("nats-prefix", envOr("JOINPAL_NATS_PREFIX", natsbus.DefaultPrefix), "the `PREFIX` of every NATS subject, the same on every node of one deployment (JOINPAL_NATS_PREFIX)")
	pprofAddr := fs.String("pprof", envOr("JOINPAL_PPROF", ""), "`ADDRESS` (loopback only, e.g. 127.0.0.1:6060) to serve Go's profiler on, /debug/pprof/ (CPU, heap, goroutines); empty: none (JOINPAL_PPROF)")
	gcPercent := fs.String("gc-percent", envOr("JOINPAL_GC_PERCENT", ""), fmt.Sprintf("`PERCENT`: the garbage collector's target, as GOGC: the heap may grow by PERCENT of what it holds live before a collection; off: never collect (mind --memory-limit); empty: GOGC if set, else %d (JOINPAL_GC_PERCENT)", defaultGCPercent))
	memLimit := fs.String("memory-limit", envOr("JOINPAL_MEMORY_LIMIT", ""), fmt.Sprintf("`SIZE` (1536MiB, 2GiB): a soft limit on the process's memory, as GOMEMLIMIT: nearing it, the garbage collector runs more often; off: none; empty: GOMEMLIMIT if set, else %.0f%% of the memory available (the cgroup's limit or the machine's) (JOINPAL_MEMORY_LIMIT)", memoryLimitShare*100))
	testClock := fs.Bool("test-clock", envOr("JOINPAL_TEST_CLOCK", "") == "1", "for browser tests only: a clock that POST /test/clock moves forward (JOINPAL_TEST_CLOCK=1); never in production")
	def := server.DefaultLimits()
	rates := []struct {
		flag  string
		text  *string
		limit *server.Rate
	}{
		{flag: "new-games-limit", limit: &opts.limits.NewGamesPerPlayer, text: fs.String("new-games-limit", envOr("JOINPAL_NEW_GAMES_LIMIT", formatRate(def.NewGamesPerPlayer)),
			"`N/PERIOD`: the seeks, challenges, AI games and scheduled proposals one player may ask for, N at once and one every PERIOD/N (JOINPAL_NEW_GAMES_LIMIT)")},
		{flag: "signup-limit", limit: &opts.limits.SignupsPerIP, text: fs.String("signup-limit", envOr("JOINPAL_SIGNUP_LIMIT", formatRate(def.SignupsPerIP)),
			"`N/PERIOD`: the accounts one address may sign up, N at once and one every PERIOD/N; raise it for a club whose players share one address (JOINPAL_SIGNUP_LIMIT)")},
		{flag: "guest-limit", limit: &opts.limits.GuestsPerIP, text: fs.String("guest-limit", envOr("JOINPAL_GUEST_LIMIT", formatRate(def.GuestsPerIP)),
			"`N/PERIOD`: the guests one address may start as, N at once and one every PERIOD/N (JOINPAL_GUEST_LIMIT)")},
	}
	proxies := fs.String("trusted-proxies", envOr("JOINPAL_TRUSTED_PROXIES", ""),
		"`CIDR,...`: the proxies (addresses or ranges) whose X-Forwarded-For and X-Forwarded-Proto are believed; empty: none (JOINPAL_TRUSTED_PROXIES)")
	secure := fs.Bool("secure-cookies", envOr("JOINPAL_SECURE_COOKIES", "") == "1",
		"mark cookies Secure on every request, not only those that came over https (JOINPAL_SECURE_COOKIES=1)")
	counts := []struct {
		flag  string
		text  *string
		count *int
	}{
		{flag: "hash-concurrency", count: &opts.hashConcurrency, text: fs.String("hash-concurrency", envOr("JOINPAL_HASH_CONCURRENCY", "0"),
			"`N`: the password hashes (log-ins, sign-ups) run at once, 19 MiB each; others wait up to 5 s, then 503; 0: the number of CPUs (JOINPAL_HASH_CONCURRENCY)")},
		{flag: "sockets-per-user", count: &opts.socketsPerUser, text: fs.String("sockets-per-user", envOr("JOINPAL_SOCKETS_PER_USER", strconv.Itoa(server.DefaultSocketsPerUser)),
			"`N`: the WebSockets and event streams one account or guest may hold open at once; one more is refused with 429 (JOINPAL_SOCKETS_PER_USER)")},
		{flag: "sockets-per-address", count: &opts.socketsPerAddress, text: fs.String("sockets-per-address", envOr("JOINPAL_SOCKETS_PER_ADDRESS", strconv.Itoa(server.DefaultSocketsPerAddress)),
			"`N`: the WebSockets and event streams one address may hold open at once; raise it for a club whose players share one address (JOINPAL_SOCKETS_PER_ADDRESS)")},
	}
	durations := []struct {
		flag string
		text *string
		d    *time.Duration
	}{
		{flag: "header-timeout", d: &opts.http.Header, text: fs.String("header-timeout", envOr("JOINPAL_HEADER_TIMEOUT", server.DefaultHeaderTimeout.String()),
			"`DURATION`: how long a request's headers may take to arrive (JOINPAL_HEADER_TIMEOUT)")},
		{flag: "request-timeout", d: &opts.http.Request, text: fs.String("request-timeout", envOr("JOINPAL_REQUEST_TIMEOUT", server.DefaultRequestTimeout.String()),
			"`DURATION`: how long a whole request, body included, may take to arrive (JOINPAL_REQUEST_TIMEOUT)")},
		{flag: "write-timeout", d: &opts.http.Write, text: fs.String("write-timeout", envOr("JOINPAL_WRITE_TIMEOUT", server.DefaultWriteTimeout.String()),
			"`DURATION`: how long an answer may take to be written; WebSockets and event streams excepted (JOINPAL_WRITE_TIMEOUT)")},
		{flag: "idle-timeout", d: &opts.http.Idle, text: fs.String("idle-timeout", envOr("JOINPAL_IDLE_TIMEOUT", server.DefaultIdleTimeout.String()),
			"`DURATION`: how long a kept-alive connection may wait for its next request (JOINPAL_IDLE_TIMEOUT)")},
	}
	counts = append(counts, []struct {
		flag  string
		text  *string
		count *int
	}{
		{flag: "header-bytes", count: &opts.http.HeaderBytes, text: fs.String("header-bytes", envOr("JOINPAL_HEADER_BYTES", strconv.Itoa(server.DefaultHeaderBytes)),
			"`N`: the most a request's headers may weigh, in bytes; more is refused with 431 (JOINPAL_HEADER_BYTES)")},
		{flag: "conns-per-address", count: &opts.http.ConnsPerAddress, text: fs.String("conns-per-address", envOr("JOINPAL_CONNS_PER_ADDRESS", strconv.Itoa(server.DefaultConnsPerAddress)),
			"`N`: the TCP connections one address may hold open at once, sockets included; --trusted-proxies are not capped (JOINPAL_CONNS_PER_ADDRESS)")},
		{flag: "ai-queue-per-user", count: &opts.aiUserQueue, text: fs.String("ai-queue-per-user", envOr("JOINPAL_AI_QUEUE_PER_USER", "0"),
			"`N`: the AI moves one user's games may have waiting for a worker; more wait their turn again shortly; 0: 16 (JOINPAL_AI_QUEUE_PER_USER)")},
		{flag: "ai-workers-per-user", count: &opts.aiUserWorkers, text: fs.String("ai-workers-per-user", envOr("JOINPAL_AI_WORKERS_PER_USER", "0"),
			"`N`: the AI workers one user's games may hold at once; 0: half the workers, rounded up (JOINPAL_AI_WORKERS_PER_USER)")},
	}...)
	if code, ok := fs.parse(args, 0); !ok {
		return serveOptions{}, code, false
	}
	for _, d := range durations {
		v, err := time.ParseDuration(*d.text)
		if err != nil || v <= 0 {
			return serveOptions{}, fs.usageError("--%s %q: want a duration above 0, such as 10s", d.flag, *d.text), false
		}
		*d.d = v
	}
	for _, c := range counts {
		n, err := strconv.Atoi(*c.text)
		if err != nil || n < 0 {
			return serveOptions{}, fs.usageError("--%s %q: want a whole number of at least 0", c.flag, *c.text), false
		}
		*c.count = n
	}
	opts.addr, opts.db, opts.node, opts.stockfish, opts.stopTimeout, opts.testClock = *addr, *db, *node, *stockfish, 30*time.Second, *testClock
	if *pprofAddr != "" {
		if ap, err := netip.ParseAddrPort(*pprofAddr); err != nil || !ap.Addr().IsLoopback() {
			return serveOptions{}, fs.usageError("--pprof %q: want a loopback address and port such as 127.0.0.1:6060", *pprofAddr), false
		}
		opts.pprof = *pprofAddr
	}
	gc, err := parseGCSettings(*gcPercent, *memLimit, os.Getenv, availableMemory())
	if err != nil {
		return serveOptions{}, fs.usageError("%v", err), false
	}
	opts.gc = gc
	opts.secureCookies = *secure
	opts.nats, opts.natsPrefix = *natsURL, *natsPrefix
	if opts.nats != "" && !isPostgres(*db) {
		return serveOptions{}, fs.usageError("--nats %q: the nodes of a cluster share a postgres:// database, not a SQLite file", opts.nats), false
	}
	trusted, err := parsePrefixes(*proxies)
	if err != nil {
		return serveOptions{}, fs.usageError("--trusted-proxies %q: %v", *proxies, err), false
	}
	opts.trustedProxies = trusted
	if opts.node == "" {
		opts.node = defaultNode()
	}
	for _, r := range rates {
		rate, err := parseRate(*r.text)
		if err != nil {
			return serveOptions{}, fs.usageError("--%s %q: %v", r.flag, *r.text, err), false
		}
		*r.limit = rate
	}
	if err := opts.logLevel.UnmarshalText([]byte(*level)); err != nil {
		return serveOptions{}, fs.usageError("--log-level %q: want debug, info, warn or error", *level), false
	}
	switch *format {
	case "text":
	case "json":
		opts.logJSON = true
	default:
		return serveOptions{}, fs.usageError("--log-format %q: want text or json", *format), false
	}
	return opts, exitOK, true
}

// errHalted is serve's error when serveHooks.halt ended it.
var errHalted = errors.New("serve: halted")

// serveHooks tell a caller (a test) how serving goes: listening once the
// server listens, ready once it is ready (/healthz 200), with the parts
// serve wired. Either may be nil.
type serveHooks struct {
	listening func(net.Addr)
	ready     func(wired)
	// halt, once closed, ends serve as a crash would leave the cluster:
	// connections dropped, the runtime halted without recording its stop
	// (live.Runtime.Halt), no word to the other nodes. For failover tests.
	halt <-chan struct{}
}

// wired are the running parts of a serve, for its tests to look at.
type wired struct {
	runtime *live.Runtime
	ai      *ai.Player
	// games is the node's part among several (nil for a node alone).
	games    *natsbus.Games
	schedule *schedule.Service
	arenas   *arena.Service
	leagues  *league.Service
	// arenaRoutes are the arenas as the server sees them (among several
	// nodes: commands forwarded to the runner).
	arenaRoutes server.Arenas
}

// newHTTPServer is the HTTP server of handler with limits l (see
// server.HTTPLimits), logging its errors to log.
func newHTTPServer(handler http.Handler, l server.HTTPLimits, log *slog.Logger) *http.Server {
	return server.NewHTTPServer(handler, l, slog.NewLogLogger(log.Handler(), slog.LevelWarn))
}

// newLogger is the process's structured logger.
func newLogger(w io.Writer, opts serveOptions) *slog.Logger {
	ho := &slog.HandlerOptions{Level: opts.logLevel}
	if opts.logJSON {
		return slog.New(slog.NewJSONHandler(w, ho))
	}
	return slog.New(slog.NewTextHandler(w, ho))
}

// platformStore is what serve needs of a store: the games, the nodes and
// the games' owners, the people, the lobby, the ratings, the game lists and
// the chat (its lines, mutes and reports). Both of JoinPal's stores are one.
type platformStore interface {
	game.Store
	live.ClusterRegistry
	account.Store
	lobby.Store
	rating.Store
	game.Listing
	schedule.Store
	analysis.Store
	chat.Store
	club.Store
	league.Store
	arena.Store
	arena.Leases
}

// openStore opens the PostgreSQL database of a postgres:// URL, or else
// the SQLite file at db (creating its folder), holding the file's lock for
// node: exclusive reports that no other process can use the store.
func openStore(ctx context.Context, db, node string) (st platformStore, exclusive bool, err error) {
	if isPostgres(db) {
		st, err := postgres.Open(ctx, db)
		return st, false, err
	}
	st, err = sqlite.Open(ctx, db, sqlite.WithLock(node))
	return st, true, err
}

// analysisEngine makes the computer analyses' evaluator: Stockfish at
// path when it is set and starts, else the built-in engine.
func analysisEngine(path string) func() (analysis.Evaluator, error) {
	return func() (analysis.Evaluator, error) {
		if path != "" {
			ev, err := analysis.NewUCI(context.Background(), uci.Command{Path: path}, 0)
			if err == nil {
				return ev, nil
			}
			slog.Warn("joinpal: Stockfish did not start for the analyses; using the built-in engine", "err", err)
		}
		return analysis.NewBuiltin(0), nil
	}
}

// isPostgres reports whether db is a PostgreSQL URL rather than a file.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// serve runs JoinPal until ctx ends, then stops gracefully.
func serve(ctx context.Context, opts serveOptions, log *slog.Logger, hooks serveHooks) error {
	if opts.node == "" {
		opts.node = "local"
	}
	st, exclusive, err := openStore(ctx, opts.db, opts.node)
	if err != nil {
		return err
	}
	defer st.Close()
	metrics, err := server.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		return err
	}
	games := metrics.TimedStore(st)
	lc := live.Config{Store: games, Nodes: st, Node: opts.node, Exclusive: exclusive, Logger: log,
		RatedTakebacks: ratedTakebacks(st, log), NodeTimeout: opts.lease}
	now := time.Now
	var tclock *testClock
	if opts.testClock {
		tclock = newTestClock()
		lc.Clock, now = tclock, tclock.Now
		log.Warn("joinpal: test clock on: POST /test/clock moves time forward; never use it in production")
	}
	cl, err := joinCluster(opts, log)
	if err != nil {
		return err
	}
	defer cl.close()
	lobbyCfg := lobby.Config{Store: st, Now: now, Log: log}
	schedCfg := schedule.Config{Store: st, Now: now, Log: log}
	if cl != nil {
		lc.Bus, lc.Cluster = cl.bus, true
		lobbyCfg.Events, schedCfg.Events = cl.lobby, cl.schedule
		// The games taken from dead nodes are announced once the runtime
		// runs them; cl.games exists by then (Failover runs after Start).
		lc.Claimed = func(ids []string) {
			if cl.games != nil {
				cl.games.Claimed(ids)
			}
		}
	}
	// A game's end wakes the tournaments, so that a live round's last
	// result pairs the next round at once rather than at the next tick.
	ends := &gameEnds{}
	lc.Bus = ends.wrap(lc.Bus)
	rt := live.New(lc)
	// running is this node's runtime as the server and the schedule see it:
	// among several nodes, a game running on another is asked of that one.
	running := serverRuntime(rt)
	// The chat's rooms (stored: a room comes back from the store on any
	// node), the watchers of each game and the "your move" notes are every
	// node's among several (nil: this node's own).
	var (
		chats  server.Chat = chat.New(chat.Config{Store: st, Now: now})
		crowds server.Crowds
		turns  server.TurnNotes
	)
	if cl != nil {
		cl.games = natsbus.NewGames(natsbus.GamesConfig{Runtime: rt, Conn: cl.nc, Prefix: opts.natsPrefix, Owners: st, Logger: log, Crowds: cl.crowds})
		running = cl.games
		shared, err := natsbus.NewChat(chats.(*chat.Chat), cl.nc, opts.natsPrefix, opts.node, log)
		if err != nil {
			return err
		}
		defer shared.Close()
		chats = shared
		crowds, turns = cl.crowds, cl.turns
	}
	pool := ai.NewPool(ai.Config{Stockfish: opts.stockfish, Logger: log, UserQueueLimit: opts.aiUserQueue, UserWorkers: opts.aiUserWorkers})
	defer pool.Close()
	// The runtime starts the games of the lobby, the schedule and the AI
	// itself: each configures its games with game.NewConfig and hands them
	// to rt.Create, so no game's data passes through the server.
	player := ai.NewPlayer(ai.PlayerConfig{Pool: pool, Mover: liveMover(rt), Bus: rt.Bus(), Snapshots: rt, Games: rt, Logger: log})
	lobbyCfg.Games = rt
	lob, err := lobby.New(lobbyCfg)
	if err != nil {
		return err
	}
	schedCfg.Games = running
	sched, err := schedule.New(schedCfg)
	if err != nil {
		return err
	}
	analyses := analysis.NewQueue(analysis.Config{Store: st, NewEvaluator: analysisEngine(opts.stockfish), Log: log})
	defer analyses.Close()
	clubs, err := club.New(club.Config{Store: st, Now: now})
	if err != nil {
		return err
	}
	leagues, err := newLeague(st, running, sched, clubs, cl, now, log)
	if err != nil {
		return err
	}
	wake := leagues.Wake
	ends.wake.Store(&wake)
	// Arenas run on the node alone, or on the holder of their lease among
	// several (--nats).
	arenas, arenaRoutes, sharedArenas, err := newArenas(st, rt, cl, opts.node, opts.lease, now, log)
	if err != nil {
		return err
	}
	srv, err := server.New(server.Config{
		Accounts: st, Runtime: running, Lobby: lob, AI: player, AIPool: pool,
		Games: games, Listing: st, Ratings: st, Schedule: sched, Analyses: analyses, Clubs: clubs,
		Tournaments: leagues, Arenas: arenaRoutes, Metrics: metrics, Log: log, Now: now,
		Limits: opts.limits, TrustedProxies: opts.trustedProxies, SecureCookies: opts.secureCookies,
		HashConcurrency: opts.hashConcurrency,
		Socket:          server.SocketConfig{MaxPerUser: opts.socketsPerUser, MaxPerAddress: opts.socketsPerAddress},
		Chat:            chats,
		Crowds:          crowds,
		Turns:           turns,
		Peers:           cl.health(),
	})
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	handler := srv.Handler()
	if tclock != nil {
		mux := http.NewServeMux()
		mux.Handle("/", handler)
		mux.Handle("/test/clock", tclock.handler(func() { sched.Wake(); leagues.Wake() }))
		handler = mux
	}
	hs := newHTTPServer(handler, opts.http, log)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(opts.http.Listener(ln, opts.trustedProxies)) }()
	log.Info("joinpal: listening", "addr", ln.Addr().String(), "db", redactDSN(opts.db), "node", opts.node)
	if opts.pprof != "" {
		_, stopProfiler, err := serveProfiler(opts.pprof, log)
		if err != nil {
			return err
		}
		defer stopProfiler()
	}
	if hooks.listening != nil {
		hooks.listening(ln.Addr())
	}

	// /healthz says "starting" until the runtime has resumed its games and
	// the AI plays its side of them again.
	started := rt.Start(ctx)
	if started == nil {
		var active ai.ActiveGames = st
		if cl != nil {
			active = localGames{st: st, rt: rt} // the other nodes' AI plays theirs
		}
		_, started = player.Resume(ctx, active)
	}
	if started != nil {
		_ = hs.Close()
		_ = player.Close()
		_ = rt.Stop(context.Background())
		return started
	}
	if cl != nil {
		err := cl.games.Listen()
		if err == nil {
			err = sharedArenas.Listen()
		}
		if err != nil {
			_ = hs.Close()
			_ = player.Close()
			_ = rt.Stop(context.Background())
			return err
		}
	}
	srv.SetReady()
	log.Info("joinpal: ready", "games", rt.Len())
	if hooks.ready != nil {
		w := wired{runtime: rt, ai: player, schedule: sched, arenas: arenas, leagues: leagues, arenaRoutes: arenaRoutes}
		if cl != nil {
			w.games = cl.games
		}
		hooks.ready(w)
	}
	sweepDone := make(chan struct{})
	sweepCtx, stopSweep := context.WithCancel(context.Background())
	go func() { defer close(sweepDone); housekeeping(sweepCtx, lob, st, log) }()
	schedDone := make(chan struct{})
	go func() { defer close(schedDone); sched.Run(sweepCtx) }() // reminders, starts, forfeits, on the server's own schedule
	leagueDone := make(chan struct{})
	go func() { defer close(leagueDone); leagues.Run(sweepCtx, leagueTick) }() // results in, rounds paired
	arenaDone := make(chan struct{})
	go func() { defer close(arenaDone); _ = arenas.Run(sweepCtx) }() // pairing, results, ends, the games missed while down

	select {
	case <-ctx.Done():
	case <-hooks.halt:
		// A crash says nothing more to the other nodes: the link to them
		// goes first, then the connections.
		if cl != nil {
			cl.nc.Close()
		}
		_ = hs.Close()
		stopSweep()
		<-sweepDone
		<-schedDone
		<-leagueDone
		<-arenaDone
		_ = player.Close()
		rt.Halt()
		if cl != nil {
			_ = sharedArenas.Close()
			_ = cl.games.Close() // its goroutines end; NATS, closed, carries no word
		}
		return errHalted
	case err := <-served:
		stopSweep()
		<-sweepDone
		<-schedDone
		<-leagueDone
		<-arenaDone
		_ = player.Close()
		_ = rt.Stop(context.Background())
		if cl != nil {
			_ = sharedArenas.Close()
			_ = cl.games.Close()
		}
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("joinpal: stopping")
	stopCtx, cancel := context.WithTimeout(context.Background(), opts.stopTimeout)
	defer cancel()
	srv.Drain() // new games refused from here on
	stopSweep()
	<-sweepDone
	<-arenaDone
	var errs []error
	if err := arenas.Release(stopCtx); err != nil { // another node runs the arenas at once
		errs = append(errs, err)
	}
	_ = player.Close()
	if err := rt.Stop(stopCtx); err != nil { // every game's goroutine done, the stop recorded
		errs = append(errs, err)
	}
	if cl != nil {
		if err := sharedArenas.Close(); err != nil {
			errs = append(errs, err)
		}
		if err := cl.games.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	srv.Shutdown(stopCtx) // sockets closed: "server restarting"
	if err := hs.Shutdown(stopCtx); err != nil {
		errs = append(errs, err)
	}
	log.Info("joinpal: stopped")
	return errors.Join(errs...)
}

// How often serve sweeps the lobby's lapsed seeks and challenges, and
// deletes the expired sessions.
const (
	sweepEvery    = time.Second
	sessionsEvery = time.Hour
)

// housekeeping sweeps the lobby and deletes expired sessions until ctx
// ends.
func housekeeping(ctx context.Context, lob *lobby.Service, people account.Store, log *slog.Logger) {
	sweep := time.NewTicker(sweepEvery)
	defer sweep.Stop()
	sessions := time.NewTicker(sessionsEvery)
	defer sessions.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-sweep.C:
			if err := lob.Sweep(ctx); err != nil && ctx.Err() == nil {
				log.Warn("joinpal: sweeping the lobby", "err", err)
			}
		case <-sessions.C:
			n, err := people.DeleteExpiredSessions(ctx, time.Now())
			if err != nil && ctx.Err() == nil {
				log.Warn("joinpal: deleting expired sessions", "err", err)
			} else if n > 0 {
				log.Info("joinpal: expired sessions deleted", "sessions", n)
			}
		}
	}
}

// redactDSN hides the password of a postgres:// URL, for the log.
func redactDSN(db string) string {
	scheme, rest, ok := strings.Cut(db, "://")
	if !ok {
		return db
	}
	creds, host, ok := strings.Cut(rest, "@")
	if !ok {
		return db
	}
	user, _, hasPass := strings.Cut(creds, ":")
	if !hasPass {
		return db
	}
	return scheme + "://" + user + ":***@" + host
}

// liveMover has the AI's player move in rt's games: package ai may not
// import live, so its Mover has a shape of its own and the binary, which
// wires, adapts the runtime to it.
func liveMover(rt *live.Runtime) ai.Mover {
	return ai.MoverFunc(func(ctx context.Context, id, playerID string, m ai.Move) error {
		_, err := rt.Move(ctx, id, playerID, live.MoveRequest{UCI: m.UCI, Ply: m.Ply, ID: m.ID})
		return err
	})
}

// serverRuntime is rt as the server and the schedule see it.
func serverRuntime(rt *live.Runtime) interface {
	server.Runtime
	schedule.Games
} {
	return rt
}

// localGames are the running games of the store that run on this node.
type localGames struct {
	st game.Store
	rt *live.Runtime
}

// ActiveGames returns the running games of the store that rt runs.
func (l localGames) ActiveGames(ctx context.Context) ([]game.Record, error) {
	recs, err := l.st.ActiveGames(ctx)
	if err != nil {
		return nil, err
	}
	var out []game.Record
	for _, rec := range recs {
		if l.rt.Runs(rec.ID) {
			out = append(out, rec)
		}
	}
	return out, nil
}
