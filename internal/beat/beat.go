// Package beat times a process's periodic work to shared instants: every
// loop that waits with Until for the same period wakes at the same
// instants, so the Go runtime wakes the process once for all of them
// instead of once for each. On a quiet server each wakeup costs more than
// the work it brings (the runtime's monitor polls for a while after every
// one), so a heartbeat and a pinger that tick apart cost nearly twice what
// they cost together.
//
// The instants are the multiples of the period shifted by the process's
// phase, drawn at random when it starts: processes sharing a machine (the
// nodes of a cluster on one host) keep their periodic work apart, as
// loops started at random moments would.
package beat

import (
	"math/rand/v2"
	"sync"
	"time"
)

// Phase shifts the instants a period's waits end at: with phase p and
// period every, they are the times t where t-p is a whole multiple of
// every on the wall clock (counted from the zero time).
type Phase time.Duration

// process is this process's phase: up to an hour, so that it shifts
// every period up to an hour by a random part of it.
var process = Phase(rand.N(time.Hour))

// Until returns how long to wait from now to the next of the process's
// instants for period every (Phase.Until with the process's phase).
func Until(now time.Time, every time.Duration) time.Duration {
	return process.Until(now, every)
}

// Until returns how long to wait from now to the next instant of phase p
// for period every; never zero, so a loop that waits it after doing its
// work waits for the next instant, not the one just gone. A period of
// zero or less is returned as it is.
func (p Phase) Until(now time.Time, every time.Duration) time.Duration {
	if every <= 0 {
		return every
	}
	shift := time.Duration(p) % every
	shifted := now.Add(-shift)
	return shifted.Truncate(every).Add(every).Sub(shifted)
}

// Ticker delivers a tick on C at each of the process's instants for its
// period, as Until counts them. Like time.Ticker it drops the ticks a
// slow reader misses, and it needs no goroutine of its own: the receiver
// calls Next (or At) after each tick. A loop that knows it has nothing to
// do at the coming instants skips them: At arms the ticker for a later
// instant, and Defer lets another goroutine push its next tick back.
type Ticker struct {
	// C delivers the ticks.
	C     <-chan time.Time
	timer *time.Timer
	every time.Duration

	mu sync.Mutex
	// at is the instant the ticker is armed for; floor the time before
	// which Defer asked for no tick.
	at, floor time.Time
	stopped   bool
}

// NewTicker returns a ticker whose first tick comes at the next instant
// of period every (which must be positive).
func NewTicker(every time.Duration) *Ticker {
	now := time.Now()
	at := now.Add(Until(now, every))
	t := time.NewTimer(at.Sub(now))
	return &Ticker{C: t.C, timer: t, every: every, at: at}
}

// Next arms the ticker for its next instant after now (or after the time
// Defer pushed it to, if that is later); call it, or At, once after
// receiving each tick.
func (t *Ticker) Next() { t.At(time.Time{}) }

// At arms the ticker for its first instant at or after at: the next one
// after now when at has passed, and none before the time Defer pushed it
// to.
func (t *Ticker) At(at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return
	}
	now := time.Now()
	next := now.Add(Until(now, t.every))
	if i := t.instant(at); i.After(next) {
		next = i
	}
	if i := t.instant(t.floor); i.After(next) {
		next = i
	}
	t.arm(next, now)
}

// Defer pushes the ticker's next tick back to its first instant at or
// after at, when it is armed for an earlier one, and keeps Next and At
// from arming it before then: the ticks before at are skipped. Any
// goroutine may call it, while the receiver waits for a tick.
func (t *Ticker) Defer(at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped || !at.After(t.floor) {
		return
	}
	t.floor = at
	if next := t.instant(at); next.After(t.at) {
		t.arm(next, time.Now())
	}
}

// Armed returns the instant the ticker is armed for (the last one it
// ticked at, until it is armed again).
func (t *Ticker) Armed() time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.at
}

// instant returns the first instant of the ticker's period at or after
// at; the zero time for the zero time.
func (t *Ticker) instant(at time.Time) time.Time {
	if at.IsZero() {
		return at
	}
	before := at.Add(-time.Nanosecond)
	return before.Add(Until(before, t.every))
}

// arm sets the timer for the instant at, now being now; t.mu is held.
func (t *Ticker) arm(at, now time.Time) {
	t.at = at
	t.timer.Reset(at.Sub(now))
}

// Stop stops the ticker; no tick comes after it returns.
func (t *Ticker) Stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	t.timer.Stop()
}
