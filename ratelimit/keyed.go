package ratelimit

import (
	"sync"
	"time"
)

// Keyed allows each key at most Limit events per Period, with bursts of up
// to Limit, by the generic cell rate algorithm: it keeps one time per key
// (the theoretical arrival time of the next event), so its memory is one
// entry per key seen in the last Period. It is safe for concurrent use.
type Keyed struct {
	limit    int
	interval time.Duration // Period / Limit: the time one event costs
	burst    time.Duration // Period − interval: how far ahead a key may run
	now      func() time.Time

	mu        sync.Mutex
	tat       map[string]time.Time
	lastSweep time.Time
}

// NewKeyed returns a limiter of limit events per period and key. now is
// the clock (time.Now in production). It panics if limit < 1 or period ≤ 0,
// which are programming errors.
func NewKeyed(limit int, period time.Duration, now func() time.Time) *Keyed {
	if limit < 1 || period <= 0 {
		panic("ratelimit: NewKeyed needs limit ≥ 1 and period > 0")
	}
	interval := period / time.Duration(limit)
	return &Keyed{
		limit:    limit,
		interval: interval,
		burst:    period - interval,
		now:      now,
		tat:      make(map[string]time.Time),
	}
}

// Allow records an event for key if the key is within its limit. When it
// is not, nothing is recorded and retryAfter says how long until the next
// event would be allowed.
func (k *Keyed) Allow(key string) (ok bool, retryAfter time.Duration) {
	now := k.now()
	k.mu.Lock()
	defer k.mu.Unlock()
	k.sweep(now)
	tat := k.tat[key]
	if tat.Before(now) {
		tat = now
	}
	if ahead := tat.Sub(now); ahead > k.burst {
		return false, ahead - k.burst
	}
	k.tat[key] = tat.Add(k.interval)
	return true, 0
}

// Undo gives back one event of key that Allow recorded: the event turned
// out to cost nothing (a request refused as malformed).
func (k *Keyed) Undo(key string) {
	now := k.now()
	k.mu.Lock()
	defer k.mu.Unlock()
	tat, ok := k.tat[key]
	if !ok {
		return
	}
	if tat = tat.Add(-k.interval); tat.After(now) {
		k.tat[key] = tat
	} else {
		delete(k.tat, key)
	}
}

// Reset forgets key, e.g. after a successful log-in.
func (k *Keyed) Reset(key string) {
	k.mu.Lock()
	delete(k.tat, key)
	k.mu.Unlock()
}

// Len returns the number of keys remembered.
func (k *Keyed) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.tat)
}

// sweep forgets, at most once per burst window, the keys whose credit is
// whole again: remembering them would change nothing.
func (k *Keyed) sweep(now time.Time) {
	if now.Sub(k.lastSweep) < k.burst+k.interval {
		return
	}
	k.lastSweep = now
	for key, tat := range k.tat {
		if !tat.After(now) {
			delete(k.tat, key)
		}
	}
}
