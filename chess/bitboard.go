package chess

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

// Files and ranks as bitboards.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56

	// LightSquares holds the 32 light squares (h1 is light).
	LightSquares Bitboard = 0x55AA55AA55AA55AA
	// DarkSquares holds the 32 dark squares (a1 is dark).
	DarkSquares Bitboard = ^LightSquares
)

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// First returns the lowest square in the set, or NoSquare if it is empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square in the set; the set must not be empty.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// More reports whether the set holds more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// Squares returns the squares of the set in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}

// String draws the set as eight ranks, the eighth first, "x" for members.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(NewSquare(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// pawnPushes returns the squares one step ahead of the pawns of colour c.
func pawnPushes(c Color, pawns Bitboard) Bitboard {
	if c == White {
		return pawns << 8
	}
	return pawns >> 8
}

// pawnAttacksSet returns all squares attacked by the pawns of colour c.
func pawnAttacksSet(c Color, pawns Bitboard) Bitboard {
	if c == White {
		return (pawns&^FileA)<<7 | (pawns&^FileH)<<9
	}
	return (pawns&^FileA)>>9 | (pawns&^FileH)>>7
}
