package engine

import "github.com/joinpal/joinpal/chess"

// Move ordering: the hash move first, then winning and equal captures (by
// victim value and capture history), killer moves and the counter move,
// then quiet moves by their history, then losing captures and
// under-promotions.

const (
	histMax = 16384 // history values stay within ±histMax

	orderHash      = 1 << 30
	orderGoodCapt  = 1 << 28
	orderKiller1   = 1<<27 + 2
	orderKiller2   = 1<<27 + 1
	orderCounter   = 1 << 27
	orderBadCapt   = -(1 << 28)
	orderUnderProm = -(1 << 29)
)

// histories holds the move-ordering statistics that survive from one
// search to the next (NewGame clears them).
type histories struct {
	butterfly [2][64 * 64]int32  // by side, from and to
	capture   [16][64][7]int32   // by moving piece, target and captured type
	cont      [1024][1024]int16  // by previous move (piece, to) and this move (piece, to)
	counter   [16][64]chess.Move // the refutation of the previous move (piece, to)
}

// gravity adds bonus to v, shrinking it towards zero as |v| nears histMax.
func gravity[T int16 | int32](v *T, bonus int) {
	bonus = max(-histMax, min(histMax, bonus))
	*v += T(bonus - int(*v)*abs(bonus)/histMax)
}

func histBonus(depth int) int { return min(160*depth-90, 1600) }

// pieceTo indexes continuation histories: the moving piece and its target.
func pieceTo(pc chess.Piece, to chess.Square) int { return int(pc)*64 + int(to) }

// quietHistory returns the ordering score of a quiet move from the
// histories and the moves leading to ply.
func (e *Engine) quietHistory(us chess.Color, pc chess.Piece, m chess.Move, ply int) int {
	pt := pieceTo(pc, m.To())
	v := int(e.hist.butterfly[us][int(m.From())*64+int(m.To())])
	if ply >= 1 {
		if prev := e.stack[ply-1].contIdx; prev != 0 {
			v += int(e.hist.cont[prev][pt])
		}
	}
	if ply >= 2 {
		if prev := e.stack[ply-2].contIdx; prev != 0 {
			v += int(e.hist.cont[prev][pt])
		}
	}
	return v
}

// updateQuiet rewards the quiet move that caused a cutoff and punishes
// the quiet moves tried before it.
func (e *Engine) updateQuiet(pos *chess.Position, best chess.Move, tried []chess.Move, depth, ply int) {
	us := pos.Turn()
	bonus := histBonus(depth)
	f := &e.stack[ply]
	if f.killers[0] != best {
		f.killers[1] = f.killers[0]
		f.killers[0] = best
	}
	if ply >= 1 {
		if prev := e.stack[ply-1].contIdx; prev != 0 {
			e.hist.counter[prev/64][prev%64] = best
		}
	}
	e.updateQuietStat(pos, us, best, bonus, ply)
	for _, m := range tried {
		e.updateQuietStat(pos, us, m, -bonus, ply)
	}
}

func (e *Engine) updateQuietStat(pos *chess.Position, us chess.Color, m chess.Move, bonus, ply int) {
	gravity(&e.hist.butterfly[us][int(m.From())*64+int(m.To())], bonus)
	pt := pieceTo(pos.PieceAt(m.From()), m.To())
	for _, back := range [2]int{1, 2} {
		if ply >= back {
			if prev := e.stack[ply-back].contIdx; prev != 0 {
				gravity(&e.hist.cont[prev][pt], bonus)
			}
		}
	}
}

// updateCapture adjusts the capture history of m.
func (e *Engine) updateCapture(pos *chess.Position, m chess.Move, bonus int) {
	gravity(&e.hist.capture[pos.PieceAt(m.From())][m.To()][capturedType(pos, m)], bonus)
}

// movePicker hands out the moves of a position, best first: by selection
// for the first few (most nodes cut off after a move or two, so sorting the
// whole list would be wasted), then by sorting the rest once.
type movePicker struct {
	list   chess.MoveList
	scores [256]int32
	next   int
	sorted bool
}

// reset readies the picker for a new list.
func (mp *movePicker) reset() {
	mp.next = 0
	mp.sorted = false
}

const pickSelections = 3

// pick returns the best remaining move and its ordering score, or false.
func (mp *movePicker) pick() (chess.Move, int32, bool) {
	n := mp.list.N
	i := mp.next
	if i >= n {
		return chess.NullMove, 0, false
	}
	if !mp.sorted {
		if i < pickSelections {
			best := i
			for j := i + 1; j < n; j++ {
				if mp.scores[j] > mp.scores[best] {
					best = j
				}
			}
			mp.list.Moves[i], mp.list.Moves[best] = mp.list.Moves[best], mp.list.Moves[i]
			mp.scores[i], mp.scores[best] = mp.scores[best], mp.scores[i]
		} else {
			// Insertion sort of the rest, best first, stable.
			for j := i + 1; j < n; j++ {
				m, s := mp.list.Moves[j], mp.scores[j]
				k := j
				for ; k > i && mp.scores[k-1] < s; k-- {
					mp.list.Moves[k], mp.scores[k] = mp.list.Moves[k-1], mp.scores[k-1]
				}
				mp.list.Moves[k], mp.scores[k] = m, s
			}
			mp.sorted = true
		}
	}
	mp.next++
	return mp.list.Moves[i], mp.scores[i], true
}

// scoreMoves gives the moves of the list not yet picked their ordering
// score for the main search at ply.
func (e *Engine) scoreMoves(pos *chess.Position, mp *movePicker, ttMove chess.Move, ply int) {
	us := pos.Turn()
	f := &e.stack[ply]
	var counter chess.Move
	if ply >= 1 {
		if prev := e.stack[ply-1].contIdx; prev != 0 {
			counter = e.hist.counter[prev/64][prev%64]
		}
	}
	for i := mp.next; i < mp.list.N; i++ {
		m := mp.list.Moves[i]
		var s int
		switch {
		case m == ttMove:
			s = orderHash
		case m.Promotion() != chess.NoPieceType && m.Promotion() != chess.Queen:
			s = orderUnderProm
		case isTactical(pos, m):
			s = captureOrder(pos, m) + int(e.hist.capture[pos.PieceAt(m.From())][m.To()][capturedType(pos, m)])/8
			if seeGE(pos, m, -20) {
				s += orderGoodCapt
			} else {
				s += orderBadCapt
			}
		case m == f.killers[0]:
			s = orderKiller1
		case m == f.killers[1]:
			s = orderKiller2
		case m == counter:
			s = orderCounter
		default:
			s = e.quietHistory(us, pos.PieceAt(m.From()), m, ply)
		}
		mp.scores[i] = int32(s)
	}
}

// captureOrder is the most-valuable-victim, least-valuable-attacker key of
// a capture or promotion.
func captureOrder(pos *chess.Position, m chess.Move) int {
	v := seeValue[capturedType(pos, m)] * 16
	if m.Promotion() == chess.Queen {
		v += seeValue[chess.Queen] * 16
	}
	return v - int(pos.PieceAt(m.From()).Type())
}
