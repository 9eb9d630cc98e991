package live

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWritesEndWithTheLease: among several nodes a write's context ends
// when the node's lease does (its last stored heartbeat's start plus
// NodeTimeout, less one HeartbeatEvery), and a write once it has run out
// is not made at all; a node alone, or one not started, has the store's
// timeout only (up to a slot more: writeEnds), as has a write within the
// lease until the lease ends.
func TestWritesEndWithTheLease(t *testing.T) {
	tests := []struct {
		name    string
		cluster bool
		beatAgo time.Duration // 0: no heartbeat yet
		lapsed  bool          // the context ends at once
	}{
		{name: "alone", cluster: false, beatAgo: time.Hour},
		{name: "not started", cluster: true},
		{name: "a fresh heartbeat", cluster: true, beatAgo: time.Millisecond},
		{name: "the lease run out", cluster: true, beatAgo: 4 * time.Second, lapsed: true},
		{name: "a node stalled past it", cluster: true, beatAgo: time.Minute, lapsed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := New(Config{Cluster: tt.cluster, HeartbeatEvery: time.Second, NodeTimeout: 5 * time.Second, StoreTimeout: 10 * time.Second})
			if tt.beatAgo > 0 {
				r.beat(time.Now().Add(-tt.beatAgo))
			}
			if tt.lapsed {
				// The lease's timer fires at once; the write's context
				// ends with it.
				<-r.leaseContext().Done()
			}
			ctx, cancel := r.writeContextAt(context.Background(), 1)
			defer cancel()
			if tt.lapsed {
				if ctx.Err() == nil || !errors.Is(context.Cause(ctx), errLeaseLapsed) {
					t.Fatalf("the write's context: %v (cause %v); want it ended by the lease", ctx.Err(), context.Cause(ctx))
				}
				return
			}
			deadline, ok := ctx.Deadline()
			if !ok || ctx.Err() != nil || time.Until(deadline) > 10*time.Second+r.ends.slot || time.Until(deadline) <= 0 {
				t.Errorf("the write's deadline is %v away (set: %v, err %v); want the store's timeout", time.Until(deadline), ok, ctx.Err())
			}
		})
	}
}

// TestLeaseLapsesUnderAWrite: a write under way when the lease runs out
// is given up; a heartbeat stored since makes a new lease, under which
// the next write is made.
func TestLeaseLapsesUnderAWrite(t *testing.T) {
	r := New(Config{Cluster: true, HeartbeatEvery: time.Second, NodeTimeout: 5 * time.Second})
	r.beat(time.Now().Add(-4*time.Second + 50*time.Millisecond))
	ctx, cancel := r.writeContextAt(context.Background(), 1)
	defer cancel()
	<-ctx.Done()
	if !errors.Is(context.Cause(ctx), errLeaseLapsed) {
		t.Fatalf("the write ended by %v; want the lease", context.Cause(ctx))
	}
	r.beat(time.Now())
	next, cancelNext := r.writeContextAt(context.Background(), 1)
	defer cancelNext()
	if next.Err() != nil {
		t.Errorf("a write after a new heartbeat: %v", context.Cause(next))
	}
}

// TestBeatKeepsTheLatest: a heartbeat that returns after a later one does
// not move the lease back.
func TestBeatKeepsTheLatest(t *testing.T) {
	r := New(Config{Cluster: true})
	now := time.Now()
	r.beat(now)
	r.beat(now.Add(-time.Hour))
	if ctx := r.leaseContext(); ctx == nil || ctx.Err() != nil || !r.lease.begun.Equal(now) {
		t.Errorf("the lease starts at %v (ended: %v); want %v", r.lease.begun, ctx.Err(), now)
	}
}
