package live

import (
	"context"
	"time"

	"github.com/joinpal/joinpal/game"
)

// A game's timer: its next deadline, and the retries of what failed.

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
