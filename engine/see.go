package engine

import "github.com/joinpal/joinpal/chess"

// Static exchange evaluation and other questions about a move that package
// chess does not answer directly.

// seeValue is the piece value the exchange evaluation counts.
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// attackersTo returns the pieces of both colours attacking s when the
// occupied squares are occ.
func attackersTo(pos *chess.Position, s chess.Square, occ bb) bb {
	return chess.PawnAttacks(chess.Black, s)&pos.Pieces(chess.White, chess.Pawn) |
		chess.PawnAttacks(chess.White, s)&pos.Pieces(chess.Black, chess.Pawn) |
		chess.KnightAttacks(s)&pos.ByType(chess.Knight) |
		chess.KingAttacks(s)&pos.ByType(chess.King) |
		chess.RookAttacks(s, occ)&(pos.ByType(chess.Rook)|pos.ByType(chess.Queen)) |
		chess.BishopAttacks(s, occ)&(pos.ByType(chess.Bishop)|pos.ByType(chess.Queen))
}

// isCapture reports whether m takes a piece.
func isCapture(pos *chess.Position, m chess.Move) bool {
	return m.IsEnPassant() || !m.IsCastling() && pos.PieceAt(m.To()) != chess.NoPiece
}

// isTactical reports whether m is a capture or a queen promotion, the moves
// quiescence search plays.
func isTactical(pos *chess.Position, m chess.Move) bool {
	return isCapture(pos, m) || m.Promotion() == chess.Queen
}

// capturedType returns the type of the piece m takes, or NoPieceType.
func capturedType(pos *chess.Position, m chess.Move) chess.PieceType {
	if m.IsEnPassant() {
		return chess.Pawn
	}
	if m.IsCastling() {
		return chess.NoPieceType
	}
	return pos.PieceAt(m.To()).Type()
}

// seeGE reports whether the exchange that m starts on its target square
// wins at least threshold centipawns for the side to move, both sides
// recapturing with their least valuable piece and free to stop. Pins are
// ignored.
func seeGE(pos *chess.Position, m chess.Move, threshold int) bool {
	if m.IsCastling() {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	next := pos.PieceAt(from).Type()
	swap := seeValue[capturedType(pos, m)] - threshold
	if p := m.Promotion(); p != chess.NoPieceType {
		swap += seeValue[p] - seeValue[chess.Pawn]
		next = p
	}
	if swap < 0 {
		return false
	}
	swap = seeValue[next] - swap
	if swap <= 0 {
		return true
	}
	occ := pos.Occupied() ^ from.Bitboard() ^ to.Bitboard()
	if m.IsEnPassant() {
		occ ^= (to ^ 8).Bitboard()
	}
	stm := pos.Turn()
	attackers := attackersTo(pos, to, occ)
	diag := pos.ByType(chess.Bishop) | pos.ByType(chess.Queen)
	orth := pos.ByType(chess.Rook) | pos.ByType(chess.Queen)
	res := 1
	for {
		stm = stm.Other()
		attackers &= occ
		mine := attackers & pos.ByColor(stm)
		if mine == 0 {
			break
		}
		res ^= 1
		pt := chess.Pawn
		var b bb
		for ; pt <= chess.King; pt++ {
			if b = mine & pos.ByType(pt); b != 0 {
				break
			}
		}
		if pt == chess.King {
			// The king may take last only if nothing defends the square.
			if attackers&^pos.ByColor(stm) != 0 {
				res ^= 1
			}
			break
		}
		if swap = seeValue[pt] - swap; swap < res {
			break
		}
		occ ^= b.First().Bitboard()
		if pt == chess.Pawn || pt == chess.Bishop || pt == chess.Queen {
			attackers |= chess.BishopAttacks(to, occ) & diag
		}
		if pt == chess.Rook || pt == chess.Queen {
			attackers |= chess.RookAttacks(to, occ) & orth
		}
	}
	return res == 1
}

// givesCheck reports whether m, legal in pos, checks the enemy king.
func givesCheck(pos *chess.Position, m chess.Move) bool {
	if m.IsCastling() || m.IsEnPassant() {
		child := *pos
		child.PlayUnchecked(m)
		return child.InCheck()
	}
	us := pos.Turn()
	ksq := pos.KingSquare(us.Other())
	from, to := m.From(), m.To()
	pt := pos.PieceAt(from).Type()
	if p := m.Promotion(); p != chess.NoPieceType {
		pt = p
	}
	occ := pos.Occupied()&^from.Bitboard() | to.Bitboard()
	switch pt {
	case chess.Pawn:
		if chess.PawnAttacks(us, to).Has(ksq) {
			return true
		}
	case chess.Knight:
		if chess.KnightAttacks(to).Has(ksq) {
			return true
		}
	case chess.Bishop:
		if chess.BishopAttacks(to, occ).Has(ksq) {
			return true
		}
	case chess.Rook:
		if chess.RookAttacks(to, occ).Has(ksq) {
			return true
		}
	case chess.Queen:
		if chess.QueenAttacks(to, occ).Has(ksq) {
			return true
		}
	}
	// A discovered check by a slider the moving piece uncovered.
	ours := pos.ByColor(us) &^ from.Bitboard()
	return chess.RookAttacks(ksq, occ)&ours&(pos.ByType(chess.Rook)|pos.ByType(chess.Queen)) != 0 ||
		chess.BishopAttacks(ksq, occ)&ours&(pos.ByType(chess.Bishop)|pos.ByType(chess.Queen)) != 0
}

// checkInfo answers givesCheck quickly for the moves of one position: the
// squares from which each piece type would check the enemy king, and the
// pieces whose moving off a line would uncover a check.
type checkInfo struct {
	ksq      chess.Square
	squares  [7]bb
	blockers bb
}

func newCheckInfo(pos *chess.Position) checkInfo {
	us := pos.Turn()
	ksq := pos.KingSquare(us.Other())
	occ := pos.Occupied()
	var ci checkInfo
	ci.ksq = ksq
	ci.squares[chess.Pawn] = chess.PawnAttacks(us.Other(), ksq)
	ci.squares[chess.Knight] = chess.KnightAttacks(ksq)
	ci.squares[chess.Bishop] = chess.BishopAttacks(ksq, occ)
	ci.squares[chess.Rook] = chess.RookAttacks(ksq, occ)
	ci.squares[chess.Queen] = ci.squares[chess.Bishop] | ci.squares[chess.Rook]
	ours := pos.ByColor(us)
	snipers := ours & (chess.RookAttacks(ksq, 0)&(pos.ByType(chess.Rook)|pos.ByType(chess.Queen)) |
		chess.BishopAttacks(ksq, 0)&(pos.ByType(chess.Bishop)|pos.ByType(chess.Queen)))
	for ; snipers != 0; snipers &= snipers - 1 {
		b := chess.Between(ksq, snipers.First()) & occ
		if b != 0 && !b.More() && b&ours != 0 {
			ci.blockers |= b
		}
	}
	return ci
}

// gives reports whether m, legal in pos, checks the enemy king.
func (ci *checkInfo) gives(pos *chess.Position, m chess.Move) bool {
	if m.IsCastling() || m.IsEnPassant() || m.Promotion() != chess.NoPieceType {
		return givesCheck(pos, m)
	}
	from, to := m.From(), m.To()
	if ci.squares[pos.PieceAt(from).Type()].Has(to) {
		return true
	}
	if ci.blockers.Has(from) {
		// A discovered check, unless the piece stays on the line.
		return !chess.Between(ci.ksq, to).Has(from) && !chess.Between(ci.ksq, from).Has(to)
	}
	return false
}

// hasNonPawnMaterial reports whether c has a piece other than king and
// pawns.
func hasNonPawnMaterial(pos *chess.Position, c chess.Color) bool {
	return pos.ByColor(c)&^(pos.ByType(chess.Pawn)|pos.ByType(chess.King)) != 0
}
