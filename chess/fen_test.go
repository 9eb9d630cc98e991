package chess

import (
	"errors"
	"testing"
)

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen  string
		kind ErrorKind
	}{
		{"", ErrFENFields},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", ErrFENFields},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", ErrFENBoard},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrFENBoard},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrFENBoard},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", ErrFENBoard},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", ErrFENTurn},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", ErrFENCastling},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", ErrFENEnPassant},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", ErrFENHalfmove},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", ErrFENFullmove},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", ErrMissingKing},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", ErrTooManyKings},
		{"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrTooManyPieces},
		{"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", ErrPawnOnBackRank},
		{"p3k3/8/8/8/8/8/8/4K3 w - - 0 1", ErrPawnOnBackRank},
		{"4k3/8/8/8/8/8/8/4K2r b - - 0 1", ErrOppositeCheck},
		{"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", ErrCastlingRights},
		{"4k3/8/8/8/8/8/8/3K3R w K - 0 1", ErrCastlingRights},
		{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", ErrCastlingRights},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", ErrEnPassantSquare},
		{"4k3/8/8/8/8/8/8/4K3 b - e3 0 1", ErrEnPassantSquare},
		{"4k3/8/8/8/3pP3/4B3/8/4K3 b - e3 0 1", ErrEnPassantSquare},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.fen, tc.kind)
			continue
		}
		if k := KindOf(err); k != tc.kind {
			t.Errorf("%q: kind %s (%v), want %s", tc.fen, k, err, tc.kind)
		}
		family := ErrInvalidPosition
		if tc.kind[:4] == "fen." {
			family = ErrInvalidFEN
		}
		if !errors.Is(err, family) {
			t.Errorf("%q: %v is not %v", tc.fen, err, family)
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	tests := []struct{ in, out string }{
		{StartingFEN, StartingFEN},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qk - 7 40", "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 7 40"},
		{"8/8/8/8/8/8/8/K6k w - -", "8/8/8/8/8/8/8/K6k w - - 0 1"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if got := p.FEN(); got != tc.out {
			t.Errorf("FEN(%q) = %q, want %q", tc.in, got, tc.out)
		}
	}
}

func TestChess960Castling(t *testing.T) {
	s, err := ParseSetup("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Position(Standard); KindOf(err) != ErrCastlingRights {
		t.Errorf("standard chess accepted a Chess960 setup (err %v)", err)
	}
	p, err := s.Position(Chess960)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.FEN(), "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"; got != want {
		t.Errorf("FEN = %q, want %q", got, want)
	}
	// After 1. Nh1-g3 ... the king may castle with the g1 rook: O-O keeps the
	// king on f1->g1 and the rook g1->f1, written king-takes-rook in UCI.
	for _, u := range []string{"h1g3", "h8g6"} {
		m, err := p.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		p.PlayUnchecked(m)
	}
	m, err := p.ParseSAN("O-O")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.UCI(m); got != "f1g1" {
		t.Errorf("UCI of O-O = %q, want f1g1", got)
	}
	p.PlayUnchecked(m)
	if got := p.PieceAt(G1); got != NewPiece(White, King) {
		t.Errorf("g1 holds %v after O-O", got)
	}
	if got := p.PieceAt(F1); got != NewPiece(White, Rook) {
		t.Errorf("f1 holds %v after O-O", got)
	}
}
