package chess

// Move is a move packed in 16 bits: origin (6 bits), target (6 bits) and a
// kind (4 bits). Castling is stored as the king moving onto its own rook's
// square, which serves standard chess and Chess960 alike; Position.UCI and
// Position.SAN write it as players expect. The zero Move is NullMove.
type Move uint16

// NullMove is the zero Move; it is never legal.
const NullMove Move = 0

// moveKind is stored in the top four bits of a Move.
type moveKind uint16

const (
	kindNormal    moveKind = 0
	kindEnPassant moveKind = 1
	kindCastling  moveKind = 2
	kindPromotion moveKind = 4 // +0 knight, +1 bishop, +2 rook, +3 queen
)

func newMove(from, to Square, kind moveKind) Move {
	return Move(from) | Move(to)<<6 | Move(kind)<<12
}

func newPromotion(from, to Square, pt PieceType) Move {
	return newMove(from, to, kindPromotion+moveKind(pt-Knight))
}

// From returns the square the move leaves (the king's square for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the move goes to; for castling, the castling rook's
// square (see CastlingKingTo for where the king lands).
func (m Move) To() Square { return Square(m >> 6 & 63) }

func (m Move) kind() moveKind { return moveKind(m >> 12) }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.kind() < kindPromotion {
		return NoPieceType
	}
	return Knight + PieceType(m.kind()-kindPromotion)
}

// IsCastling reports whether the move is castling.
func (m Move) IsCastling() bool { return m.kind() == kindCastling }

// IsEnPassant reports whether the move is an en-passant capture.
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }

// CastlingKingTo returns where the king lands when castling with m: the g- or
// c-file of its first rank.
func (m Move) CastlingKingTo() Square {
	if m.To() > m.From() {
		return NewSquare(6, m.From().Rank())
	}
	return NewSquare(2, m.From().Rank())
}

// castlingRookTo returns where the rook lands when castling with m.
func (m Move) castlingRookTo() Square {
	if m.To() > m.From() {
		return NewSquare(5, m.From().Rank())
	}
	return NewSquare(3, m.From().Rank())
}

// String returns the move in UCI's Chess960 form (castling as king takes
// rook, e.g. "e1h1"). Use Position.UCI for the standard form ("e1g1").
func (m Move) String() string {
	if m == NullMove {
		return "0000"
	}
	s := fromToText(m.From(), m.To())
	if p := m.Promotion(); p != NoPieceType {
		s += string(p.Letter()[0] + 'a' - 'A')
	}
	return s
}

// fromToTexts holds the four letters of every pair of squares, from then
// to ("a1a1a1b1..."), so that a move's text is a slice of it: UCI texts
// are made for every legal move of every event, and slicing allocates
// nothing.
var fromToTexts = func() string {
	b := make([]byte, 0, 4*64*64)
	for from := range Square(64) {
		for to := range Square(64) {
			b = append(b, squareNames[2*from:2*from+2]...)
			b = append(b, squareNames[2*to:2*to+2]...)
		}
	}
	return string(b)
}()

// fromToText returns the squares from and to, which must be on the board,
// written one after the other ("e2e4").
func fromToText(from, to Square) string {
	i := 4 * (int(from)*64 + int(to))
	return fromToTexts[i : i+4]
}

// MoveList is a fixed-capacity list of moves that lives on the stack; no
// legal chess position has more than 218 moves.
type MoveList struct {
	Moves [256]Move
	N     int
}

// Slice returns the moves in the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}
