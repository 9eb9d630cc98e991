package chess

import (
	"fmt"
	"strings"
)

// SAN returns the move, which must be legal in p, in Standard Algebraic
// Notation as FIDE and PGN write it: piece letter, the least disambiguation
// that makes it unique (file, then rank, then both), "x" for captures,
// "=Q" for promotions, "O-O"/"O-O-O" for castling, and "+" or "#".
func (p *Position) SAN(m Move) string {
	var l MoveList
	p.GenerateLegal(&l)
	var buf [16]byte
	b := p.appendSAN(buf[:0], m, &l)
	return string(append(b, p.checkSuffix(m)...))
}

// SANWithoutSuffix is SAN without the "+" or "#" suffix.
func (p *Position) SANWithoutSuffix(m Move) string {
	var l MoveList
	p.GenerateLegal(&l)
	var buf [16]byte
	return string(p.appendSAN(buf[:0], m, &l))
}

func (p *Position) checkSuffix(m Move) string {
	child := *p
	child.PlayUnchecked(m)
	if !child.InCheck() {
		return ""
	}
	if child.HasLegalMoves() {
		return "+"
	}
	return "#"
}

// appendSAN appends the SAN of m without its suffix to b; legal is the
// legal moves of p. The longest text is seven bytes ("Qa1xb2" and
// "exd8=Q" before a suffix), so a caller's small buffer holds it.
func (p *Position) appendSAN(b []byte, m Move, legal *MoveList) []byte {
	if m.IsCastling() {
		if m.To() > m.From() {
			return append(b, "O-O"...)
		}
		return append(b, "O-O-O"...)
	}
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	capture := p.board[to] != NoPiece || m.IsEnPassant()
	if pt == Pawn {
		if capture {
			b = append(b, 'a'+byte(from.File()), 'x')
		}
		b = append(b, to.String()...)
		if promo := m.Promotion(); promo != NoPieceType {
			b = append(b, '=')
			b = append(b, promo.Letter()...)
		}
		return b
	}
	b = append(b, pt.Letter()...)
	if pt != King {
		var others Bitboard
		for _, o := range legal.Slice() {
			if o != m && o.To() == to && !o.IsCastling() && p.board[o.From()].Type() == pt {
				others |= o.From().Bitboard()
			}
		}
		if others != 0 {
			switch {
			case others&fileMask(from) == 0:
				b = append(b, 'a'+byte(from.File()))
			case others&rankMask(from) == 0:
				b = append(b, '1'+byte(from.Rank()))
			default:
				b = append(b, from.String()...)
			}
		}
	}
	if capture {
		b = append(b, 'x')
	}
	return append(b, to.String()...)
}

// ParseSAN reads a move in SAN and returns it if it is legal here. It is
// lenient in form — it takes "0-0", a missing, extra or wrong "+"/"#",
// annotations such as "!?", "e.p.", a missing "x", promotion without "="
// and the long form "Nb1-c3" — but never in meaning: a SAN that fits no
// legal move is an [ErrIllegalMove] error and one that fits several an
// [ErrAmbiguousMove] error; text that is no move at all is an
// [ErrMalformedMove] error.
func (p *Position) ParseSAN(text string) (Move, error) { return p.parseSAN(text, false) }

// parseSAN is ParseSAN; with explain, a refusal is detailed as Try does.
func (p *Position) parseSAN(text string, explain bool) (Move, error) {
	s := strings.TrimSpace(text)
	s = strings.TrimRight(s, "+#!?")
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimRight(s, " ")
	s = strings.TrimRight(s, "+#!?")
	if s == "" {
		return NullMove, errorf(CodeSANEmpty, nil, "malformed SAN %q: empty", text)
	}
	var l MoveList
	p.GenerateLegal(&l)
	switch s {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		long := len(s) == 5
		for _, m := range l.Slice() {
			if m.IsCastling() && (m.To() < m.From()) == long {
				return m, nil
			}
		}
		why := p.castlingReason(long, explain)
		why.Msg = fmt.Sprintf("%s cannot castle on the %sside now (%s)", p.turn, castlingSide(long), why.Msg)
		return NullMove, asMove(text, why)
	}

	pt := Pawn
	if c := s[0]; c >= 'A' && c <= 'Z' {
		if pt = pieceTypeFromLetter(c); pt == NoPieceType || pt == Pawn {
			return NullMove, errorf(CodeSANPieceLetter, kv("move", clip(text)), "malformed SAN %q: %q is not a piece letter (K, Q, R, B, N)", clip(text), c)
		}
		s = s[1:]
	}
	promo := NoPieceType
	if strings.HasSuffix(s, "=K") || strings.HasSuffix(s, "=P") {
		return NullMove, asMove(text, errorf(CodePromotionPiece, nil, "a pawn promotes only to a queen, rook, bishop or knight"))
	}
	if n := len(s); n >= 2 {
		c := s[n-1]
		if c >= 'a' && c <= 'z' && s[n-2] == '=' {
			c -= 'a' - 'A'
		}
		if pp := pieceTypeFromLetter(c); pp != NoPieceType && c != 'P' && c != 'K' {
			promo = pp
			s = strings.TrimSuffix(s[:n-1], "=")
		}
	}
	if len(s) < 2 {
		return NullMove, errorf(CodeSANSquare, kv("move", clip(text)), "malformed SAN %q: no target square", clip(text))
	}
	to, ok := ParseSquare(s[len(s)-2:])
	if !ok {
		return NullMove, errorf(CodeSANSquare, kv("move", clip(text)), "malformed SAN %q: %q is not a square", clip(text), s[len(s)-2:])
	}
	prefix := s[:len(s)-2]
	prefix = strings.TrimSuffix(prefix, "x")
	prefix = strings.TrimSuffix(prefix, "-")
	fromFile, fromRank := -1, -1
	for i := 0; i < len(prefix); i++ {
		switch c := prefix[i]; {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return NullMove, errorf(CodeSANPrefix, kv("move", clip(text)), "malformed SAN %q: cannot read %q before the target square", clip(text), clip(prefix))
		}
	}

	found, count := NullMove, 0
	for _, m := range l.Slice() {
		if m.IsCastling() || m.To() != to || p.board[m.From()].Type() != pt || m.Promotion() != promo {
			continue
		}
		if (fromFile >= 0 && m.From().File() != fromFile) || (fromRank >= 0 && m.From().Rank() != fromRank) {
			continue
		}
		if pt == Pawn && fromFile < 0 && m.From().File() != to.File() {
			continue // "d5" is a push, never a capture
		}
		found = m
		count++
	}
	switch {
	case count == 1:
		return found, nil
	case count > 1:
		return NullMove, errorf(CodeAmbiguousMove, kv("move", clip(text), "piece", pt.String(), "square", to.String()),
			"ambiguous move %s: more than one %s can go to %s; say which", clip(text), pt, to)
	}
	return NullMove, p.sanIllegal(text, pt, to, promo, fromFile, fromRank, explain)
}

// sanIllegal explains why no legal move fits a SAN.
func (p *Position) sanIllegal(text string, pt PieceType, to Square, promo PieceType, fromFile, fromRank int, explain bool) *Error {
	// If exactly one piece of that type could be meant, explain its move.
	var candidates Bitboard
	for b := p.Pieces(p.turn, pt); b != 0; b &= b - 1 {
		from := b.First()
		if (fromFile < 0 || from.File() == fromFile) && (fromRank < 0 || from.Rank() == fromRank) {
			candidates |= from.Bitboard()
		}
	}
	if pt == Pawn && fromFile < 0 {
		candidates &= fileMask(to)
	}
	if candidates == 0 {
		return asMove(text, errorf(CodeNoSuchPiece, kv("piece", pt.String(), "square", to.String()),
			"%s has no %s that could go to %s", p.turn, pt, to))
	}
	if !candidates.More() {
		return asMove(text, p.sanWhy(candidates.First(), to, pt, promo, explain))
	}
	// Several pieces of that kind: when only one of them could go there by
	// its way of moving (the move is refused for another reason, a check
	// it leaves or does not parry), that one is meant, and its refusal says
	// why. A piece in the way is not such a reason.
	meant, n := NoSquare, 0
	for b := candidates; b != 0; b &= b - 1 {
		from := b.First()
		if why := p.whyIllegal(from, to, promo); why != nil && why.Code != CodeUnreachable && why.Code != CodeOwnPieceOnTarget && !isCastlingRefusal(why.Code) {
			meant, n = from, n+1
		}
	}
	if n == 1 {
		return asMove(text, p.sanWhy(meant, to, pt, promo, explain))
	}
	return asMove(text, errorf(CodeNoPieceReaches, kv("piece", pt.String(), "square", to.String()),
		"no %s %s can move to %s", p.turn, pt, to))
}

// sanWhy is why the SAN move of the piece on from to to is refused. A king's
// SAN move two squares along its rank is no castling (SAN writes that O-O),
// so it is refused as a king's step, not for castling's conditions.
func (p *Position) sanWhy(from, to Square, pt PieceType, promo PieceType, explain bool) *Error {
	why := p.whyIllegal(from, to, promo)
	if pt == King && why != nil && isCastlingRefusal(why.Code) {
		why = errorf(CodeUnreachable, kv("piece", King.String(), "from", from.String(), "to", to.String()),
			"a king on %s cannot reach %s", from, to)
	}
	if explain {
		why = p.explain(why, from, to)
	}
	return why
}

// isCastlingRefusal reports whether code refuses a castling move.
func isCastlingRefusal(code string) bool {
	return strings.HasPrefix(code, "chess.move.illegal.castling.")
}

// castlingReason says why castling on one side is refused (in detail with
// explain).
func (p *Position) castlingReason(long, explain bool) *Error {
	ksq := p.KingSquare(p.turn)
	for b := p.castling & backRank(p.turn); b != 0; b &= b - 1 {
		r := b.First()
		if (r < ksq) == long {
			if why := p.whyNoCastling(ksq, r); why != nil {
				if explain {
					why = p.explain(why, ksq, r)
				}
				return why
			}
		}
	}
	why := errorf(CodeCastlingNoRight, kv("side", castlingSide(long)), "the right to castle on that side is lost")
	if explain {
		toward := ksq + 1
		if long {
			toward = ksq - 1
		}
		why = p.explain(why, ksq, toward)
	}
	return why
}
