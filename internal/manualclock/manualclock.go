// Package manualclock is a clock that moves only when told, with timers
// that fire by it: the Now a test injects (a Config's Now func() time.Time)
// and the timers it sets (the live runtime's Clock, through For) reach a
// deadline at once instead of sleeping to it.
//
// Set and Advance fire the timers that fall due, synchronously on the
// caller's goroutine: when they return, every timer due by the clock's new
// time has run, those that the callbacks set or reset due by then
// included, so a test checks their effects with no wait. A timer never
// fires from AfterFunc or Reset, even one due at once: it fires at the
// next Set or Advance. The clock is safe for concurrent use, since the
// code under test reads it and sets timers from its own goroutines.
package manualclock

import (
	"slices"
	"sync"
	"time"
)

// Clock is a time that moves only by Set and Advance, and the timers set
// by AfterFunc that fire by it. Its zero value stands at the zero time,
// with no timers.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	pending []*Timer // the timers armed, in no order
	sets    uint64   // how many times a timer was set: the order of ties
}

// New returns a clock standing at at.
func New(at time.Time) *Clock { return &Clock{now: at} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set puts the clock at t, earlier or later. Unless t is earlier than the
// clock's time, the timers due by t then fire, as Advance fires them; a
// clock set back fires nothing.
func (c *Clock) Set(t time.Time) {
	c.move(func(time.Time) time.Time { return t })
}

// Advance moves the clock on by d and fires the timers due by its new
// time, earliest due first (ties in the order they were set), on the
// caller's goroutine and one at a time, until none is due. The callbacks
// run with the clock at its new time, as timers that fire late: a timer
// that one sets or resets due by then (d of zero or less) fires before
// Advance returns, one set later waits for the next move, and one that a
// callback stops does not fire. A negative d moves the clock back and
// fires nothing.
func (c *Clock) Advance(d time.Duration) {
	c.move(func(now time.Time) time.Time { return now.Add(d) })
}

// move puts the clock at to(now), then, unless that moved it back, fires
// the timers due.
func (c *Clock) move(to func(now time.Time) time.Time) {
	c.mu.Lock()
	next := to(c.now)
	back := next.Before(c.now)
	c.now = next
	c.mu.Unlock()
	if back {
		return
	}
	for {
		c.mu.Lock()
		t := c.due()
		c.mu.Unlock()
		if t == nil {
			return
		}
		t.f()
	}
}

// due takes out of the pending timers the one that fires next, if any is
// due, and returns it (nil if none is). c.mu is held.
func (c *Clock) due() *Timer {
	first := -1
	for i, t := range c.pending {
		if t.at.After(c.now) {
			continue
		}
		if first < 0 || t.at.Before(c.pending[first].at) || t.at.Equal(c.pending[first].at) && t.set < c.pending[first].set {
			first = i
		}
	}
	if first < 0 {
		return nil
	}
	t := c.pending[first]
	c.pending = slices.Delete(c.pending, first, first+1)
	return t
}

// AfterFunc returns a timer that calls f once the clock reads d later:
// on the goroutine of the Set or Advance that reaches that time, never
// from AfterFunc itself (f may take locks its caller holds).
func (c *Clock) AfterFunc(d time.Duration, f func()) *Timer {
	t := &Timer{c: c, f: f}
	t.Reset(d)
	return t
}

// Timer is a timer of a Clock, made by AfterFunc. Like a time.Timer made
// by time.AfterFunc, it fires once, and Reset arms it again, whether it
// fired, was stopped or is still pending.
type Timer struct {
	c   *Clock
	f   func()
	at  time.Time // when it falls due
	set uint64    // when it was last set, among the clock's timers
}

// Stop keeps the timer from firing. It reports whether the timer was
// pending: false if it had fired or was stopped already.
func (t *Timer) Stop() bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.pending, t)
	if i < 0 {
		return false
	}
	c.pending = slices.Delete(c.pending, i, i+1)
	return true
}

// Reset arms the timer to fire once the clock reads d later, replacing
// the due time it had. It reports whether the timer was pending: false
// if it had fired or was stopped. A d of zero or less makes the timer due
// at the next Set or Advance.
func (t *Timer) Reset(d time.Duration) bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sets++
	t.at, t.set = c.now.Add(d), c.sets
	if slices.Contains(c.pending, t) {
		return true
	}
	c.pending = append(c.pending, t)
	return false
}

// For is a Clock whose AfterFunc returns its *Timer as a T, the timer
// type of the clock interface a package declares: For[live.Timer]{c} is a
// live.Clock on c. T must be an interface that *Timer implements (the
// first AfterFunc panics otherwise).
type For[T any] struct{ *Clock }

// AfterFunc is Clock.AfterFunc, its timer a T.
func (c For[T]) AfterFunc(d time.Duration, f func()) T {
	return any(c.Clock.AfterFunc(d, f)).(T)
}
