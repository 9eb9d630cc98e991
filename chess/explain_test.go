package chess

import (
	"errors"
	"maps"
	"testing"
)

func TestTryExplains(t *testing.T) {
	const castle = "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1" // the bishop on c4 sees f1
	tests := []struct {
		fen, move string
		code      string
		params    map[string]string
	}{
		{castle, "O-O", CodeCastlingThroughAttacked, map[string]string{"square": "f1", "attacker": "bishop", "attacker_square": "c4"}},
		{castle, "e1g1", CodeCastlingThroughAttacked, map[string]string{"square": "f1", "attacker": "bishop", "attacker_square": "c4"}},
		{castle, "e1h1", CodeCastlingThroughAttacked, map[string]string{"square": "f1", "attacker": "bishop", "attacker_square": "c4"}},
		{"4k3/8/8/8/8/8/6n1/R3K2R w KQ - 0 1", "O-O", CodeCastlingCheckedBy, map[string]string{"attacker": "knight", "attacker_square": "g2"}},
		{"4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", "O-O", CodeCastlingBlockedBy, map[string]string{"piece": "knight", "square": "g1"}},
		{"4k3/8/8/8/8/8/8/RN1QK2R w KQ - 0 1", "O-O-O", CodeCastlingBlockedBy, map[string]string{"piece": "queen", "square": "d1"}},
		{"4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", CodeCastlingIntoAttacked, map[string]string{"square": "g1", "attacker": "rook", "attacker_square": "g7"}},
		// Long castling: d1 is crossed before c1 is reached.
		{"2rrk3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", CodeCastlingThroughAttacked, map[string]string{"square": "d1", "attacker": "rook", "attacker_square": "d8"}},
		// The rook may be attacked and may cross an attacked square.
		{"1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", "", nil},
		{"4k3/8/8/8/8/8/8/R4K1R w - - 0 1", "O-O", CodeCastlingKingMoved, nil},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O", CodeCastlingRookMoved, map[string]string{"square": "h1"}},
		{"4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O", CodeCastlingNoRight, map[string]string{"side": "king"}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1g1", CodeCastlingRookMoved, map[string]string{"square": "h1"}},
		{"4kr2/8/8/8/8/8/8/4K3 w - - 0 1", "Kf1", CodeKingAttacked, map[string]string{"square": "f1", "attacker": "rook", "attacker_square": "f8"}},
		// The king cannot step back along the checking line.
		{"4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "Kf1", CodeKingAttacked, map[string]string{"square": "f1", "attacker": "rook", "attacker_square": "a1"}},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", CodePinned, map[string]string{"piece": "knight", "square": "e2", "attacker": "rook", "attacker_square": "e7"}},
		{"4k3/4r3/8/8/8/8/8/N3K3 w - - 0 1", "Nb3", CodeStillInCheck, map[string]string{"attacker": "rook", "attacker_square": "e7"}},
		{"4k3/8/8/8/8/3n4/8/N3K3 w - - 0 1", "Nb3", CodeStillInCheckNoBlock, map[string]string{"attacker": "knight", "attacker_square": "d3"}},
		{"4k3/4r3/8/8/8/3n4/8/N3K3 w - - 0 1", "Nb3", CodeDoubleCheck, map[string]string{"attacker": "knight", "attacker_square": "d3", "second": "rook", "second_square": "e7"}},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6", CodeEnPassantExpired, map[string]string{"square": "d5"}},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "e5d6", CodeEnPassantExpired, map[string]string{"square": "d5"}},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", "", nil},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2f3", CodePawnCaptureEmpty, map[string]string{"square": "f3"}},
		{"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4e3", CodePawnBackward, map[string]string{"from": "e4"}},
		{"4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1", "e4e5", CodePawnBlocked, map[string]string{"from": "e4", "blocker": "knight", "blocker_square": "e5"}},
		{"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2e4", CodePawnBlocked, map[string]string{"from": "e2", "blocker": "knight", "blocker_square": "e3"}},
		{"4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3e5", CodePawnDoubleStep, map[string]string{"from": "e3"}},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2d2", CodeWayPawn, map[string]string{"from": "e2", "to": "d2"}},
		{StartingFEN, "a1a3", CodePathBlocked, map[string]string{"piece": "rook", "from": "a1", "to": "a3", "blocker": "pawn", "blocker_square": "a2"}},
		{StartingFEN, "Bc1h6", CodePathBlocked, map[string]string{"piece": "bishop", "from": "c1", "to": "h6", "blocker": "pawn", "blocker_square": "d2"}},
		{StartingFEN, "g1g3", CodeWayKnight, map[string]string{"from": "g1", "to": "g3"}},
		{"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1c4", CodeWayBishop, map[string]string{"from": "c1", "to": "c4"}},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1b3", CodeWayRook, map[string]string{"from": "a1", "to": "b3"}},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1e3", CodeWayQueen, map[string]string{"from": "d1", "to": "e3"}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e3", CodeWayKing, map[string]string{"from": "e1", "to": "e3"}},
		// SAN with two pieces of the kind: the one that could go there is meant.
		{"4k3/8/8/8/8/8/6n1/R3K2R w KQ - 0 1", "Rb1", CodeStillInCheckNoBlock, nil},
		// A king's SAN two squares along its rank is a king's step, not castling (O-O).
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kg1", CodeWayKing, map[string]string{"from": "e1", "to": "g1"}},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kg1", CodeWayKing, map[string]string{"from": "e1", "to": "g1"}},
		// Refusals with nothing more to say keep their plain codes.
		{StartingFEN, "e3e4", CodeNoPiece, map[string]string{"square": "e3"}},
		{StartingFEN, "Nf4", CodeNoPieceReaches, map[string]string{"piece": "knight", "square": "f4"}},
		{StartingFEN, "Nqf3", CodeSANPrefix, nil},
		{StartingFEN, "e7e8x9", CodeSANSquare, nil},
		{StartingFEN, "e2e4", "", nil},
		{StartingFEN, " Nf3 ", "", nil},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		m, err := p.Try(tc.move)
		if tc.code == "" {
			if err != nil || m == NullMove {
				t.Errorf("%s: Try(%q) = %v, %v; want a legal move", tc.fen, tc.move, m, err)
			}
			continue
		}
		e, ok := errors.AsType[*Error](err)
		if !ok || e.Code != tc.code {
			t.Errorf("%s: Try(%q) = %v (code %s), want code %s", tc.fen, tc.move, err, CodeOf(err), tc.code)
			continue
		}
		if tc.params != nil {
			want := maps.Clone(tc.params)
			want["move"] = e.Params["move"]
			if !maps.Equal(e.Params, want) {
				t.Errorf("%s: Try(%q): params %v, want %v", tc.fen, tc.move, e.Params, want)
			}
		}
		if tc.code != CodeSANPrefix && tc.code != CodeSANSquare && !errors.Is(err, ErrIllegalMove) {
			t.Errorf("%s: Try(%q): %v is not ErrIllegalMove", tc.fen, tc.move, err)
		}
	}
}

// TestTryDeclaresItsParameters: every refusal Try gives carries exactly the
// parameters its code declares (the catalogue's texts use exactly those).
func TestTryDeclaresItsParameters(t *testing.T) {
	declared := map[string][]string{}
	for _, c := range Codes() {
		declared[c.Code] = c.Params
	}
	fens := []string{StartingFEN, "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1", "4k3/4r3/8/8/8/3n4/8/N3K3 w - - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/R4K1R w - - 0 1"}
	for _, fen := range fens {
		p := mustPosition(t, fen)
		for from := A1; from <= H8; from++ {
			for to := A1; to <= H8; to++ {
				text := from.String() + to.String()
				_, err := p.Try(text)
				if err == nil {
					continue
				}
				e, ok := errors.AsType[*Error](err)
				if !ok {
					t.Fatalf("%s %s: %v is no *Error", fen, text, err)
				}
				want, ok := declared[e.Code]
				if !ok {
					t.Errorf("%s %s: undeclared code %s", fen, text, e.Code)
					continue
				}
				if len(want) != len(e.Params) {
					t.Errorf("%s %s: %s has params %v, declares %v", fen, text, e.Code, e.Params, want)
				}
				for _, k := range want {
					if _, ok := e.Params[k]; !ok {
						t.Errorf("%s %s: %s lacks %s: %v", fen, text, e.Code, k, e.Params)
					}
				}
			}
		}
	}
}

// FuzzTry: Try never changes the position, every refusal is coded, and
// every move it returns is legal.
func FuzzTry(f *testing.F) {
	for _, s := range []string{"O-O", "e1g1", "exd6", "Nb3", "Kf1", "a1a3", "e7e8q", "0-0-0", "Qxf7#"} {
		f.Add(StartingFEN, s)
		f.Add("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, text string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		before := p
		m, err := p.Try(text)
		if p != before {
			t.Fatal("Try changed the position")
		}
		if err != nil {
			if CodeOf(err) == "" {
				t.Fatalf("Try(%q): uncoded error %v", text, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("Try(%q) = %v, not legal", text, m)
		}
	})
}
