package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Config configures a Runtime.
type Config struct {
	// Store keeps the games; required.
	Store game.Store
	// Bus carries the events; a new LocalBus when nil.
	Bus game.Bus
	// Clock is the source of time and timers; SystemClock when nil.
	Clock Clock
	// Node names this server node in the store's heartbeats ("local").
	Node string
	// HeartbeatEvery is how often the node records that it is alive (1 s).
	// The time a crashed node was down is known to within this much.
	HeartbeatEvery time.Duration
	// KeepEvents is how many recent events each game keeps for clients
	// that reconnect (64); older gaps are answered with a full event.
	KeepEvents int
	// Logger receives errors that have no caller to return to (nil: the
	// default logger).
	Logger *slog.Logger
}

// Runtime runs the live games of one node.
type Runtime struct {
	cfg Config

	mu       sync.Mutex
	actors   map[string]*actor
	stopping bool
	started  bool
	wg       sync.WaitGroup
	hbStop   chan struct{}
	hbDone   chan struct{}
}

// ErrStopped is returned by commands sent to a runtime that is stopping.
var ErrStopped = errors.New("live: the runtime is stopping")

// New returns a runtime; call Start before sending it commands.
func New(cfg Config) *Runtime {
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
	if cfg.KeepEvents <= 0 {
		cfg.KeepEvents = 64
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Runtime{cfg: cfg, actors: make(map[string]*actor)}
}

// Bus returns the bus the runtime publishes on.
func (r *Runtime) Bus() game.Bus { return r.cfg.Bus }

// Start resumes every game the store holds as running, charging the time
// since the node was last alive to nobody, then starts the heartbeat.
func (r *Runtime) Start(ctx context.Context) error {
	st := r.cfg.Store
	node, err := st.NodeStatus(ctx, r.cfg.Node)
	if err != nil {
		return fmt.Errorf("live: reading node %s: %w", r.cfg.Node, err)
	}
	now := r.cfg.Clock.Now()
	lastSeen := node.LastSeen
	if lastSeen.IsZero() || lastSeen.After(now) {
		lastSeen = now
	}
	recs, err := st.ActiveGames(ctx)
	if err != nil {
		return fmt.Errorf("live: loading running games: %w", err)
	}
	// Every game is suspended as of the node's last heartbeat and stored so
	// before the node takes commands: however long loading and storing
	// take, nobody's clock runs. Then all resume at one moment.
	games := make([]*game.Game, 0, len(recs))
	for _, rec := range recs {
		g, err := game.Restore(rec, r.cfg.Clock.Now)
		if err != nil {
			r.cfg.Logger.Error("live: a running game cannot be restored", "game", rec.ID, "err", err)
			continue
		}
		g.Suspend(lastSeen)
		g.SetSeq(rec.State.Seq + 1)
		games = append(games, g)
	}
	if err := r.saveAll(ctx, games); err != nil {
		return err
	}
	for _, g := range games {
		g.Resume(lastSeen)
	}
	// The resumed clocks are stored by each game's goroutine as its first
	// command, ahead of any move.
	for _, g := range games {
		a := r.spawn(g)
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
			defer cancel()
			if err := a.do(ctx, func() error { return a.commitState(ctx) }); err != nil {
				r.cfg.Logger.Error("live: storing a resumed game", "game", a.id, "err", err)
			}
		}()
	}
	if err := st.Heartbeat(ctx, r.cfg.Node, r.cfg.Clock.Now()); err != nil {
		return fmt.Errorf("live: heartbeat: %w", err)
	}
	r.mu.Lock()
	r.started = true
	r.hbStop, r.hbDone = make(chan struct{}), make(chan struct{})
	r.mu.Unlock()
	go r.heartbeat()
	return nil
}

// saveAll stores the states of games concurrently.
func (r *Runtime) saveAll(ctx context.Context, games []*game.Game) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	sem := make(chan struct{}, 256)
	for _, g := range games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if err := r.cfg.Store.SaveState(ctx, g.ID(), g.State()); err != nil {
				mu.Lock()
				if first == nil {
					first = fmt.Errorf("live: resuming game %s: %w", g.ID(), err)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}

// heartbeat records that the node is alive, every HeartbeatEvery.
func (r *Runtime) heartbeat() {
	defer close(r.hbDone)
	tick := time.NewTicker(r.cfg.HeartbeatEvery)
	defer tick.Stop()
	for {
		select {
		case <-r.hbStop:
			return
		case <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), 5*r.cfg.HeartbeatEvery)
			if err := r.cfg.Store.Heartbeat(ctx, r.cfg.Node, r.cfg.Clock.Now()); err != nil {
				r.cfg.Logger.Error("live: heartbeat", "err", err)
			}
			cancel()
		}
	}
}

// Stop stops the runtime gracefully: no new commands are taken, every
// game's goroutine finishes the command it is running, the heartbeat stops
// and the store records the stop. Every acknowledged change is already
// durable, so nothing else needs flushing.
func (r *Runtime) Stop(ctx context.Context) error {
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
	started := r.started
	r.mu.Unlock()
	for _, a := range actors {
		a.quit()
	}
	r.wg.Wait()
	if started {
		close(r.hbStop)
		<-r.hbDone
	}
	if err := r.cfg.Store.MarkStopped(ctx, r.cfg.Node, r.cfg.Clock.Now()); err != nil {
		return fmt.Errorf("live: recording the stop: %w", err)
	}
	return nil
}

// Len returns the number of games running on this node.
func (r *Runtime) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.actors)
}

// Create starts a new game: it is stored, then runs. The returned event
// describes it.
func (r *Runtime) Create(ctx context.Context, gc game.Config) (game.Event, error) {
	gc.Now = r.cfg.Clock.Now
	g, err := game.New(gc)
	if err != nil {
		return game.Event{}, fmt.Errorf("live: %w", err)
	}
	g.SetSeq(1)
	if err := r.cfg.Store.CreateGame(ctx, g.Record()); err != nil {
		return game.Event{}, fmt.Errorf("live: storing game %s: %w", gc.ID, err)
	}
	a := r.spawn(g)
	var ev game.Event
	err = a.do(ctx, func() error {
		ev = a.g.NewEvent(game.EventFull, nil)
		ev.Seq = 1
		a.keep(ev)
		a.rearm()
		return nil
	})
	return ev, err
}

// spawn starts the goroutine of a game.
func (r *Runtime) spawn(g *game.Game) *actor {
	a := newActor(r, g)
	r.mu.Lock()
	r.actors[g.ID()] = a
	r.mu.Unlock()
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		a.loop()
	}()
	return a
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
// ErrStopped, or the store's answer for a game that is not running here
// (CodeGameNotFound, or CodeGameOver for a game that has ended).
func (r *Runtime) lookup(ctx context.Context, id string) (*actor, error) {
	r.mu.Lock()
	a, ok := r.actors[id]
	stopping := r.stopping
	r.mu.Unlock()
	switch {
	case stopping:
		return nil, ErrStopped
	case ok:
		return a, nil
	}
	rec, err := r.cfg.Store.LoadGame(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	return nil, fmt.Errorf("live: game %s: %w", id, game.NewError(game.CodeGameOver, "the game is over ("+rec.State.Status.String()+")", nil))
}
