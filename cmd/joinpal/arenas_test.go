package main

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// TestArenaRatingsFromTheStore plays a rated arena game between two
// accounts on SQLite and the live runtime, wired as serve wires them:
// the store rates the game in the write that ends it, and both entries
// take the ratings that write left (arenaRatings), while the sheets keep
// the opponent's rating before the game.
func TestArenaRatingsFromTheStore(t *testing.T) {
	ctx := t.Context()
	st, err := sqlite.Open(ctx, sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	created := time.Date(2026, 6, 1, 17, 0, 0, 0, time.UTC)
	for _, id := range []string{"ana", "bea"} {
		u := account.User{ID: id, Username: id, DisplayName: id, PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
			Lang: "es", CreatedAt: created}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	bus := live.NewLocalBus()
	rt := live.New(live.Config{Store: st, Bus: bus, Exclusive: true})
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rt.Stop(context.Background())
	start := time.Now().UTC().Truncate(time.Second).Add(time.Minute)
	now := start.Add(-time.Minute)
	clock := func() time.Time { return now }
	hub := &broadcast.Hub[arena.Event]{}
	events, cancel := hub.Subscribe()
	defer cancel()
	svc, err := arena.New(arena.Config{Store: st, Games: rt, Records: st, Bus: bus, Berserker: rt, Events: hub,
		Ratings: arenaRatings{st}, Now: clock, Heads: func() bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	a, err := svc.Create(ctx, arena.Person{ID: "ana", Name: "ana"}, arena.Arena{Name: "Blitz valorado", Base: 3 * time.Minute,
		Rated: true, Streaks: true, StartsAt: start, Duration: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ana", "bea"} {
		if _, err := svc.Join(ctx, arena.Person{ID: id, Name: id, Rating: 1500}, a.ID); err != nil {
			t.Fatal(err)
		}
	}
	now = start // read by the service only from here on, in Run
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = svc.Run(runCtx) }()
	defer func() { stop(); <-done }()
	entry := func(id string) arena.Entry {
		e, _, err := svc.Entry(ctx, a.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	waitFor := func(what string, cond func() bool) {
		deadline := time.After(20 * time.Second)
		for !cond() {
			select {
			case <-events:
			case <-deadline:
				t.Fatalf("no %s", what)
			}
		}
	}
	var g string
	waitFor("pairing", func() bool {
		g = entry("ana").GameID
		_, err := rt.Snapshot(ctx, g)
		return g != "" && err == nil
	})
	if err := rt.Resign(ctx, g, "bea"); err != nil {
		t.Fatal(err)
	}
	waitFor("the end", func() bool { return len(entry("ana").Sheet) == 1 && len(entry("bea").Sheet) == 1 })
	for _, id := range []string{"ana", "bea"} {
		all, err := st.Ratings(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := int(math.Round(all[rating.Blitz].Value))
		e := entry(id)
		if want == 1500 || e.Rating != want {
			t.Errorf("%s's entry rated %d, the store %d after the game", id, e.Rating, want)
		}
		if e.Sheet[0].OpponentRating != 1500 {
			t.Errorf("%s's opponent rated %d on the sheet, want 1500 before the game", id, e.Sheet[0].OpponentRating)
		}
	}
}
