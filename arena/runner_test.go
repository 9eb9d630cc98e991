package arena_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/internal/broadcast"
)

// node is a second service on w's store and runtime, as another node of a
// cluster would be, on a clock of its own; both hold the arenas' lease.
// set changes its Config.
func node(t *testing.T, w *world, name string, now *fakeNow, set ...func(*arena.Config)) *arena.Service {
	t.Helper()
	cfg := arena.Config{Store: w.st, Games: w.rt, Records: w.st, Bus: w.rt.Bus(), Berserker: w.rt,
		Events: &broadcast.Hub[arena.Event]{}, Now: now.Now, Heads: func() bool { return true },
		Leases: w.st, Node: name, Lease: 5 * time.Second}
	for _, f := range set {
		f(&cfg)
	}
	svc, err := arena.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestRunnerLease: of two services on one store, the one that holds the
// arenas' lease runs them: the other refuses commands (arena.unavailable)
// until the lease has passed, then takes it and reads the entries the
// first wrote; the first, whose clock has not moved, has its next write
// refused by the store's fence and gives up at its next Hold; a renewal
// that came too late starts a new tenure; a release hands over at once;
// a process restarted under a node's name fences out the one before.
func TestRunnerLease(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, filepath.Join(t.TempDir(), "joinpal.db"))
	defer w.close(t)
	nowA, nowB := &fakeNow{t: start}, &fakeNow{t: start}
	a, b := node(t, w, "node-a", nowA), node(t, w, "node-b", nowB)
	ar := newArena(t, w)
	hold := func(svc *arena.Service, want bool, what string) {
		t.Helper()
		if got, err := svc.Hold(ctx); err != nil || got != want {
			t.Fatalf("%s: Hold = %v, %v; want %v", what, got, err, want)
		}
		if svc.Runs() != want {
			t.Fatalf("%s: Runs = %v, want %v", what, svc.Runs(), want)
		}
	}
	hold(a, true, "A first")
	hold(b, false, "B while A holds the lease")
	if runner, err := b.Runner(ctx); err != nil || runner != "node-a" {
		t.Fatalf("B reads the runner as %q, %v", runner, err)
	}
	if _, err := b.Join(ctx, person("ana", 1500), ar.ID); arena.CodeOf(err) != arena.CodeUnavailable {
		t.Fatalf("ana joins on B: %v; want %s", err, arena.CodeUnavailable)
	}
	if _, err := a.Join(ctx, person("ana", 1500), ar.ID); err != nil {
		t.Fatal(err)
	}

	nowB.Set(start.Add(10 * time.Second))
	hold(b, true, "B once A's lease has passed")
	if _, err := a.Join(ctx, person("bea", 1500), ar.ID); arena.CodeOf(err) != arena.CodeUnavailable {
		t.Fatalf("bea joins on A, fenced out: %v; want %s", err, arena.CodeUnavailable)
	}
	if _, ok, _ := b.Entry(ctx, ar.ID, "bea"); ok {
		t.Fatal("A's refused join wrote bea's entry")
	}
	hold(a, false, "A once B holds the lease")
	if _, err := b.Join(ctx, person("bea", 1500), ar.ID); err != nil {
		t.Fatalf("bea joins on B: %v", err)
	}
	if ana, bea := entry(t, w, ar, "ana"), entry(t, w, ar, "bea"); ana.GameID == "" || ana.GameID != bea.GameID {
		t.Fatalf("ana (joined on A) and bea (on B) not paired by B: %+v %+v", ana, bea)
	}

	nowB.Set(start.Add(14500 * time.Millisecond)) // 4.5 s after B's renewal: past Lease − Every
	if b.Runs() {
		t.Fatal("B acts 4.5 s after its last renewal")
	}
	hold(b, true, "B renewing late, its lease still stored")

	nowA.Set(nowB.Now())
	if err := b.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if b.Runs() {
		t.Fatal("B runs the arenas after releasing them")
	}
	hold(a, true, "A after B's release")

	// A restarted under its name (the process before it stalled, not
	// dead) takes the lease under a new epoch: the one before is fenced
	// out.
	again := node(t, w, "node-a", nowA)
	hold(again, true, "A restarted")
	if _, err := a.Pause(ctx, person("ana", 1500), ar.ID); arena.CodeOf(err) != arena.CodeUnavailable {
		t.Fatalf("a pause on the process before A's restart: %v; want %s", err, arena.CodeUnavailable)
	}
	if _, err := again.Pause(ctx, person("ana", 1500), ar.ID); err != nil {
		t.Fatalf("a pause on A restarted: %v", err)
	}
}

// TestRunnerCutOff: a runner that the other nodes cannot reach
// (Config.Reachable false, as its NATS link down) renews the lease for
// ReachGrace (3 s: three renewals) and then releases it, so that a node
// the others reach takes it under a new epoch; the old runner's writes
// are then refused by the store's fence. A runner that stays reachable
// keeps the lease; a short cut hands nothing over and counts for nothing
// once reachable again; a node cut off takes no lease, not even a free
// one, and competes again once reachable.
func TestRunnerCutOff(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, filepath.Join(t.TempDir(), "joinpal.db"))
	defer w.close(t)
	now := &fakeNow{t: start}
	var upA, upB atomic.Bool
	upA.Store(true)
	upB.Store(true)
	reach := func(up *atomic.Bool) func(*arena.Config) {
		return func(c *arena.Config) { c.Reachable = up.Load }
	}
	a, b := node(t, w, "node-a", now, reach(&upA)), node(t, w, "node-b", now, reach(&upB))
	ar := newArena(t, w)
	nodes := map[string]*arena.Service{"a": a, "b": b}
	ups := map[string]*atomic.Bool{"a": &upA, "b": &upB}

	// fenced checks, once B has taken the lease from A, that A's writes
	// are refused: through the service (A acts no more) and through the
	// store A wrote through under its epoch (a write of A's in flight).
	fenced := func(t *testing.T) {
		if _, err := a.Pause(ctx, person("ana", 1500), ar.ID); arena.CodeOf(err) != arena.CodeUnavailable {
			t.Fatalf("ana pauses on A after its release: %v; want %s", err, arena.CodeUnavailable)
		}
		ana := entry(t, w, ar, "ana")
		ana.Paused = true
		old := w.st.Fenced(arena.LeaseName, "node-a", 1)
		if err := old.PutArenaEntry(ctx, ana); arena.CodeOf(err) != arena.CodeUnavailable {
			t.Fatalf("a write under A's epoch 1: %v; want %s", err, arena.CodeUnavailable)
		}
		if entry(t, w, ar, "ana").Paused {
			t.Fatal("the write under A's old epoch paused ana")
		}
		if e, err := b.Pause(ctx, person("ana", 1500), ar.ID); err != nil || !e.Paused {
			t.Fatalf("ana pauses on B, which runs the arenas: %+v, %v", e, err)
		}
	}
	joinA := func(t *testing.T) {
		if _, err := a.Join(ctx, person("ana", 1500), ar.ID); err != nil {
			t.Fatalf("ana joins on A: %v", err)
		}
	}

	steps := []struct {
		what string
		at   time.Duration
		on   string // the node that acts: "a" or "b"
		up   bool   // whether it is reachable
		// release gives B's lease up instead of holding it.
		release bool
		want    bool   // Hold's answer
		runner  string // the lease's holder within its term, after the step
		epoch   int64
		then    func(t *testing.T)
	}{
		{what: "A takes the free lease", on: "a", up: true, want: true, runner: "node-a", epoch: 1, then: joinA},
		{what: "B finds it held", on: "b", up: true, runner: "node-a", epoch: 1},
		{what: "A renews, reachable", at: 3 * time.Second, on: "a", up: true, want: true, runner: "node-a", epoch: 1},
		{what: "A renews past its first term", at: 6 * time.Second, on: "a", up: true, want: true, runner: "node-a", epoch: 1},
		{what: "B past A's first term", at: 6 * time.Second, on: "b", up: true, runner: "node-a", epoch: 1},
		{what: "A cut off renews within the grace", at: 7 * time.Second, on: "a", want: true, runner: "node-a", epoch: 1},
		{what: "A reachable again", at: 8 * time.Second, on: "a", up: true, want: true, runner: "node-a", epoch: 1},
		{what: "A cut off again", at: 9 * time.Second, on: "a", want: true, runner: "node-a", epoch: 1},
		{what: "A cut off, 2 s (the first cut forgotten)", at: 11 * time.Second, on: "a", want: true, runner: "node-a", epoch: 1},
		{what: "B while A is cut off within the grace", at: 11 * time.Second, on: "b", up: true, runner: "node-a", epoch: 1},
		{what: "A cut off for the grace releases", at: 12 * time.Second, on: "a", runner: "", epoch: 1},
		{what: "B takes the released lease", at: 12 * time.Second, on: "b", up: true, want: true, runner: "node-b", epoch: 2, then: fenced},
		{what: "A still cut off", at: 13 * time.Second, on: "a", runner: "node-b", epoch: 2},
		{what: "B releases", at: 14 * time.Second, on: "b", up: true, release: true, runner: "", epoch: 2},
		{what: "A cut off takes no free lease", at: 14 * time.Second, on: "a", runner: "", epoch: 2},
		{what: "A reachable competes again", at: 15 * time.Second, on: "a", up: true, want: true, runner: "node-a", epoch: 3},
	}
	for _, st := range steps {
		now.Set(start.Add(st.at))
		svc := nodes[st.on]
		ups[st.on].Store(st.up)
		if st.release {
			if err := svc.Release(ctx); err != nil {
				t.Fatalf("%s: %v", st.what, err)
			}
		} else if got, err := svc.Hold(ctx); err != nil || got != st.want {
			t.Fatalf("%s: Hold = %v, %v; want %v", st.what, got, err, st.want)
		}
		if svc.Runs() != st.want {
			t.Fatalf("%s: Runs = %v, want %v", st.what, svc.Runs(), st.want)
		}
		if runner, err := svc.Runner(ctx); err != nil || runner != st.runner {
			t.Fatalf("%s: the runner is %q, %v; want %q", st.what, runner, err, st.runner)
		}
		if l, err := w.st.Lease(ctx, arena.LeaseName); err != nil || l.Epoch != st.epoch {
			t.Fatalf("%s: the lease is %+v, %v; want epoch %d", st.what, l, err, st.epoch)
		}
		if st.then != nil {
			st.then(t)
		}
	}
}

// TestRunStopsWatchersOfATenureBegunBeforeIt: a node that took the lease
// (Hold) before Run began follows the game it paired; when Run's context
// ends, Run stops that watcher and returns, and Release still hands the
// lease over.
func TestRunStopsWatchersOfATenureBegunBeforeIt(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, filepath.Join(t.TempDir(), "joinpal.db"))
	defer w.close(t)
	now := &fakeNow{t: start}
	a := node(t, w, "node-a", now)
	ar := newArena(t, w)
	if runs, err := a.Hold(ctx); err != nil || !runs {
		t.Fatalf("Hold before Run = %v, %v", runs, err)
	}
	for _, id := range []string{"ana", "bea"} {
		if _, err := a.Join(ctx, person(id, 1500), ar.ID); err != nil {
			t.Fatal(err)
		}
	}
	gameID := entry(t, w, ar, "ana").GameID
	if gameID == "" {
		t.Fatal("ana and bea not paired")
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- a.Run(runCtx) }()
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Run still waits for the watcher of a game that goes on")
	}
	// Run returned while the game went on, not once it had ended (its
	// first move not made, it is aborted in time: a watcher not stopped
	// would have let Run return then).
	if rec, err := w.st.LoadGame(ctx, gameID); err != nil || rec.State.Status.Finished() {
		t.Fatalf("the game when Run returned: %v, %v; want it going on", rec.State.Status, err)
	}
	if err := a.Release(ctx); err != nil {
		t.Fatalf("Release after Run: %v", err)
	}
	b := node(t, w, "node-b", now)
	if runs, err := b.Hold(ctx); err != nil || !runs {
		t.Fatalf("B after A's release: Hold = %v, %v", runs, err)
	}
}
