package ratelimit

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func TestKeyedBurstThenRate(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}
	k := NewKeyed(5, time.Minute, clk.now)
	for i := range 5 {
		if ok, _ := k.Allow("1.2.3.4"); !ok {
			t.Fatalf("attempt %d of a burst of 5 refused", i+1)
		}
	}
	ok, retry := k.Allow("1.2.3.4")
	if ok || retry != 12*time.Second {
		t.Fatalf("6th attempt: ok %v, retry after %v; want refused, 12s", ok, retry)
	}
	// Another key is not affected.
	if ok, _ := k.Allow("5.6.7.8"); !ok {
		t.Fatal("another key refused")
	}
	// A refused attempt costs nothing: 12 s later one more is allowed.
	clk.advance(12*time.Second - time.Nanosecond)
	if ok, _ := k.Allow("1.2.3.4"); ok {
		t.Fatal("allowed before retryAfter")
	}
	clk.advance(time.Nanosecond)
	if ok, _ := k.Allow("1.2.3.4"); !ok {
		t.Fatal("refused at retryAfter")
	}
}

func TestKeyedResetAndSweep(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}
	k := NewKeyed(2, 10*time.Second, clk.now)
	k.Allow("a")
	k.Allow("a")
	if ok, _ := k.Allow("a"); ok {
		t.Fatal("third allowed")
	}
	k.Reset("a")
	if ok, _ := k.Allow("a"); !ok {
		t.Fatal("refused after Reset")
	}
	for i := range 100 {
		k.Allow(fmt.Sprint("key", i))
	}
	clk.advance(time.Minute)
	k.Allow("fresh")
	if n := k.Len(); n != 1 {
		t.Fatalf("%d keys remembered after they all recovered, want 1", n)
	}
}

func TestKeyedConcurrent(t *testing.T) {
	k := NewKeyed(100, time.Hour, time.Now)
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for range 8 {
		wg.Go(func() {
			for range 50 {
				if ok, _ := k.Allow("x"); ok {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if allowed != 100 {
		t.Fatalf("%d of 400 concurrent attempts allowed, want exactly 100", allowed)
	}
}

func TestWindow(t *testing.T) {
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		times []time.Duration // offsets of the events from start
		want  []bool
	}{
		{"under the limit", []time.Duration{0, 1, 2}, []bool{true, true, true}},
		{"fourth within the period", []time.Duration{0, time.Second, 2 * time.Second, 9 * time.Second}, []bool{true, true, true, false}},
		{"fourth once the first is a period old", []time.Duration{0, time.Second, 2 * time.Second, 10 * time.Second}, []bool{true, true, true, true}},
		{"refused events are not counted", []time.Duration{0, 0, 0, 1, 2, 10 * time.Second}, []bool{true, true, true, false, false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := NewWindow(3, 10*time.Second)
			for i, d := range tt.times {
				if got := w.Allow(start.Add(d)); got != tt.want[i] {
					t.Errorf("event %d at +%v: %v, want %v", i, d, got, tt.want[i])
				}
			}
		})
	}
}

// TestWindowExact checks against counting: over a random-looking stream,
// Allow is true exactly when fewer than Limit allowed events lie in the
// Period before.
func TestWindowExact(t *testing.T) {
	w := NewWindow(100, 20*time.Second)
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	var allowed []time.Time
	at := start
	for i := range 5000 {
		at = at.Add(time.Duration((i*7919)%400) * time.Millisecond)
		n := 0
		for _, a := range allowed {
			if at.Sub(a) < 20*time.Second {
				n++
			}
		}
		want := n < 100
		if got := w.Allow(at); got != want {
			t.Fatalf("event %d: %v, want %v (%d in the window)", i, got, want, n)
		}
		if want {
			allowed = append(allowed, at)
		}
	}
}

// TestKeyedUndo: an event given back is as if it never happened; giving
// back more than was taken gives no credit beyond a full burst.
func TestKeyedUndo(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}
	k := NewKeyed(3, time.Minute, clk.now)
	for range 10 {
		if ok, _ := k.Allow("a"); !ok {
			t.Fatal("an event given back still counted")
		}
		k.Undo("a")
	}
	k.Undo("a")
	k.Undo("never seen")
	for i := range 3 {
		if ok, _ := k.Allow("a"); !ok {
			t.Fatalf("event %d of the burst refused", i+1)
		}
	}
	if ok, _ := k.Allow("a"); ok {
		t.Fatal("undoing more than was taken gave extra credit")
	}
	if n := k.Len(); n != 1 {
		t.Fatalf("%d keys remembered, want 1", n)
	}
}
