package chess

// UCI returns the move in UCI notation: "e2e4", "e7e8q", and castling as
// the king's two-square step ("e1g1") in standard chess, or as king takes
// rook ("e1h1") in Chess960.
func (p *Position) UCI(m Move) string {
	if m.IsCastling() && !p.chess960 {
		return fromToText(m.From(), m.CastlingKingTo())
	}
	return m.String()
}

// ParseUCI reads a move in UCI notation and returns it if it is legal here.
// Castling is accepted both as the king's step ("e1g1") and as king takes
// rook ("e1h1").
func (p *Position) ParseUCI(text string) (Move, error) {
	if len(text) != 4 && len(text) != 5 {
		return NullMove, errorf(CodeUCISyntax, kv("move", clip(text)), "malformed UCI move %q: want 4 or 5 characters like e2e4 or e7e8q", clip(text))
	}
	from, ok1 := ParseSquare(text[0:2])
	to, ok2 := ParseSquare(text[2:4])
	if !ok1 || !ok2 {
		return NullMove, errorf(CodeUCISyntax, kv("move", text), "malformed UCI move %q: %q and %q must be squares", text, text[0:2], text[2:4])
	}
	promo := NoPieceType
	if len(text) == 5 {
		switch text[4] {
		case 'q':
			promo = Queen
		case 'r':
			promo = Rook
		case 'b':
			promo = Bishop
		case 'n':
			promo = Knight
		default:
			return NullMove, errorf(CodeUCIPromotion, kv("move", text), "malformed UCI move %q: promotion piece %q is not q, r, b or n", text, text[4])
		}
	}
	var l MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Slice() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to || (m.IsCastling() && m.CastlingKingTo() == to && !p.chess960) {
			return m, nil
		}
	}
	return NullMove, p.illegal(text, from, to, promo)
}
