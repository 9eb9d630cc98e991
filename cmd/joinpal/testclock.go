package main

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/joinpal/joinpal/live"
)

// testClock is the clock of "joinpal serve --test-clock": real time plus an
// offset that only moves forward, by POST /test/clock. Browser tests use it
// to reach a scheduled game's check-in window and start (an hour or more
// ahead by the rules) in seconds, with every rule unchanged: the runtime,
// the lobby, the schedule and the server all read this one clock, and the
// runtime's timers fire by it. Never for production: time on the server
// can then be moved by anyone who can reach it.
type testClock struct {
	mu     sync.Mutex
	offset time.Duration
	timers map[*testTimer]struct{}
}

type testTimer struct {
	c    *testClock
	due  time.Time
	f    func()
	real *time.Timer
	done bool
}

func newTestClock() *testClock { return &testClock{timers: map[*testTimer]struct{}{}} }

// Now is the real time plus the offset.
func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

// AfterFunc calls f, in its own goroutine, once the clock reads d later.
func (c *testClock) AfterFunc(d time.Duration, f func()) live.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &testTimer{c: c, due: time.Now().Add(c.offset + d), f: f}
	c.timers[t] = struct{}{}
	t.real = time.AfterFunc(d, t.fire)
	return t
}

// testClock's timers are set again, not made anew, as the system clock's.
var _ interface{ Reset(time.Duration) bool } = (*testTimer)(nil)

// fire runs f once the timer is due. A firing of the real timer from
// before the clock moved or the timer was set again, which may run after
// either, finds the timer not due (or done) and does nothing.
func (t *testTimer) fire() {
	t.c.mu.Lock()
	if t.done || time.Now().Add(t.c.offset).Before(t.due) {
		t.c.mu.Unlock()
		return
	}
	t.done = true
	delete(t.c.timers, t)
	t.c.mu.Unlock()
	t.f()
}

// Stop keeps the timer from firing; false if it fired already.
func (t *testTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.done
	t.done = true
	delete(t.c.timers, t)
	t.real.Stop()
	return was
}

// Reset sets t to fire once the clock reads d later, as time.Timer's Reset
// does: true if it had neither fired nor been stopped. The runtime sets a
// game's timer again at every move rather than making a new one.
func (t *testTimer) Reset(d time.Duration) bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	was := !t.done
	t.done, t.due = false, time.Now().Add(c.offset+d)
	c.timers[t] = struct{}{}
	t.real.Reset(d)
	return was
}

// advance moves the clock forward by d (a negative d is refused): the
// timers that fall due fire at once, the others are set again.
func (c *testClock) advance(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += max(d, 0)
	now := time.Now().Add(c.offset)
	for t := range c.timers {
		t.real.Reset(max(t.due.Sub(now), 0))
	}
	return now
}

// handler serves POST /test/clock {"advance": "59m"} or {"to": RFC 3339}:
// it moves the clock forward, calls moved, and answers {"now": ...}.
func (c *testClock) handler(moved func()) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Advance string    `json:"advance"`
			To      time.Time `json:"to"`
		}
		if r.Method != http.MethodPost || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, `want POST {"advance": "1h"} or {"to": "2026-12-01T10:00:00Z"}`, http.StatusBadRequest)
			return
		}
		d, err := time.ParseDuration(req.Advance)
		if req.Advance == "" {
			d, err = req.To.Sub(c.Now()), nil
		}
		if err != nil || d < 0 {
			http.Error(w, "the clock only moves forward", http.StatusBadRequest)
			return
		}
		now := c.advance(d)
		moved()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]time.Time{"now": now.UTC()})
	}
}
