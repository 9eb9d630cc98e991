// Package chess is JoinPal's rules core: squares, pieces, moves, positions on
// bitboards, legal move generation, FEN, SAN and UCI move text, Zobrist keys,
// game outcomes under the FIDE laws, and perft. It imports only the standard
// library.
package chess

// Color is the colour of a side or a piece.
type Color uint8

// The two colours.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Square is one of the 64 squares, A1 = 0, B1 = 1, ..., H8 = 63.
type Square uint8

// NoSquare stands for the absence of a square (e.g. no en-passant square).
const NoSquare Square = 64

// The squares, by name.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
)

// NewSquare returns the square on file (0 = a) and rank (0 = first rank).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 (first rank) to 7 (eighth rank).
func (s Square) Rank() int { return int(s >> 3) }

// RelativeRank returns the rank as seen from c's side: 0 is c's first rank.
func (s Square) RelativeRank(c Color) int {
	if c == White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

// String returns the square's name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return squareNames[2*s : 2*s+2]
}

// squareNames holds the names of the squares in order, two letters each.
const squareNames = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4" +
	"a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8"

// ParseSquare reads a square name such as "e4".
func ParseSquare(name string) (Square, bool) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, false
	}
	return NewSquare(int(name[0]-'a'), int(name[1]-'1')), true
}

// Bitboard returns the set holding only s.
func (s Square) Bitboard() Bitboard { return 1 << s }
