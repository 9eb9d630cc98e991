package chess

import "strconv"

// Position validates the setup strictly, as user-supplied positions must
// be, and returns the position or an error listing every law it breaks (see
// Setup.PositionWith and Options). It is PositionWith(Options{Castling:
// mode}).
func (s Setup) Position(mode CastlingMode) (Position, error) {
	return s.PositionWith(Options{Castling: mode})
}

// PositionWith validates the setup under opts and returns the position, or
// a *SetupError that lists every problem found, each an *Error with its own
// stable code (errors.Is and errors.As reach each one):
//
//   - a side without a king or with two (chess.position.missing_king,
//     too_many_kings);
//   - more than 16 pieces or 8 pawns for a side (too_many_pieces,
//     too_many_pawns);
//   - more promoted pieces than missing pawns (too_much_material);
//   - a pawn on the first or last rank (pawn_on_back_rank);
//   - the side not to move in check (opposite_check);
//   - a check that no last move could have given (impossible_check.*);
//   - castling rights that no king and rook at home stand for
//     (castling.*);
//   - an en-passant square no double step could have made (en_passant.*).
//
// Options may drop bad castling rights or a bad en-passant square instead
// of refusing them, and let impossible checks through for move-generator
// test data. An en-passant
// square that no pawn of the side to move can capture onto is valid but
// not kept.
func (s Setup) PositionWith(opts Options) (Position, error) {
	var p Position
	for sq := Square(0); sq < 64; sq++ {
		if pc := s.Board[sq]; pc != NoPiece {
			p.put(pc, sq)
		}
	}
	p.turn = s.Turn
	p.chess960 = opts.Castling == Chess960
	p.ep = NoSquare
	p.halfmove = uint16(s.HalfmoveClock)
	p.fullmove = uint16(max(s.FullmoveNumber, 1))

	var found problems
	kings := p.checkKings(&found)
	p.checkMaterial(&found)
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		for ; b != 0; b &= b - 1 {
			sq := b.First()
			found.add(CodePawnOnBackRank, kv("square", sq.String()), "pawn on %s", sq)
		}
	}
	if kings[p.turn.Other()] {
		them := p.turn.Other()
		if p.attacked(p.KingSquare(them), p.turn, p.byType[0]) {
			found.add(CodeOppositeCheck, kv("color", them.String()), "%s is to move and %s is in check", p.turn, them)
		}
	}
	p.castling = p.checkCastling(&found, s.CastlingRights, opts)
	ep := p.checkEnPassant(&found, s.EnPassant, opts)
	if kings[p.turn] && !opts.AllowImpossibleCheck {
		p.checkCheckers(&found, ep)
	}
	if len(found) > 0 {
		return Position{}, &SetupError{Problems: found}
	}
	if ep != NoSquare && pawnAttacks[p.turn.Other()][ep]&p.Pieces(p.turn, Pawn) != 0 {
		p.ep = ep
	}
	p.key = p.computeKey()
	return p, nil
}

// checkKings reports a side without a king or with more than one, and
// returns which sides have exactly one.
func (p *Position) checkKings(found *problems) (one [2]bool) {
	for _, c := range [2]Color{White, Black} {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			found.add(CodeMissingKing, kv("color", c.String()), "%s has no king", c)
		case n > 1:
			found.add(CodeTooManyKings, kv("color", c.String(), "count", strconv.Itoa(n)), "%s has %d kings", c, n)
		default:
			one[c] = true
		}
	}
	return one
}

// checkCastling returns the castling rights that a king and a rook stand
// for, and reports the others as problems unless opts drops them.
//
// A right is good when its side has one king, on its first rank (on e1 or
// e8 in standard chess), and a rook of its own on the right's square, on
// the same rank (in a corner in standard chess), and it is the outermost
// such right on its side of the king.
func (p *Position) checkCastling(found *problems, rights Bitboard, opts Options) Bitboard {
	var good Bitboard
	report := func(code string, params map[string]string, format string, args ...any) {
		if !opts.DropBadCastling {
			found.add(code, params, format, args...)
		}
	}
	if off := rights &^ (Rank1 | Rank8); off != 0 {
		for ; off != 0; off &= off - 1 {
			sq := off.First()
			report(CodeCastlingBadSquare, kv("square", sq.String()), "castling right on %s, which is on no side's first rank", sq)
		}
	}
	for _, c := range [2]Color{White, Black} {
		mine := rights & backRank(c)
		if mine == 0 {
			continue
		}
		if p.Pieces(c, King).Count() != 1 {
			report(CodeCastlingNoKing, kv("color", c.String()), "%s may castle but has no single king", c)
			continue
		}
		king, home := p.KingSquare(c), E1
		if c == Black {
			home = E8
		}
		switch {
		case opts.Castling == Standard && king != home:
			report(CodeCastlingKingNotHome, kv("color", c.String(), "square", king.String()), "%s may castle but its king is on %s, not %s", c, king, home)
			continue
		case !backRank(c).Has(king):
			report(CodeCastlingNoKing, kv("color", c.String()), "%s may castle but its king is on %s, off its first rank", c, king)
			continue
		}
		for bad := mine &^ p.Pieces(c, Rook); bad != 0; bad &= bad - 1 {
			sq := bad.First()
			report(CodeCastlingNoRook, kv("color", c.String()), "%s has a castling right on %s but no rook there", c, sq)
			mine &^= sq.Bitboard()
		}
		if opts.Castling == Standard {
			for bad := mine &^ (FileA | FileH); bad != 0; bad &= bad - 1 {
				sq := bad.First()
				report(CodeCastlingRookCorner, kv("color", c.String(), "square", sq.String()), "%s castling rook on %s is not on its corner", c, sq)
				mine &^= sq.Bitboard()
			}
		}
		below := mine & (king.Bitboard() - 1)
		above := mine &^ below
		if below.More() || above.More() {
			report(CodeCastlingTwoRooks, kv("color", c.String()), "%s has two castling rooks on one side of its king", c)
		}
		if below != 0 {
			good |= below.First().Bitboard() // the outermost, on the a side
		}
		if above != 0 {
			good |= above.Last().Bitboard() // the outermost, on the h side
		}
	}
	return good
}

// checkEnPassant returns sq if a double step of the side not to move could
// have made it, else reports the problem (unless opts drops it) and returns
// NoSquare.
func (p *Position) checkEnPassant(found *problems, sq Square, opts Options) Square {
	if sq == NoSquare {
		return NoSquare
	}
	report := func(code, format string, args ...any) Square {
		if !opts.DropBadEnPassant {
			found.add(code, kv("square", sq.String()), format, args...)
		}
		return NoSquare
	}
	us, them := p.turn, p.turn.Other()
	if sq >= NoSquare || sq.RelativeRank(us) != 5 {
		return report(CodeEnPassantRank, "en-passant square %s is not on %s's sixth rank", sq, us)
	}
	pushedTo, pushedFrom := doubleStep(sq, them)
	if p.board[pushedTo] != NewPiece(them, Pawn) {
		return report(CodeEnPassantNoPawn, "en-passant square %s but no %s pawn on %s", sq, them, pushedTo)
	}
	if p.board[sq] != NoPiece || p.board[pushedFrom] != NoPiece {
		return report(CodeEnPassantOccupied, "en-passant square %s but %s or %s is occupied", sq, sq, pushedFrom)
	}
	return sq
}

// doubleStep returns where a pawn of colour c that made the en-passant
// square ep landed and where it came from.
func doubleStep(ep Square, c Color) (to, from Square) {
	if c == White {
		return ep + 8, ep - 8
	}
	return ep - 8, ep + 8
}
