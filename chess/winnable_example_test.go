package chess_test

import (
	"fmt"

	"github.com/joinpal/joinpal/chess"
)

// In a locked pawn chain neither side can ever mate: a dead position. In
// the starting position either side could, and the analysis shows a
// helpmate.
func ExamplePosition_AnalyzeWinnability() {
	locked, _ := chess.ParseFEN("k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K w - - 0 1")
	fmt.Println(locked.AnalyzeWinnability(chess.White, 10000).Winnability, locked.IsDeadPosition())

	p := chess.StartingPosition()
	a := p.AnalyzeWinnability(chess.Black, chess.DefaultMateBudget)
	for _, m := range a.Helpmate {
		p.PlayUnchecked(m)
	}
	fmt.Println(a.Winnability, p.Outcome().Ending, p.Outcome().Winner)
	// Output:
	// no true
	// yes checkmate black
}
