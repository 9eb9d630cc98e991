package chess

import (
	"slices"
	"sync"
	"testing"
)

// winnabilityCases are positions built by hand, one or more for each idea
// of the analysis, with what each colour can still do.
var winnabilityCases = []struct {
	name         string
	fen          string
	white, black Winnability
	dead         bool // IsDeadPosition must see it
}{
	{"locked pawns, no capture or mate for either side",
		"k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K w - - 0 1", Unwinnable, Unwinnable, true},
	{"the same chain without the h-file: the h3 and h4 squares stay guarded",
		"k7/8/8/1p1p1p2/pPpPpPp1/P1P1P1P1/8/7K w - - 0 1", Unwinnable, Unwinnable, true},
	{"the chain open on the g- and h-files: both kings get through",
		"k7/8/8/1p1p1p2/pPpPpP2/P1P1P3/8/7K w - - 0 1", Winnable, Winnable, false},
	{"pawns facing on their files, each king caged on its side",
		"4k3/p1p1p1p1/P1P1P1P1/8/p1p1p1p1/P1P1P1P1/8/4K3 w - - 0 1", Unwinnable, Unwinnable, true},
	{"bishops that cannot cross the chain",
		"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", Unwinnable, Unwinnable, true},
	{"a dark bishop can check but never guard the light escapes",
		"4k3/8/3B4/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1", Unwinnable, Unwinnable, true},
	{"a light bishop too takes pawns: the chain opens for both",
		"4k3/8/3BB3/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1", Winnable, Winnable, false},
	{"a forced capture leaves king against king",
		"7k/5K1P/8/8/8/8/8/8 b - - 0 1", Unwinnable, Unwinnable, true},
	{"the only way in for the king stalemates",
		"8/8/8/8/7k/4p1p1/4P1P1/5BK1 b - - 0 1", Unwinnable, Unwinnable, true},
	{"king and knight against a pawn: the pawn must promote and block",
		"8/8/8/8/8/2k5/p7/K1N5 w - - 0 1", Winnable, Winnable, false},
	{"the starting position", StartingFEN, Winnable, Winnable, false},
	{"lone kings (material)", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", Unwinnable, Unwinnable, false},
	{"king and knight against king and queen (material)",
		"8/8/8/4k3/8/8/3q4/1N2K3 w - - 0 1", Unwinnable, Winnable, false},
	{"checkmate on the board", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
		Unwinnable, Winnable, false},
	{"stalemate on the board", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Unwinnable, Unwinnable, true},
}

func TestWinnabilityHandBuilt(t *testing.T) {
	for _, tc := range winnabilityCases {
		p := mustPosition(t, tc.fen)
		for c, want := range [2]Winnability{tc.white, tc.black} {
			a := p.AnalyzeWinnability(Color(c), 1_000_000)
			if a.Winnability != want {
				t.Errorf("%s: %s can mate: %s, want %s (%d nodes)", tc.name, Color(c), a.Winnability, want, a.Nodes)
				continue
			}
			if want == Winnable {
				checkHelpmate(t, p, Color(c), a.Helpmate)
			}
			if got := p.CouldCheckmate(Color(c)); got != (want != Unwinnable) {
				t.Errorf("%s: CouldCheckmate(%s) = %v", tc.name, Color(c), got)
			}
		}
		if got := p.IsDeadPosition(); got != tc.dead {
			t.Errorf("%s: IsDeadPosition = %v, want %v", tc.name, got, tc.dead)
		}
	}
}

// checkHelpmate replays line from p and fails unless every move is legal
// and the last one mates with c.
func checkHelpmate(t *testing.T, p Position, c Color, line []Move) {
	t.Helper()
	for i, m := range line {
		if err := p.Play(m); err != nil {
			t.Errorf("%s's helpmate %v: move %d: %v", c, line, i+1, err)
			return
		}
	}
	if o := p.Outcome(); o.Ending != EndCheckmate || o.Winner != c {
		t.Errorf("%s's helpmate %v ends in %v", c, line, o)
	}
}

// TestWinnabilityUnknownWithinBudget: a search cut short says so rather
// than guessing, and CouldCheckmate counts that as a possible mate.
func TestWinnabilityUnknownWithinBudget(t *testing.T) {
	p := StartingPosition()
	a := p.AnalyzeWinnability(White, 50)
	if a.Winnability != WinnabilityUnknown {
		t.Fatalf("50 nodes decided the starting position: %s", a.Winnability)
	}
	if a.Nodes > 50 {
		t.Errorf("the search visited %d nodes on a budget of 50", a.Nodes)
	}
}

func TestWinnabilityString(t *testing.T) {
	for w, want := range map[Winnability]string{Winnable: "yes", Unwinnable: "no", WinnabilityUnknown: "unknown"} {
		if w.String() != want {
			t.Errorf("%d: %q, want %q", w, w.String(), want)
		}
	}
}

// TestDeadPositionNeedsBothSides: a position where only one side can mate
// is not dead.
func TestDeadPositionNeedsBothSides(t *testing.T) {
	for _, fen := range []string{
		"k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/Q6K w - - 0 1", // a white queen behind the chain
		"7k/8/8/8/8/8/8/R6K b - - 0 1",
	} {
		p := mustPosition(t, fen)
		if p.IsDeadPosition() {
			t.Errorf("%s: called dead", fen)
		}
	}
}

// helpmateWithin is the reference for the fuzz test: a plain search of
// every line of at most plies plies for a mate by c.
func helpmateWithin(p *Position, c Color, plies int) bool {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return p.InCheck() && p.Turn() != c
	}
	if plies == 0 {
		return false
	}
	for _, m := range moves {
		child := *p
		child.PlayUnchecked(m)
		if helpmateWithin(&child, c, plies-1) {
			return true
		}
	}
	return false
}

// TestShortenHelpmate: knights that go out and back are cut out of a
// helpmate line, which still mates.
func TestShortenHelpmate(t *testing.T) {
	p := StartingPosition()
	var line []Move
	for _, u := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "f2f3", "e7e6", "g2g4", "d8h4"} {
		q := p
		for _, m := range line {
			q.PlayUnchecked(m)
		}
		m, err := q.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
	}
	short := shorten(p, line)
	if len(short) != 4 {
		t.Errorf("shortened to %d moves: %v", len(short), short)
	}
	checkHelpmate(t, p, Black, short)
}

// TestCouldCheckmateConcurrent: many flags falling at once in one position
// (as in the load test) share the cached answer safely.
func TestCouldCheckmateConcurrent(t *testing.T) {
	p := mustPosition(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	var wg sync.WaitGroup
	results := make([]bool, 8)
	for i := range results {
		wg.Go(func() { results[i] = p.CouldCheckmate(Color(i % 2)) })
	}
	wg.Wait()
	for i, could := range results {
		if !could {
			t.Errorf("goroutine %d: CouldCheckmate(%s) = false", i, Color(i%2))
		}
	}
}

// TestOutcomeDeadPosition: a dead position ends the game by itself (FIDE
// 5.2.2), under both draw rules, with its own ending; insufficient
// material keeps its ending, and a live position none.
func TestOutcomeDeadPosition(t *testing.T) {
	tests := []struct {
		fen  string
		want Ending
	}{
		{"k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K w - - 0 1", EndDeadPosition},
		{"8/8/8/8/7k/4p1p1/4P1P1/5BK1 b - - 0 1", EndDeadPosition},
		{"7k/5K1P/8/8/8/8/8/8 b - - 0 1", EndDeadPosition},
		{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", EndInsufficientMaterial},
		{"k7/8/8/1p1p1p2/pPpPpP2/P1P1P3/8/7K w - - 0 1", NotEnded},
	}
	for _, tc := range tests {
		p := mustPosition(t, tc.fen)
		if got := p.Outcome().Ending; got != tc.want {
			t.Errorf("%s: Outcome %v, want %v", tc.fen, got, tc.want)
		}
		h := NewHistory(p)
		for _, rules := range []DrawRules{AutomaticDraws, FIDEDraws} {
			if got := h.Outcome(rules).Ending; got != tc.want {
				t.Errorf("%s: History.Outcome(%d) %v, want %v", tc.fen, rules, got, tc.want)
			}
		}
		if o := p.Outcome(); o.Over() && (o.Decisive() || o.Result() != "1/2-1/2") {
			t.Errorf("%s: %v is not a draw", tc.fen, o)
		}
	}
	if !slices.Contains(Endings(), EndDeadPosition) {
		t.Error("Endings() lacks EndDeadPosition")
	}
}
