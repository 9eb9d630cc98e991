package arena_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/internal/broadcast"
)

// node is a second service on w's store and runtime, as another node of a
// cluster would be, on a clock of its own; both hold the arenas' lease.
func node(t *testing.T, w *world, name string, now *fakeNow) *arena.Service {
	t.Helper()
	svc, err := arena.New(arena.Config{Store: w.st, Games: w.rt, Records: w.st, Bus: w.rt.Bus(), Berserker: w.rt,
		Events: &broadcast.Hub[arena.Event]{}, Now: now.Now, Heads: func() bool { return true },
		Leases: w.st, Node: name, Lease: 5 * time.Second})
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
