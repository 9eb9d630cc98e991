package arena_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
)

// TestServicePairsAtOnce runs PairAt through the service: a rated 3+0
// arena of 30 entries, four of them active, is paired at its start; when
// the first game ends its two players, each other's last opponent, wait;
// the second game's end pairs all four again, with the ratings the
// games' ends left.
func TestServicePairsAtOnce(t *testing.T) {
	ctx := t.Context()
	w := newWorld(t, filepath.Join(t.TempDir(), "joinpal.db"))
	defer w.close(t)
	a, err := w.svc.Create(ctx, person("org", 1500), arena.Arena{Name: "Sábado", Base: 3 * time.Minute, Rated: true,
		Streaks: true, StartsAt: start, Duration: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 26 {
		p := person(fmt.Sprintf("p%02d", i), 1000)
		if _, err := w.svc.Join(ctx, p, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Pause(ctx, p, a.ID); err != nil {
			t.Fatal(err)
		}
	}
	for i, u := range []string{"ana", "bea", "cai", "dan"} {
		if _, err := w.svc.Join(ctx, person(u, 1900-100*i), a.ID); err != nil {
			t.Fatal(err)
		}
	}
	game := func(u string) string { return entry(t, w, a, u).GameID }
	w.now.Set(start)
	w.run(t)
	// A pairing is stored before its games are created: wait for both.
	w.waitFor(t, "the pairing at the start", func() bool {
		for _, u := range []string{"ana", "cai"} {
			if g := game(u); g == "" {
				return false
			} else if _, err := w.rt.Snapshot(ctx, g); err != nil {
				return false
			}
		}
		return true
	})
	g1, g2 := game("ana"), game("cai")
	if p, _ := w.st.PairingOf(ctx, g1); p.White != "ana" || p.Black != "bea" {
		t.Fatalf("first pairing %+v, want ana against bea", p)
	}

	// The games end 20 s into the arena, one after the other; the
	// ratings their ends wrote.
	w.now.Set(start.Add(20 * time.Second))
	for u, r := range map[string]int{"ana": 1880, "bea": 1820, "cai": 1690, "dan": 1610} {
		w.ratings.set(u, r)
	}
	if err := w.rt.Resign(ctx, g1, "ana"); err != nil {
		t.Fatal(err)
	}
	w.waitFor(t, "the first end", func() bool { return scores(t, w, a)["bea"] == 2 })
	// The end's pairing held the arena's lock: a look after it sees it.
	if err := w.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if game("ana") != "" || game("bea") != "" {
		t.Fatal("ana and bea, each other's last opponent, paired again")
	}
	if err := w.rt.Resign(ctx, g2, "cai"); err != nil {
		t.Fatal(err)
	}
	w.waitFor(t, "the second end's pairing", func() bool {
		for _, u := range []string{"ana", "bea", "cai", "dan"} {
			if g := game(u); g == "" || g == g1 || g == g2 {
				return false
			}
		}
		return true
	})
	for u, want := range map[string]int{"ana": 1880, "bea": 1820, "cai": 1690, "dan": 1610} {
		if e := entry(t, w, a, u); e.Rating != want {
			t.Errorf("%s's rating %d after the game, want %d", u, e.Rating, want)
		}
	}
	if e := entry(t, w, a, "bea"); e.Sheet[0].OpponentRating != 1900 {
		t.Errorf("bea's opponent rated %d, want ana's 1900 before the game", e.Sheet[0].OpponentRating)
	}
	// Ranks bea, dan, ana, cai: bea-dan 2000 + 210 and ana-cai 866 + 190,
	// the last opponents kept apart.
	if p, _ := w.st.PairingOf(ctx, game("bea")); p.White != "bea" || p.Black != "dan" {
		t.Errorf("second pairing %+v, want bea against dan", p)
	}
}
