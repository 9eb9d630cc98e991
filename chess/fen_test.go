package chess

import (
	"errors"
	"maps"
	"strings"
	"testing"
)

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen    string
		code   string
		params map[string]string
	}{
		{"", CodeFENFields, map[string]string{"count": "0"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", CodeFENFields, map[string]string{"count": "3"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", CodeFENBoardRanks, map[string]string{"count": "7"}},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CodeFENBoardPiece, map[string]string{"rank": "6", "char": "9"}},
		{"rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CodeFENBoardRankLength, map[string]string{"rank": "6", "count": "9"}},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CodeFENBoardRankLength, map[string]string{"rank": "7", "count": "9"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", CodeFENBoardPiece, map[string]string{"rank": "1", "char": "X"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w KQkq - 0 1", CodeFENBoardPiece, map[string]string{"rank": "1", "char": "\\xff"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", CodeFENTurn, map[string]string{"text": "x"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", CodeFENCastlingLetter, map[string]string{"char": "z"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", CodeFENCastlingTooLong, map[string]string{"text": "KQkqK"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KH - 0 1", CodeFENCastlingTwice, map[string]string{"square": "h1"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", CodeFENEnPassant, map[string]string{"text": "e9"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", CodeFENHalfmove, map[string]string{"text": "x"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", CodeFENFullmove, map[string]string{"text": "0"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 " + strings.Repeat("9", 50), CodeFENFullmove, map[string]string{"text": strings.Repeat("9", 37) + "…"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w K - 0 1", CodeMissingKing, map[string]string{"color": "white"}}, // then castling.no_king
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 w K - 0 1", CodeCastlingNoRook, map[string]string{"color": "white"}},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", CodeMissingKing, map[string]string{"color": "black"}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", CodeTooManyKings, map[string]string{"color": "white", "count": "2"}},
		{"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", CodePawnOnBackRank, map[string]string{"square": "a1"}},
		{"p3k3/8/8/8/8/8/8/4K3 w - - 0 1", CodePawnOnBackRank, map[string]string{"square": "a8"}},
		{"4k3/8/8/8/8/8/8/4K2r b - - 0 1", CodeOppositeCheck, map[string]string{"color": "white"}},
		{"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", CodeCastlingRookCorner, map[string]string{"color": "white", "square": "g1"}},
		{"4k3/8/8/8/8/8/8/3K3R w K - 0 1", CodeCastlingKingNotHome, map[string]string{"color": "white", "square": "d1"}},
		{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", CodeCastlingNoRook, map[string]string{"color": "white"}},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", CodeEnPassantRank, map[string]string{"square": "e4"}},
		{"4k3/8/8/8/8/8/8/4K3 b - e3 0 1", CodeEnPassantNoPawn, map[string]string{"square": "e3"}},
		{"4k3/8/8/8/3pP3/4B3/8/4K3 b - e3 0 1", CodeEnPassantOccupied, map[string]string{"square": "e3"}},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.fen, tc.code)
			continue
		}
		e, ok := errors.AsType[*Error](err)
		if !ok || e.ErrorCode() != tc.code || !maps.Equal(e.ErrorParams(), tc.params) {
			t.Errorf("%q: %v: code %s %v, want %s %v", tc.fen, err, CodeOf(err), e.ErrorParams(), tc.code, tc.params)
		}
		family := ErrInvalidPosition
		if strings.HasPrefix(tc.code, "chess.fen.") {
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
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 1999", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 1999"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if got := p.FEN(); got != tc.out {
			t.Errorf("FEN(%q) = %q, want %q", tc.in, got, tc.out)
		}
		// Written into one allocation, the string itself.
		if n := testing.AllocsPerRun(20, func() { _ = p.FEN() }); n != 1 {
			t.Errorf("FEN(%q) makes %v allocations, want 1", tc.in, n)
		}
	}
}

func TestChess960Castling(t *testing.T) {
	s, err := ParseSetup("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Position(Standard); !strings.HasPrefix(CodeOf(err), "chess.position.castling.") {
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
