package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/joinpal/joinpal/chess"
)

// TestGivesCheck compares the quick check test with playing the move, over
// the bench positions and random games from them.
func TestGivesCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, fen := range benchFENs {
		pos := mustFEN(t, fen)
		for ply := 0; ply < 40; ply++ {
			ci := newCheckInfo(&pos)
			moves := pos.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				child := pos
				child.PlayUnchecked(m)
				want := child.InCheck()
				if got := givesCheck(&pos, m); got != want {
					t.Fatalf("%s %s: givesCheck %v, want %v", pos.FEN(), pos.UCI(m), got, want)
				}
				if got := ci.gives(&pos, m); got != want {
					t.Fatalf("%s %s: checkInfo.gives %v, want %v", pos.FEN(), pos.UCI(m), got, want)
				}
				checked++
			}
			pos.PlayUnchecked(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 10000 {
		t.Errorf("only %d moves checked", checked)
	}
}

func TestSEE(t *testing.T) {
	tests := []struct {
		fen, move string
		value     int // the exchange's exact result
	}{
		// Pawn takes an undefended knight.
		{"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320},
		// Queen takes a pawn defended by a pawn.
		{"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 100 - 950},
		// Rook takes a rook defended by a rook, with our rook behind (x-ray).
		{"3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 500},
		// Knight takes a pawn defended by a bishop.
		{"4k3/8/5b2/4p3/8/3N4/8/4K3 w - - 0 1", "d3e5", 100 - 320},
		// A quiet move onto a square a pawn attacks.
		{"4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1", "d4f5", -320},
		// En passant.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
	}
	for _, tc := range tests {
		pos := mustFEN(t, tc.fen)
		m, err := pos.ParseUCI(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		if !seeGE(&pos, m, tc.value) || seeGE(&pos, m, tc.value+1) {
			t.Errorf("%s %s: SEE is not %d", tc.fen, tc.move, tc.value)
		}
	}
}

func TestCheckInfoStartsEmpty(t *testing.T) {
	pos := chess.StartingPosition()
	ci := newCheckInfo(&pos)
	if ci.blockers != 0 {
		t.Errorf("blockers %v in the initial position", ci.blockers)
	}
}
