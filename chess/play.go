package chess

// Play plays m if it is legal in p, and otherwise returns an *Error whose
// code ("chess.move.illegal.*") and message say why, leaving p unchanged.
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

// illegal explains why the move from -> to (promoting to promo), written
// text, is not legal.
func (p *Position) illegal(text string, from, to Square, promo PieceType) *Error {
	return asMove(text, p.whyIllegal(from, to, promo))
}

// asMove completes the reason for refusing a move with the move's text: a
// "move" parameter and the "illegal move <text>: " prefix of the message.
func asMove(text string, why *Error) *Error {
	if why.Params == nil {
		why.Params = map[string]string{}
	}
	why.Params["move"] = clip(text)
	why.Msg = "illegal move " + clip(text) + ": " + why.Msg
	return why
}

// whyIllegal returns the reason, without the move's text, why the move from
// -> to is not legal.
func (p *Position) whyIllegal(from, to Square, promo PieceType) *Error {
	pc := p.board[from]
	us := p.turn
	if !p.HasLegalMoves() {
		if p.InCheck() {
			return errorf(CodeGameOverCheckmate, nil, "the game is over: checkmate")
		}
		return errorf(CodeGameOverStalemate, nil, "the game is over: stalemate")
	}
	switch {
	case from == to:
		return errorf(CodeSameSquare, nil, "a move must change squares")
	case pc == NoPiece:
		return errorf(CodeNoPiece, kv("square", from.String()), "there is no piece on %s", from)
	case pc.Color() != us:
		return errorf(CodeOpponentsPiece, kv("piece", pc.Type().String(), "square", from.String()),
			"the %s on %s is %s's, and it is %s's turn", pc.Type(), from, pc.Color(), us)
	}
	target := p.board[to]
	if target != NoPiece && target.Color() == us && !(pc.Type() == King && target.Type() == Rook) {
		return errorf(CodeOwnPieceOnTarget, kv("square", to.String()), "%s is occupied by a %s piece", to, us)
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
				return errorf(CodeMustPromote, nil, "a pawn reaching the last rank must promote (to a queen, rook, bishop or knight)")
			}
			if to.RelativeRank(us) != 7 && promo != NoPieceType {
				return errorf(CodePromotionTooEarly, nil, "only a pawn reaching the last rank promotes")
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
		if why := p.whyNoCastling(from, to); why != nil {
			return why
		}
	}
	if pc.Type() != Pawn && promo != NoPieceType {
		return errorf(CodePromotionNotPawn, kv("piece", pc.Type().String()), "only a pawn promotes, not a %s", pc.Type())
	}
	if !reach.Has(to) {
		if pc.Type() == Pawn && p.board[to] == NoPiece && pawnAttacks[us][from].Has(to) {
			return errorf(CodePawnCaptureEmpty, kv("square", to.String()),
				"a pawn captures diagonally only, and %s is empty (no en passant there)", to)
		}
		return errorf(CodeUnreachable, kv("piece", pc.Type().String(), "from", from.String(), "to", to.String()),
			"a %s on %s cannot reach %s", pc.Type(), from, to)
	}
	if p.InCheck() {
		return errorf(CodeCheckNotParried, nil, "%s is in check and this move does not parry it", us)
	}
	return errorf(CodeSelfCheck, nil, "it would leave the %s king in check", us)
}

// whyNoCastling explains a refused castling move (king from -> to), or
// returns nil if the move is not an attempt to castle.
func (p *Position) whyNoCastling(from, to Square) *Error {
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
			return errorf(CodeCastlingNoRight, kv("side", castlingSide(to < from)), "%s has lost the right to castle on that side", us)
		}
	default:
		return nil
	}
	if !p.castling.Has(rook) {
		return errorf(CodeCastlingNoRight, kv("side", castlingSide(rook < from)), "%s has lost the right to castle with the rook on %s", us, rook)
	}
	if p.InCheck() {
		return errorf(CodeCastlingInCheck, nil, "cannot castle out of check")
	}
	m := newMove(from, rook, kindCastling)
	kto, rto := m.CastlingKingTo(), m.castlingRookTo()
	occ := p.byType[0] &^ from.Bitboard() &^ rook.Bitboard()
	if (between[from][kto]|kto.Bitboard()|between[rook][rto]|rto.Bitboard())&occ != 0 {
		return errorf(CodeCastlingBlocked, nil, "cannot castle: the squares between king and rook are not empty")
	}
	for b := between[from][kto] | kto.Bitboard(); b != 0; b &= b - 1 {
		if sq := b.First(); p.attacked(sq, us.Other(), occ) {
			if sq == kto {
				return errorf(CodeCastlingIntoCheck, kv("square", sq.String()), "cannot castle into check (%s is attacked)", sq)
			}
			return errorf(CodeCastlingThroughChk, kv("square", sq.String()), "cannot castle through check (%s is attacked)", sq)
		}
	}
	return nil
}

// castlingSide names the side of a castling move for a "side" parameter:
// "queen" for long castling, "king" for short.
func castlingSide(long bool) string {
	if long {
		return "queen"
	}
	return "king"
}
