package storetest

import (
	"context"
	"sync"
	"testing"

	"github.com/joinpal/joinpal/arena"
)

// LeaseStore is what a store implements for the arenas among several
// nodes: the arena store, its leases and its fenced writes.
type LeaseStore interface {
	ArenaStore
	arena.Leases
	arena.Fencer
}

// RunLeases runs the conformance suite of arena.Leases and arena.Fencer:
// a lease is taken, renewed under the same epoch, refused to another
// while it lasts, taken by another under the next epoch once it has run
// out or been released, and by its holder's name under the next epoch
// when the taker does not hold it (a restarted process); two nodes taking it at once get one holder; and
// a fenced write of an older epoch is refused (arena.unavailable) and
// changes nothing. open follows Run's rules.
func RunLeases(t *testing.T, open func(t *testing.T) LeaseStore) {
	tests := []struct {
		name string
		test func(t *testing.T, open func(t *testing.T) LeaseStore)
	}{
		{"Terms", testLeaseTerms},
		{"Race", testLeaseRace},
		{"Fence", testLeaseFence},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, open)
		})
	}
}

func testLeaseTerms(t *testing.T, open func(t *testing.T) LeaseStore) {
	st := open(t)
	ctx := context.Background()
	if l, err := st.Lease(ctx, "arenas"); err != nil || l != (arena.Lease{}) {
		t.Fatalf("a lease never taken: %+v, %v", l, err)
	}
	steps := []struct {
		what       string
		holder     string
		held       int64 // the epoch the taker holds the lease under
		now, until int64
		release    bool
		wantHolder string
		wantEpoch  int64
		wantUntil  int64
	}{
		{what: "a takes it", holder: "a", now: 0, until: 5, wantHolder: "a", wantEpoch: 1, wantUntil: 5},
		{what: "a renews it", holder: "a", held: 1, now: 1, until: 6, wantHolder: "a", wantEpoch: 1, wantUntil: 6},
		{what: "b while it lasts", holder: "b", now: 5, until: 10, wantHolder: "a", wantEpoch: 1, wantUntil: 6},
		{what: "b once it ran out", holder: "b", now: 6, until: 11, wantHolder: "b", wantEpoch: 2, wantUntil: 11},
		{what: "b renews it", holder: "b", held: 2, now: 7, until: 12, wantHolder: "b", wantEpoch: 2, wantUntil: 12},
		{what: "b restarted takes it back", holder: "b", now: 8, until: 13, wantHolder: "b", wantEpoch: 3, wantUntil: 13},
		{what: "b releases it", holder: "b", held: 3, now: 9, release: true, wantHolder: "b", wantEpoch: 3, wantUntil: 9},
		{what: "a after the release", holder: "a", now: 9, until: 14, wantHolder: "a", wantEpoch: 4, wantUntil: 14},
		{what: "a once its own ran out", holder: "a", held: 4, now: 20, until: 25, wantHolder: "a", wantEpoch: 5, wantUntil: 25},
	}
	for _, s := range steps {
		var l arena.Lease
		var err error
		if s.release {
			if err = st.ReleaseLease(ctx, "arenas", s.holder, s.held, at(s.now)); err == nil {
				l, err = st.Lease(ctx, "arenas")
			}
		} else {
			l, err = st.TakeLease(ctx, "arenas", s.holder, s.held, at(s.now), at(s.until))
		}
		if err != nil {
			t.Fatalf("%s: %v", s.what, err)
		}
		want := arena.Lease{Holder: s.wantHolder, Epoch: s.wantEpoch, Until: at(s.wantUntil)}
		if !l.Until.Equal(want.Until) || l.Holder != want.Holder || l.Epoch != want.Epoch {
			t.Fatalf("%s: %+v, want %+v", s.what, l, want)
		}
		if stored, err := st.Lease(ctx, "arenas"); err != nil || stored.Holder != l.Holder || stored.Epoch != l.Epoch {
			t.Fatalf("%s: stored %+v (%v), returned %+v", s.what, stored, err, l)
		}
	}
}

func testLeaseRace(t *testing.T, open func(t *testing.T) LeaseStore) {
	st := open(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	got := make([]arena.Lease, 4)
	for i := range got {
		wg.Go(func() {
			var err error
			if got[i], err = st.TakeLease(ctx, "arenas", string(rune('a'+i)), 0, at(0), at(5)); err != nil {
				t.Errorf("node %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	holders := map[string]bool{}
	for _, l := range got {
		holders[l.Holder] = true
		if l.Epoch != 1 {
			t.Errorf("a lease taken once has epoch %d", l.Epoch)
		}
	}
	if len(holders) != 1 {
		t.Fatalf("four nodes taking one lease at once see holders %v; want one", holders)
	}
}

func testLeaseFence(t *testing.T, open func(t *testing.T) LeaseStore) {
	st := open(t)
	ctx := context.Background()
	a := arenaFixture("fence", 1000)
	if err := st.CreateArena(ctx, a); err != nil {
		t.Fatal(err)
	}
	l, err := st.TakeLease(ctx, "arenas", "a", 0, at(0), at(5))
	if err != nil {
		t.Fatal(err)
	}
	old := st.Fenced("arenas", "a", l.Epoch)
	ana := arena.Entry{ArenaID: a.ID, UserID: "u-ana", Name: "ana", Rating: 1500, JoinedAt: at(1)}
	if err := old.PutArenaEntry(ctx, ana); err != nil {
		t.Fatalf("a write under the lease's epoch: %v", err)
	}
	if _, err := st.TakeLease(ctx, "arenas", "b", 0, at(6), at(11)); err != nil {
		t.Fatal(err)
	}
	ben := arena.Entry{ArenaID: a.ID, UserID: "u-ben", Name: "ben", Rating: 1500, JoinedAt: at(7)}
	p, players := arenaPair(a.ID, "g-fence", ana, ben, 7)
	writes := map[string]func() error{
		"PutArenaEntry":      func() error { return old.PutArenaEntry(ctx, ben) },
		"StartArenaPairings": func() error { return old.StartArenaPairings(ctx, []arena.Pairing{p}, players) },
		"CloseArena":         func() error { return old.CloseArena(ctx, a.ID, at(8)) },
	}
	for name, w := range writes {
		if err := w(); arena.CodeOf(err) != arena.CodeUnavailable {
			t.Errorf("%s under an older epoch: %v; want %s", name, err, arena.CodeUnavailable)
		}
	}
	es, err := st.ArenaEntries(ctx, a.ID)
	if err != nil || len(es) != 1 {
		t.Fatalf("the entries after refused writes: %+v, %v; want ana's only", es, err)
	}
	if ps, err := st.ArenaPairings(ctx, a.ID); err != nil || len(ps) != 0 {
		t.Fatalf("the pairings after a refused start: %+v, %v", ps, err)
	}
	if got, err := st.Arena(ctx, a.ID); err != nil || !got.ClosedAt.IsZero() {
		t.Fatalf("the arena after a refused close: %+v, %v", got, err)
	}
	b := st.Fenced("arenas", "b", 2)
	if err := b.StartArenaPairings(ctx, []arena.Pairing{p}, players); err != nil {
		t.Fatalf("the new holder's write: %v", err)
	}
}

// BenchmarkFencedArenaWrites measures what the fence adds to an arena
// write: an entry written b.N times as is ("plain") and under the arenas'
// lease ("fenced": the lease row read in the same transaction), one
// writer at a time.
func BenchmarkFencedArenaWrites(b *testing.B, open func(b *testing.B) LeaseStore) {
	st := open(b)
	ctx := context.Background()
	a := arenaFixture("bench", 1000)
	if err := st.CreateArena(ctx, a); err != nil {
		b.Fatal(err)
	}
	l, err := st.TakeLease(ctx, "arenas", "a", 0, at(0), at(1_000_000_000))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		st   arena.Store
	}{{"plain", st}, {"fenced", st.Fenced("arenas", "a", l.Epoch)}} {
		b.Run(c.name, func(b *testing.B) {
			e := arena.Entry{ArenaID: a.ID, UserID: "u-" + c.name, Name: c.name, Rating: 1500, JoinedAt: at(1)}
			for i := 0; b.Loop(); i++ {
				e.Paused = i%2 == 1
				if err := c.st.PutArenaEntry(ctx, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
