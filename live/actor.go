package live

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
)

// actor owns one live game: its commands run one at a time, in the order
// they came, on a goroutine that runs only while commands wait (see send),
// so an idle game holds no goroutine.
//
// Its game is always the game as the store holds it: a command runs on the
// game, and if it changed it, the change is written before anything else
// happens (see commit). When the store does not confirm the write, the game
// goes back to what the store holds, so a failed write leaves memory and
// store as they were.
type actor struct {
	rt  *Runtime
	id  string
	g   *game.Game
	seq int64 // the number of the game's last stored and published event
	// epoch is the fencing epoch this node holds the game under: the
	// node's own from Start for the games it created or resumed at Start,
	// the epoch of a later claim for a game taken from a dead node. Every
	// write of the game carries it.
	epoch int64
	// tried is the highest sequence number a write was tried with. A write
	// that failed may still land in the store later (its commit outlived
	// the timeout); no later write takes its number, so that a write read
	// back from the store is known by its number (see undo). After such a
	// failure the numbering has a gap: the event after it is published as
	// a full event (see published), so no client sees a version skipped.
	tried int64
	// sent is the number of the last event published, or, before the
	// first, the number the game came with; an event numbered other than
	// sent+1 follows a gap.
	sent int64
	// qmu guards queue, the commands waiting, oldest first; running, set
	// while a goroutine runs them (the game's goroutine, or the caller
	// that runs the one command of an idle game itself: only it touches
	// the fields below and the game); quitting, set by quit; and ended,
	// set once the actor takes no more commands (done is then closed).
	qmu      sync.Mutex
	queue    []*command
	running  bool
	quitting bool
	ended    bool
	done     chan struct{}
	// wg is the runtime's count of running actors, which an actor leaves
	// when it ends.
	wg    *sync.WaitGroup
	timer Timer
	// fireFunc is a.fire, made once: the timer is set again after every
	// move.
	fireFunc func()
	events   []game.Event // the most recent events, oldest first

	// lost is set when the store refused a write because another node
	// has claimed the game: the game leaves this runtime after the
	// command.
	lost bool
	// unsynced is set when a write failed and the store could not be read
	// to learn whether it happened: the store may hold more than memory,
	// and no write may be made until the game is read again.
	unsynced bool
	// resumeFrom is set while the game is suspended after a restart (its
	// clock paused as of the node's last heartbeat, stored so): the game
	// resumes before any other command, the time since charged to nobody.
	resumeFrom time.Time
	// heldFrom is set while the game's clocks are held because the store
	// did not confirm a write of it: the moment the store's outage began.
	// The game resumes, that moment on charged to nobody, with the first
	// write the store confirms (see commit); until then no deadline falls.
	heldFrom time.Time
	// retry is the wait before the timer tries again what failed (a write
	// of the timer's, a resume, reading the store); 0 while nothing failed.
	retry time.Duration

	// writing is the change commit is writing, which committedFunc (made
	// once) finishes on the store's writer as soon as it is durable.
	writing       pendingWrite
	committedFunc func()
	// writer holds the context of commit's writes, from write to write
	// while the store answers them without error; after an error it is
	// left to the store, which may still hold it, and another is made.
	writer *game.Writer
	// moved holds the move commit is writing, from move to move: the
	// store and the event take copies of it.
	moved game.MoveRecord
	// beforeClock and storedClock hold the clocks of the two states commit
	// takes of every change (the state before it, kept for undo, and the
	// state it stores), from change to change: neither outlives commit.
	beforeClock, storedClock game.ClockSnapshot
	// acked, set by a move while it commits, is handed the move's Ack by
	// whoever finishes its change, and cleared then (see Runtime.MoveThen).
	acked func(Ack)
}

// pendingWrite is a change of the game being written: what publishing it
// takes, and, once published (done), its event.
type pendingWrite struct {
	typ  game.EventType
	mv   *game.MoveRecord
	seq  int64
	done bool
	ev   game.Event
}

// command is one command waiting for the game's goroutine, or running.
type command struct {
	ctx   context.Context
	run   func() error
	reply chan reply // buffered: the goroutine never waits for the sender
	taken bool       // under qmu: the goroutine has taken it from the queue
}

// reply is a command's outcome: whether it ran, and its error (the
// context's when it was given up before it ran).
type reply struct {
	ran bool
	err error
}

func newActor(rt *Runtime, g *game.Game, seq int64) *actor {
	a := &actor{
		rt:    rt,
		id:    g.ID(),
		g:     g,
		seq:   seq,
		epoch: rt.epoch.Load(),
		sent:  seq,
		done:  make(chan struct{}),
	}
	a.fireFunc = a.fire
	a.committedFunc = a.committed
	return a
}

// start counts the actor among the runtime's running ones (wg, which it
// leaves when it ends).
func (a *actor) start(wg *sync.WaitGroup) {
	wg.Add(1)
	a.wg = wg
}

// run is the game's goroutine: it runs the queued commands in order until
// none is left, then ends (the next command starts another), or until
// quit asks it to stop or a command ends the game: then the actor ends and
// the commands still queued are answered as not run.
func (a *actor) run() {
	for {
		a.qmu.Lock()
		if a.stopLocked() {
			a.qmu.Unlock()
			return
		}
		c := a.queue[0]
		a.queue[0] = nil
		a.queue = a.queue[1:]
		if len(a.queue) == 0 {
			a.queue = nil
		}
		c.taken = true
		a.qmu.Unlock()
		r, ended := a.runTaken(c)
		c.reply <- r
		if ended {
			return
		}
	}
}

// runTaken runs c, taken from the queue by the goroutine that runs the
// game's commands, and returns its outcome; ended reports that the
// command ended the actor (it ended the game, or another node took it):
// the game is then retired, before the answer, and no command runs after.
func (a *actor) runTaken(c *command) (r reply, ended bool) {
	if err := c.ctx.Err(); err != nil {
		return reply{ran: true, err: err}, false // given up before it ran: nothing happened
	}
	err := c.run()
	if a.g.Over() || a.lost {
		// Retired before the answer: once a command that ended the
		// game returns, the game no longer runs here.
		a.rt.retire(a)
		a.qmu.Lock()
		a.running = false
		a.endLocked()
		a.qmu.Unlock()
		return reply{ran: true, err: err}, true
	}
	return reply{ran: true, err: err}, false
}

// runHere runs c, the only command of an idle game, in the caller's own
// goroutine — a goroutine started for one command, and the wakeups of
// handing it over and answering, are most of a move's cost in the
// scheduler — and returns its outcome. The commands queued meanwhile run
// on a goroutine of the game's own, started once c is done; quit, asked
// meanwhile, ends the actor then.
func (a *actor) runHere(c *command) reply {
	r, ended := a.runTaken(c)
	if ended {
		return r
	}
	a.qmu.Lock()
	if !a.stopLocked() {
		go a.run()
	}
	a.qmu.Unlock()
	return r
}

// stopLocked is what whoever runs the game's commands does between two:
// when quit was asked, or none waits, it stops running them (ending the
// actor if quit was asked) and reports true; qmu is held.
func (a *actor) stopLocked() bool {
	if !a.quitting && len(a.queue) > 0 {
		return false
	}
	a.running = false
	if a.quitting {
		a.endLocked()
	}
	return true
}

// endLocked ends the actor, once: its timer stops, the commands still
// queued are answered as not run, and done is closed. qmu is held, and no
// goroutine of the game runs.
func (a *actor) endLocked() {
	if a.ended {
		return
	}
	a.ended = true
	if a.timer != nil {
		a.timer.Stop()
	}
	for _, c := range a.queue {
		c.taken = true
		c.reply <- reply{}
	}
	a.queue = nil
	close(a.done)
	if a.wg != nil {
		a.wg.Done()
	}
}

// quit ends the actor after the command it is running, if any, and waits
// for that.
func (a *actor) quit() {
	a.qmu.Lock()
	a.quitting = true
	if !a.running {
		a.endLocked()
	}
	a.qmu.Unlock()
	<-a.done
}

// do runs f in the game's goroutine and returns its error. Once f has
// started, do waits for its end whatever ctx does: the writes f makes are
// not bound to ctx, and the caller learns whether they happened.
func (a *actor) do(ctx context.Context, f func() error) error {
	ran, err := a.send(ctx, f)
	if !ran && err == nil {
		return a.goneErr(ctx)
	}
	if err != nil {
		a.rt.refusedFor(err)
	}
	return err
}

// send runs f in the game's goroutine like do, and reports whether it ran:
// false with a nil error when the actor has ended. The command of an idle
// game runs at once, on the caller's goroutine (runHere); otherwise it
// waits its turn behind those queued before it, and, given up (ctx) while
// it waits, leaves the queue and never runs.
func (a *actor) send(ctx context.Context, f func() error) (ran bool, err error) {
	c := newCommand(ctx, f)
	a.qmu.Lock()
	if a.ended || a.quitting {
		a.qmu.Unlock()
		c.free()
		return false, nil
	}
	if !a.running {
		// Idle (nothing queued): the caller runs its command itself.
		a.running = true
		a.qmu.Unlock()
		r := a.runHere(c)
		c.free()
		return r.ran, r.err
	}
	a.queue = append(a.queue, c)
	a.qmu.Unlock()
	var r reply
	select {
	case r = <-c.reply:
	case <-ctx.Done():
		a.qmu.Lock()
		if !c.taken {
			// Still queued: out of the queue, no goroutine can take it,
			// and so none will answer it.
			if i := slices.Index(a.queue, c); i >= 0 {
				a.queue = slices.Delete(a.queue, i, i+1)
			}
			a.qmu.Unlock()
			c.free()
			return false, ctx.Err()
		}
		a.qmu.Unlock()
		r = <-c.reply // taken: it runs, or has run; its outcome stands
	}
	c.free()
	return r.ran, r.err
}

// commands holds commands no one holds any more, their reply channels
// empty, for the commands after them: a new command and channel for each
// would be two allocations per move.
//
// A command is freed only when nothing can answer it again: it was never
// queued; or it was answered, and its reply received (a command is
// answered once, by whoever took it from the queue under qmu, and that
// one no longer touches it once it has answered); or it left the queue
// untaken, under qmu, so that nothing took it.
var commands sync.Pool

// newCommand returns a command, fresh or freed, to run f under ctx.
func newCommand(ctx context.Context, f func() error) *command {
	c, _ := commands.Get().(*command)
	if c == nil {
		c = &command{reply: make(chan reply, 1)}
	}
	c.ctx, c.run, c.taken = ctx, f, false
	return c
}

// free keeps c, which nothing holds or will answer any more, for a later
// command.
func (c *command) free() {
	c.ctx, c.run, c.taken = nil, nil, false
	commands.Put(c)
}

// goneErr explains why a game's goroutine no longer takes commands.
func (a *actor) goneErr(ctx context.Context) error {
	if _, err := a.rt.lookup(ctx, a.id); err != nil {
		return err
	}
	return ErrStopped
}

// keep remembers ev for clients that reconnect. Only the newest event keeps
// its list of legal moves (a client replaying events needs them for the
// latest position only), which keeps a game's memory small. The buffer
// holds up to twice KeepEvents and slides back to KeepEvents when full, so
// keeping costs O(1) amortized.
func (a *actor) keep(ev game.Event) {
	if n := len(a.events); n > 0 {
		a.events[n-1].Legal = nil
	}
	if keep := a.rt.cfg.KeepEvents; len(a.events) >= 2*keep {
		n := copy(a.events, a.events[len(a.events)-keep+1:])
		clear(a.events[n:])
		a.events = a.events[:n]
	}
	a.events = append(a.events, ev)
}

// kept returns the kept events after seq, the newest with its legal moves.
func (a *actor) kept(seq int64) []game.Event {
	var out []game.Event
	for _, ev := range a.events {
		if ev.Seq > seq {
			out = append(out, ev)
		}
	}
	return out
}

// full returns the whole game as an EventFull with the current Seq.
func (a *actor) full() game.Event {
	ev := a.g.NewEvent(game.EventFull, nil)
	ev.Seq = a.seq
	return ev
}

// published numbers, keeps and publishes an event of the game as it is now;
// the state (with the new Seq) must already be durable. An event that does
// not follow the last one published (a failed write took the number
// between, or the store was read again holding a write that was never
// published) goes out as a full event: clients never see a version skipped
// without one.
func (a *actor) published(typ game.EventType, mv *game.MoveRecord) game.Event {
	if a.seq != a.sent+1 {
		typ = game.EventFull
	}
	a.sent = a.seq
	ev := a.g.NewEvent(typ, mv)
	ev.Seq = a.seq
	a.keep(ev)
	if err := a.rt.cfg.Bus.Publish(context.Background(), ev); err != nil {
		a.rt.cfg.Logger.Error("live: publish", "game", a.id, "err", err)
	}
	a.rearm()
	return ev
}

// rearm sets the game's timer to its next deadline, or, while something
// failed, to the next retry (no later than the deadline, when one is still
// ahead). A timer that can be reset (a time.Timer's) is set again rather
// than made anew at each move.
func (a *actor) rearm() {
	now := a.rt.cfg.Clock.Now()
	at, ok := a.g.NextDeadline()
	if a.retry > 0 {
		next := now.Add(a.retry)
		if !ok || !at.After(now) || next.Before(at) {
			at, ok = next, true
		}
	}
	d := max(at.Sub(now), 0)
	if t, resets := a.timer.(resettable); ok && resets {
		t.Reset(d)
		return
	}
	if a.timer != nil {
		a.timer.Stop()
	}
	if ok {
		a.timer = a.rt.cfg.Clock.AfterFunc(d, a.fireFunc)
	}
}

// fire runs when the timer expires, in its own goroutine: what the game's
// goroutine had to retry is retried, then the deadlines that have passed
// are applied and stored.
func (a *actor) fire() {
	_, err := a.send(context.Background(), func() error {
		if err := a.ready(context.Background()); err != nil {
			return err
		}
		_, changed, err := a.commit(context.Background(), func(g *game.Game) (*game.MoveRecord, error) {
			g.Expire()
			return nil, nil
		})
		if err != nil {
			a.failed()
			return err
		}
		if !changed {
			a.retry = 0
			a.rearm() // woken early (a timer's slack, a retry): wait again
		}
		return nil
	})
	if c := game.CodeOf(err); err != nil && c != game.CodeDecided && c != game.CodeNotOwner { // (a game that has ended or left meanwhile has no timer work)
		a.rt.cfg.Logger.Error("live: the game's timer could not do its work; it retries", "game", a.id, "err", err)
	}
}

// failed notes that work of the game's goroutine failed and must be tried
// again: the timer is set to the next retry, each wait twice the last.
func (a *actor) failed() {
	a.retry = min(max(2*a.retry, minRetry), maxRetry)
	a.rearm()
}

// Waits between retries of what failed.
const (
	minRetry = 250 * time.Millisecond
	maxRetry = 30 * time.Second
)

// ready brings the game to where commands can run on it: read again from
// the store after a write whose fate is unknown, resumed after a restart.
// It fails with CodeUnavailable or CodeNotStored when it cannot, and the
// timer tries again. (A game held through an outage of the store resumes
// with its next write: see commit.)
func (a *actor) ready(ctx context.Context) error {
	if a.unsynced && !a.sync() {
		a.failed()
		return NewError(CodeUnavailable, "game "+a.id+": the store cannot be read", nil)
	}
	if !a.resumeFrom.IsZero() {
		from := a.resumeFrom
		if _, _, err := a.commit(ctx, func(g *game.Game) (*game.MoveRecord, error) {
			g.Resume(from)
			return nil, nil
		}); err != nil {
			a.failed()
			return err
		}
		// The restart's resume gives back an outage that came after it.
		a.resumeFrom, a.heldFrom = time.Time{}, time.Time{}
	}
	return nil
}

// hold holds the game's clocks after the store failed a write of it (err),
// from the moment the store's outage began.
func (a *actor) hold(err error) {
	since := a.rt.writeFailed(err)
	if a.heldFrom.IsZero() {
		a.heldFrom = since
	}
	if a.retry == 0 {
		a.failed() // the timer tries to resume the game until it can
	}
}

// commit runs f on the game and, if the game changed, stores the change —
// the move f returns with the new state, or the new state alone — then
// publishes it. A game held through an outage of the store (heldFrom) is
// resumed first, in the same write: its clock stops as of the outage's
// start and runs again now, so the time between is charged to nobody, as
// after a restart; a move made then is stored with its resume by one
// AppendMove, checked against the moves the store holds. The write is bound to the runtime's StoreTimeout, not to
// ctx: once made, it is not abandoned halfway because a caller gave up.
//
// If the store does not confirm the write, the game goes back to what the
// store holds (read again, to learn whether the write happened after all)
// and commit returns an error with CodeNotStored. Otherwise it returns the
// event, whether the game changed, and f's own error.
func (a *actor) commit(ctx context.Context, f func(g *game.Game) (*game.MoveRecord, error)) (game.Event, bool, error) {
	g := a.g
	v, plies, before := g.Version(), g.Ply(), g.StateInto(&a.beforeClock)
	// The moves as they were: a takeback shortens the game's list without
	// touching the array behind this slice, so undo can restore them.
	moves := g.Moves()
	if !a.heldFrom.IsZero() && a.resumeFrom.IsZero() {
		g.ResumeAfterDowntime(a.heldFrom)
	}
	mv, ferr := f(g)
	if g.Version() == v {
		return game.Event{}, false, ferr
	}
	st := g.StateInto(&a.storedClock)
	st.Seq = max(a.seq, a.tried) + 1
	a.tried = st.Seq
	takeback := mv == nil && g.Ply() < plies
	typ := game.EventState
	switch {
	case mv != nil:
		typ = game.EventMove
	case takeback:
		typ = game.EventFull // the moves taken back leave the list: it goes out whole
	}
	a.writing = pendingWrite{typ: typ, mv: mv, seq: st.Seq}
	defer a.clearWriting()
	// The change is published as soon as it is durable: by the store's
	// writer where it can (committed), else below.
	if a.writer == nil {
		a.writer = new(game.Writer)
	}
	wctx, cancel := a.rt.writeContextIn(a.writer, ctx, a.epoch, a.committedFunc)
	var err error
	switch {
	case mv != nil:
		err = a.rt.cfg.Store.AppendMove(wctx, a.id, *mv, st)
	case takeback:
		err = a.rt.cfg.Store.TakeBack(wctx, a.id, plies, g.Ply(), st)
	default:
		err = a.rt.cfg.Store.SaveState(wctx, a.id, st)
	}
	cancel()
	if err != nil {
		a.writer = nil // the store may still hold its context
	}
	// Published on the store's writer, the write is durable, whatever
	// error a layer above the store's commit may have added.
	if err != nil && !a.writing.done {
		a.rt.failedWrites.Add(1)
		if errors.Is(err, game.ErrNotOwner) {
			a.rt.cfg.Logger.Warn("live: another node owns the game now; it leaves this one", "game", a.id, "err", err)
			a.lost = true
			return game.Event{}, false, NewError(CodeUnavailable, "game "+a.id+": another node runs it now", err)
		}
		if errors.Is(err, game.ErrDecided) && a.sync() {
			return a.decidedElsewhere(err), true, game.NewError(game.CodeDecided, "game "+a.id+" was decided elsewhere; its stored end stands", err)
		}
		a.rt.cfg.Logger.Error("live: a write of the game failed; the game stays as stored", "game", a.id, "err", err)
		if !a.undo(moves[:plies], before, st.Seq) {
			a.hold(err)
			return game.Event{}, false, NewError(CodeNotStored, "game "+a.id+": the change could not be stored; nothing changed", err)
		}
		// Read again, the write turns out to have been stored: the store
		// lost only its answer.
	}
	a.committed()
	return a.writing.ev, true, ferr
}

// committed finishes the change being written (writing), now durable: the
// game takes its number, and its event is published and, for a move,
// handed to acked. It runs once per write: on the store's writer, which
// has just committed it, while commit waits for the store's answer (game.
// WithOnCommit), or else in commit.
func (a *actor) committed() {
	w := &a.writing
	if w.done {
		return
	}
	w.done = true
	a.rt.writeConfirmed()
	a.seq, a.retry, a.heldFrom = w.seq, 0, time.Time{}
	w.ev = a.published(w.typ, w.mv)
	if acked := a.acked; acked != nil && w.ev.Move != nil {
		a.acked = nil
		acked(Ack{GameID: a.id, Move: *w.ev.Move, Seq: w.ev.Seq})
	}
}

// clearWriting forgets the change commit was writing, once commit is done
// with it.
func (a *actor) clearWriting() { a.writing = pendingWrite{} }

// decidedElsewhere announces the end the store holds for a game whose
// write it refused because someone else (another node, a process that ran
// the game before) decided it. The game was just read again (sync): its
// stored end is published as a full event, numbered after every event this
// runtime published, and, being over, the game leaves the runtime when the
// command returns.
func (a *actor) decidedElsewhere(err error) game.Event {
	a.rt.cfg.Logger.Warn("live: the store holds the game as decided elsewhere; its stored end stands", "game", a.id, "err", err)
	a.seq = max(a.seq, a.tried) + 1
	a.tried = a.seq
	return a.published(game.EventFull, nil)
}

// undo brings the game back to what the store holds after a write of
// sequence number seq failed, and reports whether the store holds that
// write after all. The store is read again; if it cannot be, the game goes
// back to what it was before the change (the moves and the state before),
// and is marked unsynced until the store can be read.
func (a *actor) undo(moves []game.MoveRecord, before game.State, seq int64) bool {
	if a.sync() {
		return a.seq == seq
	}
	rec := a.g.Record()
	rec.Moves = append([]game.MoveRecord(nil), moves...)
	rec.State = before
	g, err := game.Restore(rec, a.rt.cfg.Clock.Now)
	if err != nil { // cannot happen: the game was playing these moves
		a.rt.cfg.Logger.Error("live: the game cannot be brought back", "game", a.id, "err", err)
		return false
	}
	a.g = g
	a.unsynced = true
	a.failed()
	return false
}

// sync reads the game again from the store and reports whether it could.
func (a *actor) sync() bool {
	ctx, cancel := a.writeContext(context.Background())
	defer cancel()
	rec, err := a.rt.cfg.Store.LoadGame(ctx, a.id)
	var g *game.Game
	if err == nil {
		g, err = game.Restore(rec, a.rt.cfg.Clock.Now)
	}
	if err != nil {
		a.rt.cfg.Logger.Error("live: the game cannot be read again from the store", "game", a.id, "err", err)
		return false
	}
	if rec.State.Seq > a.seq {
		// A write made after the suspended state was stored: the resume,
		// if one was due, is stored too (it is the first write).
		a.resumeFrom = time.Time{}
	}
	a.g, a.seq, a.unsynced = g, rec.State.Seq, false
	a.rearm()
	return true
}

// apply runs a game command that changes state without a move: the game is
// made ready, then the change, if any, is stored and published.
func (a *actor) apply(ctx context.Context, f func(g *game.Game) error) error {
	return a.do(ctx, func() error {
		if err := a.ready(ctx); err != nil {
			return err
		}
		_, _, err := a.commit(ctx, func(g *game.Game) (*game.MoveRecord, error) { return nil, f(g) })
		return err
	})
}

// writeContext is the runtime's writeContext under the game's epoch.
func (a *actor) writeContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return a.rt.writeContextAt(ctx, a.epoch)
}
