package live

import (
	"context"
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
