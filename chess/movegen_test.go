package chess

import (
	"slices"
	"strings"
	"testing"
)

// checkAgainstReference compares the generator, the counter and
// PlayUnchecked's incremental key with the slow reference.
func checkAgainstReference(t *testing.T, p *Position) {
	t.Helper()
	got := p.LegalMoves(nil)
	want := refLegalMoves(p)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: generator %v, reference %v", p.FEN(), got, want)
	}
	if n := p.CountLegal(); n != len(want) {
		t.Fatalf("%s: CountLegal %d, want %d", p.FEN(), n, len(want))
	}
	for _, m := range got {
		child := *p
		child.PlayUnchecked(m)
		if child.Key() != child.computeKey() {
			t.Fatalf("%s: key after %s not the computed one", p.FEN(), m)
		}
		if b := refPlay(p.board, m, p.turn); b != refBoard(child.board) {
			t.Fatalf("%s: board after %s differs from the reference", p.FEN(), m)
		}
	}
}

// TestGeneratorMatchesReference walks the trees below the test positions.
func TestGeneratorMatchesReference(t *testing.T) {
	fens := []string{
		StartingFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, fen := range fens {
		p, err := ParseFENWith(fen, GeneratorTest(Standard)) // align-ep is an impossible check
		if err != nil {
			t.Fatal(err)
		}
		var walk func(p *Position, d int)
		walk = func(p *Position, d int) {
			checkAgainstReference(t, p)
			if d == 0 {
				return
			}
			for _, m := range p.LegalMoves(nil) {
				child := *p
				child.PlayUnchecked(m)
				walk(&child, d-1)
			}
		}
		walk(&p, depth)
	}
}

// TestRules covers each rule and its classic traps by the exact set of
// legal moves of a piece.
func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		move  string // UCI
		legal bool
	}{
		{"en passant right after the double step", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 moves e2e4", "d4e3", true},
		{"en passant exposing the king along the rank", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2", "e5d6", false},
		{"en passant along the diagonal that pins the pawn", "1b2k3/8/8/3pP3/8/6K1/8/8 w - d6 0 2", "e5d6", true},
		{"en passant off the diagonal that pins the pawn", "4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 2", "e5d6", false},
		{"en passant only on the very next move", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 moves e2e4 e8d8 e1d1 d8e8", "d4e3", false},
		{"en passant parrying the check of the pawn", "8/8/8/3pP3/4K3/8/8/k7 w - d6 0 2", "e5d6", true},
		{"castling out of check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", false},
		{"castling through check", "4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", false},
		{"castling into check", "4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", false},
		{"castling with an attacked rook", "4k3/7r/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", true},
		{"queenside castling with b1 attacked", "4k3/1r6/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", true},
		{"queenside castling with d1 attacked", "4k3/3r4/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", false},
		{"castling with a piece in between", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1", false},
		{"castling after the rook moved", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1", false},
		{"promotion with capture", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", true},
		{"promotion with check", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8r", true},
		{"promotion to a king", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8k", false},
		{"a pawn must promote", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", false},
		{"a pinned knight may not move", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", false},
		{"a pinned rook moves along the pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2e7", true},
		{"the king may not step along a checking line", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f1", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, tc.fen)
			_, err := p.ParseUCI(tc.move)
			if (err == nil) != tc.legal {
				t.Fatalf("%s in %s: legal = %v, want %v (err %v)", tc.move, p.FEN(), err == nil, tc.legal, err)
			}
			checkAgainstReference(t, &p)
		})
	}
}

// mustPosition reads a FEN optionally followed by " moves m1 m2 ..." (UCI).
func mustPosition(t *testing.T, spec string) Position {
	t.Helper()
	fen, moves, _ := strings.Cut(spec, " moves ")
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range strings.Fields(moves) {
		m, err := p.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		p.PlayUnchecked(m)
	}
	return p
}
