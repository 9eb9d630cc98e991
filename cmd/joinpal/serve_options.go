package main

import (
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/natsbus"
	"github.com/joinpal/joinpal/server"
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
	// followGrace is how long after joining a cluster the node sends
	// every game's events to NATS, followed or not (0: the bus's
	// default; the tests shorten it, so that the follows work from the
	// start).
	followGrace time.Duration
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
