package engine

import "github.com/joinpal/joinpal/chess"

// The evaluation: a tapered sum of middlegame and endgame terms — material
// and placement (pst.go), pawn structure (evalpawns.go), mobility, king
// safety (evalking.go), threats, rooks on open files, outposts, the bishop
// pair — scaled down in drawish endings (evalend.go) and returned from the
// side to move's point of view.

var (
	bishopPair      = S(39, 68)
	rookOpenFile    = S(35, -8)
	rookSemiOpen    = S(5, 18)
	rookOnSeventh   = S(5, 18)
	knightOutpost   = S(27, 9)
	bishopOutpost   = S(33, 3)
	minorBehindPawn = S(6, 16)
	bishopPawnsSame = S(0, -4) // per own pawn on the bishop's colour
	threatByPawn    = S(42, 36)
	threatByMinor   = S(38, 21) // a minor attacking a rook or queen
	threatByRook    = S(33, 12) // a rook attacking a queen
	hangingPiece    = S(14, 23)
	tempo           = 12
)

// evalState holds what the terms share: who attacks what, and the king
// zones.
type evalState struct {
	attacked    [2]bb
	attackedBy  [2][7]bb
	attacked2   [2]bb // attacked at least twice
	kingZone    [2]bb
	mobilityArr [2]bb
	// About c's attack on the other king: how many pieces attack its zone,
	// their summed weights, and their attacks on squares next to the king.
	kingAttackers [2]int
	kingWeight    [2]int
	kingAdjacent  [2]int
}

// kingAttackWeight is the weight of a piece attacking the enemy king zone.
var kingAttackWeight = [7]int{chess.Knight: 2, chess.Bishop: 2, chess.Rook: 3, chess.Queen: 5}

// evaluate returns the static evaluation of pos for the side to move.
func (e *Engine) evaluate(pos *chess.Position) int {
	v := e.evalWhite(pos)
	if pos.Turn() == chess.Black {
		v = -v
	}
	v += tempo
	if e.noise > 0 {
		v += e.noiseFor(pos.Key())
	}
	return max(-scoreTBWin+1, min(scoreTBWin-1, v))
}

// evalWhite returns the evaluation from white's point of view.
func (e *Engine) evalWhite(pos *chess.Position) int {
	mg, eg, phase, scale := e.evalParts(pos)
	return (mg*phase + eg*scale/64*(24-phase)) / 24
}

// evalParts returns the middlegame and endgame sums (white's view), the
// game phase (24: all pieces on the board, 0: pawns and kings only) and the
// endgame scale (64: no scaling).
func (e *Engine) evalParts(pos *chess.Position) (mg, eg, phase, scale int) {
	var sc packed
	for b := pos.Occupied(); b != 0; b &= b - 1 {
		s := b.First()
		sc += pst[pos.PieceAt(s)][s]
	}
	pe := e.pawns.probe(pos)
	sc += pe.score

	var st evalState
	occ := pos.Occupied()
	for c := chess.White; c <= chess.Black; c++ {
		ksq := pos.KingSquare(c)
		ka := chess.KingAttacks(ksq)
		st.attackedBy[c][chess.King] = ka
		st.attackedBy[c][chess.Pawn] = pe.attacks[c]
		st.attacked[c] = ka | pe.attacks[c]
		st.attacked2[c] = ka & pe.attacks[c]
		zone := ka | ksq.Bitboard()
		st.kingZone[c] = zone | pushUp(c, zone)
	}
	for c := chess.White; c <= chess.Black; c++ {
		them := c.Other()
		st.mobilityArr[c] = ^(pos.Pieces(c, chess.Pawn) | pos.Pieces(c, chess.King) | pe.attacks[them])
	}
	sc += evalPieces(pos, &st, chess.White, occ) - evalPieces(pos, &st, chess.Black, occ)
	sc += evalKing(pos, &st, chess.White) - evalKing(pos, &st, chess.Black)
	sc += evalThreats(pos, &st, chess.White) - evalThreats(pos, &st, chess.Black)
	sc += evalPassed(pos, &st, chess.White, pe.passed[chess.White]) -
		evalPassed(pos, &st, chess.Black, pe.passed[chess.Black])

	phase = pos.ByType(chess.Knight).Count() + pos.ByType(chess.Bishop).Count() +
		2*pos.ByType(chess.Rook).Count() + 4*pos.ByType(chess.Queen).Count()
	phase = min(phase, 24)
	eg, scale = endgame(pos, sc.eg())
	return sc.mg(), eg, phase, scale
}

// evalPieces scores c's knights, bishops, rooks and queens: mobility,
// attacks on the enemy king zone, outposts, open files; and records their
// attacks in st.
func evalPieces(pos *chess.Position, st *evalState, c chess.Color, occ bb) packed {
	them := c.Other()
	var sc packed
	ownPawns, oppPawns := pos.Pieces(c, chess.Pawn), pos.Pieces(them, chess.Pawn)
	queens := pos.Pieces(c, chess.Queen)
	outpostRanks := chess.Rank4 | chess.Rank5 | chess.Rank6
	if c == chess.Black {
		outpostRanks = chess.Rank3 | chess.Rank4 | chess.Rank5
	}
	enemyKingAdj := chess.KingAttacks(pos.KingSquare(them))
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		for b := pos.Pieces(c, pt); b != 0; b &= b - 1 {
			s := b.First()
			var att bb
			switch pt {
			case chess.Knight:
				att = chess.KnightAttacks(s)
			case chess.Bishop:
				att = chess.BishopAttacks(s, occ^queens)
			case chess.Rook:
				att = chess.RookAttacks(s, occ^queens^pos.Pieces(c, chess.Rook))
			default:
				att = chess.QueenAttacks(s, occ)
			}
			st.attacked2[c] |= st.attacked[c] & att
			st.attacked[c] |= att
			st.attackedBy[c][pt] |= att
			sc += mobility[pt][(att & st.mobilityArr[c]).Count()]
			if att&st.kingZone[them] != 0 {
				st.kingAttackers[c]++
				st.kingWeight[c] += kingAttackWeight[pt]
				st.kingAdjacent[c] += (att & enemyKingAdj).Count()
			}
			switch pt {
			case chess.Knight, chess.Bishop:
				if outpostRanks.Has(s) && attackSpan[c][s]&oppPawns == 0 &&
					chess.PawnAttacks(them, s)&ownPawns != 0 {
					if pt == chess.Knight {
						sc += knightOutpost
					} else {
						sc += bishopOutpost
					}
				}
				if pushUp(c, s.Bitboard())&ownPawns != 0 {
					sc += minorBehindPawn
				}
				if pt == chess.Bishop {
					same := chess.DarkSquares
					if chess.LightSquares.Has(s) {
						same = chess.LightSquares
					}
					sc += bishopPawnsSame * packed((ownPawns & same).Count())
				}
			case chess.Rook:
				f := fileMask[s.File()]
				if f&ownPawns == 0 {
					if f&oppPawns == 0 {
						sc += rookOpenFile
					} else {
						sc += rookSemiOpen
					}
				}
				if s.RelativeRank(c) == 6 {
					seventh := chess.Rank7
					if c == chess.Black {
						seventh = chess.Rank2
					}
					if oppPawns&seventh != 0 || pos.KingSquare(them).RelativeRank(c) == 7 {
						sc += rookOnSeventh
					}
				}
			}
		}
	}
	if pos.Pieces(c, chess.Bishop).More() {
		sc += bishopPair
	}
	return sc
}

// evalThreats scores c's attacks on the enemy's pieces.
func evalThreats(pos *chess.Position, st *evalState, c chess.Color) packed {
	them := c.Other()
	var sc packed
	pieces := pos.ByColor(them) &^ pos.ByType(chess.Pawn) &^ pos.ByType(chess.King)
	if pieces == 0 {
		return 0
	}
	sc += threatByPawn * packed((st.attackedBy[c][chess.Pawn] & pieces).Count())
	heavy := pieces & (pos.ByType(chess.Rook) | pos.ByType(chess.Queen))
	minors := st.attackedBy[c][chess.Knight] | st.attackedBy[c][chess.Bishop]
	sc += threatByMinor * packed((minors & heavy).Count())
	sc += threatByRook * packed((st.attackedBy[c][chess.Rook] & pieces & pos.ByType(chess.Queen)).Count())
	sc += hangingPiece * packed((pieces & st.attacked[c] &^ st.attacked[them]).Count())
	return sc
}
