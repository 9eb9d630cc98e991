package chess

import (
	"errors"
	"slices"
	"testing"
)

// TestValidateProblems lists, for each kind of problem and for positions
// with several, every code that strict validation must report, in order.
func TestValidateProblems(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want []string // nil: the position is valid
	}{
		// Checks that a last move could have given.
		{"knight and uncovered rook", "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1", nil},
		{"rook and bishop, two lines", "4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1", nil},
		{"double step gives check", "8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1", nil},
		{"double step uncovers a rook", "8/8/8/8/4P3/8/k6R/4K3 b - e3 0 1", nil},
		{"rook check without a double step", "R7/8/8/8/4P3/8/k7/4K3 b - - 0 1", nil},

		// Impossible checks.
		{"two knights", "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1", []string{CodeImpossibleCheckSteppers}},
		{"a pawn and a knight", "4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1", []string{CodeImpossibleCheckSteppers}},
		{"two pawns", "8/8/8/3k4/2P1P3/8/8/4K3 b - - 0 1", []string{CodeImpossibleCheckSteppers}},
		{"triple check", "4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1", []string{CodeImpossibleCheckCount}},
		{"two rooks on one file", "4R3/8/8/4k3/8/8/8/4R1K1 b - - 0 1", []string{CodeImpossibleCheckAligned}},
		{"queen and bishop on one diagonal", "7B/8/8/4k3/8/8/8/Q5K1 b - - 0 1", []string{CodeImpossibleCheckAligned}},
		{"knight check after a double step", "8/8/8/8/1N2P3/8/k7/4K3 b - e3 0 1", []string{CodeImpossibleCheckDoubleStep}},
		{"rook check the double step did not uncover", "R7/8/8/8/4P3/8/k7/4K3 b - e3 0 1", []string{CodeImpossibleCheckDoubleStep}},
		{"two checks after a double step", "8/8/8/3k4/4P3/8/3R4/4K3 b - e3 0 1", []string{CodeImpossibleCheckDoubleStep}},
		{"white in impossible check", "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", []string{CodeImpossibleCheckSteppers}},

		// Material.
		{"nine queens, no pawns", "6bk/6pp/8/8/8/8/QQQQQQQ1/QQK5 w - - 0 1", nil},
		{"nine queens and a pawn", "6bk/6pp/8/8/8/P7/QQQQQQQ1/QQK5 w - - 0 1", []string{CodeTooMuchMaterial}},
		{"second queen with eight pawns", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", []string{CodeTooMuchMaterial}},
		{"two dark bishops with eight pawns", "4k3/8/8/8/8/4B3/PPPPPPPP/2B1K3 w - - 0 1", []string{CodeTooMuchMaterial}},
		{"two dark bishops with seven pawns", "4k3/8/8/8/8/4B3/PPPPPPP1/2B1K3 w - - 0 1", nil},
		{"third black knight with eight pawns", "n1n1k3/pppppppp/8/8/8/8/8/1n2K3 w - - 0 1", []string{CodeTooMuchMaterial}},
		{"nine pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", []string{CodeTooManyPawns}},
		{"seventeen pieces", "6bk/6pp/8/8/8/Q7/QQQQQQQQ/QQQQQQQK w - - 0 1", []string{CodeTooManyPieces}},

		// The other laws.
		{"no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", []string{CodeMissingKing}},
		{"two black kings", "3kk3/8/8/8/8/8/8/4K3 w - - 0 1", []string{CodeTooManyKings}},
		{"pawn on the last rank", "3Pk3/8/8/8/8/8/8/4K3 b - - 0 1", []string{CodePawnOnBackRank}},
		{"side not to move in check", "4k3/8/8/8/8/8/8/4K2r b - - 0 1", []string{CodeOppositeCheck}},
		{"castling without the rook", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", []string{CodeCastlingRookCorner}},
		{"castling with the king away", "4k3/8/8/8/8/8/8/3K3R w K - 0 1", []string{CodeCastlingKingNotHome}},
		{"en passant on the wrong rank", "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", []string{CodeEnPassantRank}},
		{"en passant without the pawn", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", []string{CodeEnPassantNoPawn}},
		{"en passant with the origin occupied", "4k3/8/8/8/3pP3/8/4B3/4K3 b - e3 0 1", []string{CodeEnPassantOccupied}},

		// Several problems at once: every one is reported.
		{"empty board with a pawn on a1", "8/8/8/8/8/8/8/P7 w - - 0 1",
			[]string{CodeMissingKing, CodeMissingKing, CodePawnOnBackRank}},
		{"two pawns on back ranks", "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",
			[]string{CodePawnOnBackRank, CodePawnOnBackRank}},
		{"opposite check, impossible check, material, en passant", "4k3/8/3N1N2/8/8/8/PPPPPPPP/QQ2K2r b - e6 0 1",
			[]string{CodeTooMuchMaterial, CodeOppositeCheck, CodeEnPassantRank, CodeImpossibleCheckSteppers}},
		{"bad castling for both sides and two kings", "4k3/8/8/8/8/8/8/4KK1R w Kq - 0 1",
			[]string{CodeTooManyKings, CodeCastlingNoKing, CodeCastlingNoRook}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseFEN(tc.fen)
			got := problemCodes(t, err)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("%s: codes %q, want %q (%v)", tc.fen, got, tc.want, err)
			}
			if err == nil {
				return
			}
			if !errors.Is(err, ErrInvalidPosition) {
				t.Errorf("%v is not ErrInvalidPosition", err)
			}
			if CodeOf(err) != tc.want[0] {
				t.Errorf("CodeOf = %q, want the first problem's %q", CodeOf(err), tc.want[0])
			}
			var se *SetupError
			if !errors.As(err, &se) {
				t.Fatalf("%T is not a *SetupError", err)
			}
			for _, p := range se.Problems {
				if !errors.Is(err, p) {
					t.Errorf("errors.Is does not reach %v", p)
				}
				if p.Msg == "" || p.Params["color"] == "" && p.Params["square"] == "" {
					t.Errorf("%s: message %q, params %v: want both", p.Code, p.Msg, p.Params)
				}
			}
		})
	}
}

// problemCodes returns the codes of err's problems, nil for no error.
func problemCodes(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var se *SetupError
	if !errors.As(err, &se) {
		return []string{"not a SetupError: " + err.Error()}
	}
	return se.Codes()
}

// TestValidateParams checks the parameters a translation of each new
// message needs.
func TestValidateParams(t *testing.T) {
	tests := []struct {
		fen    string
		params map[string]string
	}{
		{"4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1", map[string]string{"color": "black", "first": "d6", "second": "f6"}},
		{"4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1", map[string]string{"color": "black", "count": "3"}},
		{"4R3/8/8/4k3/8/8/8/4R1K1 b - - 0 1", map[string]string{"color": "black", "first": "e1", "second": "e8"}},
		{"R7/8/8/8/4P3/8/k7/4K3 b - e3 0 1", map[string]string{"color": "black", "square": "a8", "ep": "e3"}},
		{"4k3/8/8/8/8/4B3/PPPPPPPP/2B1K3 w - - 0 1", map[string]string{"color": "white", "promoted": "1", "missing": "0"}},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		for k, v := range tc.params {
			if e.Params[k] != v {
				t.Errorf("%s: %s: param %s = %q, want %q (all: %v)", tc.fen, e.Code, k, e.Params[k], v, e.Params)
			}
		}
		if len(e.Params) != len(tc.params) {
			t.Errorf("%s: params %v, want %v", tc.fen, e.Params, tc.params)
		}
	}
}

// TestValidateOptions checks that the drop options repair exactly what they
// name, and that the generator-test options let through impossible checks
// and nothing else.
func TestValidateOptions(t *testing.T) {
	drop := Options{DropBadCastling: true, DropBadEnPassant: true}
	tests := []struct {
		name    string
		fen     string
		opts    Options
		wantFEN string   // when it validates
		want    []string // codes when it does not
	}{
		{"castling rights without rooks dropped", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
			Options{DropBadCastling: true}, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", nil},
		{"castling rights without rooks refused", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
			Options{DropBadEnPassant: true}, "", []string{CodeCastlingNoRook, CodeCastlingNoRook, CodeCastlingNoRook, CodeCastlingNoRook}},
		{"good castling right kept, bad one dropped", "r3k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1",
			Options{DropBadCastling: true}, "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", nil},
		{"castling with the king away dropped", "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1",
			Options{DropBadCastling: true}, "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1", nil},
		{"en passant without a pawn dropped", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
			Options{DropBadEnPassant: true}, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", nil},
		{"en passant without a pawn refused", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
			Options{DropBadCastling: true}, "", []string{CodeEnPassantNoPawn}},
		{"both dropped", "4k3/8/8/8/8/8/8/4K3 b KQkq d3 0 1",
			drop, "4k3/8/8/8/8/8/8/4K3 b - - 0 1", nil},
		{"dropping does not hide an impossible check", "4k3/8/3N1N2/8/8/8/8/4K3 b KQkq - 0 1",
			drop, "", []string{CodeImpossibleCheckSteppers}},
		{"a dropped en-passant square explains no check", "R7/8/8/8/4P3/8/k7/4K3 b - e3 0 1",
			drop, "", []string{CodeImpossibleCheckDoubleStep}},
		{"a wrong-rank square dropped leaves a valid check", "R7/8/8/8/4P3/8/k7/4K3 b - e6 0 1",
			drop, "R7/8/8/8/4P3/8/k7/4K3 b - - 0 1", nil},
		{"generator test data: impossible check", "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
			GeneratorTest(Standard), "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1", nil},
		{"generator test data: still no extra promoted pieces", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
			GeneratorTest(Standard), "", []string{CodeTooMuchMaterial}},
		{"generator test data: still no opposite check", "4k3/8/8/8/8/8/8/4K2r b - - 0 1",
			GeneratorTest(Standard), "", []string{CodeOppositeCheck}},
		{"generator test data: still at most 8 pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
			GeneratorTest(Chess960), "", []string{CodeTooManyPawns}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFENWith(tc.fen, tc.opts)
			if got := problemCodes(t, err); !slices.Equal(got, tc.want) {
				t.Fatalf("codes %q, want %q (%v)", got, tc.want, err)
			}
			if err == nil && p.FEN() != tc.wantFEN {
				t.Errorf("FEN %q, want %q", p.FEN(), tc.wantFEN)
			}
		})
	}
}

// TestValidatePerftData loads every position of the perft suites through
// the generator-test path, and counts those the strict path refuses, so
// that the lenient path is known to be needed (and no more lenient than
// needed: each refusal is an impossible check).
func TestValidatePerftData(t *testing.T) {
	refused := 0
	for _, file := range []string{"testdata/perft/tricky.perft", "testdata/perft/random.perft"} {
		seen := map[string]bool{}
		for _, c := range readPerftFile(t, file) {
			if seen[c.fen] {
				continue
			}
			seen[c.fen] = true
			if _, err := ParseFENWith(c.fen, GeneratorTest(Chess960)); err != nil {
				t.Errorf("%s %s: %v", c.id, c.fen, err)
			}
			_, err := ParseFENWith(c.fen, Options{Castling: Chess960})
			if err == nil {
				continue
			}
			refused++
			for _, code := range problemCodes(t, err) {
				switch code {
				case CodeImpossibleCheckCount, CodeImpossibleCheckAligned,
					CodeImpossibleCheckSteppers, CodeImpossibleCheckDoubleStep:
				default:
					t.Errorf("%s %s: strict path refuses with %s: %v", c.id, c.fen, code, err)
				}
			}
		}
	}
	if refused == 0 {
		t.Error("the strict path accepts every perft position: the generator-test path is not needed")
	}
	t.Logf("%d perft positions need the generator-test path", refused)
}

func TestSquareList(t *testing.T) {
	for _, tc := range []struct {
		b    Bitboard
		want string
	}{
		{0, ""},
		{A1.Bitboard(), "a1"},
		{A1.Bitboard() | H8.Bitboard(), "a1 and h8"},
		{A1.Bitboard() | C1.Bitboard() | H8.Bitboard(), "a1, c1 and h8"},
	} {
		if got := squareList(tc.b); got != tc.want {
			t.Errorf("squareList(%v) = %q, want %q", tc.b.Squares(), got, tc.want)
		}
	}
}
