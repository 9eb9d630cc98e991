// Package manualclock is a clock that moves only when told: the Now a
// test injects (a Config's Now func() time.Time) to reach a deadline at
// once instead of sleeping to it. It is safe for concurrent use, since the
// code under test reads it from its own goroutines.
package manualclock

import (
	"sync"
	"time"
)

// Clock is a time that moves only by Set and Advance. Its zero value
// stands at the zero time.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New returns a clock standing at at.
func New(at time.Time) *Clock { return &Clock{now: at} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set puts the clock at t, earlier or later.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
