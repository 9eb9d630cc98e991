package live

import (
	"slices"
	"sort"
	"sync"
	"time"
)

// fakeClock is a Clock whose time moves only when a test advances it; due
// timers then run, in order, before Advance returns.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	c       *fakeClock
	at      time.Time
	f       func()
	stopped bool
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t
}

func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.stopped
	t.stopped = true
	return was
}

// Reset sets t to fire d from the clock's now, as time.Timer's Reset
// does: true if it had not fired nor been stopped.
func (t *fakeTimer) Reset(d time.Duration) bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	was := !t.stopped
	t.at, t.stopped = c.now.Add(d), false
	if !slices.Contains(c.timers, t) {
		c.timers = append(c.timers, t)
	}
	return was
}

// Advance moves time forward by d, firing every timer that falls due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		var due []*fakeTimer
		var keep []*fakeTimer
		for _, t := range c.timers {
			switch {
			case t.stopped:
			case !t.at.After(c.now):
				t.stopped = true
				due = append(due, t)
			default:
				keep = append(keep, t)
			}
		}
		c.timers = keep
		c.mu.Unlock()
		if len(due) == 0 {
			return
		}
		sort.Slice(due, func(i, j int) bool { return due[i].at.Before(due[j].at) })
		for _, t := range due {
			t.f()
		}
	}
}
