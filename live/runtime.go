package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Config configures a Runtime.
type Config struct {
	// Store keeps the games; required.
	Store game.Store
	// Nodes records the node's heartbeats; when nil, Store, which must then
	// implement NodeRegistry (both of JoinPal's stores do), itself or the
	// store it wraps (a Store with an Unwrap() game.Store method, such as
	// the server's timing of the store's calls). A node alone whose
	// heartbeats go to its games' store lets its games' writes carry them
	// (see carrier); one given a registry of its own does not.
	Nodes NodeRegistry
	// Bus carries the events; a new LocalBus when nil.
	Bus game.Bus
	// Clock is the source of time and timers; SystemClock when nil.
	Clock Clock
	// Node names this server node in the store's heartbeats ("local").
	Node string
	// Exclusive tells that no other process can use the store while this
	// runtime does (a SQLite file held by its lock): Start then does not
	// look for other live nodes, whose recent heartbeats can only be those
	// of a process that has ended.
	Exclusive bool
	// Cluster tells that other nodes run games on the same store at the
	// same time, each owning the games it created, with a bus between the
	// nodes that carries commands and events (package natsbus): Start then
	// refuses no store where other nodes are alive, and claims only the
	// running games of this node, of no node, or of nodes that are not
	// alive. Nodes then needs ClaimGamesOf (see ClusterRegistry).
	Cluster bool
	// HeartbeatEvery is how often the node records that it is alive (1 s).
	// The time a crashed node was down is known to within this much.
	HeartbeatEvery time.Duration
	// NodeTimeout is the lease: how long after its last heartbeat another
	// node counts as dead, so that Start, or among several nodes a running
	// node's Failover, may take its games (5 s, or three HeartbeatEvery if
	// longer).
	NodeTimeout time.Duration
	// StoreTimeout bounds each write of a game (10 s), or up to a
	// sixteenth of it more (at most 100 ms): the writes begun together
	// share their deadline. A write runs under its own context, not the
	// caller's: a caller giving up never leaves a write half made.
	StoreTimeout time.Duration
	// KeepEvents is how many recent events each game keeps at least for
	// clients that reconnect (4; up to twice as many before the oldest
	// are dropped); older gaps are answered with a full event. A kept
	// event costs about half a kilobyte (its FEN, move and clocks), which
	// the collector scans on each cycle.
	KeepEvents int
	// Claimed, when set, is called with the games each Failover batch
	// took from dead or stopped nodes, once they run here (natsbus then
	// asks the other nodes to say again which of their players are
	// connected).
	Claimed func(ids []string)
	// Logger receives errors that have no caller to return to (nil: the
	// default logger).
	Logger *slog.Logger
	// RatedTakebacks says whether the two players of a rated game both
	// agreed to takebacks in rated games; when nil, or when it says no, a
	// takeback in a rated game is refused (game.takeback_rated). It is
	// asked in the game's goroutine, for rated games only: it must answer
	// quickly.
	RatedTakebacks func(ctx context.Context, white, black game.Player) bool
}

// Runtime runs the live games of one node.
type Runtime struct {
	cfg Config

	mu       sync.Mutex
	actors   map[string]*actor
	creating map[string]bool // ids being created: taken, not yet running
	pending  map[string]*pendingGame
	stopping bool
	started  bool
	wg       sync.WaitGroup
	hbStop   chan struct{}
	hbDone   chan struct{}
	// scanMu serialises the calls of Failover; scanning is set (under mu)
	// while a background scan runs.
	scanMu   sync.Mutex
	scanning bool

	// epoch is the fencing epoch the runtime claimed the running games
	// under at Start (NodeRegistry.ClaimGames); every write carries it.
	epoch atomic.Int64

	failedWrites    atomic.Uint64
	restoreFailures atomic.Uint64
	refused         atomic.Uint64
	// outage is the store's current outage, nil while it confirms writes.
	outage atomic.Pointer[storeOutage]
	// lease is the node's lease among several (see beat).
	lease nodeLease
	// carry is the heartbeat the writes of a node alone carry.
	carry carrier
	// ends are the writes' ends (StoreTimeout after each began).
	ends *writeEnds
}

// storeOutage is a stretch of time in which the store confirms no write:
// from the first write it failed since the last it confirmed.
type storeOutage struct {
	since time.Time
	err   string
}

// Stats counts what the runtime does, for monitoring. Failures are also
// logged at Error level.
type Stats struct {
	// Games is the number of games running on this node.
	Games int
	// Pending is the number of games that failed to restore at Start and
	// are being retried.
	Pending int
	// RestoreFailures counts the attempts to restore a game that failed.
	RestoreFailures uint64
	// FailedWrites counts the writes of games that the store did not
	// confirm (each left the game as it was).
	FailedWrites uint64
	// Refused counts the commands refused because the store could not
	// confirm their change (CodeNotStored, or CodeUnavailable while the
	// game waits for the store), games not created included.
	Refused uint64
	// StoreDownSince is the moment the store's current outage began — the
	// first write it failed since the last it confirmed — and StoreError
	// the error of that write; zero and empty while the store confirms
	// writes. The games' clocks are held meanwhile (see the package doc).
	StoreDownSince time.Time
	StoreError     string
}

// New returns a runtime; call Start before sending it commands.
func New(cfg Config) *Runtime {
	// The games' writes may carry the heartbeat only where it is recorded:
	// in the store itself.
	carries := cfg.Nodes == nil
	if cfg.Nodes == nil {
		cfg.Nodes = registryOf(cfg.Store)
	}
	if cfg.Bus == nil {
		cfg.Bus = NewLocalBus()
	}
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	if cfg.Node == "" {
		cfg.Node = "local"
	}
	if cfg.HeartbeatEvery <= 0 {
		cfg.HeartbeatEvery = time.Second
	}
	if cfg.NodeTimeout <= 0 {
		cfg.NodeTimeout = max(5*time.Second, 3*cfg.HeartbeatEvery)
	}
	if cfg.StoreTimeout <= 0 {
		cfg.StoreTimeout = 10 * time.Second
	}
	if cfg.KeepEvents <= 0 {
		cfg.KeepEvents = 4
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Runtime{cfg: cfg, actors: make(map[string]*actor), creating: make(map[string]bool),
		pending: make(map[string]*pendingGame), carry: carrier{allowed: carries && !cfg.Cluster},
		ends: newWriteEnds(cfg.StoreTimeout)}
}

// registryOf returns the NodeRegistry that st is, or that a store it
// wraps is (Unwrap() game.Store, followed down); nil if none.
func registryOf(st game.Store) NodeRegistry {
	for st != nil {
		if reg, ok := st.(NodeRegistry); ok {
			return reg
		}
		w, ok := st.(interface{ Unwrap() game.Store })
		if !ok {
			return nil
		}
		st = w.Unwrap()
	}
	return nil
}

// Bus returns the bus the runtime publishes on.
func (r *Runtime) Bus() game.Bus { return r.cfg.Bus }

// writeContext returns the context of a store write that the runtime has
// decided to make: it keeps ctx's values but not its cancellation, and ends
// StoreTimeout after it begins, or up to a slot later (the writes begun in
// one slot share their end: writeEnds).
func (r *Runtime) writeContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return r.writeContextAt(ctx, r.epoch.Load())
}

// writeContextAt is writeContext for a write made under epoch. Among
// several nodes (Config.Cluster) it also ends when the node's lease does
// (see beat): a node cut off from the store starts no write, and waits for
// none, once another node may have taken its games. A heartbeat stored
// while the write runs extends the lease, and the write goes on.
func (r *Runtime) writeContextAt(ctx context.Context, epoch int64) (context.Context, context.CancelFunc) {
	return r.writeContextIn(new(game.Writer), ctx, epoch, nil)
}

// writeContextIn is writeContextAt, its context held in w (see
// game.Writer.Set), carrying onCommit, when not nil, for the store to run
// once the write has committed (game.WithOnCommit).
func (r *Runtime) writeContextIn(w *game.Writer, ctx context.Context, epoch int64, onCommit func()) (context.Context, context.CancelFunc) {
	ctx = w.Set(ctx, r.ends.end(r.leaseContext()), epoch, r.cfg.Node, onCommit)
	return r.carryBeat(ctx, noCancel)
}

// noCancel is the cancel of a write's context, which has nothing of its
// own to release: its end is shared (writeEnds).
func noCancel() {}

// errLeaseLapsed is the cause of a write not made or given up: the node's
// lease ran out before it ended, another node may run the game.
var errLeaseLapsed = errors.New("live: this node's lease has run out (no heartbeat stored within it): another node may run its games")

// nodeLease is a node's lease among several: it runs from the start of
// the last heartbeat the store holds for NodeTimeout less one
// HeartbeatEvery (the second left for the nodes' clocks to differ by),
// measured on the process's monotonic clock — the other nodes judge it by
// the real time between heartbeats, whatever Config.Clock says.
type nodeLease struct {
	mu     sync.Mutex
	begun  time.Time // the last stored heartbeat's start
	ctx    context.Context
	lapse  context.CancelCauseFunc
	timer  *time.Timer
	expiry uint64 // the timer's generation: only the latest one lapses
}

// leaseContext returns, among several nodes, a context that ends when
// the node's lease runs out; nil for a node alone, or before its first
// heartbeat.
func (r *Runtime) leaseContext() context.Context {
	if !r.cfg.Cluster {
		return nil
	}
	l := &r.lease
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ctx
}

// beat notes that the store holds a heartbeat of this node begun at
// begun (a reading of time.Now): the lease runs again from then, unless
// a later heartbeat's already does.
func (r *Runtime) beat(begun time.Time) {
	l := &r.lease
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx != nil && !begun.After(l.begun) {
		return
	}
	l.begun = begun
	if l.ctx == nil || l.ctx.Err() != nil {
		l.ctx, l.lapse = context.WithCancelCause(context.Background())
	}
	if l.timer != nil {
		l.timer.Stop()
	}
	l.expiry++
	gen, lapse := l.expiry, l.lapse
	l.timer = time.AfterFunc(time.Until(begun.Add(r.cfg.NodeTimeout-r.cfg.HeartbeatEvery)), func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.expiry == gen {
			lapse(errLeaseLapsed)
		}
	})
}

// Stop stops the runtime gracefully: no new commands are taken, every
// game's goroutine finishes the command it is running, the heartbeat stops
// and the store records the stop. Every acknowledged change is already
// durable, so nothing else needs flushing.
func (r *Runtime) Stop(ctx context.Context) error {
	return r.stop(ctx, true)
}

// Halt stops the runtime as a process that dies would leave the store:
// like Stop, but no stop is recorded, so the other nodes see this one
// alive until its last heartbeat is older than their NodeTimeout, and
// take its games only then (see Failover). It is for tests of failover.
func (r *Runtime) Halt() {
	_ = r.stop(context.Background(), false)
}

// stop is Stop, recording the stop in the store when record is set.
func (r *Runtime) stop(ctx context.Context, record bool) error {
	r.mu.Lock()
	if r.stopping {
		r.mu.Unlock()
		return nil
	}
	r.stopping = true
	actors := make([]*actor, 0, len(r.actors))
	for _, a := range r.actors {
		actors = append(actors, a)
	}
	for _, p := range r.pending {
		p.timer.Stop()
	}
	started := r.started
	r.mu.Unlock()
	for _, a := range actors {
		a.quit()
	}
	r.wg.Wait()
	if !started {
		return nil
	}
	// No write carries a beat from now on: the stop recorded below is the
	// node's last word.
	r.carry.on.Store(false)
	close(r.hbStop)
	<-r.hbDone
	if !record {
		return nil
	}
	if err := r.cfg.Nodes.MarkStopped(ctx, r.cfg.Node, r.cfg.Clock.Now()); err != nil {
		return fmt.Errorf("live: recording the stop: %w", err)
	}
	return nil
}

// Runs reports whether game id runs on this node.
func (r *Runtime) Runs(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.actors[id] != nil
}

// Node returns the name of this node.
func (r *Runtime) Node() string { return r.cfg.Node }

// Lease returns how long after its last heartbeat a node counts as dead
// (Config.NodeTimeout).
func (r *Runtime) Lease() time.Duration { return r.cfg.NodeTimeout }

// Now returns the runtime's time (its Config.Clock).
func (r *Runtime) Now() time.Time { return r.cfg.Clock.Now() }

// Len returns the number of games running on this node.
func (r *Runtime) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.actors)
}

// Stats returns the runtime's counters.
func (r *Runtime) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := Stats{
		Games:           len(r.actors),
		Pending:         len(r.pending),
		RestoreFailures: r.restoreFailures.Load(),
		FailedWrites:    r.failedWrites.Load(),
		Refused:         r.refused.Load(),
	}
	if o := r.outage.Load(); o != nil {
		st.StoreDownSince, st.StoreError = o.since, o.err
	}
	return st
}

// writeFailed notes that the store did not confirm a write (err) and
// returns the moment the current outage began.
func (r *Runtime) writeFailed(err error) time.Time {
	o := &storeOutage{since: r.cfg.Clock.Now(), err: err.Error()}
	for {
		if cur := r.outage.Load(); cur != nil {
			return cur.since
		}
		if r.outage.CompareAndSwap(nil, o) {
			r.cfg.Logger.Error("live: the store confirms no writes; the games' clocks are held", "err", err)
			return o.since
		}
	}
}

// writeConfirmed notes that the store confirmed a write: an outage, if
// one was on, is over.
func (r *Runtime) writeConfirmed() {
	if r.outage.Load() != nil && r.outage.Swap(nil) != nil {
		r.cfg.Logger.Info("live: the store confirms writes again")
	}
}

// refusedFor counts err if it refuses a command because the store could
// not confirm its change.
func (r *Runtime) refusedFor(err error) {
	switch CodeOf(err) {
	case CodeNotStored:
	case CodeUnavailable:
		if errors.Is(err, game.ErrNotOwner) {
			return // another node runs the game: not the store's failure
		}
	default:
		return
	}
	r.refused.Add(1)
}

// spawn makes a game that is ready to run (its first event kept, its
// timer set) one of the runtime's: its commands run from now on (see
// actor). It returns false, starting nothing, when the runtime is
// stopping.
func (r *Runtime) spawn(a *actor) bool {
	r.mu.Lock()
	if r.stopping {
		r.mu.Unlock()
		return false
	}
	old := r.actors[a.id]
	r.actors[a.id] = a
	a.start(&r.wg)
	r.mu.Unlock()
	if old != nil && old != a {
		// The game came back to this node under a newer epoch (claimed
		// from a node that had claimed it from this one): the goroutine
		// that ran it before holds a stale game, whose next write the
		// store would refuse. It stops now; left running outside the
		// table, nothing would ever stop it, and Stop would wait for it.
		old.quit()
	}
	return true
}

// retire forgets a game that has ended.
func (r *Runtime) retire(a *actor) {
	r.mu.Lock()
	if r.actors[a.id] == a {
		delete(r.actors, a.id)
	}
	r.mu.Unlock()
}

// lookup returns the actor of a running game, or the error to answer with:
// ErrStopped; CodeUnavailable for a game waiting to be restored or running
// on no node; or the store's answer for a game that is not running here
// (CodeGameNotFound, or CodeGameOver for a game that has ended).
func (r *Runtime) lookup(ctx context.Context, id string) (*actor, error) {
	r.mu.Lock()
	a, ok := r.actors[id]
	_, pending := r.pending[id]
	stopping := r.stopping
	r.mu.Unlock()
	switch {
	case stopping:
		return nil, ErrStopped
	case ok:
		return a, nil
	case pending:
		return nil, NewError(CodeUnavailable, "game "+id+" is being restored; try again shortly", nil)
	}
	rec, err := r.cfg.Store.LoadGame(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	if s := rec.State.Status; s == game.StatusCreated || s == game.StatusStarted {
		return nil, NewError(CodeUnavailable, "game "+id+" is not running on this node", nil)
	}
	return nil, fmt.Errorf("live: game %s: %w", id, game.NewError(game.CodeGameOver, "the game is over ("+rec.State.Status.String()+")", nil))
}
