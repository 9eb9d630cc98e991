package arena_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/internal/broadcast"
)

// TestServiceWaits runs lila's rules of when to pair through the service:
// a rated 3+0 arena (Wait 24 s) of 30 entries, four of them active, is
// paired at once at its start; after two ends it pairs again only once
// two players have waited longer than 24 s by the service's clock, with
// the ratings the games' ends left; and a service that starts over the
// same store, as after a restart or a takeover, pairs whoever waits at
// once.
func TestServiceWaits(t *testing.T) {
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
	stop := w.run(t)
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

	// Both games end 20 s into the arena; the ratings their ends wrote.
	ended := start.Add(20 * time.Second)
	w.now.Set(ended)
	for u, r := range map[string]int{"ana": 1880, "bea": 1820, "cai": 1690, "dan": 1610} {
		w.ratings.set(u, r)
	}
	for g, u := range map[string]string{g1: "ana", g2: "cai"} {
		if err := w.rt.Resign(ctx, g, u); err != nil {
			t.Fatal(err)
		}
	}
	w.waitFor(t, "both ends", func() bool { s := scores(t, w, a); return s["bea"] == 2 && s["dan"] == 2 })
	waitingAll := func(at time.Time) bool {
		w.now.Set(at)
		if err := w.svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		for _, u := range []string{"ana", "bea", "cai", "dan"} {
			if game(u) != "" {
				return false
			}
		}
		return true
	}
	if !waitingAll(ended) || !waitingAll(ended.Add(24*time.Second)) {
		t.Fatal("paired again before two players waited longer than 24 s")
	}
	for u, want := range map[string]int{"ana": 1880, "bea": 1820, "cai": 1690, "dan": 1610} {
		if e := entry(t, w, a, u); e.Rating != want {
			t.Errorf("%s's rating %d after the game, want %d", u, e.Rating, want)
		}
	}
	if e := entry(t, w, a, "bea"); e.Sheet[0].OpponentRating != 1900 {
		t.Errorf("bea's opponent rated %d, want ana's 1900 before the game", e.Sheet[0].OpponentRating)
	}
	if waitingAll(ended.Add(24*time.Second + time.Millisecond)) {
		t.Fatal("not paired after two players waited longer than 24 s")
	}
	// Ranks bea, dan, ana, cai: bea-dan 2000 + 210 and ana-cai 866 + 190,
	// the last opponents kept apart.
	if p, _ := w.st.PairingOf(ctx, game("bea")); p.White != "bea" || p.Black != "dan" {
		t.Errorf("second pairing %+v, want bea against dan", p)
	}

	// The new games end at once: nobody waited, no pairing.
	again := ended.Add(30 * time.Second)
	w.now.Set(again)
	for _, u := range []string{"ana", "bea"} {
		if err := w.rt.Resign(ctx, game(u), u); err != nil {
			t.Fatal(err)
		}
	}
	w.waitFor(t, "the second ends", func() bool {
		for _, u := range []string{"ana", "bea", "cai", "dan"} {
			if len(entry(t, w, a, u).Sheet) != 2 {
				return false
			}
		}
		return true
	})
	if !waitingAll(again) {
		t.Fatal("paired again at once")
	}
	// A new service over the same store and runtime pairs them at once.
	stop()
	svc, err := arena.New(arena.Config{Store: w.st, Games: w.rt, Records: w.st, Bus: w.rt.Bus(), Berserker: w.rt,
		Events: &broadcast.Hub[arena.Event]{}, Ratings: w.ratings, Now: w.now.Now, Heads: func() bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"ana", "bea", "cai", "dan"} {
		if game(u) == "" {
			t.Errorf("%s not paired by the new service's first tick", u)
		}
	}
}
