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
	fmt.Print(a.Winnability)
	for _, m := range a.Helpmate {
		fmt.Print(" ", p.UCI(m))
		p.PlayUnchecked(m)
	}
	fmt.Println()
	// Output:
	// no true
	// yes f2f3 e7e6 g2g4 d8h4
}
