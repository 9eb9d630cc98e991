package server

import (
	"net/http"
	"sync"
	"time"

	"github.com/joinpal/joinpal/account"
)

// DefaultLoginDelay is the wait after a first wrong password for one
// username from one address; it doubles with each further failure.
const DefaultLoginDelay = time.Second

// maxLoginDelay caps the growing wait after wrong passwords.
const maxLoginDelay = 5 * time.Minute

// loginKey is the key of the per-username log-in limits: the username's
// identity and the client's address together, so that failures from one
// address never hold back the owner at another.
func loginKey(r *http.Request, username string) string {
	return account.UserID(username) + "\x00" + clientIP(r)
}

// failureDelay makes each key (a username from an address) wait longer
// after every failure: base after the first, doubling up to
// maxLoginDelay. A success forgets the key. It is safe for concurrent
// use; its memory is one entry per key that failed in the last
// maxLoginDelay (and the waits it set).
type failureDelay struct {
	base time.Duration
	now  func() time.Time

	mu        sync.Mutex
	keys      map[string]failures
	lastSweep time.Time
}

// failures are a key's wrong attempts in a row and when it may try again.
type failures struct {
	n     int
	until time.Time
}

// newFailureDelay returns a failureDelay of base (DefaultLoginDelay when
// base <= 0) on the clock now.
func newFailureDelay(base time.Duration, now func() time.Time) *failureDelay {
	if base <= 0 {
		base = DefaultLoginDelay
	}
	return &failureDelay{base: base, now: now, keys: make(map[string]failures)}
}

// check returns the refusal (CodeRateLimited, with the seconds left) if
// key is still waiting after a failure.
func (d *failureDelay) check(key string) error {
	now := d.now()
	d.mu.Lock()
	defer d.mu.Unlock()
	if f, ok := d.keys[key]; ok && f.until.After(now) {
		return retryAfter(f.until.Sub(now).Seconds())
	}
	return nil
}

// fail records a failure of key: its next attempt waits base·2^(n−1)
// after its n-th failure in a row, at most maxLoginDelay.
func (d *failureDelay) fail(key string) {
	now := d.now()
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sweep(now)
	f := d.keys[key]
	f.n++
	wait := d.base
	for i := 1; i < f.n && wait < maxLoginDelay; i++ {
		wait *= 2
	}
	f.until = now.Add(min(wait, maxLoginDelay))
	d.keys[key] = f
}

// forget clears key's failures (a successful log-in).
func (d *failureDelay) forget(key string) {
	d.mu.Lock()
	delete(d.keys, key)
	d.mu.Unlock()
}

// sweep forgets, at most once per maxLoginDelay, the keys whose wait ended
// more than maxLoginDelay ago: a failure that old starts the count anew.
func (d *failureDelay) sweep(now time.Time) {
	if now.Sub(d.lastSweep) < maxLoginDelay {
		return
	}
	d.lastSweep = now
	for key, f := range d.keys {
		if now.Sub(f.until) > maxLoginDelay {
			delete(d.keys, key)
		}
	}
}
