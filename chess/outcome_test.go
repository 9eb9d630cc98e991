package chess

import "testing"

func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		fen  string
		want bool
	}{
		{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", true},              // K v K
		{"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true},            // K+B v K
		{"8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", true},            // K+N v K
		{"8/8/8/2b1k3/8/8/8/4K3 w - - 0 1", true},            // K v K+B
		{"8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1", true},          // bishops on one colour (c1, d6: dark)
		{"8/8/3b1b2/4k3/8/B7/8/2B1K3 w - - 0 1", true},       // four bishops, all dark
		{"8/8/2b5/4k3/8/8/8/2B1K3 w - - 0 1", false},         // bishops on both colours
		{"8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", false},          // two knights: a help-mate exists
		{"8/8/8/2n1k3/8/8/8/1N2K3 w - - 0 1", false},         // N v N
		{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false},           // a pawn
		{"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", false},            // a rook
		{"8/8/8/4k3/8/8/8/1N1BK3 w - - 0 1", false},          // B+N
		{"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1 moves c1d2", true}, // still K+B v K after a move
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		if got := p.IsInsufficientMaterial(); got != tc.want {
			t.Errorf("%s: IsInsufficientMaterial = %v, want %v", tc.fen, got, tc.want)
		}
		if tc.want && p.Outcome().Ending != EndInsufficientMaterial {
			t.Errorf("%s: Outcome = %v", tc.fen, p.Outcome().Ending)
		}
	}
}

// TestCouldCheckmate covers FIDE 6.9: whether the side (white here) could
// still mate, the case that turns a flag fall into a draw.
func TestCouldCheckmate(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want bool
	}{
		{"lone king", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", false},
		{"lone king against a queen", "8/8/8/4k3/8/8/3q4/4K3 w - - 0 1", false},
		{"knight against a lone king", "8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", false},
		{"bishop against a lone king", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", false},
		{"knight against king and queen", "8/8/8/4k3/8/8/3q4/1N2K3 w - - 0 1", false},
		{"knight against king and rook", "8/8/8/4k3/8/8/3r4/1N2K3 w - - 0 1", true},
		{"knight against king and pawn", "8/8/8/4k3/8/3p4/8/1N2K3 w - - 0 1", true},
		{"knight against king and bishop", "8/8/8/4k3/8/3b4/8/1N2K3 w - - 0 1", true},
		{"two knights", "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", true},
		{"bishop against king and same-coloured bishop", "8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1", false},
		{"bishop against king and opposite-coloured bishop", "8/8/2b5/4k3/8/8/8/2B1K3 w - - 0 1", true},
		{"bishop against king and knight", "8/8/2n5/4k3/8/8/8/2B1K3 w - - 0 1", true},
		{"bishop against king and pawn", "8/8/8/4k3/8/8/p7/2B1K3 w - - 0 1", true},
		{"bishop against king and rook", "8/8/8/4k3/8/8/r7/2B1K3 w - - 0 1", false},
		{"bishop against king and queen", "8/8/8/4k3/8/8/q7/2B1K3 w - - 0 1", false},
		{"a pawn", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", true},
		{"a rook", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", true},
		{"bishop and knight", "8/8/8/4k3/8/8/8/1N1BK3 w - - 0 1", true},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		if got := p.CouldCheckmate(White); got != tc.want {
			t.Errorf("%s: CouldCheckmate(white) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name, fen string
		want      Ending
		result    string
	}{
		{"checkmate", "7k/8/6K1/8/8/8/8/R7 w - - 0 1 moves a1a8", EndCheckmate, "1-0"},
		{"fool's mate", StartingFEN + " moves f2f3 e7e5 g2g4 d8h4", EndCheckmate, "0-1"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", EndStalemate, "1/2-1/2"},
		{"game goes on", StartingFEN, NotEnded, "*"},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		o := p.Outcome()
		if o.Ending != tc.want || o.Result() != tc.result {
			t.Errorf("%s: %v %s, want %v %s", tc.name, o.Ending, o.Result(), tc.want, tc.result)
		}
	}
}

// play plays UCI moves on h, failing the test on an illegal one.
func play(t *testing.T, h *History, moves ...string) {
	t.Helper()
	for _, u := range moves {
		pos := h.Position()
		m, err := pos.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

var knightShuffle = []string{"g1f3", "g8f6", "f3g1", "f6g8"}

func TestThreefoldRepetition(t *testing.T) {
	h := NewHistory(StartingPosition())
	play(t, h, knightShuffle...)
	if h.Repetitions() != 2 || h.Outcome(AutomaticDraws).Over() {
		t.Fatalf("after one shuffle: %d repetitions, outcome %v", h.Repetitions(), h.Outcome(AutomaticDraws))
	}
	play(t, h, knightShuffle...)
	if got := h.Outcome(AutomaticDraws); got.Ending != EndThreefoldRepetition || got.Result() != "1/2-1/2" {
		t.Fatalf("after two shuffles: %v", got)
	}
	if got := h.Outcome(FIDEDraws); got.Over() {
		t.Fatalf("FIDE rules ended the game at threefold: %v", got)
	}
	if h.ClaimableDraw() != EndThreefoldRepetition {
		t.Fatal("threefold repetition not claimable")
	}
	play(t, h, knightShuffle...)
	play(t, h, knightShuffle...)
	if got := h.Outcome(FIDEDraws); got.Ending != EndFivefoldRepetition {
		t.Fatalf("after four shuffles (FIDE): %v", got)
	}
}

// TestRepetitionCountsLegalEnPassantOnly: the position right after a double
// step that allows a legal en-passant capture is not the same as the same
// placement later without it; a double step that allows none changes
// nothing.
func TestRepetitionCountsLegalEnPassantOnly(t *testing.T) {
	start := mustPosition(t, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
	h := NewHistory(start)
	play(t, h, "d7d5") // white may now take en passant
	play(t, h, "e1d1", "e8d8", "d1e1", "d8e8")
	play(t, h, "e1d1", "e8d8", "d1e1", "d8e8")
	if got := h.Repetitions(); got != 2 {
		t.Fatalf("with the en-passant right only in the first: %d repetitions, want 2", got)
	}
	play(t, h, "e1d1", "e8d8", "d1e1", "d8e8")
	if got := h.Outcome(AutomaticDraws).Ending; got != EndThreefoldRepetition {
		t.Fatalf("third time without en passant: %v", got)
	}

	// Pinned: the en-passant capture is illegal, so the right does not count.
	pinned := mustPosition(t, "8/8/8/K7/5p1r/8/4P3/7k w - - 0 1")
	h = NewHistory(pinned)
	play(t, h, "e2e4") // f4xe3 e.p. is legal here
	if pos := h.Position(); pos.EnPassantSquare() == NoSquare {
		t.Fatal("legal en passant not recognised")
	}
	pinned = mustPosition(t, "8/8/8/8/k4p1R/8/4P3/7K w - - 0 1")
	h = NewHistory(pinned)
	play(t, h, "e2e4") // f4xe3 e.p. would leave the a4 king on the open rank to h4
	pos := h.Position()
	if pos.EnPassantSquare() != NoSquare || pos.RepetitionKey() == pos.Key() {
		t.Fatal("an illegal en-passant capture counted for repetition")
	}
	play(t, h, "a4a5", "h1g1", "a5a4", "g1h1")
	if got := h.Repetitions(); got != 2 {
		t.Fatalf("illegal en-passant right: %d repetitions, want 2", got)
	}
}

func TestFiftyMoves(t *testing.T) {
	h := NewHistory(mustPosition(t, "4k3/8/8/8/8/8/8/R3K3 w - - 98 80"))
	play(t, h, "a1a2")
	if h.Outcome(AutomaticDraws).Over() {
		t.Fatal("ended at 99 half-moves")
	}
	play(t, h, "e8d8")
	if got := h.Outcome(AutomaticDraws).Ending; got != EndFiftyMoves {
		t.Fatalf("at 100 half-moves: %v", got)
	}
	if h.Outcome(FIDEDraws).Over() || h.ClaimableDraw() != EndFiftyMoves {
		t.Fatal("under FIDE rules fifty moves is a claim")
	}

	h = NewHistory(mustPosition(t, "4k3/8/8/8/8/8/8/R3K3 w - - 148 80"))
	play(t, h, "a1a2", "e8d8")
	if got := h.Outcome(FIDEDraws).Ending; got != EndSeventyFiveMoves {
		t.Fatalf("at 150 half-moves (FIDE): %v", got)
	}
}

func TestMateOnTheFiftiethMoveStands(t *testing.T) {
	h := NewHistory(mustPosition(t, "7k/8/6K1/8/8/8/8/R7 w - - 99 80"))
	play(t, h, "a1a8")
	if pos := h.Position(); pos.HalfmoveClock() != 100 {
		t.Fatalf("halfmove clock %d", pos.HalfmoveClock())
	}
	if got := h.Outcome(AutomaticDraws); got.Ending != EndCheckmate || got.Winner != White {
		t.Fatalf("mate on the move that reaches fifty: %v", got)
	}
	h = NewHistory(mustPosition(t, "7k/8/6K1/8/8/8/8/R7 w - - 149 80"))
	play(t, h, "a1a8")
	if got := h.Outcome(FIDEDraws); got.Ending != EndCheckmate {
		t.Fatalf("mate on the move that reaches seventy-five: %v", got)
	}
}

// TestEndings: the endings are distinct texts, and NotEnded is the zero
// Outcome's.
func TestEndings(t *testing.T) {
	seen := map[Ending]bool{}
	for _, e := range Endings() {
		if e == NotEnded || seen[e] || e.String() != string(e) {
			t.Errorf("ending %q is empty, repeated or misnamed", e)
		}
		seen[e] = true
	}
	if len(seen) != 8 || NotEnded.String() != "none" || (Outcome{}).Over() {
		t.Errorf("%d endings; NotEnded is %q", len(seen), NotEnded)
	}
}
