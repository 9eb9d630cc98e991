package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
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
	lc := live.Config{Store: games, Node: opts.node, Exclusive: exclusive, Logger: log,
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
		// A game's events go to NATS only while another node follows
		// the game: its sockets are on its own node, as a rule.
		if err := cl.bus.SendOnlyFollowed(func(id string) string {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			return cl.games.GameNode(ctx, id)
		}); err != nil {
			return err
		}
		if err := metrics.WatchBus(cl.bus); err != nil {
			return err
		}
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
		mux.Handle("/test/clock", tclock.handler(func() { sched.Wake(); leagues.Wake(); arenas.Wake() }))
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
	go func() {
		defer close(sweepDone)
		hk := housekeeper{lobby: lob, present: srv.LobbyPresent, people: st, log: log,
			alone: cl == nil && !opts.testClock, boundedReads: exclusive}
		hk.run(sweepCtx)
	}()
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
		// goes first, then the connections, then the games and the
		// heartbeat — at once, as in a crash: no clock of theirs runs out
		// and no beat is stored while the loops below wind down (a loop
		// busy on a loaded machine took half a minute).
		if cl != nil {
			cl.nc.Close()
		}
		_ = hs.Close()
		rt.Halt()
		stopSweep()
		<-sweepDone
		<-schedDone
		<-leagueDone
		<-arenaDone
		_ = player.Close()
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
	// sweepEvery is the period of the sweep among several nodes, and
	// the shortest time between two sweeps of a node alone.
	sweepEvery = time.Second
	// sweepQuiet is the longest a node alone waits between two sweeps
	// when nothing it knows of can lapse.
	sweepQuiet    = time.Minute
	sessionsEvery = time.Hour
)

// housekeeper sweeps the lobby and deletes expired sessions.
type housekeeper struct {
	lobby *lobby.Service
	// present reports whether a user has a lobby socket on this node.
	present func(userID string) bool
	people  account.Store
	log     *slog.Logger
	// alone says the node knows every change of the lobby: it runs
	// without NATS (a SQLite file it holds the lock of, or PostgreSQL
	// where no other node may run games beside it) and not on a test
	// clock.
	alone bool
	// boundedReads says the store's reads end on their own (SQLite's busy
	// timeout bounds them), so that a node alone reads without
	// cancellation.
	boundedReads bool
}

// run sweeps the lobby and deletes expired sessions until ctx ends.
// Among several nodes, or on a test clock, it sweeps every second:
// another node's seeks and challenges lapse too, and before each sweep it
// takes back the gone mark of the seeks' owners who have a lobby socket
// on this node (present; lobby's ReassertOwners). A node alone sweeps
// when the lobby's next lapse is due (lobby's NextLapse), asking again
// whenever the lobby made something that can lapse (Lapsing), and at
// least every sweepQuiet. On a store whose reads end on their own, its
// reads carry no cancellation, so they start none of database/sql's and
// the driver's watcher goroutines.
func (h housekeeper) run(ctx context.Context) {
	lob, log := h.lobby, h.log
	sweepCtx := ctx
	var lapsing <-chan struct{}
	if h.alone {
		lapsing = lob.Lapsing()
		if h.boundedReads {
			sweepCtx = context.WithoutCancel(ctx)
		}
	}
	sweep := time.NewTimer(0) // at once: what lapsed while the server was down
	defer sweep.Stop()
	sessions := time.NewTicker(sessionsEvery)
	defer sessions.Stop()
	var last time.Time
	plan := func() {
		if !h.alone {
			sweep.Reset(time.Until(last.Add(sweepEvery)))
			return
		}
		next, err := lob.NextLapse(sweepCtx)
		if err != nil {
			log.Warn("joinpal: reading the lobby's next lapse", "err", err)
			next = last // at the earliest again
		}
		sweep.Reset(time.Until(nextSweep(last, next)))
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-sweep.C:
			last = time.Now()
			if !h.alone {
				if err := lob.ReassertOwners(sweepCtx, h.present); err != nil && ctx.Err() == nil {
					log.Warn("joinpal: reasserting the lobby's present owners", "err", err)
				}
			}
			if err := lob.Sweep(sweepCtx); err != nil && ctx.Err() == nil {
				log.Warn("joinpal: sweeping the lobby", "err", err)
			}
			plan()
		case <-lapsing:
			plan()
		case <-sessions.C:
			n, err := h.people.DeleteExpiredSessions(ctx, time.Now())
			if err != nil && ctx.Err() == nil {
				log.Warn("joinpal: deleting expired sessions", "err", err)
			} else if n > 0 {
				log.Info("joinpal: expired sessions deleted", "sessions", n)
			}
		}
	}
}

// nextSweep returns when a node alone, which last swept at last, sweeps
// next: when the lobby's next lapse is due (next; the zero time for
// none), at the latest sweepQuiet after last, and never sooner than
// sweepEvery after it.
func nextSweep(last, next time.Time) time.Time {
	at := last.Add(sweepQuiet)
	if !next.IsZero() && next.Before(at) {
		at = next
	}
	if soonest := last.Add(sweepEvery); at.Before(soonest) {
		return soonest
	}
	return at
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
