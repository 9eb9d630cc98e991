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
// calls Next after each tick.
type Ticker struct {
	// C delivers the ticks.
	C     <-chan time.Time
	timer *time.Timer
	every time.Duration
}

// NewTicker returns a ticker whose first tick comes at the next instant
// of period every (which must be positive).
func NewTicker(every time.Duration) *Ticker {
	t := time.NewTimer(Until(time.Now(), every))
	return &Ticker{C: t.C, timer: t, every: every}
}

// Next arms the ticker for its next instant after now; call it once after
// receiving each tick.
func (t *Ticker) Next() { t.timer.Reset(Until(time.Now(), t.every)) }

// Stop stops the ticker; no tick comes after it returns.
func (t *Ticker) Stop() { t.timer.Stop() }
