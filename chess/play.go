package chess

import "fmt"

// Play plays m if it is legal in p, and otherwise returns an *Error of kind
// ErrMoveIllegal whose message says why, leaving p unchanged.
func (p *Position) Play(m Move) error {
	if !p.IsLegal(m) {
		promo := m.Promotion()
		to := m.To()
		if m.IsCastling() && !p.chess960 {
			to = m.CastlingKingTo()
		}
		return p.illegal(m.String(), m.From(), to, promo)
	}
	p.PlayUnchecked(m)
	return nil
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	var l MoveList
	p.GenerateLegal(&l)
	for _, lm := range l.Slice() {
		if lm == m {
			return true
		}
	}
	return false
}

// illegal explains why the move from -> to (promoting to promo) is not legal.
func (p *Position) illegal(text string, from, to Square, promo PieceType) *Error {
	return errorf(ErrMoveIllegal, "illegal move %s: %s", text, p.whyIllegal(from, to, promo))
}

func (p *Position) whyIllegal(from, to Square, promo PieceType) string {
	pc := p.board[from]
	us := p.turn
	if p.HasLegalMoves() == false {
		if p.InCheck() {
			return "the game is over: checkmate"
		}
		return "the game is over: stalemate"
	}
	switch {
	case from == to:
		return "a move must change squares"
	case pc == NoPiece:
		return fmt.Sprintf("there is no piece on %s", from)
	case pc.Color() != us:
		return fmt.Sprintf("the %s on %s is %s's, and it is %s's turn", pc.Type(), from, pc.Color(), us)
	}
	target := p.board[to]
	if target != NoPiece && target.Color() == us && !(pc.Type() == King && target.Type() == Rook) {
		return fmt.Sprintf("%s is occupied by a %s piece", to, us)
	}
	occ := p.byType[0]
	var reach Bitboard
	switch pc.Type() {
	case Pawn:
		reach = pawnAttacks[us][from] & p.byColor[us.Other()]
		if p.ep != NoSquare {
			reach |= pawnAttacks[us][from] & p.ep.Bitboard()
		}
		one := pawnPushes(us, from.Bitboard()) &^ occ
		reach |= one
		if from.RelativeRank(us) == 1 {
			reach |= pawnPushes(us, one) &^ occ
		}
		if reach.Has(to) {
			if to.RelativeRank(us) == 7 && promo == NoPieceType {
				return "a pawn reaching the last rank must promote (to a queen, rook, bishop or knight)"
			}
			if to.RelativeRank(us) != 7 && promo != NoPieceType {
				return "only a pawn reaching the last rank promotes"
			}
		}
	case Knight:
		reach = knightAttacks[from]
	case Bishop:
		reach = BishopAttacks(from, occ)
	case Rook:
		reach = RookAttacks(from, occ)
	case Queen:
		reach = QueenAttacks(from, occ)
	case King:
		reach = kingAttacks[from]
		if why := p.whyNoCastling(from, to); why != "" {
			return why
		}
	}
	if pc.Type() != Pawn && promo != NoPieceType {
		return fmt.Sprintf("only a pawn promotes, not a %s", pc.Type())
	}
	if !reach.Has(to) {
		if pc.Type() == Pawn && p.board[to] == NoPiece && pawnAttacks[us][from].Has(to) {
			return fmt.Sprintf("a pawn captures diagonally only, and %s is empty (no en passant there)", to)
		}
		return fmt.Sprintf("a %s on %s cannot reach %s", pc.Type(), from, to)
	}
	if p.InCheck() {
		return fmt.Sprintf("%s is in check and this move does not parry it", us)
	}
	return fmt.Sprintf("it would leave the %s king in check", us)
}

// whyNoCastling explains a refused castling move (king from -> to), or
// returns "" if the move is not an attempt to castle.
func (p *Position) whyNoCastling(from, to Square) string {
	us := p.turn
	var rook Square = NoSquare
	switch {
	case p.board[to] == NewPiece(us, Rook):
		rook = to
	case from.Rank() == to.Rank() && (to.File()-from.File() == 2 || from.File()-to.File() == 2) && backRank(us).Has(from):
		for b := p.castling & backRank(us); b != 0; b &= b - 1 {
			r := b.First()
			if (r > from) == (to > from) {
				rook = r
			}
		}
		if rook == NoSquare {
			return fmt.Sprintf("%s has lost the right to castle on that side", us)
		}
	default:
		return ""
	}
	if !p.castling.Has(rook) {
		return fmt.Sprintf("%s has lost the right to castle with the rook on %s", us, rook)
	}
	if p.InCheck() {
		return "cannot castle out of check"
	}
	m := newMove(from, rook, kindCastling)
	kto, rto := m.CastlingKingTo(), m.castlingRookTo()
	occ := p.byType[0] &^ from.Bitboard() &^ rook.Bitboard()
	if (between[from][kto]|kto.Bitboard()|between[rook][rto]|rto.Bitboard())&occ != 0 {
		return "cannot castle: the squares between king and rook are not empty"
	}
	for b := between[from][kto] | kto.Bitboard(); b != 0; b &= b - 1 {
		if p.attacked(b.First(), us.Other(), occ) {
			if b.First() == kto {
				return fmt.Sprintf("cannot castle into check (%s is attacked)", kto)
			}
			return fmt.Sprintf("cannot castle through check (%s is attacked)", b.First())
		}
	}
	return ""
}
