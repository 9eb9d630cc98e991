package ai

import (
	"errors"
	"strings"
	"testing"
)

// FuzzReplay: whatever start position and moves a request carries, replay
// either refuses them with one of the package's codes or gives a position
// with a legal move, reached by exactly the moves given.
func FuzzReplay(f *testing.F) {
	f.Add("", "e2e4 e7e5 g1f3")
	f.Add("", "f2f3 e7e5 g2g4 d8h4")
	f.Add(middlegame, "d4c5 e7c5")
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1", "")
	f.Add("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1 e8d7 h1h8")
	f.Add("", "e2e4 e2e4")
	f.Fuzz(func(t *testing.T, fen, moves string) {
		req := Request{StartFEN: fen, Moves: strings.Fields(moves), Level: 1}
		p, err := replay(req)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%v is not an *ai.Error", err)
			}
			switch e.Code {
			case CodeBadStart, CodeBadMove, CodeNoMove:
			default:
				t.Fatalf("code %s for %q %q", e.Code, fen, moves)
			}
			return
		}
		if len(p.moves) != len(req.Moves) || len(p.history) != len(req.Moves) {
			t.Fatalf("%d moves, %d keys for %d given", len(p.moves), len(p.history), len(req.Moves))
		}
		if !p.current.HasLegalMoves() {
			t.Fatalf("no legal move in %s", p.current.FEN())
		}
	})
}
