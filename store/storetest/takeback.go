package storetest

import (
	"fmt"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// testTakeBack: a takeback drops the moves after the restored position
// and stores the new state in one write; the game goes on from there, and
// a reopened store holds the game as taken back.
func testTakeBack(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	want := newRecord(t, "g")
	mustCreate(t, s, want)
	for ply := range 5 {
		st := stateAfter(want, ply)
		if err := s.AppendMove(t.Context(), "g", move(ply), st); err != nil {
			t.Fatalf("AppendMove(ply %d): %v", ply, err)
		}
		want.Moves = append(want.Moves, move(ply))
		want.State = st
	}
	st := stateAfter(want, 2)
	st.Seq = 6
	st.Takebacks = game.Takebacks{Offers: [2]int{1, 2}}
	if err := s.TakeBack(t.Context(), "g", 5, 3, st); err != nil {
		t.Fatalf("TakeBack from 5 to 3: %v", err)
	}
	want.Moves, want.State = want.Moves[:3], st
	checkRecord(t, "LoadGame after the takeback", mustLoad(t, s, "g"), want)

	// Refused: a count of moves the game does not hold, a takeback that
	// keeps as many or more, a missing game.
	changed := st
	changed.Seq = 99
	changed.Takebacks.Offer = &black
	for _, c := range []struct{ from, to int }{{5, 3}, {4, 2}, {2, 1}, {3, 3}, {3, 4}, {3, -1}} {
		err := s.TakeBack(t.Context(), "g", c.from, c.to, changed)
		wantCode(t, fmt.Sprintf("TakeBack from %d to %d with 3 stored", c.from, c.to), err, game.CodePlyConflict)
	}
	wantCode(t, "TakeBack of a missing game", s.TakeBack(t.Context(), "nope", 1, 0, changed), game.CodeGameNotFound)
	checkRecord(t, "LoadGame after the refusals", mustLoad(t, s, "g"), want)

	// The game goes on from the restored position.
	mv := move(3)
	mv.UCI, mv.SAN = "h2h3", "h3"
	st = stateAfter(want, 3)
	st.Seq = 7
	st.Takebacks = game.Takebacks{Offer: &black, Offers: [2]int{1, 3}}
	if err := s.AppendMove(t.Context(), "g", mv, st); err != nil {
		t.Fatalf("AppendMove after the takeback: %v", err)
	}
	want.Moves, want.State = append(want.Moves, mv), st
	checkRecord(t, "LoadGame after a move", mustLoad(t, s, "g"), want)
	active, err := s.ActiveGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	checkRecord(t, "ActiveGames", byID(active)["g"], want)

	// Back to no move at all, then a reopened store.
	st.Seq = 8
	st.Takebacks.Offer = nil
	if err := s.TakeBack(t.Context(), "g", 4, 0, st); err != nil {
		t.Fatalf("TakeBack from 4 to 0: %v", err)
	}
	want.Moves, want.State = []game.MoveRecord{}, st
	mustClose(t, s)
	s = open(t)
	checkRecord(t, "LoadGame after reopening", mustLoad(t, s, "g"), want)

	// A finished game takes nothing back.
	ended := want.State
	ended.Status, ended.Termination, ended.Result = game.StatusEnded, game.Resignation, game.BlackWins
	if err := s.AppendMove(t.Context(), "g", move(0), ended); err != nil {
		t.Fatal(err)
	}
	wantCode(t, "TakeBack of an ended game", s.TakeBack(t.Context(), "g", 1, 0, st), game.CodeDecided)
}
