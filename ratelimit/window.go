package ratelimit

import "time"

// Window allows at most Limit events in any span of Period, exactly: it
// remembers the times of the last Limit events. One Window belongs to one
// stream (one socket's reader) and is not safe for concurrent use.
//
// Its memory grows with the events it has seen, up to Limit times of 8
// bytes: a socket that sends little holds little.
type Window struct {
	period time.Duration
	limit  int
	base   time.Time // the first event; times are nanoseconds since it
	times  []int64   // a ring of the last len(times) events, once full
	next   int       // where the next event goes once full: the oldest one
}

// NewWindow returns a window of limit events per period. It panics if
// limit < 1 or period ≤ 0, which are programming errors.
func NewWindow(limit int, period time.Duration) *Window {
	if limit < 1 || period <= 0 {
		panic("ratelimit: NewWindow needs limit ≥ 1 and period > 0")
	}
	return &Window{period: period, limit: limit}
}

// Allow records an event at the moment now and reports whether the last
// Period, this event included, holds at most Limit events. A refused event
// is not recorded.
func (w *Window) Allow(now time.Time) bool {
	if len(w.times) == 0 {
		w.base = now
	}
	at := int64(now.Sub(w.base))
	if len(w.times) < w.limit {
		w.times = append(w.times, at)
		return true
	}
	if at-w.times[w.next] < int64(w.period) {
		return false
	}
	w.times[w.next] = at
	w.next = (w.next + 1) % len(w.times)
	return true
}
