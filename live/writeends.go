package live

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// writeEnds hands out the ends of store writes: a context done
// StoreTimeout after a write begins, or up to a slot later, and done
// earlier if the node's lease ends. The writes begun within one slot
// share it, so that a node making thousands of writes a second keeps a
// handful of timers rather than one a write.
type writeEnds struct {
	timeout time.Duration
	slot    time.Duration
	now     func() time.Time // time.Now; a test's clock
	mu      sync.Mutex       // held while a new end is made
	cur     atomic.Pointer[writeEnd]
}

// writeEnd is one shared end: ctx, made from lease (nil: none), done at
// until. Its cancel is never called: the end stops at its deadline, by
// which every write that holds it has ended.
type writeEnd struct {
	ctx    context.Context
	lease  context.Context
	until  time.Time
	cancel context.CancelFunc
}

// newWriteEnds returns the ends of writes that may take timeout, made a
// slot of at most a sixteenth of it (and at most 100 ms) apart.
func newWriteEnds(timeout time.Duration) *writeEnds {
	return &writeEnds{timeout: timeout, slot: min(timeout/16, 100*time.Millisecond), now: time.Now}
}

// end returns the end of a write begun now under lease (nil for a node
// alone): done at least timeout from now, up to a slot more, or when
// lease is done, with its cause.
func (e *writeEnds) end(lease context.Context) context.Context {
	now := e.now()
	if c := e.cur.Load(); c.fits(lease, now, e.timeout) {
		return c.ctx
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if c := e.cur.Load(); c.fits(lease, now, e.timeout) {
		return c.ctx
	}
	parent := lease
	if parent == nil {
		parent = context.Background()
	}
	// The end before this one ends by itself at its deadline: the
	// writes that hold it still need it until then.
	until := now.Add(e.timeout + e.slot)
	ctx, cancel := context.WithDeadline(parent, until)
	e.cur.Store(&writeEnd{ctx: ctx, lease: lease, until: until, cancel: cancel})
	return ctx
}

// fits reports whether a write begun at now under lease may end with c.
func (c *writeEnd) fits(lease context.Context, now time.Time, timeout time.Duration) bool {
	return c != nil && c.lease == lease && c.until.Sub(now) >= timeout
}
