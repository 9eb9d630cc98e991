package chess

// PieceType is a kind of piece without colour.
type PieceType uint8

// The piece types. NoPieceType is the zero value.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter returns the upper-case English letter of the piece type used in SAN
// and FEN ("P" for pawns), or "" for NoPieceType.
func (t PieceType) Letter() string {
	return [...]string{"", "P", "N", "B", "R", "Q", "K"}[t&7]
}

// String returns the English name of the piece type.
func (t PieceType) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king", "?"}[t&7]
}

// pieceTypeFromLetter reads an upper-case piece letter.
func pieceTypeFromLetter(c byte) PieceType {
	switch c {
	case 'P':
		return Pawn
	case 'N':
		return Knight
	case 'B':
		return Bishop
	case 'R':
		return Rook
	case 'Q':
		return Queen
	case 'K':
		return King
	}
	return NoPieceType
}

// Piece is a piece of a colour: the type in the low three bits, the colour
// in bit 3. NoPiece (zero) is an empty square.
type Piece uint8

// NoPiece is the zero Piece: an empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of colour c and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// FENLetter returns the piece's FEN letter: upper case for white, lower case
// for black, or "" for NoPiece.
func (p Piece) FENLetter() string {
	l := p.Type().Letter()
	if l == "" || p.Color() == White {
		return l
	}
	return string(l[0] + 'a' - 'A')
}

// String returns the FEN letter of the piece, or "." for an empty square.
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	return p.FENLetter()
}
