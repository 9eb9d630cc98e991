package chess

import (
	"errors"
	"maps"
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
		code     string
		params   map[string]string
	}{
		{"4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1", "Ne4", ErrAmbiguousMove, CodeAmbiguousMove, map[string]string{"move": "Ne4", "piece": "knight", "square": "e4"}},
		{"8/7k/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "Qab3", ErrAmbiguousMove, CodeAmbiguousMove, map[string]string{"move": "Qab3", "piece": "queen", "square": "b3"}},
		{StartingFEN, "Nf4", ErrIllegalMove, CodeNoPieceReaches, map[string]string{"move": "Nf4", "piece": "knight", "square": "f4"}},
		{StartingFEN, "e5", ErrIllegalMove, CodeUnreachable, map[string]string{"move": "e5", "piece": "pawn", "from": "e2", "to": "e5"}},
		{StartingFEN, "O-O", ErrIllegalMove, CodeCastlingBlocked, map[string]string{"move": "O-O"}},
		{"4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O", ErrIllegalMove, CodeCastlingNoRight, map[string]string{"move": "O-O", "side": "king"}},
		{"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "O-O-O", ErrIllegalMove, CodeCastlingNoRight, map[string]string{"move": "O-O-O", "side": "queen"}},
		{"4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", ErrIllegalMove, CodeCastlingThroughChk, map[string]string{"move": "O-O", "square": "f1"}},
		{StartingFEN, "Ke2", ErrIllegalMove, CodeOwnPieceOnTarget, map[string]string{"move": "Ke2", "square": "e2"}},
		{StartingFEN, "Bb4", ErrIllegalMove, CodeNoPieceReaches, map[string]string{"move": "Bb4", "piece": "bishop", "square": "b4"}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", ErrIllegalMove, CodeNoSuchPiece, map[string]string{"move": "Nf3", "piece": "knight", "square": "f3"}},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6", ErrIllegalMove, CodePawnCaptureEmpty, map[string]string{"move": "exd6", "square": "d6"}},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", ErrIllegalMove, CodeMustPromote, map[string]string{"move": "a8"}},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", ErrIllegalMove, CodePromotionPiece, map[string]string{"move": "a8=K"}},
		{StartingFEN, "", ErrMalformedMove, CodeSANEmpty, nil},
		{StartingFEN, "Xf3", ErrMalformedMove, CodeSANPieceLetter, map[string]string{"move": "Xf3"}},
		{StartingFEN, "Nz9", ErrMalformedMove, CodeSANSquare, map[string]string{"move": "Nz9"}},
		{StartingFEN, "N", ErrMalformedMove, CodeSANSquare, map[string]string{"move": "N"}},
		{StartingFEN, "Nqf3", ErrMalformedMove, CodeSANPrefix, map[string]string{"move": "Nqf3"}},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		m, err := p.ParseSAN(tc.san)
		if !errors.Is(err, tc.sentinel) {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v", tc.fen, tc.san, m, err, tc.sentinel)
		}
		if e, ok := errors.AsType[*Error](err); !ok || e.Code != tc.code || !maps.Equal(e.ErrorParams(), tc.params) {
			t.Errorf("%s: ParseSAN(%q): %v: code %s %v, want %s %v", tc.fen, tc.san, err, CodeOf(err), e.ErrorParams(), tc.code, tc.params)
		}
	}
}

func TestIllegalMoveReasons(t *testing.T) {
	tests := []struct {
		fen, uci, reason string
		code             string
		params           map[string]string
	}{
		{StartingFEN, "e3e4", "illegal move e3e4: there is no piece on e3", CodeNoPiece, map[string]string{"square": "e3"}},
		{StartingFEN, "e2e2", "illegal move e2e2: a move must change squares", CodeSameSquare, nil},
		{StartingFEN, "e7e5", "illegal move e7e5: the pawn on e7 is black's, and it is white's turn", CodeOpponentsPiece, map[string]string{"piece": "pawn", "square": "e7"}},
		{StartingFEN, "e2e5", "illegal move e2e5: a pawn on e2 cannot reach e5", CodeUnreachable, map[string]string{"piece": "pawn", "from": "e2", "to": "e5"}},
		{StartingFEN, "g1g3", "illegal move g1g3: a knight on g1 cannot reach g3", CodeUnreachable, map[string]string{"piece": "knight", "from": "g1", "to": "g3"}},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1e3", "illegal move e1e3: a king on e1 cannot reach e3", CodeUnreachable, map[string]string{"piece": "king", "from": "e1", "to": "e3"}},
		{StartingFEN, "d1d2", "illegal move d1d2: d2 is occupied by a white piece", CodeOwnPieceOnTarget, map[string]string{"square": "d2"}},
		{StartingFEN, "g1f3q", "illegal move g1f3q: only a pawn promotes, not a knight", CodePromotionNotPawn, map[string]string{"piece": "knight"}},
		{StartingFEN, "e2e4q", "illegal move e2e4q: only a pawn reaching the last rank promotes", CodePromotionTooEarly, nil},
		{"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "illegal move e1g1: cannot castle out of check", CodeCastlingInCheck, nil},
		{"4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "illegal move e1g1: cannot castle through check (f1 is attacked)", CodeCastlingThroughChk, map[string]string{"square": "f1"}},
		{"4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "illegal move e1g1: cannot castle into check (g1 is attacked)", CodeCastlingIntoCheck, map[string]string{"square": "g1"}},
		{"4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1", "illegal move e1g1: white has lost the right to castle on that side", CodeCastlingNoRight, map[string]string{"side": "king"}},
		{"4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1", "illegal move e1c1: cannot castle: the squares between king and rook are not empty", CodeCastlingBlocked, nil},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", "illegal move e2c3: it would leave the white king in check", CodeSelfCheck, nil},
		{"4kr2/8/8/8/8/8/8/4K3 w - - 0 1", "e1f1", "illegal move e1f1: it would leave the white king in check", CodeSelfCheck, nil},
		{"4k3/4r3/8/8/8/8/8/N3K3 w - - 0 1", "a1b3", "illegal move a1b3: white is in check and this move does not parry it", CodeCheckNotParried, nil},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", "illegal move a7a8: a pawn reaching the last rank must promote (to a queen, rook, bishop or knight)", CodeMustPromote, nil},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "h8g8", "illegal move h8g8: the game is over: stalemate", CodeGameOverStalemate, nil},
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "h8g8", "illegal move h8g8: the game is over: checkmate", CodeGameOverCheckmate, nil},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		_, err := p.ParseUCI(tc.uci)
		if err == nil || err.Error() != "chess: "+tc.reason {
			t.Errorf("%s %s: %v, want %q", tc.fen, tc.uci, err, tc.reason)
		}
		want := maps.Clone(tc.params)
		if want == nil {
			want = map[string]string{}
		}
		want["move"] = tc.uci
		if e, ok := errors.AsType[*Error](err); !ok || e.Code != tc.code || !maps.Equal(e.ErrorParams(), want) {
			t.Errorf("%s %s: code %s %v, want %s %v", tc.fen, tc.uci, CodeOf(err), e.ErrorParams(), tc.code, want)
		}
		if !errors.Is(err, ErrIllegalMove) {
			t.Errorf("%s %s: %v is not ErrIllegalMove", tc.fen, tc.uci, err)
		}
	}
}

func TestUCIReadErrors(t *testing.T) {
	tests := []struct{ uci, code string }{
		{"", CodeUCISyntax},
		{"e2", CodeUCISyntax},
		{"e2e4qq", CodeUCISyntax},
		{"e9e4", CodeUCISyntax},
		{"e7e8k", CodeUCIPromotion},
	}
	p := StartingPosition()
	for _, tc := range tests {
		_, err := p.ParseUCI(tc.uci)
		if CodeOf(err) != tc.code || !errors.Is(err, ErrMalformedMove) {
			t.Errorf("ParseUCI(%q) = %v (code %q), want %s", tc.uci, err, CodeOf(err), tc.code)
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
