package arena_test

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestPairingEventNamesItsGames: the event of a pairing holds the games
// it started (for their players' notifications); other events hold none.
func TestPairingEventNamesItsGames(t *testing.T) {
	ctx := t.Context()
	w := newWorld(t, filepath.Join(t.TempDir(), "joinpal.db"))
	defer w.close(t)
	a := newArena(t, w)
	for _, u := range []string{"ana", "bea", "cai", "dan"} {
		if _, err := w.svc.Join(ctx, person(u, 1500), a.ID); err != nil {
			t.Fatal(err)
		}
	}
	for len(w.events) > 0 {
		if e := <-w.events; len(e.Paired) > 0 {
			t.Fatalf("a join's event names games: %+v", e)
		}
	}
	w.now.Set(start)
	if err := w.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	var paired []string
	for len(w.events) > 0 {
		e := <-w.events
		if e.ArenaID != a.ID {
			t.Fatalf("event of arena %q", e.ArenaID)
		}
		for _, p := range e.Paired {
			paired = append(paired, p.White, p.Black)
			if p.GameID == "" || entry(t, w, a, p.White).GameID != p.GameID || entry(t, w, a, p.Black).GameID != p.GameID {
				t.Errorf("pairing %+v is not its players' game", p)
			}
		}
	}
	slices.Sort(paired)
	if !slices.Equal(paired, []string{"ana", "bea", "cai", "dan"}) {
		t.Errorf("the pairing's event names %v", paired)
	}
}
