package chess

// Position validates the setup and returns the position, or an *Error with
// a stable Kind naming the first law it breaks: a side without a king or
// with two, more than 16 pieces or 8 pawns for a side, a pawn on the first
// or last rank, the side not to move in check, castling rights without king
// and rook at home, or an en-passant square that no double step could have
// made. An en-passant square that no pawn can capture onto is dropped.
func (s Setup) Position(mode CastlingMode) (Position, error) {
	var p Position
	for sq := Square(0); sq < 64; sq++ {
		if pc := s.Board[sq]; pc != NoPiece {
			p.put(pc, sq)
		}
	}
	p.turn = s.Turn
	p.chess960 = mode == Chess960
	p.ep = NoSquare
	p.halfmove = uint16(s.HalfmoveClock)
	p.fullmove = uint16(max(s.FullmoveNumber, 1))

	for _, c := range [2]Color{White, Black} {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			return Position{}, errorf(ErrMissingKing, "impossible position: %s has no king", c)
		case n > 1:
			return Position{}, errorf(ErrTooManyKings, "impossible position: %s has %d kings", c, n)
		}
		if n := p.byColor[c].Count(); n > 16 {
			return Position{}, errorf(ErrTooManyPieces, "impossible position: %s has %d pieces, at most 16 are possible", c, n)
		}
		if n := p.Pieces(c, Pawn).Count(); n > 8 {
			return Position{}, errorf(ErrTooManyPieces, "impossible position: %s has %d pawns, at most 8 are possible", c, n)
		}
	}
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		return Position{}, errorf(ErrPawnOnBackRank, "impossible position: pawn on %s", b.First())
	}
	them := p.turn.Other()
	if p.attacked(p.KingSquare(them), p.turn, p.byType[0]) {
		return Position{}, errorf(ErrOppositeCheck, "impossible position: %s is to move and %s is in check", p.turn, them)
	}
	if err := p.setCastling(s.CastlingRights, mode); err != nil {
		return Position{}, err
	}
	if s.EnPassant != NoSquare {
		if err := p.setEnPassant(s.EnPassant); err != nil {
			return Position{}, err
		}
	}
	p.key = p.computeKey()
	return p, nil
}

func (p *Position) setCastling(rights Bitboard, mode CastlingMode) error {
	for _, c := range [2]Color{White, Black} {
		mine := rights & backRank(c)
		if mine == 0 {
			continue
		}
		king := p.KingSquare(c)
		home := E1
		if c == Black {
			home = E8
		}
		if mode == Standard && king != home {
			return errorf(ErrCastlingRights, "impossible position: %s may castle but its king is on %s, not %s", c, king, home)
		}
		if !backRank(c).Has(king) {
			return errorf(ErrCastlingRights, "impossible position: %s may castle but its king is on %s, off its first rank", c, king)
		}
		var kingSide, queenSide int
		for b := mine; b != 0; b &= b - 1 {
			sq := b.First()
			if p.board[sq] != NewPiece(c, Rook) {
				return errorf(ErrCastlingRights, "impossible position: %s has a castling right on %s but no rook there", c, sq)
			}
			if mode == Standard && sq.File() != 0 && sq.File() != 7 {
				return errorf(ErrCastlingRights, "impossible position: %s castling rook on %s is not on its corner", c, sq)
			}
			if sq > king {
				kingSide++
			} else {
				queenSide++
			}
		}
		if kingSide > 1 || queenSide > 1 {
			return errorf(ErrCastlingRights, "impossible position: %s has two castling rooks on one side of its king", c)
		}
	}
	if bad := rights &^ (Rank1 & p.byColor[White]) &^ (Rank8 & p.byColor[Black]); bad != 0 {
		return errorf(ErrCastlingRights, "impossible position: castling right on %s, which holds no rook of the side on its first rank", bad.First())
	}
	p.castling = rights
	return nil
}

// setEnPassant checks that a double step could have made sq and keeps it if
// a pawn of the side to move stands ready to capture.
func (p *Position) setEnPassant(sq Square) error {
	us, them := p.turn, p.turn.Other()
	if sq.RelativeRank(us) != 5 {
		return errorf(ErrEnPassantSquare, "impossible position: en-passant square %s is not on %s's sixth rank", sq, us)
	}
	// Where the pawn landed, and where it came from.
	var pawnSq, origin Square
	if us == Black {
		pawnSq, origin = sq+8, sq-8
	} else {
		pawnSq, origin = sq-8, sq+8
	}
	if p.board[pawnSq] != NewPiece(them, Pawn) {
		return errorf(ErrEnPassantSquare, "impossible position: en-passant square %s but no %s pawn on %s", sq, them, pawnSq)
	}
	if p.board[sq] != NoPiece || p.board[origin] != NoPiece {
		return errorf(ErrEnPassantSquare, "impossible position: en-passant square %s but %s or %s is occupied", sq, sq, origin)
	}
	if pawnAttacks[them][sq]&p.Pieces(us, Pawn) != 0 {
		p.ep = sq
	}
	return nil
}
