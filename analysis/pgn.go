package analysis

import (
	"fmt"

	"github.com/joinpal/joinpal/chess/pgn"
)

// judgementWords are the judgements as lichess's PGN comments write them.
var judgementWords = map[Judgement]string{Inaccuracy: "Inaccuracy", Mistake: "Mistake", Blunder: "Blunder"}

// Annotate writes the report into a game's PGN: after each move an
// [%eval] command with the evaluation of the position it reached, and for
// an inaccuracy, mistake or blunder its NAG (?!, ?, ??) and a comment with
// the evaluations before and after and the better move, as lichess writes
// them ("(0.20 → -1.50) Mistake. Nf3 was best."). Moves beyond the
// report's are left as they are.
func Annotate(g *pgn.Game, r Report) {
	prev := r.Start
	for i := range g.Moves {
		if i >= len(r.Plies) {
			return
		}
		p, mv := r.Plies[i], &g.Moves[i]
		if p.Eval != nil {
			mv.Comments = append(mv.Comments, fmt.Sprintf("[%%eval %s]", p.Eval.PGN()))
		}
		if p.Judgement != Good {
			mv.NAGs = append(mv.NAGs, p.Judgement.NAG())
			after := "#"
			if p.Eval != nil {
				after = p.Eval.PGN()
			}
			mv.Comments = append(mv.Comments, fmt.Sprintf("(%s → %s) %s. %s was best.", prev.PGN(), after, judgementWords[p.Judgement], p.BestSAN))
		}
		if p.Eval != nil {
			prev = *p.Eval
		}
	}
}
