package live

import (
	"context"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/game"
)

// storeTimeout bounds a store write made by a game's goroutine on its own
// (a flag falling, the timer's work), when no caller's context applies.
const storeTimeout = 10 * time.Second

// actor is the goroutine that owns one live game.
type actor struct {
	rt     *Runtime
	id     string
	g      *game.Game
	cmds   chan command
	stop   chan struct{}
	done   chan struct{}
	timer  Timer
	events []game.Event // the most recent events, oldest first
}

type command struct {
	ctx   context.Context
	run   func() error
	reply chan error
}

func newActor(rt *Runtime, g *game.Game) *actor {
	return &actor{
		rt:   rt,
		id:   g.ID(),
		g:    g,
		cmds: make(chan command),
		stop: make(chan struct{}),
		done: make(chan struct{}),
	}
}

func (a *actor) loop() {
	defer close(a.done)
	for {
		select {
		case <-a.stop:
			if a.timer != nil {
				a.timer.Stop()
			}
			return
		case c := <-a.cmds:
			if err := c.ctx.Err(); err != nil {
				c.reply <- err
				continue
			}
			c.reply <- c.run()
			if a.g.Over() {
				a.rt.retire(a)
				if a.timer != nil {
					a.timer.Stop()
				}
				return
			}
		}
	}
}

// quit stops the goroutine after the command it is running.
func (a *actor) quit() {
	select {
	case <-a.stop:
	default:
		close(a.stop)
	}
	<-a.done
}

// do runs f in the game's goroutine and returns its error.
func (a *actor) do(ctx context.Context, f func() error) error {
	c := command{ctx: ctx, run: f, reply: make(chan error, 1)}
	select {
	case a.cmds <- c:
	case <-a.done:
		return a.goneErr(ctx)
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-c.reply
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

// published numbers, keeps and publishes an event of the game as it is now;
// the state (with the new Seq) must already be durable.
func (a *actor) published(typ game.EventType, mv *game.MoveRecord) game.Event {
	ev := a.g.NewEvent(typ, mv)
	ev.Seq = a.g.State().Seq
	a.keep(ev)
	if err := a.rt.cfg.Bus.Publish(context.Background(), ev); err != nil {
		a.rt.cfg.Logger.Error("live: publish", "game", a.id, "err", err)
	}
	a.rearm()
	return ev
}

// commitState stores the game's state after a change without a move, then
// publishes it. If the store fails, the game is reloaded from the store, so
// that memory never runs ahead of what is durable.
func (a *actor) commitState(ctx context.Context) error {
	a.g.SetSeq(a.g.State().Seq + 1)
	if err := a.rt.cfg.Store.SaveState(ctx, a.id, a.g.State()); err != nil {
		a.reload(ctx)
		return fmt.Errorf("live: game %s: the change could not be stored: %w", a.id, err)
	}
	a.published(game.EventState, nil)
	return nil
}

// reload replaces the game in memory with the stored one.
func (a *actor) reload(ctx context.Context) {
	rec, err := a.rt.cfg.Store.LoadGame(ctx, a.id)
	if err == nil {
		var g *game.Game
		if g, err = game.Restore(rec, a.rt.cfg.Clock.Now); err == nil {
			a.g = g
			a.rearm()
			return
		}
	}
	a.rt.cfg.Logger.Error("live: reloading a game after a failed write", "game", a.id, "err", err)
}

// rearm sets the game's timer to its next deadline.
func (a *actor) rearm() {
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	at, ok := a.g.NextDeadline()
	if !ok {
		return
	}
	d := at.Sub(a.rt.cfg.Clock.Now())
	a.timer = a.rt.cfg.Clock.AfterFunc(max(d, 0), a.fire)
}

// fire runs when the timer expires: the deadline is applied in the game's
// goroutine.
func (a *actor) fire() {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	err := a.do(ctx, func() error {
		if !a.g.Expire() {
			a.rearm() // woken early (a timer's slack): wait again
			return nil
		}
		return a.commitState(ctx)
	})
	if err != nil && err != ErrStopped {
		a.rt.cfg.Logger.Debug("live: deadline", "game", a.id, "err", err)
	}
}

// act runs a game command that changes state without a move: if the game
// changed, the change is stored and published.
func (a *actor) act(ctx context.Context, f func(g *game.Game) error) error {
	return a.do(ctx, func() error {
		v := a.g.Version()
		err := f(a.g)
		if a.g.Version() == v {
			return err
		}
		if cerr := a.commitState(ctx); cerr != nil {
			return cerr
		}
		return err
	})
}
