package ai

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestQueueMostUrgentFirst: the worker takes the request whose clock runs
// out first; an untimed one waits behind clocks due sooner than its
// nominal deadline; equal deadlines keep their order of arrival.
func TestQueueMostUrgentFirst(t *testing.T) {
	p := &Pool{queue: newQueue(10, 10, 10)}
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
	p.startHook = func(Request) {
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

// TestQueueSharedBetweenUsers: one user's 40 strong-level requests queued
// first do not hold up another user's weak-level one: it is taken next,
// before the first user's remaining ones, and the users then take turns;
// each user's own requests keep the most urgent first.
func TestQueueSharedBetweenUsers(t *testing.T) {
	p := &Pool{queue: newQueue(256, 64, 1)}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	push := func(user string, level int, left time.Duration) *job {
		t.Helper()
		req := Request{User: user, Level: level, Clock: Clock{Mode: game.ModeWholeGame, Remaining: left, At: now, Running: true}}
		j := p.newJob(context.Background(), req, position{}, levelOf(level), now)
		if err := p.queue.push(j); err != nil {
			t.Fatal(err)
		}
		return j
	}
	pop := func() *job {
		t.Helper()
		j, ok := p.queue.pop()
		if !ok {
			t.Fatal("the queue is closed")
		}
		return j
	}
	var guest []*job
	for i := range 40 {
		guest = append(guest, push("guest", 8, time.Duration(40-i)*time.Minute))
	}
	first := pop()
	if first != guest[39] {
		t.Fatalf("the guest's first search is not its most urgent")
	}
	human := push("human", 1, 10*time.Minute)
	p.queue.done(first)
	if j := pop(); j != human {
		t.Fatalf("after the guest's search came the guest's level %d, not the human's", j.req.Level)
	}
	// Then the users take turns: the guest's next, its most urgent.
	second := push("human", 1, 10*time.Minute)
	p.queue.done(human)
	j := pop()
	if j != guest[38] {
		t.Fatalf("the guest's turn gave %v", j.req)
	}
	p.queue.done(j)
	if j := pop(); j != second {
		t.Fatalf("the human's turn gave %v", j.req)
	}
	if q := p.queue.len(); q != 38 {
		t.Errorf("%d waiting, want 38", q)
	}
}

// TestQueueUserLimits: one user holds at most userWorkers workers, even
// when they are free, so another user's request finds one; and it has at
// most userLimit requests waiting, the next refused with ai.busy while
// others' are still taken.
func TestQueueUserLimits(t *testing.T) {
	p := &Pool{queue: newQueue(256, 3, 1)}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	push := func(user string) (*job, error) {
		j := p.newJob(context.Background(), Request{User: user, Level: 8}, position{}, levelOf(8), now)
		return j, p.queue.push(j)
	}
	for range 3 {
		if _, err := push("guest"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := push("guest"); CodeOf(err) != CodeBusy {
		t.Fatalf("a fourth request of one user: %v, want %s", err, CodeBusy)
	}
	running, _ := p.queue.pop()
	human, err := push("human")
	if err != nil {
		t.Fatal(err)
	}
	// A second worker asks while the guest's search runs: the guest is at
	// its share, so the human's request is taken.
	if j, _ := p.queue.pop(); j != human {
		t.Fatalf("the second worker took %q's request", j.req.User)
	}
	// With both at their share, a third worker waits until one ends.
	got := make(chan *job)
	go func() {
		j, _ := p.queue.pop()
		got <- j
	}()
	p.queue.done(running)
	if j := <-got; j.req.User != "guest" {
		t.Fatalf("took %q's request", j.req.User)
	}
	if _, err := push("guest"); err != nil {
		t.Errorf("the guest's place was not given back: %v", err)
	}
}

// TestPoolSharedBetweenUsers: through the pool, with its worker held on a
// guest's search and 39 more of the guest's level-8 requests waiting, a
// human's level-1 request is the next one searched.
func TestPoolSharedBetweenUsers(t *testing.T) {
	p := newTestPool(t, Config{Workers: 1, UserQueueLimit: 64, NormalPriority: true})
	release := make(chan struct{})
	order := make(chan Request, 64)
	p.startHook = func(req Request) {
		order <- req
		<-release
	}
	var waits []chan error
	think := func(user string, level int) {
		done := make(chan error, 1)
		waits = append(waits, done)
		req := Request{User: user, Level: level}
		go func() {
			_, err := p.Think(context.Background(), req)
			done <- err
		}()
	}
	think("guest", 8)
	if r := <-order; r.User != "guest" {
		t.Fatalf("first search %+v", r)
	}
	for range 39 {
		think("guest", 8)
	}
	for p.Stats().Queued < 39 {
		runtime.Gosched()
	}
	think("human", 1)
	for p.Stats().Queued < 40 {
		runtime.Gosched()
	}
	release <- struct{}{}
	if r := <-order; r.User != "human" || r.Level != 1 {
		t.Fatalf("after the guest's first search came %+v, not the human's", r)
	}
	close(release)
	for _, w := range waits {
		if err := <-w; err != nil {
			t.Error(err)
		}
	}
}

// TestQueueHurriesAnotherUsersSearch: a user's own requests waiting never
// cut its running search short, but another user's request, with no
// worker free, hurries the search that began first, once; with a worker
// free, nothing is hurried.
func TestQueueHurriesAnotherUsersSearch(t *testing.T) {
	p := &Pool{queue: newQueue(256, 64, 1)}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	push := func(user string) *job {
		t.Helper()
		j := p.newJob(context.Background(), Request{User: user, Level: 8}, position{}, levelOf(8), now)
		if err := p.queue.push(j); err != nil {
			t.Fatal(err)
		}
		return j
	}
	hurried := map[string]int{}
	run := func() *job {
		t.Helper()
		j, _ := p.queue.pop()
		p.queue.begin(j, func() { hurried[j.req.User]++ })
		return j
	}
	push("guest")
	guest := run()
	push("guest")
	push("guest")
	if len(hurried) != 0 {
		t.Fatalf("the guest's own requests hurried its search: %v", hurried)
	}
	push("human")
	if hurried["guest"] != 1 {
		t.Fatalf("the human's request did not hurry the guest's search: %v", hurried)
	}
	push("other")
	if hurried["guest"] != 1 {
		t.Fatalf("a search was hurried twice: %v", hurried)
	}
	p.queue.done(guest)
	// The human's turn; the other user still waits with no worker free,
	// so the human's search is hurried in its turn.
	if j := run(); j.req.User != "human" || hurried["human"] != 1 {
		t.Fatalf("took %q; hurried %v", j.req.User, hurried)
	}

	// A worker waiting: a new user's request goes to it, nothing is hurried.
	q := &Pool{queue: newQueue(256, 64, 1)}
	p = q
	push("guest")
	guest = run()
	got := make(chan *job)
	go func() {
		j, _ := p.queue.pop()
		got <- j
	}()
	for {
		p.queue.mu.Lock()
		idle := p.queue.idle
		p.queue.mu.Unlock()
		if idle == 1 {
			break
		}
		runtime.Gosched()
	}
	clear(hurried)
	push("human")
	if j := <-got; j.req.User != "human" || len(hurried) != 0 {
		t.Fatalf("took %q; hurried %v", j.req.User, hurried)
	}
	p.queue.done(guest)
}

// TestQueueRoundsMostUrgentFirst: within a round each user is served
// once, the user whose most urgent request is due first first; a new
// round begins when all have been served.
func TestQueueRoundsMostUrgentFirst(t *testing.T) {
	p := &Pool{queue: newQueue(256, 64, 10)}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	push := func(user string, left time.Duration) {
		t.Helper()
		req := Request{User: user, Clock: Clock{Mode: game.ModeWholeGame, Remaining: left, At: now, Running: true}}
		if err := p.queue.push(p.newJob(context.Background(), req, position{}, levelOf(1), now)); err != nil {
			t.Fatal(err)
		}
	}
	push("slow", 5*time.Minute)
	push("slow", 6*time.Minute)
	push("short", 10*time.Second)
	push("short", 11*time.Second)
	push("short", 12*time.Second)
	push("mid", time.Minute)
	var got []string
	for range 6 {
		j, _ := p.queue.pop()
		got = append(got, j.req.User+" "+j.req.Clock.Remaining.String())
	}
	want := []string{"short 10s", "mid 1m0s", "slow 5m0s", "short 11s", "slow 6m0s", "short 12s"}
	if !slices.Equal(got, want) {
		t.Fatalf("order %q, want %q", got, want)
	}
}
