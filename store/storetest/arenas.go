package storetest

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
)

// ArenaStore is what a store implements for arenas: the game store and
// arena.Store.
type ArenaStore interface {
	Store
	arena.Store
}

// RunArenas runs the conformance suite of arena.Store: an arena, its
// entries (sheets included) and its games round trip (times in UTC, to
// the millisecond) and survive a reopen; a pairing starts with its
// players' entries; a game's end is recorded once, even by two recorders
// at once, and a refused end changes nothing; the lists (latest arenas,
// open ones, running games, a game's pairing) and berserk. open follows
// Run's rules.
func RunArenas(t *testing.T, open func(t *testing.T) ArenaStore) {
	tests := []struct {
		name string
		test func(t *testing.T, open func(t *testing.T) ArenaStore)
	}{
		{"RoundTrip", testArenaRoundTrip},
		{"EndOnce", testArenaEndOnce},
		{"Lists", testArenaLists},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, open)
		})
	}
}

func arenaFixture(id string, start int64) arena.Arena {
	return arena.Arena{ID: id, Name: "Arena «" + id + "»", CreatedBy: "u-ana", CreatorName: "ana",
		Base: 3 * time.Minute, Increment: 2 * time.Second, Rated: true, Berserk: true, Streaks: true,
		StartsAt: at(start), Duration: time.Hour, CreatedAt: at(500)}
}

// arenaPair returns a pairing of white and black in arena a, with their
// entries as the service writes them.
func arenaPair(a, gameID string, white, black arena.Entry, started int64) (arena.Pairing, []arena.Entry) {
	white.GameID, white.LastOpponent, white.Whites = gameID, black.UserID, white.Whites+1
	black.GameID, black.LastOpponent, black.Whites = gameID, white.UserID, black.Whites-1
	return arena.Pairing{ArenaID: a, GameID: gameID, White: white.UserID, Black: black.UserID, StartedAt: at(started).UTC()},
		[]arena.Entry{white, black}
}

func arenaEntry(a, user string, rating int) arena.Entry {
	return arena.Entry{ArenaID: a, UserID: user, Name: user, Rating: rating, JoinedAt: at(1000).UTC(), Sheet: arena.Sheet{}}
}

// mustArena returns a function that returns a read's value, failing t
// with what if the read failed.
func mustArena[T any](t *testing.T, what string) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
}

func testArenaRoundTrip(t *testing.T, open func(t *testing.T) ArenaStore) {
	ctx := t.Context()
	s := open(t)
	a := arenaFixture("a1", 2000)
	if err := s.CreateArena(ctx, a); err != nil {
		t.Fatal(err)
	}
	ana, bea := arenaEntry("a1", "ana", 1500), arenaEntry("a1", "bea", 1700)
	for _, e := range []arena.Entry{ana, bea} {
		if err := s.PutArenaEntry(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	p, players := arenaPair("a1", "g1", ana, bea, 3000)
	if err := s.StartArenaPairings(ctx, []arena.Pairing{p}, players); err != nil {
		t.Fatal(err)
	}
	if err := s.SetBerserk(ctx, "g1", game.Black); err != nil {
		t.Fatal(err)
	}
	p.BlackBerserk = true
	w, b := players[0], players[1]
	w.Sheet = w.Sheet.Add(arena.Result{Outcome: arena.Loss, Plies: 40, Opponent: "bea", OpponentRating: 1700, GameID: "g1"}, true)
	b.Sheet = b.Sheet.Add(arena.Result{Outcome: arena.Win, Plies: 40, Berserk: true, Opponent: "ana", OpponentRating: 1500, GameID: "g1"}, true)
	w.GameID, b.GameID = "", ""
	p.Ended, p.Result, p.Plies = true, game.BlackWins, 40
	if err := s.EndArenaPairing(ctx, p, []arena.Entry{w, b}); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseArena(ctx, "a1", at(9000)); err != nil {
		t.Fatal(err)
	}
	// Written in another zone, read back in UTC.
	a.StartsAt, a.CreatedAt, a.ClosedAt = a.StartsAt.UTC(), a.CreatedAt.UTC(), at(9000).UTC()
	check := func(when string, s ArenaStore) {
		t.Helper()
		got := mustArena[arena.Arena](t, "Arena")(s.Arena(ctx, "a1"))
		if !reflect.DeepEqual(got, a) {
			t.Errorf("%s: Arena = %+v, want %+v", when, got, a)
		}
		es := mustArena[[]arena.Entry](t, "Entries")(s.ArenaEntries(ctx, "a1"))
		if want := []arena.Entry{w, b}; !reflect.DeepEqual(es, want) {
			t.Errorf("%s: Entries = %+v, want %+v", when, es, want)
		}
		if e, ok, err := s.ArenaEntry(ctx, "a1", "bea"); err != nil || !ok || e.Sheet.Total() != 3 {
			t.Errorf("%s: Entry(bea) = %+v, %v, %v; want a sheet worth 3", when, e, ok, err)
		}
		if _, ok, err := s.ArenaEntry(ctx, "a1", "nobody"); ok || err != nil {
			t.Errorf("%s: Entry(nobody) = %v, %v; want none", when, ok, err)
		}
		ps := mustArena[[]arena.Pairing](t, "Pairings")(s.ArenaPairings(ctx, "a1"))
		if want := []arena.Pairing{p}; !reflect.DeepEqual(ps, want) {
			t.Errorf("%s: Pairings = %+v, want %+v", when, ps, want)
		}
		if got := mustArena[arena.Pairing](t, "PairingOf")(s.PairingOf(ctx, "g1")); !reflect.DeepEqual(got, p) {
			t.Errorf("%s: PairingOf = %+v, want %+v", when, got, p)
		}
	}
	check("before closing", s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	check("after reopening", open(t))
}

func testArenaEndOnce(t *testing.T, open func(t *testing.T) ArenaStore) {
	ctx := t.Context()
	s := open(t)
	if err := s.CreateArena(ctx, arenaFixture("a1", 2000)); err != nil {
		t.Fatal(err)
	}
	p, players := arenaPair("a1", "g1", arenaEntry("a1", "ana", 1500), arenaEntry("a1", "bea", 1500), 3000)
	if err := s.StartArenaPairings(ctx, []arena.Pairing{p}, players); err != nil {
		t.Fatal(err)
	}
	p.Ended, p.Result, p.Plies = true, game.Drawn, 30
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ws := make([]arena.Entry, 2)
			copy(ws, players)
			ws[0].Sheet = ws[0].Sheet.Add(arena.Result{Outcome: arena.Draw, Plies: 30, GameID: "g1"}, true)
			ws[0].Whites = 100 + i
			errs[i] = s.EndArenaPairing(ctx, p, ws)
		}()
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch arena.CodeOf(err) {
		case "":
			if won >= 0 {
				t.Errorf("EndPairing succeeded twice (%d and %d)", won, i)
			}
			won = i
		case arena.CodeGameEnded:
		default:
			t.Errorf("EndPairing %d: %v", i, err)
		}
	}
	if won < 0 {
		t.Fatal("no EndPairing succeeded")
	}
	e, _, err := s.ArenaEntry(ctx, "a1", "ana")
	if err != nil || e.Whites != 100+won || len(e.Sheet) != 1 {
		t.Errorf("entry after the ends = %+v, %v; want the winner's (whites %d, one game)", e, err, 100+won)
	}
	if got := mustArena[[]arena.Pairing](t, "RunningPairings")(s.RunningPairings(ctx)); len(got) != 0 {
		t.Errorf("RunningPairings after the end = %+v", got)
	}
}

func testArenaLists(t *testing.T, open func(t *testing.T) ArenaStore) {
	ctx := t.Context()
	s := open(t)
	for i, id := range []string{"a1", "a2", "a3"} {
		if err := s.CreateArena(ctx, arenaFixture(id, int64(1000*(i+1)))); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CloseArena(ctx, "a2", at(5000)); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseArena(ctx, "zz", at(5000)); arena.CodeOf(err) != arena.CodeNotFound {
		t.Errorf("CloseArena(zz) = %v, want %s", err, arena.CodeNotFound)
	}
	if _, err := s.Arena(ctx, "zz"); arena.CodeOf(err) != arena.CodeNotFound {
		t.Errorf("Arena(zz) = %v, want %s", err, arena.CodeNotFound)
	}
	ids := func(as []arena.Arena) (out []string) {
		for _, a := range as {
			out = append(out, a.ID)
		}
		return out
	}
	if got := ids(mustArena[[]arena.Arena](t, "Arenas")(s.Arenas(ctx, 2))); !reflect.DeepEqual(got, []string{"a3", "a2"}) {
		t.Errorf("Arenas(2) = %v, want [a3 a2]", got)
	}
	if got := ids(mustArena[[]arena.Arena](t, "OpenArenas")(s.OpenArenas(ctx))); !reflect.DeepEqual(got, []string{"a1", "a3"}) {
		t.Errorf("OpenArenas = %v, want [a1 a3]", got)
	}
	e := func(u string) arena.Entry { return arenaEntry("a1", u, 1500) }
	p1, pl1 := arenaPair("a1", "g1", e("ana"), e("bea"), 3000)
	p2, pl2 := arenaPair("a1", "g2", e("cai"), e("dan"), 2000)
	if err := s.StartArenaPairings(ctx, []arena.Pairing{p1, p2}, append(pl1, pl2...)); err != nil {
		t.Fatal(err)
	}
	if err := s.StartArenaPairings(ctx, []arena.Pairing{p1}, pl1); err == nil {
		t.Error("StartPairings of a game paired already succeeded")
	}
	running := mustArena[[]arena.Pairing](t, "RunningPairings")(s.RunningPairings(ctx))
	if len(running) != 2 || running[0].GameID != "g2" || running[1].GameID != "g1" {
		t.Errorf("RunningPairings = %+v, want g2 then g1", running)
	}
	if ps := mustArena[[]arena.Pairing](t, "Pairings")(s.ArenaPairings(ctx, "a1")); len(ps) != 2 || ps[0].GameID != "g1" {
		t.Errorf("Pairings = %+v, want g1 then g2", ps)
	}
	if _, err := s.PairingOf(ctx, "nope"); arena.CodeOf(err) != arena.CodeNotArenaGame {
		t.Errorf("PairingOf(nope) = %v, want %s", err, arena.CodeNotArenaGame)
	}
	if err := s.SetBerserk(ctx, "nope", game.White); arena.CodeOf(err) != arena.CodeNotArenaGame {
		t.Errorf("SetBerserk(nope) = %v, want %s", err, arena.CodeNotArenaGame)
	}
	if es := mustArena[[]arena.Entry](t, "Entries")(s.ArenaEntries(ctx, "a1")); len(es) != 4 || es[0].GameID == "" {
		t.Errorf("Entries = %+v, want four playing", es)
	}
}
