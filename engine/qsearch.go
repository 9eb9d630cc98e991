package engine

import "github.com/joinpal/joinpal/chess"

// Quiescence search: at the horizon, play out captures and queen
// promotions until the position is quiet, so that the static evaluation is
// never taken in the middle of an exchange. In check every evasion is
// searched, so mates at the horizon are seen.

const qsFutilityMargin = 160

// qsearch returns the score of pos within [alpha, beta]; qply counts the
// plies since the horizon.
func (e *Engine) qsearch(pos *chess.Position, alpha, beta, ply, qply int) int {
	pvNode := beta-alpha > 1
	e.pvLen[ply] = ply
	if e.checkStop() {
		return 0
	}
	if ply > e.selDepth {
		e.selDepth = ply
	}
	if qply == 0 {
		// The move into the horizon may have been quiet: look for repetitions.
		key := pos.RepetitionKey()
		e.keys[e.rootIdx+ply] = key
		if e.isDraw(pos, ply, key) {
			return 0
		}
	} else if pos.IsInsufficientMaterial() {
		return 0
	}
	inCheck := pos.InCheck()
	if ply >= maxPly-1 {
		if inCheck {
			return 0
		}
		return e.evaluate(pos)
	}

	tte, ttHit := e.tt.probe(pos.Key())
	ttScore := fromTT(tte.score, ply)
	if !pvNode && ttHit &&
		(ttScore >= beta && tte.bound&boundLower != 0 || ttScore <= alpha && tte.bound&boundUpper != 0) {
		return ttScore
	}

	mp := &e.pickers[ply]
	mp.reset()
	bestScore, staticEval := -scoreInf, scoreNone
	if inCheck {
		pos.GenerateLegal(&mp.list)
		if mp.list.N == 0 {
			return matedIn(ply)
		}
		if qply >= e.qsLimit {
			return e.evaluate(pos) // a handicapped level stops here
		}
	} else {
		if ttHit && tte.eval != scoreNone {
			staticEval = tte.eval
		} else {
			staticEval = e.evaluate(pos)
		}
		bestScore = staticEval
		if ttHit && !isMate(ttScore) &&
			(ttScore > bestScore && tte.bound&boundLower != 0 || ttScore < bestScore && tte.bound&boundUpper != 0) {
			bestScore = ttScore
		}
		if bestScore >= beta || qply >= e.qsLimit {
			return bestScore
		}
		alpha = max(alpha, bestScore)
		pos.GenerateLegal(&mp.list)
	}

	// Order: in check every move by the usual scores; otherwise only
	// captures and queen promotions, by victim and attacker.
	n := 0
	for _, m := range mp.list.Moves[:mp.list.N] {
		switch {
		case inCheck:
			s := 0
			if isTactical(pos, m) {
				s = orderGoodCapt + captureOrder(pos, m)
			} else if m == tte.move {
				s = orderHash
			} else {
				s = e.quietHistory(pos.Turn(), pos.PieceAt(m.From()), m, ply)
			}
			mp.list.Moves[n], mp.scores[n] = m, int32(s)
			n++
		case isTactical(pos, m) && (m.Promotion() == chess.NoPieceType || m.Promotion() == chess.Queen):
			s := captureOrder(pos, m)
			if m == tte.move {
				s = orderHash
			}
			mp.list.Moves[n], mp.scores[n] = m, int32(s)
			n++
		}
	}
	mp.list.N = n

	bestMove := chess.NullMove
	moveCount := 0
	for {
		m, _, ok := mp.pick()
		if !ok {
			break
		}
		moveCount++
		if !inCheck {
			if m.Promotion() == chess.NoPieceType && !givesCheck(pos, m) &&
				staticEval+qsFutilityMargin+seeValue[capturedType(pos, m)] <= alpha {
				bestScore = max(bestScore, staticEval+qsFutilityMargin+seeValue[capturedType(pos, m)])
				continue
			}
			if !seeGE(pos, m, 0) {
				continue
			}
		} else if bestScore > -scoreTBWin && moveCount > 2 && !isTactical(pos, m) {
			// Enough quiet evasions: one has already saved us from mate.
			continue
		}
		child := &e.positions[ply+1]
		*child = *pos
		child.PlayUnchecked(m)
		e.stack[ply].contIdx = pieceTo(pos.PieceAt(m.From()), m.To())
		e.stack[ply+1].sinceNull = e.stack[ply].sinceNull + 1
		v := -e.qsearch(child, -beta, -alpha, ply+1, qply+1)
		if e.stopped {
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	bound := boundUpper
	if bestScore >= beta {
		bound = boundLower
	}
	e.tt.store(pos.Key(), bestMove, toTT(bestScore, ply), staticEval, 0, bound)
	return bestScore
}
