package engine

import "github.com/joinpal/joinpal/chess"

// Endgame knowledge: driving a lone king to the edge (or to the right
// corner for bishop and knight), and scaling down the score of material
// that cannot win.

// npm returns c's non-pawn material in pawns (knight and bishop 3, rook 5,
// queen 9).
func npm(pos *chess.Position, c chess.Color) int {
	return 3*(pos.Pieces(c, chess.Knight)|pos.Pieces(c, chess.Bishop)).Count() +
		5*pos.Pieces(c, chess.Rook).Count() + 9*pos.Pieces(c, chess.Queen).Count()
}

// endgame returns the endgame score (white's view) with any mop-up bonus
// added, and the scale (0..64) by which to multiply it.
func endgame(pos *chess.Position, eg int) (int, int) {
	strong := chess.White
	if eg < 0 {
		strong = chess.Black
	}
	weak := strong.Other()
	strongNPM, weakNPM := npm(pos, strong), npm(pos, weak)
	sign := 1
	if strong == chess.Black {
		sign = -1
	}

	if pos.ByColor(weak) == pos.Pieces(weak, chess.King) && (strongNPM >= 5 || pos.Pieces(strong, chess.Pawn) != 0) {
		wk, sk := pos.KingSquare(weak), pos.KingSquare(strong)
		bonus := 8 * (7 - int(distance[wk][sk]))
		bishops := pos.Pieces(strong, chess.Bishop)
		if strongNPM == 6 && bishops.Count() == 1 && pos.Pieces(strong, chess.Knight) != 0 && pos.Pieces(strong, chess.Pawn) == 0 {
			// Bishop and knight mate only in a corner of the bishop's colour.
			corners := [2]chess.Square{chess.A1, chess.H8}
			if bishops&chess.LightSquares != 0 {
				corners = [2]chess.Square{chess.H1, chess.A8}
			}
			d := min(distance[wk][corners[0]], distance[wk][corners[1]])
			bonus += 30 * (7 - int(d))
		} else {
			bonus += 24 * int(centerDist[wk])
		}
		if pos.Pieces(strong, chess.Pawn) == 0 {
			bonus += 150 // make sure winning lines keep the material
		}
		return eg + sign*bonus, 64
	}

	if pos.Pieces(strong, chess.Pawn) == 0 {
		switch {
		case strongNPM <= 3:
			return eg, 0 // a minor piece alone cannot mate
		case strongNPM == 6 && pos.Pieces(strong, chess.Knight).Count() == 2 && weakNPM == 0:
			return eg, 0 // two knights cannot force mate
		case strongNPM-weakNPM <= 3:
			return eg, 12 // e.g. rook against minor piece
		}
	}
	wb, bbish := pos.Pieces(chess.White, chess.Bishop), pos.Pieces(chess.Black, chess.Bishop)
	if wb.Count() == 1 && bbish.Count() == 1 &&
		((wb&chess.LightSquares != 0) != (bbish&chess.LightSquares != 0)) {
		if strongNPM == 3 && weakNPM == 3 {
			return eg, 24 // opposite-coloured bishops alone
		}
		return eg, 48
	}
	if pos.Pieces(strong, chess.Pawn).Count() == 1 && pos.Pieces(weak, chess.Pawn) == 0 &&
		strongNPM == weakNPM && weakNPM > 0 {
		return eg, 40 // a lone pawn with equal pieces, e.g. rook and pawn against rook
	}
	return eg, 64
}
