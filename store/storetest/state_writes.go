package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// testStateAcrossWrites: however a store writes the moves of a game under
// way (a dialect may write them its cheaper way: Dialect.AppendMovePlaying),
// the game read back — LoadGame, ActiveGames, the lists' count of its
// moves — has the state of the latest write, through moves that change a state's
// every field, states saved without a move (one numbered as the move before
// it, as a runtime saves its games when it stops), a takeback, a reopening
// and the move that ends the game.
func testStateAcrossWrites(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	want := newRecord(t, "g")
	mustCreate(t, s, want)
	check := func(what string) {
		t.Helper()
		checkRecord(t, "LoadGame "+what, mustLoad(t, s, "g"), want)
		active, err := s.ActiveGames(t.Context())
		if err != nil {
			t.Fatalf("ActiveGames %s: %v", what, err)
		}
		found := false
		for _, rec := range active {
			if rec.ID == "g" {
				found = true
				checkRecord(t, "ActiveGames "+what, rec, want)
			}
		}
		if found == want.State.Status.Finished() {
			t.Errorf("ActiveGames %s: game listed %v, status %s", what, found, want.State.Status)
		}
		checkListedPlies(t, s, what, want)
	}
	appendMove := func(ply int, change func(*game.State)) {
		t.Helper()
		mv, st := move(ply), stateAfter(want, ply)
		st.Seq = want.State.Seq + 1
		if change != nil {
			change(&st)
		}
		if err := s.AppendMove(t.Context(), "g", mv, st); err != nil {
			t.Fatalf("AppendMove(ply %d): %v", ply, err)
		}
		want.Moves, want.State = append(want.Moves, mv), st
		check(fmt.Sprintf("after move %d", ply))
	}
	saveState := func(what string, st game.State) {
		t.Helper()
		if err := s.SaveState(t.Context(), "g", st); err != nil {
			t.Fatalf("SaveState (%s): %v", what, err)
		}
		want.State = st
		check("after the state saved: " + what)
	}

	for ply := range 4 {
		appendMove(ply, nil)
	}
	// A move that changes every field a move of a game under way may.
	appendMove(4, func(st *game.State) {
		st.DrawOffer = &game.DrawOffer{By: game.Black, LapsesAtPly: 6}
		st.GoneSince[game.White] = at(9_000)
		st.Present = [2]bool{true, true}
		st.ScheduledAt = at(1_000)
		offer := game.White
		st.Takebacks = game.Takebacks{Offer: &offer, Offers: [2]int{1, 0}}
	})
	st := want.State
	st.DrawOffer, st.GoneSince[game.White], st.Seq = nil, time.Time{}, st.Seq+1
	saveState("the offer withdrawn, the player back", st)
	appendMove(5, nil)
	appendMove(6, nil)
	// Saved under the number of the move before it: the state stands.
	st = want.State
	paused := *st.Clock
	paused.State = game.ClockPaused
	st.Clock, st.GoneSince[game.Black] = &paused, at(20_000)
	saveState("numbered as the last move", st)
	appendMove(7, nil)
	appendMove(8, nil)

	plies := len(want.Moves)
	st = want.State
	st.Seq++
	st.Clock = runningClock(want.TimeControl, plies-2, move(plies-3).At)
	if err := s.TakeBack(t.Context(), "g", plies, plies-2, st); err != nil {
		t.Fatalf("TakeBack(%d, %d): %v", plies, plies-2, err)
	}
	want.Moves, want.State = want.Moves[:plies-2], st
	check("after the takeback")
	appendMove(plies-2, nil)

	mustClose(t, s)
	s = open(t)
	check("reopened")
	appendMove(plies-1, nil)

	ply := len(want.Moves)
	appendMove(ply, func(st *game.State) {
		st.Status, st.Termination, st.Result, st.EndedAt = game.StatusEnded, game.Checkmate, game.WhiteWins, at(99_000)
	})
	// The stored end stands: a move after it is refused.
	wantCode(t, "AppendMove after the end", s.AppendMove(t.Context(), "g", move(ply+1), stateAfter(want, ply+1)), game.CodeDecided)
	check("after the refused move")
}

// checkListedPlies checks, for a store that lists games (game.Listing),
// that the game want is listed with its moves counted: among its white
// player's games being played, or among those they finished.
func checkListedPlies(t *testing.T, s Store, what string, want game.Record) {
	t.Helper()
	l, ok := s.(game.Listing)
	if !ok {
		return
	}
	var (
		listed []game.Summary
		err    error
	)
	if want.State.Status.Finished() {
		listed, err = l.PlayerGames(t.Context(), want.White.ID, 0, 10)
	} else {
		listed, err = l.PlayerPlaying(t.Context(), want.White.ID, 10)
	}
	if err != nil {
		t.Fatalf("listing %s: %v", what, err)
	}
	for _, g := range listed {
		if g.ID == want.ID {
			if g.Plies != len(want.Moves) || g.Status != want.State.Status {
				t.Errorf("listed %s: %d plies, %s; want %d, %s", what, g.Plies, g.Status, len(want.Moves), want.State.Status)
			}
			return
		}
	}
	t.Errorf("listed %s: game %q not among %d", what, want.ID, len(listed))
}
