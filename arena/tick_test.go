package arena_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
)

// countingStore is a store (the SQLite store, unfenced) that counts its
// reads of the open arenas; during, when set, runs once after such a
// read, before it returns (as a change that commits while a tick reads).
type countingStore struct {
	arena.Store
	mu     sync.Mutex
	reads  int
	during func()
}

func (c *countingStore) OpenArenas(ctx context.Context) ([]arena.Arena, error) {
	as, err := c.Store.OpenArenas(ctx)
	c.mu.Lock()
	c.reads++
	f := c.during
	c.during = nil
	c.mu.Unlock()
	if f != nil {
		f()
	}
	return as, err
}

func (c *countingStore) count() int { c.mu.Lock(); defer c.mu.Unlock(); return c.reads }

func (c *countingStore) whileReading(f func()) { c.mu.Lock(); c.during = f; c.mu.Unlock() }

// rig is a service on a world's store, counted, with a clock of its
// own: alone (no Config.Leases), or as node-a of several.
type rig struct {
	t     *testing.T
	svc   *arena.Service
	st    *countingStore
	clock *fakeNow
}

// t0 is the rigs' first moment, an hour before start.
var t0 = start.Add(-time.Hour)

// newRig returns the rig of a new world at t0, alone or among several
// nodes, its service's config changed by set.
func newRig(t *testing.T, among bool, set ...func(*arena.Config)) *rig {
	t.Helper()
	w := newWorld(t, filepath.Join(t.TempDir(), "joinpal.db"))
	t.Cleanup(func() { w.close(t) })
	r := &rig{t: t, st: &countingStore{Store: w.st}, clock: &fakeNow{t: t0}}
	r.svc = node(t, w, "node-a", r.clock, func(c *arena.Config) {
		c.Store = r.st
		if !among {
			c.Leases = nil
		}
		for _, f := range set {
			f(c)
		}
	})
	return r
}

// tickAt moves the clock to at and ticks once; it then checks how many
// reads of the open arenas the store has seen.
func (r *rig) tickAt(at time.Time, reads int) {
	r.t.Helper()
	r.clock.Set(at)
	if err := r.svc.Tick(r.t.Context()); err != nil {
		r.t.Fatal(err)
	}
	if got := r.st.count(); got != reads {
		r.t.Fatalf("tick at %v: %d reads of the open arenas, want %d", at.Sub(start), got, reads)
	}
}

// create creates an arena of a name starting at startsAt, joined by
// players.
func (r *rig) create(name string, startsAt time.Time, players ...string) arena.Arena {
	r.t.Helper()
	ctx := r.t.Context()
	a, err := r.svc.Create(ctx, person("org", 1500), arena.Arena{Name: name, Base: 3 * time.Minute,
		StartsAt: startsAt, Duration: time.Hour})
	if err != nil {
		r.t.Fatal(err)
	}
	for _, u := range players {
		if _, err := r.svc.Join(ctx, person(u, 1500), a.ID); err != nil {
			r.t.Fatal(err)
		}
	}
	return a
}

// startsOnTime ticks a millisecond before arena a's start, then at it,
// and checks that its players are paired at the second tick and not at
// the first; the store has then seen reads, then reads+1, reads of the
// open arenas.
func (r *rig) startsOnTime(a arena.Arena, reads int, players ...string) {
	r.t.Helper()
	r.tickAt(a.StartsAt.Add(-time.Millisecond), reads)
	if r.paired(a, players[0]) {
		r.t.Fatalf("%s paired before the start", a.Name)
	}
	r.tickAt(a.StartsAt, reads+1)
	if !r.paired(a, players...) {
		r.t.Fatalf("%s not paired at its start", a.Name)
	}
}

// paired reports whether each of users has a game in arena a.
func (r *rig) paired(a arena.Arena, users ...string) bool {
	r.t.Helper()
	for _, u := range users {
		e, ok, err := r.svc.Entry(r.t.Context(), a.ID, u)
		if err != nil || !ok {
			r.t.Fatalf("Entry(%s) = %v, %v", u, ok, err)
		}
		if e.GameID == "" {
			return false
		}
	}
	return true
}

// TestTickAloneWaitsForTheStart: alone, a tick that finds no open arena,
// or only upcoming ones, leaves the store alone until the earliest
// start; an arena created after a quiet tick is read at the next one and
// started on time, before one created earlier; a running arena is read
// at every tick.
func TestTickAloneWaitsForTheStart(t *testing.T) {
	r := newRig(t, false)
	r.tickAt(t0, 1)
	r.tickAt(t0.Add(time.Second), 1) // no arena: quiet

	late := r.create("Tarde", start, "ana", "bea")
	r.tickAt(t0.Add(2*time.Second), 2) // created: read
	r.tickAt(t0.Add(time.Minute), 2)

	soon := r.create("Pronto", t0.Add(2*time.Minute), "cai", "dan")
	r.tickAt(t0.Add(61*time.Second), 3)
	r.startsOnTime(soon, 3, "cai", "dan")
	r.tickAt(soon.StartsAt.Add(time.Second), 5) // running: read
	r.startsOnTime(late, 6, "ana", "bea")
}

// TestTickAloneSeesACreateDuringItsRead: an arena created while a tick
// reads the open arenas (its read may not hold it) is read by the next
// tick.
func TestTickAloneSeesACreateDuringItsRead(t *testing.T) {
	r := newRig(t, false)
	var a arena.Arena
	r.st.whileReading(func() { a = r.create("Entre medias", start, "ana", "bea") })
	r.tickAt(t0, 1)
	r.tickAt(t0.Add(time.Second), 2)
	r.tickAt(t0.Add(2*time.Second), 2)
	r.startsOnTime(a, 2, "ana", "bea")
}

// TestTickAmongNodesReadsEveryTime: among several nodes (Config.Leases),
// where arenas are created on any node, the runner reads the open arenas
// at every tick.
func TestTickAmongNodesReadsEveryTime(t *testing.T) {
	r := newRig(t, true)
	if ok, err := r.svc.Hold(t.Context()); err != nil || !ok {
		t.Fatalf("Hold = %v, %v", ok, err)
	}
	r.create("Tarde", start)
	for i := range 3 {
		r.tickAt(t0.Add(time.Duration(i)*time.Second), i+1)
	}
}

// TestRunAloneCalmWakesOnCreate: alone, Run reads the open arenas once
// and, finding none, sleeps (its looks an hour apart here, so that only a
// wake can bring the next); an arena created meanwhile wakes it to read
// them again.
func TestRunAloneCalmWakesOnCreate(t *testing.T) {
	r := newRig(t, false, func(c *arena.Config) { c.Every = time.Hour })
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { defer close(done); _ = r.svc.Run(ctx) }()
	defer func() { cancel(); <-done }()
	reads := func(what string, n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for r.st.count() < n {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d reads of the open arenas, want %d", what, r.st.count(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	reads("Run's first look", 1)
	r.create("Tarde", start, "ana", "bea")
	reads("after the create", 2)
}
