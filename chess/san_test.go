package chess

import (
	"errors"
	"testing"
)

func TestSANWrite(t *testing.T) {
	tests := []struct{ fen, uci, san string }{
		{StartingFEN, "g1f3", "Nf3"},
		{StartingFEN, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1"},
		{"4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
		{"8/7k/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3", "Qa4b3"},
		{"8/7k/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "c4b3", "Qcb3"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q+"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		{"7k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8", "Ra8#"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
		{"4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1", "d2e4", "Nde4"},
		{"4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1", "f2h3", "Nh3"},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		m, err := p.ParseUCI(tc.uci)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.fen, tc.uci, err)
		}
		if got := p.SAN(m); got != tc.san {
			t.Errorf("%s: SAN(%s) = %q, want %q", tc.fen, tc.uci, got, tc.san)
		}
		back, err := p.ParseSAN(tc.san)
		if err != nil || back != m {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %s", tc.fen, tc.san, back, err, tc.uci)
		}
	}
}

func TestSANReadLenient(t *testing.T) {
	tests := []struct{ fen, san, uci string }{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O+", "e1g1"},
		{StartingFEN, "Nf3+", "g1f3"},
		{StartingFEN, "Nf3#", "g1f3"},
		{StartingFEN, "Nf3!?", "g1f3"},
		{StartingFEN, "Ng1-f3", "g1f3"},
		{StartingFEN, "Ng1f3", "g1f3"},
		{StartingFEN, "e2e4", "e2e4"},
		{StartingFEN, "e2-e4", "e2e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ra8", "a1a8"},
		{"7k/8/6K1/8/8/8/8/R7 w - - 0 1", "Ra8", "a1a8"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6 e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "ed6", "e5d6"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8Q", "a7b8q"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=q", "a7b8q"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=N", "a7a8n"},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		m, err := p.ParseSAN(tc.san)
		if err != nil {
			t.Errorf("%s: ParseSAN(%q): %v", tc.fen, tc.san, err)
			continue
		}
		if got := p.UCI(m); got != tc.uci {
			t.Errorf("%s: ParseSAN(%q) = %s, want %s", tc.fen, tc.san, got, tc.uci)
		}
	}
}

func TestSANReadErrors(t *testing.T) {
	tests := []struct {
		fen, san string
		sentinel error
	}{
		{"4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1", "Ne4", ErrAmbiguousMove},
		{"8/7k/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "Qab3", ErrAmbiguousMove},
		{StartingFEN, "Nf4", ErrIllegalMove},
		{StartingFEN, "e5", ErrIllegalMove},
		{StartingFEN, "O-O", ErrIllegalMove},
		{StartingFEN, "Ke2", ErrIllegalMove},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6", ErrIllegalMove},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", ErrIllegalMove},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", ErrIllegalMove},
		{StartingFEN, "", ErrMalformedMove},
		{StartingFEN, "Xf3", ErrMalformedMove},
		{StartingFEN, "Nz9", ErrMalformedMove},
		{StartingFEN, "N", ErrMalformedMove},
		{StartingFEN, "Nqf3", ErrMalformedMove},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		m, err := p.ParseSAN(tc.san)
		if !errors.Is(err, tc.sentinel) {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v", tc.fen, tc.san, m, err, tc.sentinel)
		}
	}
}

func TestIllegalMoveReasons(t *testing.T) {
	tests := []struct{ fen, uci, reason string }{
		{StartingFEN, "e3e4", "illegal move e3e4: there is no piece on e3"},
		{StartingFEN, "e7e5", "illegal move e7e5: the pawn on e7 is black's, and it is white's turn"},
		{StartingFEN, "e2e5", "illegal move e2e5: a pawn on e2 cannot reach e5"},
		{StartingFEN, "g1g3", "illegal move g1g3: a knight on g1 cannot reach g3"},
		{StartingFEN, "d1d2", "illegal move d1d2: d2 is occupied by a white piece"},
		{"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "illegal move e1g1: cannot castle out of check"},
		{"4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "illegal move e1g1: cannot castle through check (f1 is attacked)"},
		{"4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "illegal move e1g1: cannot castle into check (g1 is attacked)"},
		{"4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1", "illegal move e1g1: white has lost the right to castle on that side"},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", "illegal move e2c3: it would leave the white king in check"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", "illegal move a7a8: a pawn reaching the last rank must promote (to a queen, rook, bishop or knight)"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "h8g8", "illegal move h8g8: the game is over: stalemate"},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		_, err := p.ParseUCI(tc.uci)
		if err == nil || err.Error() != "chess: "+tc.reason {
			t.Errorf("%s %s: %v, want %q", tc.fen, tc.uci, err, tc.reason)
		}
		if KindOf(err) != ErrMoveIllegal {
			t.Errorf("%s %s: kind %q", tc.fen, tc.uci, KindOf(err))
		}
	}
}

func TestPlayLeavesPositionUnchangedOnError(t *testing.T) {
	p := StartingPosition()
	before := p
	if err := p.Play(newMove(E2, E5, kindNormal)); err == nil {
		t.Fatal("e2e5 accepted")
	}
	if p != before {
		t.Fatal("a refused move changed the position")
	}
}
