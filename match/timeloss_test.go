package match

import (
	"testing"

	"github.com/joinpal/joinpal/chess"
)

// TestTimeLossScoring: running out of time loses only if the
// opponent could still mate by some series of legal moves (FIDE 6.9), not
// when the material only seems to allow it (a rook walled in by its own
// pawns, a king that can never reach the other).
func TestTimeLossScoring(t *testing.T) {
	tests := []struct {
		name   string
		fen    string
		side   chess.Color // the side out of time
		result string
	}{
		{"White out of time, Black's king can never reach White's", "5k2/1p6/1P6/KP6/1P6/RP6/P7/8 w - - 0 1", chess.White, "1/2-1/2"},
		{"Black out of time, White's rook is walled in", "5k2/1p6/1P6/KP6/1P6/RP6/P7/8 b - - 0 1", chess.Black, "1/2-1/2"},
		{"Black out of time, White's queen can mate", "k7/4Q3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K b - - 0 1", chess.Black, "1-0"},
		{"White out of time against a lone king", "k7/8/8/8/8/8/8/1Q5K w - - 0 1", chess.White, "1/2-1/2"},
		{"White out of time in the opening", chess.StartingFEN, chess.White, "0-1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := chess.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			g := Game{}.timeLoss(pos, tc.side, "flag")
			if g.Result != tc.result || g.Termination != "time forfeit" {
				t.Errorf("result %s, termination %q (%s); want %s", g.Result, g.Termination, g.Reason, tc.result)
			}
		})
	}
}
