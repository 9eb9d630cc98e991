package engine

import (
	"slices"

	"github.com/joinpal/joinpal/chess"
)

// The root of the search: the list of legal moves with their scores and
// variations, searched from index pvIdx on so that MultiPV can find the
// best line, then the best of the rest, and so on.

type rootMove struct {
	move      chess.Move
	score     int // this iteration's score, or -scoreInf if it failed low
	prevScore int // the score of the last completed iteration
	selDepth  int
	pv        []chess.Move
}

// sortRoot orders root moves best first, keeping the order of equals.
func sortRoot(rms []rootMove) {
	slices.SortStableFunc(rms, func(a, b rootMove) int { return b.score - a.score })
}

// rootSearch searches the root moves from e.pvIdx on within [alpha, beta]
// at depth and returns the best score.
func (e *Engine) rootSearch(pos *chess.Position, alpha, beta, depth int) int {
	bestScore := -scoreInf
	e.pvLen[0] = 0
	for i := e.pvIdx; i < len(e.rootMoves); i++ {
		rm := &e.rootMoves[i]
		m := rm.move
		gives := givesCheck(pos, m)
		newDepth := depth - 1 + boolInt(gives)
		child := &e.positions[1]
		*child = *pos
		child.PlayUnchecked(m)
		e.stack[0].contIdx = pieceTo(pos.PieceAt(m.From()), m.To())
		e.stack[1].sinceNull = e.stack[0].sinceNull + 1

		var v int
		if i == e.pvIdx {
			v = -e.search(child, -beta, -alpha, newDepth, 1, false)
		} else {
			reduced := false
			if depth >= 3 && i >= e.pvIdx+3 && !gives && !isTactical(pos, m) {
				if r := lmr(depth, i-e.pvIdx+1) / 2; r > 0 {
					v = -e.search(child, -alpha-1, -alpha, newDepth-r, 1, true)
					reduced = true
				}
			}
			if !reduced || v > alpha {
				v = -e.search(child, -alpha-1, -alpha, newDepth, 1, true)
			}
			if v > alpha && v < beta && !e.stopped {
				v = -e.search(child, -beta, -alpha, newDepth, 1, false)
			}
		}
		if e.stopped {
			break
		}
		if i == e.pvIdx || v > alpha {
			rm.score = v
			rm.selDepth = e.selDepth
			rm.pv = append(rm.pv[:0], m)
			if e.pvLen[1] > 1 {
				rm.pv = append(rm.pv, e.pvTable[1][1:e.pvLen[1]]...)
			}
		} else {
			rm.score = -scoreInf
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				if v >= beta {
					return v
				}
				alpha = v
			}
		}
	}
	return bestScore
}
