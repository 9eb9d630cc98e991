package live

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWritesEndWithTheLease: among several nodes a write's context ends
// with the node's lease (its last stored heartbeat's start plus
// NodeTimeout, less one HeartbeatEvery), and a write once it has run out
// is not made at all; a node alone, or one not started, has the store's
// timeout only.
func TestWritesEndWithTheLease(t *testing.T) {
	tests := []struct {
		name    string
		cluster bool
		beatAgo time.Duration // 0: no heartbeat yet
		// lapsed: the context ends at once; else its deadline is at most
		// within from now.
		lapsed bool
		within time.Duration
	}{
		{name: "alone", cluster: false, beatAgo: time.Hour, within: 10 * time.Second},
		{name: "not started", cluster: true, within: 10 * time.Second},
		{name: "a fresh heartbeat", cluster: true, beatAgo: time.Millisecond, within: 4 * time.Second},
		{name: "a late heartbeat", cluster: true, beatAgo: 3 * time.Second, within: time.Second},
		{name: "the lease run out", cluster: true, beatAgo: 4 * time.Second, lapsed: true},
		{name: "a node stalled past it", cluster: true, beatAgo: time.Minute, lapsed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := New(Config{Cluster: tt.cluster, HeartbeatEvery: time.Second, NodeTimeout: 5 * time.Second, StoreTimeout: 10 * time.Second})
			if tt.beatAgo > 0 {
				r.beat(time.Now().Add(-tt.beatAgo))
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
			if !ok || ctx.Err() != nil || time.Until(deadline) > tt.within {
				t.Errorf("the write's deadline is %v away (set: %v, err %v); want at most %v", time.Until(deadline), ok, ctx.Err(), tt.within)
			}
		})
	}
}

// TestBeatKeepsTheLatest: a heartbeat that returns after a later one does
// not shorten the lease.
func TestBeatKeepsTheLatest(t *testing.T) {
	r := New(Config{Cluster: true})
	now := time.Now()
	r.beat(now)
	r.beat(now.Add(-time.Second))
	if got := r.lastBeat.Load(); got == nil || !got.Equal(now) {
		t.Errorf("the lease starts at %v; want %v", got, now)
	}
}
