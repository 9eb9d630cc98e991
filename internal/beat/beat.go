// Package beat times a process's periodic work to shared instants: every
// loop that waits with Until for the same period wakes at the same
// multiples of it on the wall clock, so the Go runtime wakes the process
// once for all of them instead of once for each. On a quiet server each
// wakeup costs more than the work it brings (the runtime's monitor polls
// for a while after every one), so a heartbeat and a pinger that tick
// apart cost nearly twice what they cost together.
package beat

import "time"

// Until returns how long to wait from now to the next multiple of every
// on the wall clock (counted from the zero time, so a period that divides
// a second falls on whole seconds); never zero, so a loop that waits it
// after doing its work waits for the next instant, not the one just gone.
// A period of zero or less is returned as it is.
func Until(now time.Time, every time.Duration) time.Duration {
	if every <= 0 {
		return every
	}
	return now.Truncate(every).Add(every).Sub(now)
}

// Ticker delivers a tick on C at every multiple of its period, as
// Until counts them. Like time.Ticker it drops the ticks a slow reader
// misses, and it needs no goroutine of its own: the receiver calls Next
// after each tick.
type Ticker struct {
	// C delivers the ticks.
	C     <-chan time.Time
	timer *time.Timer
	every time.Duration
}

// NewTicker returns a ticker whose first tick comes at the next multiple
// of every (which must be positive).
func NewTicker(every time.Duration) *Ticker {
	t := time.NewTimer(Until(time.Now(), every))
	return &Ticker{C: t.C, timer: t, every: every}
}

// Next arms the ticker for the next multiple of its period after now; call
// it once after receiving each tick.
func (t *Ticker) Next() { t.timer.Reset(Until(time.Now(), t.every)) }

// Stop stops the ticker; no tick comes after it returns.
func (t *Ticker) Stop() { t.timer.Stop() }
