package ai

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestQueueMostUrgentFirst: the worker takes the request whose clock runs
// out first; an untimed one waits behind clocks due sooner than its
// nominal deadline; equal deadlines keep their order of arrival.
func TestQueueMostUrgentFirst(t *testing.T) {
	p := &Pool{queue: newQueue(10)}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	whole := func(left time.Duration) Request {
		return Request{Clock: Clock{Mode: game.ModeWholeGame, Remaining: left, At: now, Running: true}}
	}
	reqs := map[string]Request{
		"5min":       whole(5 * time.Minute),
		"untimed":    {},
		"10s":        whole(10 * time.Second),
		"permove 5s": {Clock: Clock{Mode: game.ModePerMove, Remaining: 5 * time.Second, PerMove: 5 * time.Second}},
		"10s again":  whole(10 * time.Second),
		"1min":       whole(time.Minute),
	}
	order := []string{"5min", "untimed", "10s", "permove 5s", "10s again", "1min"}
	names := map[*job]string{}
	for _, name := range order {
		j := p.newJob(context.Background(), reqs[name], position{}, levelOf(1), now)
		names[j] = name
		if err := p.queue.push(j); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"permove 5s", "10s", "10s again", "untimed", "1min", "5min"}
	for i, w := range want {
		j, ok := p.queue.pop()
		if !ok || names[j] != w {
			t.Fatalf("pop %d: %q, want %q", i, names[j], w)
		}
	}
}

// TestCancelledRequestLeavesTheQueue: a request whose caller gives up
// while it waits no longer takes a place in the queue.
func TestCancelledRequestLeavesTheQueue(t *testing.T) {
	p := newTestPool(t, Config{Workers: 1, QueueLimit: 1})
	started, release := make(chan struct{}), make(chan struct{})
	first := true
	p.startHook = func() {
		if first {
			first = false
			close(started)
			<-release
		}
	}
	go p.Think(context.Background(), Request{Level: 1})
	<-started
	// A caller already gone: its request is queued (the worker is held),
	// then taken out when Think sees the context done.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Think(ctx, Request{Level: 1}); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if q := p.Stats().Queued; q != 0 {
		t.Errorf("%d queued after the cancel", q)
	}
	// Its place is free: the queue of one takes another request.
	if err := p.enqueue(p.newJob(context.Background(), Request{Level: 1}, mustReplay(t, Request{Level: 1}), levelOf(1), time.Now())); err != nil {
		t.Errorf("the queue is still full: %v", err)
	}
	close(release)
}

func mustReplay(t *testing.T, req Request) position {
	t.Helper()
	p, err := replay(req)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
