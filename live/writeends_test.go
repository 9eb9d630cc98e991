package live

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWritesShareTheirEnd: the writes begun within a slot share one end,
// due no sooner than the timeout after each began and no later than a
// slot after that; a write begun later, or under another lease, has an
// end of its own; an end made under a lease ends with it, with its cause.
func TestWritesShareTheirEnd(t *testing.T) {
	const timeout = 10 * time.Second
	e := newWriteEnds(timeout)
	if e.slot != 100*time.Millisecond {
		t.Fatalf("slot %v for a timeout of %v", e.slot, timeout)
	}
	if short := newWriteEnds(160 * time.Millisecond); short.slot != 10*time.Millisecond {
		t.Errorf("slot %v for a timeout of 160ms; want a sixteenth", short.slot)
	}
	start := time.Now()
	now := start
	e.now = func() time.Time { return now }
	lease, lapse := context.WithCancelCause(context.Background())
	defer lapse(nil)

	type write struct {
		name  string
		after time.Duration // since start
		lease context.Context
		same  string // the write whose end it shares; "" for a new one
	}
	ends := map[string]context.Context{}
	for _, w := range []write{
		{name: "first", after: 0},
		{name: "within the slot", after: 60 * time.Millisecond, same: "first"},
		{name: "at the slot's end", after: 100 * time.Millisecond, same: "first"},
		{name: "past the slot", after: 101 * time.Millisecond},
		{name: "under a lease", after: 120 * time.Millisecond, lease: lease},
		{name: "under it again", after: 130 * time.Millisecond, lease: lease, same: "under a lease"},
		{name: "alone again", after: 140 * time.Millisecond},
	} {
		now = start.Add(w.after)
		ctx := e.end(w.lease)
		ends[w.name] = ctx
		if w.same != "" && ctx != ends[w.same] {
			t.Errorf("%s: an end of its own; want the end of %q", w.name, w.same)
		}
		for name, other := range ends {
			if w.same == "" && name != w.name && ctx == other {
				t.Errorf("%s: shares the end of %q; want its own", w.name, name)
			}
		}
		d, ok := ctx.Deadline()
		if left := d.Sub(now); !ok || left < timeout || left > timeout+e.slot {
			t.Errorf("%s: due %v after it began (set %v); want %v to %v", w.name, left, ok, timeout, timeout+e.slot)
		}
	}
	why := errors.New("the lease ran out")
	lapse(why)
	<-ends["under a lease"].Done()
	if context.Cause(ends["under a lease"]) != why {
		t.Errorf("the lease's end: cause %v, want %v", context.Cause(ends["under a lease"]), why)
	}
	if err := ends["alone again"].Err(); err != nil {
		t.Errorf("an end without the lease ended with it: %v", err)
	}
}
