package chess_test

import (
	"sync"
	"testing"

	"github.com/joinpal/joinpal/chess"
)

// searchedPositions are positions whose verdicts take IsDeadPosition's and
// AnalyzeWinnability's searches (few legal moves, blocked pawns, a walk
// of the reachable positions), dead and not.
var searchedPositions = []string{
	"rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2",
	"8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 w - - 0 1",
	"8/8/8/8/8/5k2/4p3/4K3 w - - 0 1",
	"k7/P7/1K6/8/8/8/8/8 b - - 0 1",
	"8/8/8/2k5/2p5/2P5/2K5/8 w - - 0 1",
	"4k3/8/8/8/8/8/4P3/4K2R w K - 0 1",
}

// TestMateSearchesShareNothing: the searches reuse their positions from one
// to the next, and searches run at once give each position the verdicts
// it gets alone.
func TestMateSearchesShareNothing(t *testing.T) {
	type verdicts struct {
		dead         bool
		white, black chess.Winnability
	}
	judge := func(p chess.Position) verdicts {
		return verdicts{p.IsDeadPosition(),
			p.AnalyzeWinnability(chess.White, 20000).Winnability,
			p.AnalyzeWinnability(chess.Black, 20000).Winnability}
	}
	positions := make([]chess.Position, len(searchedPositions))
	alone := make([]verdicts, len(searchedPositions))
	for i, fen := range searchedPositions {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		positions[i], alone[i] = p, judge(p)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for round := range 5 {
				for k := range positions {
					i := (k + g + round) % len(positions)
					if got := judge(positions[i]); got != alone[i] {
						t.Errorf("%s at once with others: %+v, alone %+v", searchedPositions[i], got, alone[i])
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestDeadPositionCheckAllocatesNothing: the short search IsDeadPosition
// runs when the side to move has few moves reuses a search kept from the
// one before.
func TestDeadPositionCheckAllocatesNothing(t *testing.T) {
	p, err := chess.ParseFEN(searchedPositions[0]) // 2.Qh5+: black has one move
	if err != nil {
		t.Fatal(err)
	}
	if p.IsDeadPosition() {
		t.Fatal("a position of the opening is dead")
	}
	if raceDetector {
		t.Skip("the race detector's sync.Pool drops searches at random")
	}
	if n := testing.AllocsPerRun(100, func() { p.IsDeadPosition() }); n != 0 {
		t.Errorf("IsDeadPosition allocated %.1f times a call, want 0", n)
	}
}
