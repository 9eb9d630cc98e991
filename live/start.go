package live

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/beat"
)

// Start resumes every game the store holds as running, charging the time
// since a node (this one or the one before it) was last alive to nobody,
// then starts the heartbeat.
//
// It fails with CodeNodeBusy if another node that is alive holds the
// running games, unless the runtime is one of several (Config.Cluster):
// it then resumes only the games it claims (see ClusterRegistry). A game that cannot be restored does not stop the others:
// it is reported at Error level, counted in Stats.RestoreFailures, and
// tried again (with a growing wait, on the runtime's Clock) until it runs.
func (r *Runtime) Start(ctx context.Context) error {
	if r.cfg.Nodes == nil {
		return fmt.Errorf("live: no NodeRegistry: Config.Nodes is nil and the store does not keep nodes")
	}
	// The running games last ran when the node that ran them was last
	// seen: every process has a name of its own, so that is the latest
	// sight of any node (no other is alive: see checkAlone).
	lastSeen, err := r.cfg.Nodes.LastAlive(ctx)
	if err != nil {
		return fmt.Errorf("live: reading the nodes: %w", err)
	}
	now := r.cfg.Clock.Now()
	if lastSeen.IsZero() || lastSeen.After(now) {
		lastSeen = now
	}
	recs, err := r.cfg.Store.ActiveGames(ctx)
	if err != nil {
		return fmt.Errorf("live: loading running games: %w", err)
	}
	if err := r.checkAlone(ctx, len(recs)); err != nil {
		return err
	}
	// The running games are this node's from here on: a node that ran
	// them before and still writes (it stalled past its timeout) is
	// refused by the store.
	epoch, recs, seen, err := r.claim(ctx, recs, lastSeen)
	if err != nil {
		return fmt.Errorf("live: claiming the running games: %w", err)
	}
	r.epoch.Store(epoch)
	// Every game is suspended as of the node's last heartbeat and stored so
	// before the node takes commands: however long loading and storing
	// take, nobody's clock runs. Each then resumes as its goroutine's first
	// command.
	var actors []*actor
	var failed []string
	for _, rec := range recs {
		a, err := r.suspended(rec, seen(rec.ID))
		if err != nil {
			r.restoreFailed(rec.ID, err)
			failed = append(failed, rec.ID)
			continue
		}
		actors = append(actors, a)
	}
	for i, err := range r.saveSuspended(ctx, actors) {
		if err != nil {
			r.restoreFailed(actors[i].id, err)
			failed = append(failed, actors[i].id)
			actors[i] = nil
		}
	}
	begun := time.Now()
	if err := r.cfg.Nodes.Heartbeat(ctx, r.cfg.Node, r.cfg.Clock.Now()); err != nil {
		return fmt.Errorf("live: heartbeat: %w", err)
	}
	r.beat(begun)
	r.mu.Lock()
	r.started = true
	r.hbStop, r.hbDone = make(chan struct{}), make(chan struct{})
	r.mu.Unlock()
	// The beats fall on the instants of HeartbeatEvery that the node's
	// other periodic work waits for too (beat.Until).
	tick := beat.NewTicker(r.cfg.HeartbeatEvery)
	r.carry.start(tick)
	go r.heartbeat(tick)
	var running []*actor
	for _, a := range actors {
		if a != nil && r.spawn(a) {
			running = append(running, a)
		}
	}
	r.resumeAll(running)
	for _, id := range failed {
		r.retryLater(id, seen(id), epoch, minRetry)
	}
	return nil
}

// suspended restores a stored game and suspends it as of lastSeen, in
// memory.
func (r *Runtime) suspended(rec game.Record, lastSeen time.Time) (*actor, error) {
	g, err := game.Restore(rec, r.cfg.Clock.Now)
	if err != nil {
		return nil, err
	}
	g.Suspend(lastSeen)
	a := newActor(r, g, rec.State.Seq+1)
	a.resumeFrom = lastSeen
	return a, nil
}

// saveSuspended stores the suspended states of actors concurrently and
// returns the error of each.
func (r *Runtime) saveSuspended(ctx context.Context, actors []*actor) []error {
	errs := make([]error, len(actors))
	inParallel(len(actors), func(i int) { errs[i] = r.saveSuspendedOne(ctx, actors[i]) })
	return errs
}

// inParallel calls f(0) … f(n-1), up to 256 at a time, and returns when
// all have returned.
func inParallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 256)
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			f(i)
		})
	}
	wg.Wait()
}

func (r *Runtime) saveSuspendedOne(ctx context.Context, a *actor) error {
	st := a.g.State()
	st.Seq = a.seq
	wctx, cancel := a.writeContext(ctx)
	defer cancel()
	if err := r.cfg.Store.SaveState(wctx, a.id, st); err != nil {
		r.failedWrites.Add(1)
		return fmt.Errorf("storing the suspended game: %w", err)
	}
	return nil
}

// resumeAll resumes the games of actors, each in its goroutine, and waits
// until all have been tried. A game whose resume fails retries it by its
// timer.
func (r *Runtime) resumeAll(actors []*actor) {
	inParallel(len(actors), func(i int) {
		a, ctx := actors[i], context.Background()
		if err := a.do(ctx, func() error { return a.ready(ctx) }); err != nil && !errors.Is(err, ErrStopped) {
			r.cfg.Logger.Error("live: a restored game could not resume; it retries", "game", a.id, "err", err)
		}
	})
}

// pendingGame is a running game that failed to restore at Start.
type pendingGame struct {
	lastSeen time.Time     // the node's last heartbeat before Start
	epoch    int64         // the epoch the game was claimed under
	wait     time.Duration // before the next attempt
	timer    Timer
}

// restoreFailed reports a failed attempt to restore game id.
func (r *Runtime) restoreFailed(id string, err error) {
	r.restoreFailures.Add(1)
	r.cfg.Logger.Error("live: a running game cannot be restored; it will be tried again", "game", id, "err", err)
}

// retryLater tries to restore game id, claimed under epoch, again after
// wait.
func (r *Runtime) retryLater(id string, lastSeen time.Time, epoch int64, wait time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopping {
		return
	}
	p := &pendingGame{lastSeen: lastSeen, epoch: epoch, wait: wait}
	r.pending[id] = p
	p.timer = r.cfg.Clock.AfterFunc(wait, func() { r.retryRestore(id, p) })
}

// retryRestore makes one more attempt to restore a pending game.
func (r *Runtime) retryRestore(id string, p *pendingGame) {
	r.mu.Lock()
	if r.stopping || r.pending[id] != p {
		r.mu.Unlock()
		return
	}
	r.wg.Add(1)
	r.mu.Unlock()
	defer r.wg.Done()
	a, err := r.restoreOne(id, p.lastSeen, p.epoch)
	if err != nil {
		r.restoreFailed(id, err)
		r.retryLater(id, p.lastSeen, p.epoch, min(2*p.wait, maxRetry))
		return
	}
	spawned := a != nil && r.spawn(a)
	r.mu.Lock()
	if r.pending[id] == p {
		delete(r.pending, id)
	}
	r.mu.Unlock()
	if spawned {
		r.resumeAll([]*actor{a})
	}
}

// restoreOne loads, restores, suspends and stores game id, held under
// epoch, as Start does; it returns a nil actor for a game that no longer
// runs.
func (r *Runtime) restoreOne(id string, lastSeen time.Time, epoch int64) (*actor, error) {
	ctx, cancel := r.writeContextAt(context.Background(), epoch)
	defer cancel()
	rec, err := r.cfg.Store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	if s := rec.State.Status; s != game.StatusCreated && s != game.StatusStarted {
		return nil, nil
	}
	a, err := r.suspended(rec, lastSeen)
	if err != nil {
		return nil, err
	}
	a.epoch = epoch
	if err := r.saveSuspendedOne(ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}

// heartbeat records that the node is alive at each tick of tick, every
// HeartbeatEvery, unless a game's write carried the beat within the
// period (see carrier).
func (r *Runtime) heartbeat(tick *beat.Ticker) {
	defer close(r.hbDone)
	defer tick.Stop()
	for {
		select {
		case <-r.hbStop:
			return
		case <-tick.C:
			if r.carry.fresh(r.cfg.HeartbeatEvery) {
				// A game's write recorded the node alive within the
				// period (see carrier).
				tick.Next()
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*r.cfg.HeartbeatEvery)
			// The heartbeat is a write too: it tells, even with no game
			// writing, whether the store confirms writes.
			begun := time.Now()
			if err := r.cfg.Nodes.Heartbeat(ctx, r.cfg.Node, r.cfg.Clock.Now()); err != nil {
				r.cfg.Logger.Error("live: heartbeat", "err", err)
				r.writeFailed(fmt.Errorf("heartbeat: %w", err))
			} else {
				r.beat(begun)
				r.writeConfirmed()
				r.scanSoon()
			}
			cancel()
			tick.Next()
		}
	}
}
