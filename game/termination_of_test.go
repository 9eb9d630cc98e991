package game

import (
	"testing"

	"github.com/joinpal/joinpal/chess"
)

// TestTerminationOf maps every ending of the board, and fails when chess
// gains an ending that this table (and so TerminationOf) does not know.
func TestTerminationOf(t *testing.T) {
	want := map[chess.Ending]Termination{
		chess.EndCheckmate:            Checkmate,
		chess.EndStalemate:            Stalemate,
		chess.EndInsufficientMaterial: InsufficientMaterial,
		chess.EndThreefoldRepetition:  ThreefoldRepetition,
		chess.EndFivefoldRepetition:   ThreefoldRepetition,
		chess.EndFiftyMoves:           FiftyMoves,
		chess.EndSeventyFiveMoves:     FiftyMoves,
		chess.EndDeadPosition:         DeadPosition,
	}
	endings := chess.Endings()
	if len(endings) != len(want) {
		t.Errorf("chess has %d endings, the table %d", len(endings), len(want))
	}
	for _, e := range endings {
		w, ok := want[e]
		if !ok {
			t.Errorf("ending %q is not in the table", e)
			continue
		}
		got := TerminationOf(e)
		if got != w || !got.Valid() || got == TerminationNone {
			t.Errorf("TerminationOf(%q) = %v, want %v", e, got, w)
		}
		// The mapped termination allows the result the board gives.
		r := Drawn
		if e == chess.EndCheckmate {
			r = WhiteWins
		}
		if !got.Allows(r) {
			t.Errorf("TerminationOf(%q) = %v does not allow %v", e, got, r)
		}
	}
	for _, e := range []chess.Ending{chess.NotEnded, "resignation", "checkmate!"} {
		if got := TerminationOf(e); got != TerminationNone {
			t.Errorf("TerminationOf(%q) = %v, want none", e, got)
		}
	}
}

// TestSideOfAndColor: the explicit conversions between Side and
// chess.Color agree with each other and with Other.
func TestSideOfAndColor(t *testing.T) {
	for _, tc := range []struct {
		c chess.Color
		s Side
	}{{chess.White, White}, {chess.Black, Black}} {
		if SideOf(tc.c) != tc.s || tc.s.Color() != tc.c || SideOf(tc.c.Other()) != tc.s.Other() {
			t.Errorf("%v and %v do not convert into each other", tc.c, tc.s)
		}
	}
}
