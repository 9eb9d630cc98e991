package engine

import "github.com/joinpal/joinpal/chess"

// Iterative deepening with aspiration windows, and the decision when to
// stop.

const aspirationDelta = 16

// iterate deepens the search of pos up to maxDepth and returns the last
// depth completed (0 if none).
func (e *Engine) iterate(pos *chess.Position, maxDepth, multiPV int, limits Limits, onInfo func(Info)) int {
	completed := 0
	lastBest := chess.NullMove
	changes := 0.0 // decaying count of best-move changes
	lastScore := 0
	for depth := 1; depth <= maxDepth; depth++ {
		e.rootDepth = depth
		e.selDepth = 0
		for e.pvIdx = 0; e.pvIdx < multiPV && !e.stopped; e.pvIdx++ {
			e.aspiration(pos, depth)
			sortRoot(e.rootMoves[:e.pvIdx+1])
		}
		if e.stopped {
			break
		}
		completed = depth
		for i := range e.rootMoves {
			e.rootMoves[i].prevScore = e.rootMoves[i].score
		}
		if onInfo != nil {
			for i := 0; i < multiPV; i++ {
				onInfo(e.info(e.rootMoves[i], depth, i+1))
			}
		}

		best := e.rootMoves[0]
		if limits.Mate > 0 && best.score >= scoreMateInMax && (scoreMate-best.score+1)/2 <= limits.Mate {
			break
		}
		if !e.tm.useTime || e.tm.fixed {
			continue
		}
		// Clock: stop early when the best move is settled, later when it
		// keeps changing or the score is falling.
		changes /= 2
		if best.move != lastBest && depth > 1 {
			changes++
		}
		lastBest = best.move
		factor := 1.0 + 0.8*changes
		if depth > 1 && best.score < lastScore-25 {
			factor *= 1.4
		}
		lastScore = best.score
		factor = min(factor, 2.5)
		if isMate(best.score) && depth > 2*(scoreMate-abs(best.score))+6 {
			break // a proven mate: more depth changes nothing
		}
		if float64(e.tm.elapsed()) >= float64(e.tm.soft)*factor*0.6 {
			break
		}
	}
	return completed
}

// aspiration searches the line e.pvIdx at depth in a window around its
// last score, widening the window until the score falls inside.
func (e *Engine) aspiration(pos *chess.Position, depth int) {
	prev := e.rootMoves[e.pvIdx].prevScore
	alpha, beta := -scoreInf, scoreInf
	delta := aspirationDelta
	if depth >= 4 && prev != -scoreInf && !isMate(prev) {
		alpha, beta = max(prev-delta, -scoreInf), min(prev+delta, scoreInf)
	}
	for {
		v := e.rootSearch(pos, alpha, beta, depth)
		sortRoot(e.rootMoves[e.pvIdx:])
		if e.stopped {
			return
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -scoreInf)
		case v >= beta:
			beta = min(v+delta, scoreInf)
		default:
			return
		}
		delta += delta / 2
		if delta > 1000 {
			alpha, beta = -scoreInf, scoreInf
		}
	}
}

// chooseCandidate picks, as weaker levels play, one of the best lines: any
// whose score is within margin of the best, the better ones more often.
// It returns the index of the chosen root move.
func chooseCandidate(rms []rootMove, margin int, rng interface{ IntN(int) int }) int {
	best := rms[0].score
	if best == -scoreInf {
		return 0
	}
	weights := make([]int, 0, len(rms))
	total := 0
	for _, rm := range rms {
		if rm.score == -scoreInf || best-rm.score > margin {
			break
		}
		w := margin - (best - rm.score) + margin/3 + 1
		weights = append(weights, w)
		total += w
	}
	r := rng.IntN(total)
	for i, w := range weights {
		if r < w {
			return i
		}
		r -= w
	}
	return 0
}
