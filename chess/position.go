package chess

// Position is a legal chess position: the placement of the pieces, the side
// to move, castling rights, the en-passant square, and the two move
// counters. It is a value: copy it to keep a position before playing a move.
// The zero Position is not valid; get one from StartingPosition, ParseFEN or
// Setup.Position.
type Position struct {
	board    [64]Piece
	byType   [7]Bitboard // index 0: every occupied square
	byColor  [2]Bitboard
	castling Bitboard // the squares of the rooks that may still castle
	key      uint64
	ep       Square // set only when a pawn of the side to move stands beside it
	turn     Color
	chess960 bool
	halfmove uint16
	fullmove uint16
}

// StartingPosition returns the initial position of standard chess.
func StartingPosition() Position {
	p, err := ParseFEN(StartingFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// ByType returns the squares of the pieces of type t, of both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t] }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t] & p.byColor[c] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return (p.byType[King] & p.byColor[c]).First() }

// HalfmoveClock returns the number of half-moves since the last capture or
// pawn move (the fifty-move counter).
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the current full move, starting at 1
// and incremented after black's move.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Ply returns the number of half-moves played since move 1 of the game.
func (p *Position) Ply() int { return 2*(int(p.fullmove)-1) + int(p.turn) }

// CastlingRights returns the squares of the rooks that may still castle.
func (p *Position) CastlingRights() Bitboard { return p.castling }

// Chess960 reports whether castling follows Chess960's rules of notation.
func (p *Position) Chess960() bool { return p.chess960 }

// EnPassantSquare returns the square a pawn may capture onto en passant
// with a legal move, or NoSquare.
func (p *Position) EnPassantSquare() Square {
	if p.ep != NoSquare && p.hasLegalEnPassant() {
		return p.ep
	}
	return NoSquare
}

// Key returns the position's Zobrist key, kept up to date as moves are
// played. It counts an en-passant square whenever a pawn stands ready to
// capture, legal or not; use RepetitionKey to compare positions for the
// repetition rule.
func (p *Position) Key() uint64 { return p.key }

// RepetitionKey returns a key that is equal for positions that count as the
// same under FIDE article 9.2: same placement, side to move, castling rights
// and the same legal en-passant captures.
func (p *Position) RepetitionKey() uint64 {
	if p.ep != NoSquare && !p.hasLegalEnPassant() {
		return p.key ^ zobristEP[p.ep.File()]
	}
	return p.key
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.checkers() != 0
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers() }

func (p *Position) checkers() Bitboard {
	ksq := p.KingSquare(p.turn)
	return p.attackersTo(ksq, p.byType[0]) & p.byColor[p.turn.Other()]
}

// attackersTo returns the pieces of both colours that attack s, the
// occupancy being occ.
func (p *Position) attackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][s]&p.byType[Pawn]&p.byColor[White] |
		pawnAttacks[White][s]&p.byType[Pawn]&p.byColor[Black] |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])
}

// IsAttacked reports whether any piece of colour by attacks s.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return p.attacked(s, by, p.byType[0])
}

// attacked reports whether a piece of colour by attacks s given occupancy occ.
func (p *Position) attacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	return pawnAttacks[by.Other()][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 ||
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0 ||
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0
}

func (p *Position) put(pc Piece, s Square) {
	b := s.Bitboard()
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.key ^= zobristPiece[pc][s]
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := s.Bitboard()
	p.board[s] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
	p.key ^= zobristPiece[pc][s]
}

func (p *Position) move(from, to Square) {
	pc := p.board[from]
	b := from.Bitboard() | to.Bitboard()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
}

// PlayUnchecked plays m, which must be legal in p (one returned by
// LegalMoves); it does not check. Use Play for moves from outside.
func (p *Position) PlayUnchecked(m Move) {
	us := p.turn
	from, to := m.From(), m.To()
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	oldCastling := p.castling
	p.halfmove++
	switch m.kind() {
	case kindCastling:
		king, rook := p.board[from], p.board[to]
		p.remove(from)
		p.remove(to)
		p.put(king, m.CastlingKingTo())
		p.put(rook, m.castlingRookTo())
		p.castling &^= backRank(us)
	case kindEnPassant:
		p.remove(to ^ 8)
		p.move(from, to)
		p.halfmove = 0
	default:
		pc := p.board[from]
		if captured := p.board[to]; captured != NoPiece {
			p.remove(to)
			p.halfmove = 0
			p.castling &^= to.Bitboard()
		}
		p.move(from, to)
		switch pc.Type() {
		case Pawn:
			p.halfmove = 0
			if promo := m.Promotion(); promo != NoPieceType {
				p.remove(to)
				p.put(NewPiece(us, promo), to)
			} else if from^to == 16 {
				// Record the en-passant square only when an enemy pawn stands
				// beside the pawn that made the double step.
				if ep := (from + to) / 2; pawnAttacks[us][ep]&p.byType[Pawn]&p.byColor[us.Other()] != 0 {
					p.ep = ep
					p.key ^= zobristEP[ep.File()]
				}
			}
		case King:
			p.castling &^= backRank(us)
		case Rook:
			p.castling &^= from.Bitboard()
		}
	}
	if p.castling != oldCastling {
		p.key ^= castlingKey(p.castling ^ oldCastling)
	}
	if us == Black {
		p.fullmove++
	}
	p.turn = us.Other()
	p.key ^= zobristTurn
}

// PlayNull passes the turn without moving (a "null move", used by engines).
// It must not be played when the side to move is in check.
func (p *Position) PlayNull() {
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if p.turn == Black {
		p.fullmove++
	}
	p.turn = p.turn.Other()
	p.key ^= zobristTurn
}

func backRank(c Color) Bitboard {
	if c == White {
		return Rank1
	}
	return Rank8
}
