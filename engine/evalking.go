package engine

import "github.com/joinpal/joinpal/chess"

// King safety: the pawn shield in front of the king, enemy pawns storming
// it, and the danger of the enemy pieces attacking the squares around it.

var (
	// shelterByRank is the middlegame bonus of the nearest own pawn in front
	// of the king on each of the three files around it, by that pawn's
	// relative rank (0: no such pawn; a pawn is never on the first rank).
	shelterByRank = [8]int{-25, 2, -8, -9, -11, -7, -7, -7}
	// stormByRank is the penalty of the nearest enemy pawn on those files,
	// by its rank relative to our side (0: none); halved when our pawn
	// blocks it.
	stormByRank  = [8]int{0, 0, 21, 14, 4, -5, 0, 0}
	kingOpenFile = S(-10, -2)

	dangerAdjacent   = 6  // per enemy attack on a square next to the king
	dangerWeakZone   = 10 // per weak square in the king zone
	dangerSafeCheck  = [7]int{chess.Knight: 30, chess.Bishop: 20, chess.Rook: 32, chess.Queen: 26}
	dangerNoQueen    = 45
	dangerDivisorMG  = 220 // penalty = danger² / divisor
	dangerDivisorEG  = 10  // endgame penalty = danger / divisor
	dangerMaxPenalty = 900
)

// evalKing returns the safety of c's king, from c's point of view.
func evalKing(pos *chess.Position, st *evalState, c chess.Color) packed {
	them := c.Other()
	ksq := pos.KingSquare(c)
	sc := shelter(pos, c, ksq)

	if st.kingAttackers[them] == 0 {
		return sc
	}
	hasQueen := pos.Pieces(them, chess.Queen) != 0
	if st.kingAttackers[them] < 2 && !hasQueen {
		return sc
	}
	occ := pos.Occupied()
	// Squares they attack that we defend at most once, by the king or queen.
	weak := st.attacked[them] &^ st.attacked2[c] &
		(^st.attacked[c] | st.attackedBy[c][chess.King] | st.attackedBy[c][chess.Queen])
	safe := ^pos.ByColor(them) & (^st.attacked[c] | weak&st.attacked2[them])
	rookRays := chess.RookAttacks(ksq, occ^pos.Pieces(c, chess.Queen))
	bishopRays := chess.BishopAttacks(ksq, occ^pos.Pieces(c, chess.Queen))

	danger := st.kingAttackers[them]*st.kingWeight[them] +
		dangerAdjacent*st.kingAdjacent[them] +
		dangerWeakZone*(weak&st.kingZone[c]).Count()
	if chess.KnightAttacks(ksq)&st.attackedBy[them][chess.Knight]&safe != 0 {
		danger += dangerSafeCheck[chess.Knight]
	}
	if bishopRays&st.attackedBy[them][chess.Bishop]&safe != 0 {
		danger += dangerSafeCheck[chess.Bishop]
	}
	if rookRays&st.attackedBy[them][chess.Rook]&safe != 0 {
		danger += dangerSafeCheck[chess.Rook]
	}
	if (rookRays|bishopRays)&st.attackedBy[them][chess.Queen]&safe&^st.attackedBy[c][chess.Queen] != 0 {
		danger += dangerSafeCheck[chess.Queen]
	}
	if !hasQueen {
		danger -= dangerNoQueen
	}
	danger -= sc.mg() / 4
	if danger <= 0 {
		return sc
	}
	return sc - S(min(danger*danger/dangerDivisorMG, dangerMaxPenalty), danger/dangerDivisorEG)
}

// shelter scores the pawns in front of c's king on its file and the two
// beside it.
func shelter(pos *chess.Position, c chess.Color, ksq chess.Square) packed {
	them := c.Other()
	// Pawns level with or in front of the king.
	ahead := fillUp(c, chess.Rank1<<(8*ksq.Rank()))
	own := pos.Pieces(c, chess.Pawn) & ahead
	opp := pos.Pieces(them, chess.Pawn) & ahead
	kf := ksq.File()
	mg := 0
	for f := max(0, kf-1); f <= min(7, kf+1); f++ {
		ours := own & fileMask[f]
		theirs := opp & fileMask[f]
		ourRank, theirRank := 0, 0
		if ours != 0 {
			ourRank = nearest(c, ours).RelativeRank(c)
		}
		if theirs != 0 {
			theirRank = nearest(c, theirs).RelativeRank(c)
		}
		mg += shelterByRank[ourRank]
		if theirRank != 0 {
			if ourRank != 0 && ourRank == theirRank-1 {
				mg -= stormByRank[theirRank] / 2
			} else {
				mg -= stormByRank[theirRank]
			}
		}
	}
	sc := S(mg, 0)
	if pos.Pieces(c, chess.Pawn)&fileMask[kf] == 0 {
		sc += kingOpenFile
	}
	return sc
}

// nearest returns the square of b closest to c's first rank.
func nearest(c chess.Color, b bb) chess.Square {
	if c == chess.White {
		return b.First()
	}
	return b.Last()
}
