package ratelimit

import "time"

// Window allows at most Limit events in any span of Period, exactly: it
// remembers the times of the last Limit events. One Window belongs to one
// stream (one socket's reader) and is not safe for concurrent use.
type Window struct {
	period time.Duration
	times  []time.Time // a ring of the last len(times) events
	next   int         // where the next event goes: the oldest one
	count  int
}

// NewWindow returns a window of limit events per period. It panics if
// limit < 1 or period ≤ 0, which are programming errors.
func NewWindow(limit int, period time.Duration) *Window {
	if limit < 1 || period <= 0 {
		panic("ratelimit: NewWindow needs limit ≥ 1 and period > 0")
	}
	return &Window{period: period, times: make([]time.Time, limit)}
}

// Allow records an event at the moment now and reports whether the last
// Period, this event included, holds at most Limit events. A refused event
// is not recorded.
func (w *Window) Allow(now time.Time) bool {
	if w.count == len(w.times) && now.Sub(w.times[w.next]) < w.period {
		return false
	}
	w.times[w.next] = now
	w.next = (w.next + 1) % len(w.times)
	w.count = min(w.count+1, len(w.times))
	return true
}
