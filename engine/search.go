package engine

import (
	"math"

	"github.com/joinpal/joinpal/chess"
)

// The main search: principal-variation alpha-beta in negamax form, for
// every node below the root (root.go searches the root).

// frame is what the search keeps for each ply of the current path.
type frame struct {
	contIdx   int // pieceTo of the move played at this ply; 0 for none or a null move
	eval      int // static evaluation, or scoreNone in check
	killers   [2]chess.Move
	excluded  chess.Move // the move a singular-extension search leaves out
	sinceNull int        // plies since the last null move: repetitions do not reach past it
}

var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int8(0.8 + math.Log(float64(d))*math.Log(float64(m))/2.3)
		}
	}
}

func lmr(depth, moveCount int) int {
	return int(lmrTable[min(depth, 63)][min(moveCount, 63)])
}

// search returns the score of pos (at ply ≥ 1) within [alpha, beta].
func (e *Engine) search(pos *chess.Position, alpha, beta, depth, ply int, cutNode bool) int {
	if depth <= 0 {
		return e.qsearch(pos, alpha, beta, ply, 0)
	}
	pvNode := beta-alpha > 1
	e.pvLen[ply] = ply
	if e.checkStop() {
		return 0
	}
	if ply > e.selDepth {
		e.selDepth = ply
	}
	f := &e.stack[ply]
	key := pos.RepetitionKey()
	e.keys[e.rootIdx+ply] = key
	if e.isDraw(pos, ply, key) {
		return 0
	}
	if ply >= maxPly-1 {
		if pos.InCheck() {
			return 0
		}
		return e.evaluate(pos)
	}
	// Mate distance pruning: no line can beat a mate already found closer
	// to the root.
	alpha = max(alpha, matedIn(ply))
	beta = min(beta, mateIn(ply+1))
	if alpha >= beta {
		return alpha
	}

	excluded := f.excluded
	ttKey := pos.Key()
	if excluded != chess.NullMove {
		ttKey ^= uint64(excluded) * 0x9E3779B97F4A7C15
	}
	tte, ttHit := e.tt.probe(ttKey)
	ttMove := tte.move
	ttScore := fromTT(tte.score, ply)
	if !pvNode && ttHit && tte.depth >= depth && pos.HalfmoveClock() < 90 &&
		(ttScore >= beta && tte.bound&boundLower != 0 || ttScore <= alpha && tte.bound&boundUpper != 0) {
		if ttMove != chess.NullMove && ttScore >= beta && !isTactical(pos, ttMove) {
			e.updateQuietStat(pos, pos.Turn(), ttMove, histBonus(depth), ply)
		}
		return ttScore
	}

	inCheck := pos.InCheck()
	staticEval, eval := scoreNone, scoreNone
	improving := false
	if !inCheck {
		if ttHit && tte.eval != scoreNone {
			staticEval = tte.eval
		} else {
			staticEval = e.evaluate(pos)
		}
		eval = staticEval
		if ttHit && ttScore != scoreNone && !isMate(ttScore) &&
			(ttScore > eval && tte.bound&boundLower != 0 || ttScore < eval && tte.bound&boundUpper != 0) {
			eval = ttScore
		}
		if ply >= 2 && e.stack[ply-2].eval != scoreNone {
			improving = staticEval > e.stack[ply-2].eval
		} else if ply >= 4 && e.stack[ply-4].eval != scoreNone {
			improving = staticEval > e.stack[ply-4].eval
		}
	}
	f.eval = staticEval
	// The grandchildren start with fresh killers; the children keep those
	// their cousins found.
	e.stack[ply+2].killers = [2]chess.Move{}
	e.stack[ply+1].excluded = chess.NullMove

	if !pvNode && !inCheck && excluded == chess.NullMove {
		// Reverse futility: far above beta at low depth, assume a cutoff.
		if depth <= 8 && eval-rfpMargin(depth, improving) >= beta && eval < scoreTBWin {
			return (eval + beta) / 2
		}
		// Razoring: far below alpha, see whether captures can save it.
		if depth <= 3 && eval+250+180*depth*depth < alpha {
			v := e.qsearch(pos, alpha-1, alpha, ply, 0)
			if v < alpha {
				return v
			}
		}
		// Null move: give the opponent a free move; if we still beat
		// beta, a real move will too (not in pawn endings: zugzwang).
		if depth >= 3 && eval >= beta && staticEval >= beta-15*depth+150 &&
			e.stack[ply-1].contIdx != 0 && ply >= e.nmpMinPly &&
			hasNonPawnMaterial(pos, pos.Turn()) && beta > -scoreTBWin {
			r := 3 + depth/4 + min((eval-beta)/200, 3)
			child := &e.positions[ply+1]
			*child = *pos
			child.PlayNull()
			f.contIdx = 0
			e.stack[ply+1].sinceNull = 0
			v := -e.search(child, -beta, -beta+1, depth-r, ply+1, !cutNode)
			if e.stopped {
				return 0
			}
			if v >= beta {
				if v >= scoreTBWin {
					v = beta
				}
				if depth < 12 || e.nmpMinPly > 0 {
					return v
				}
				// Verify at high depth with null moves off for a while.
				e.nmpMinPly = ply + 3*(depth-r)/4
				w := e.search(pos, beta-1, beta, depth-r, ply, false)
				e.nmpMinPly = 0
				if w >= beta {
					return v
				}
			}
		}
	}

	// Internal iterative reduction: without a hash move this node is
	// probably new and not worth the full depth.
	if depth >= 4 && ttMove == chess.NullMove && (pvNode || cutNode) {
		depth--
	}

	mp := &e.pickers[ply]
	if excluded != chess.NullMove {
		mp = &e.sePickers[ply]
	}
	mp.reset()
	pos.GenerateLegal(&mp.list)
	if mp.list.N == 0 {
		if inCheck {
			return matedIn(ply)
		}
		return 0
	}
	// The hash move goes first, before the others are scored: it often
	// cuts off at once, and then scoring them would be wasted.
	ttFirst := false
	if ttMove != chess.NullMove {
		for i, m := range mp.list.Moves[:mp.list.N] {
			if m == ttMove {
				mp.list.Moves[0], mp.list.Moves[i] = m, mp.list.Moves[0]
				ttFirst = true
				break
			}
		}
	}
	scored := false

	us := pos.Turn()
	bestScore, bestMove := -scoreInf, chess.NullMove
	origAlpha := alpha
	moveCount := 0
	skipQuiets := false
	var quiets, captures [64]chess.Move
	nq, nc := 0, 0
	ttCapture := ttMove != chess.NullMove && isTactical(pos, ttMove)
	ci := newCheckInfo(pos)

	for {
		var m chess.Move
		var order int32
		if ttFirst && mp.next == 0 {
			m, order = mp.list.Moves[0], orderHash
			mp.next = 1
		} else {
			if !scored {
				e.scoreMoves(pos, mp, ttMove, ply)
				scored = true
			}
			var ok bool
			if m, order, ok = mp.pick(); !ok {
				break
			}
		}
		if m == excluded {
			continue
		}
		tactical := isTactical(pos, m)
		quiet := !tactical && m.Promotion() == chess.NoPieceType
		gives := ci.gives(pos, m)
		if quiet && !gives && skipQuiets {
			continue
		}
		moveCount++
		pc := pos.PieceAt(m.From())
		hist := 0
		if quiet {
			hist = e.quietHistory(us, pc, m, ply)
		}

		// Shallow-depth pruning, once a move has kept us from being mated.
		if bestScore > -scoreTBWin && hasNonPawnMaterial(pos, us) {
			lmrDepth := max(depth-1-lmr(depth, moveCount), 0)
			if quiet && !gives {
				if depth <= 8 && moveCount >= lmpLimit(depth, improving) {
					skipQuiets = true
					continue
				}
				if !inCheck && lmrDepth <= 7 && staticEval+110+110*lmrDepth <= alpha {
					continue
				}
				if lmrDepth <= 3 && hist < -3500*depth {
					continue
				}
				if !seeGE(pos, m, -28*lmrDepth*lmrDepth) {
					continue
				}
			} else if depth <= 7 && order < orderGoodCapt-1<<20 && !seeGE(pos, m, -95*depth) {
				continue
			}
		}

		ext := 0
		// Singular extension: when the hash move is much better than every
		// other move, search it deeper.
		if ply < 2*e.rootDepth && depth >= 7 && m == ttMove && excluded == chess.NullMove &&
			tte.bound&boundLower != 0 && tte.depth >= depth-3 && !isMate(ttScore) {
			sBeta := ttScore - 2*depth
			f.excluded = m
			v := e.search(pos, sBeta-1, sBeta, (depth-1)/2, ply, cutNode)
			f.excluded = chess.NullMove
			if e.stopped {
				return 0
			}
			if v < sBeta {
				ext = 1
				if !pvNode && v < sBeta-20 {
					ext = 2
				}
			} else if sBeta >= beta {
				return sBeta // multi-cut: more than one move beats beta
			} else if ttScore >= beta {
				ext = -1
			}
		} else if gives && ply < 2*e.rootDepth {
			ext = 1
		}
		newDepth := depth - 1 + ext

		child := &e.positions[ply+1]
		*child = *pos
		child.PlayUnchecked(m)
		f.contIdx = pieceTo(pc, m.To())
		e.stack[ply+1].sinceNull = f.sinceNull + 1

		var v int
		if depth >= 2 && moveCount > 1+boolInt(pvNode) && (quiet || order < orderGoodCapt-1<<20) {
			r := lmr(depth, moveCount)
			if quiet {
				r += boolInt(!pvNode) + boolInt(cutNode) - boolInt(improving) + boolInt(ttCapture)
				r -= boolInt(order >= orderCounter)
				r -= hist / 6000
			} else {
				r = r/2 + boolInt(cutNode)
			}
			r -= boolInt(gives) + boolInt(inCheck)
			d := max(1, min(newDepth, newDepth-r))
			v = -e.search(child, -alpha-1, -alpha, d, ply+1, true)
			if v > alpha && d < newDepth {
				v = -e.search(child, -alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			v = -e.search(child, -alpha-1, -alpha, newDepth, ply+1, !cutNode)
		}
		if pvNode && (moveCount == 1 || v > alpha && v < beta) {
			v = -e.search(child, -beta, -alpha, newDepth, ply+1, false)
		}
		if e.stopped {
			return 0
		}

		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				if pvNode {
					e.updatePV(ply, m)
				}
				if v >= beta {
					break
				}
				alpha = v
			}
		}
		if m != bestMove {
			if quiet && nq < len(quiets) {
				quiets[nq] = m
				nq++
			} else if tactical && nc < len(captures) {
				captures[nc] = m
				nc++
			}
		}
	}

	if moveCount == 0 {
		// Every move was excluded or pruned.
		if excluded != chess.NullMove {
			return alpha
		}
		if inCheck {
			return matedIn(ply)
		}
		return 0
	}

	if bestScore >= beta {
		bonus := histBonus(depth)
		if !isTactical(pos, bestMove) {
			e.updateQuiet(pos, bestMove, quiets[:nq], depth, ply)
		} else {
			e.updateCapture(pos, bestMove, bonus)
		}
		for _, m := range captures[:nc] {
			e.updateCapture(pos, m, -bonus)
		}
	}

	if excluded == chess.NullMove {
		bound := boundUpper
		switch {
		case bestScore >= beta:
			bound = boundLower
		case pvNode && bestScore > origAlpha:
			bound = boundExact
		}
		e.tt.store(ttKey, bestMove, toTT(bestScore, ply), staticEval, depth, bound)
	}
	return bestScore
}

func rfpMargin(depth int, improving bool) int {
	return 85*depth - 70*boolInt(improving)
}

func lmpLimit(depth int, improving bool) int {
	if improving {
		return 3 + depth*depth
	}
	return (3 + depth*depth) / 2
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// updatePV makes m followed by the child's variation the variation at ply.
func (e *Engine) updatePV(ply int, m chess.Move) {
	e.pvTable[ply][ply] = m
	n := e.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(e.pvTable[ply][ply+1:n], e.pvTable[ply+1][ply+1:n])
	e.pvLen[ply] = n
}

// isDraw reports a draw by the fifty-move rule, insufficient material or
// repetition at ply. A position repeated once within the search counts;
// one that repeats the game's history before the root must have stood
// there twice.
func (e *Engine) isDraw(pos *chess.Position, ply int, key uint64) bool {
	if pos.HalfmoveClock() >= 100 {
		if !pos.InCheck() || pos.HasLegalMoves() {
			return true
		}
	}
	if pos.IsInsufficientMaterial() {
		return true
	}
	idx := e.rootIdx + ply
	limit := min(pos.HalfmoveClock(), e.stack[ply].sinceNull, idx)
	count := 0
	for i := 4; i <= limit; i += 2 {
		j := idx - i
		if e.keys[j] == key {
			if j > e.rootIdx {
				return true
			}
			count++
			if count >= 2 {
				return true
			}
		}
	}
	return false
}
