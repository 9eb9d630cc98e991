package storetest

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/tournament"
)

// TournamentStore is what a store implements for tournaments: the game
// store (to be closed and reopened) and league.Store.
type TournamentStore interface {
	Store
	league.Store
}

// RunTournaments runs the conformance suite of league.Store: a tournament
// with its entries and boards round trips (times in UTC) and survives a
// reopen; every change is a compare-and-set that changes nothing when
// refused (conflict, no such tournament) and recounts the players when it
// commits; two pairings of one round racing from one version: exactly one
// is written, whole; the lists by club and status, newest first. open
// follows Run's rules.
func RunTournaments(t *testing.T, open func(t *testing.T) TournamentStore) {
	tests := []struct {
		name string
		test func(t *testing.T, open func(t *testing.T) TournamentStore)
	}{
		{"RoundTrip", testTournamentRoundTrip},
		{"CompareAndSet", testTournamentCAS},
		{"RacingPairings", testTournamentRace},
		{"Lists", testTournamentLists},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, open) })
	}
}

func newTournament(id, clubID string, created int64) league.Tournament {
	return league.Tournament{ID: id, Name: "Liga " + id, ClubID: clubID, OwnerID: "ana", OwnerName: "Ana",
		Settings: league.Settings{Format: league.RoundRobin, Cycles: 1, TimeControl: "10+5", Mode: league.Live,
			TieBreaks: []tournament.TieBreak{tournament.DirectEncounter, tournament.Wins}, Unplayed: league.DoubleForfeit},
		Status: league.Registration, CreatedAt: at(created), Version: 1}
}

func mustCreateTournament(t *testing.T, s TournamentStore, tr league.Tournament) {
	t.Helper()
	if err := s.CreateTournament(t.Context(), tr); err != nil {
		t.Fatalf("CreateTournament: %v", err)
	}
}

func mustApplyTournament(t *testing.T, s TournamentStore, ch league.Change) league.Tournament {
	t.Helper()
	out, err := s.ApplyTournament(t.Context(), ch)
	if err != nil {
		t.Fatalf("ApplyTournament: %v", err)
	}
	return out
}

func testTournamentRoundTrip(t *testing.T, open func(t *testing.T) TournamentStore) {
	s := open(t)
	ctx := t.Context()
	want := newTournament("t1", "peon-rojo", 1000)
	mustCreateTournament(t, s, want)
	want.CreatedAt = want.CreatedAt.UTC() // the store reads times back in UTC
	got, err := s.Tournament(ctx, "t1")
	if err != nil || !reflect.DeepEqual(got, want) || got.CreatedAt.Location() != time.UTC {
		t.Fatalf("Tournament = %+v, %v; want %+v", got, err, want)
	}
	if _, err := s.Tournament(ctx, "none"); league.CodeOf(err) != league.CodeNotFound {
		t.Fatalf("an unknown tournament: %v", err)
	}
	entries := []league.Entry{
		{UserID: "ben", Name: "Ben", Number: 2, Rating: 1500, FromRound: 1, JoinedAt: at(2000).UTC()},
		{UserID: "ana", Name: "Ana", Number: 1, Rating: 1600, FromRound: 1, Byes: []int{3}, JoinedAt: at(3000).UTC()},
	}
	started := want
	started.Status, started.Round, started.TotalRounds, started.StartedAt = league.Running, 1, 1, at(4000).UTC()
	boards := []league.Board{{Round: 1, Board: 1, White: "ana", Black: "ben", GameID: "g1", StartAt: at(5000).UTC(), Deadline: at(6000).UTC()}}
	got = mustApplyTournament(t, s, league.Change{Tournament: started, Entries: entries, Boards: boards})
	if got.Version != 2 || got.Players != 2 || got.Round != 1 || got.Status != league.Running {
		t.Fatalf("after the start: %+v", got)
	}
	mustClose(t, s)
	s = open(t)
	again, err := s.Tournament(ctx, "t1")
	if err != nil || !reflect.DeepEqual(again, got) {
		t.Fatalf("after reopening: %+v, %v; want %+v", again, err, got)
	}
	es, err := s.Entries(ctx, "t1")
	if err != nil || len(es) != 2 || !reflect.DeepEqual(es[0], entries[1]) || !reflect.DeepEqual(es[1], entries[0]) {
		t.Fatalf("Entries = %+v, %v", es, err)
	}
	if es[0].JoinedAt.Location() != time.UTC {
		t.Errorf("JoinedAt in %v, want UTC", es[0].JoinedAt.Location())
	}
	bs, err := s.Boards(ctx, "t1")
	if err != nil || len(bs) != 1 || !reflect.DeepEqual(bs[0], boards[0]) {
		t.Fatalf("Boards = %+v, %v", bs, err)
	}
	// A board put again replaces the stored one; a removed entry goes.
	b := boards[0]
	b.Result, b.Created = tournament.WhiteWins, true
	gone := entries[0]
	gone.Removed = true
	got = mustApplyTournament(t, s, league.Change{Tournament: got, Entries: []league.Entry{gone}, Boards: []league.Board{b}})
	bs, _ = s.Boards(ctx, "t1")
	if got.Players != 1 || len(bs) != 1 || bs[0].Result != tournament.WhiteWins || !bs[0].Created {
		t.Fatalf("after a result: %+v %+v", got, bs)
	}
	// A game's board, by the game's id; a bye's empty id and an unknown
	// game are no tournament's.
	for _, c := range []struct {
		game string
		want league.Code
	}{{"g1", ""}, {"none", league.CodeNotTournamentGame}, {"", league.CodeNotTournamentGame}} {
		id, ob, err := s.BoardOfGame(ctx, c.game)
		if league.CodeOf(err) != c.want || (c.want == "" && (err != nil || id != "t1" || !reflect.DeepEqual(ob, bs[0]))) {
			t.Fatalf("BoardOfGame(%q) = %q, %+v, %v; want %q", c.game, id, ob, err, c.want)
		}
	}
}

func testTournamentCAS(t *testing.T, open func(t *testing.T) TournamentStore) {
	s := open(t)
	ctx := t.Context()
	tr := newTournament("t1", "", 1000)
	mustCreateTournament(t, s, tr)
	next := mustApplyTournament(t, s, league.Change{Tournament: tr})
	stale := tr
	stale.Status = league.Running
	_, err := s.ApplyTournament(ctx, league.Change{Tournament: stale,
		Entries: []league.Entry{{UserID: "ana", Name: "Ana", JoinedAt: at(1)}},
		Boards:  []league.Board{{Round: 1, Board: 1, White: "ana", Black: "ben", GameID: "g"}}})
	if league.CodeOf(err) != league.CodeConflict {
		t.Fatalf("a stale version: %v", err)
	}
	got, _ := s.Tournament(ctx, "t1")
	es, _ := s.Entries(ctx, "t1")
	bs, _ := s.Boards(ctx, "t1")
	if got.Version != next.Version || got.Status != league.Registration || len(es) != 0 || len(bs) != 0 {
		t.Fatalf("a refused change changed something: %+v %+v %+v", got, es, bs)
	}
	none := newTournament("none", "", 1)
	if _, err := s.ApplyTournament(ctx, league.Change{Tournament: none}); league.CodeOf(err) != league.CodeNotFound {
		t.Fatalf("no such tournament: %v", err)
	}
}

func testTournamentRace(t *testing.T, open func(t *testing.T) TournamentStore) {
	s := open(t)
	ctx := t.Context()
	tr := newTournament("t1", "", 1000)
	mustCreateTournament(t, s, tr)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paired := tr
			paired.Round = 1
			g := "g" + string(rune('a'+i))
			_, errs[i] = s.ApplyTournament(ctx, league.Change{Tournament: paired, Boards: []league.Board{
				{Round: 1, Board: 1, White: "ana", Black: "ben", GameID: g + "1"},
				{Round: 1, Board: 2, White: "cai", Black: "dan", GameID: g + "2"}}})
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case league.CodeOf(err) != league.CodeConflict:
			t.Fatalf("a racing pairing: %v", err)
		}
	}
	bs, _ := s.Boards(ctx, "t1")
	if won != 1 || len(bs) != 2 || bs[0].GameID[:2] != bs[1].GameID[:2] {
		t.Fatalf("%d pairings won; boards %+v", won, bs)
	}
}

func testTournamentLists(t *testing.T, open func(t *testing.T) TournamentStore) {
	s := open(t)
	ctx := t.Context()
	for i, id := range []string{"a", "b", "c"} {
		club := ""
		if id != "b" {
			club = "peon-rojo"
		}
		mustCreateTournament(t, s, newTournament(id, club, int64(1000*(i+1))))
	}
	c, _ := s.Tournament(ctx, "c")
	c.Status = league.Running
	mustApplyTournament(t, s, league.Change{Tournament: c})
	ids := func(q league.Query) []string {
		ts, err := s.Tournaments(ctx, q)
		if err != nil {
			t.Fatalf("Tournaments(%+v): %v", q, err)
		}
		var out []string
		for _, tr := range ts {
			out = append(out, tr.ID)
		}
		return out
	}
	for _, tc := range []struct {
		q    league.Query
		want []string
	}{
		{league.Query{Limit: 10}, []string{"c", "b", "a"}},
		{league.Query{Limit: 2}, []string{"c", "b"}},
		{league.Query{ClubID: "peon-rojo", Limit: 10}, []string{"c", "a"}},
		{league.Query{Status: []league.Status{league.Running, league.Paused}, Limit: 10}, []string{"c"}},
		{league.Query{ClubID: "peon-rojo", Status: []league.Status{league.Registration}, Limit: 10}, []string{"a"}},
	} {
		if got := ids(tc.q); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tournaments(%+v) = %v, want %v", tc.q, got, tc.want)
		}
	}
}
