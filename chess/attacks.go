package chess

import "math/bits"

// Precomputed attack tables. Sliding pieces use "fancy" magic bitboards whose
// multipliers are found at start-up by a deterministic search (a few
// milliseconds), so no table of magic numbers has to be trusted.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b] holds the squares strictly between a and b on a shared
	// line, or nothing if they share none.
	between [64][64]Bitboard
	// line[a][b] holds the whole line through a and b (edge to edge), or
	// nothing if they share none.
	line [64][64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [0x19000]Bitboard
	bishopTable  [0x1480]Bitboard
)

type magic struct {
	table  []Bitboard
	mask   Bitboard
	factor uint64
	shift  uint8
}

func (m *magic) index(occ Bitboard) uint64 {
	return (uint64(occ&m.mask) * m.factor) >> m.shift
}

var (
	rookDirections   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirections = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAttacks[s] |= squareAt(f+d[0], r+d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			kingAttacks[s] |= squareAt(f+d[0], r+d[1])
		}
		pawnAttacks[White][s] = squareAt(f-1, r+1) | squareAt(f+1, r+1)
		pawnAttacks[Black][s] = squareAt(f-1, r-1) | squareAt(f+1, r-1)
	}
	initMagics(&rookMagics, rookTable[:], rookDirections)
	initMagics(&bishopMagics, bishopTable[:], bishopDirections)
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, pt := range [2]PieceType{Bishop, Rook} {
				if slidingAttacks(pt, a, 0).Has(b) {
					line[a][b] = slidingAttacks(pt, a, 0)&slidingAttacks(pt, b, 0) | a.Bitboard() | b.Bitboard()
					between[a][b] = slidingAttacks(pt, a, b.Bitboard()) & slidingAttacks(pt, b, a.Bitboard())
				}
			}
		}
	}
}

// squareAt returns the set of the square at (f, r), or nothing off the board.
func squareAt(f, r int) Bitboard {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0
	}
	return NewSquare(f, r).Bitboard()
}

// rayAttacks walks the directions from s until the edge or an occupied square.
func rayAttacks(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			sq := NewSquare(f, r)
			att |= sq.Bitboard()
			if occ.Has(sq) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

// slidingAttacks is the slow, obviously correct reference for rook and bishop
// attacks, used to build the tables and in tests.
func slidingAttacks(pt PieceType, s Square, occ Bitboard) Bitboard {
	if pt == Rook {
		return rayAttacks(s, occ, rookDirections)
	}
	return rayAttacks(s, occ, bishopDirections)
}

// xorshift is the deterministic generator used to search for magics.
type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

func (x *xorshift) sparse() uint64 { return x.next() & x.next() & x.next() }

func initMagics(magics *[64]magic, table []Bitboard, dirs [4][2]int) {
	var occupancy, reference [4096]Bitboard
	var epoch [4096]int
	attempt, offset := 0, 0
	// Seeds per rank that find magics quickly (any seed works, only slower).
	seeds := [8]uint64{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	for s := Square(0); s < 64; s++ {
		edges := ((Rank1 | Rank8) &^ rankMask(s)) | ((FileA | FileH) &^ fileMask(s))
		m := &magics[s]
		m.mask = rayAttacks(s, 0, dirs) &^ edges
		bitsInMask := m.mask.Count()
		m.shift = uint8(64 - bitsInMask)
		size := 0
		// Enumerate all subsets of the mask (Carry-Rippler).
		for b := Bitboard(0); ; {
			occupancy[size] = b
			reference[size] = rayAttacks(s, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		m.table = table[offset : offset+size]
		offset += size
		rng := xorshift(seeds[s.Rank()])
		for i := 0; i < size; {
			for m.factor = 0; bits.OnesCount64((uint64(m.mask)*m.factor)>>56) < 6; {
				m.factor = rng.sparse()
			}
			attempt++
			for i = 0; i < size; i++ {
				idx := m.index(occupancy[i])
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					m.table[idx] = reference[i]
				} else if m.table[idx] != reference[i] {
					break
				}
			}
		}
	}
}

func rankMask(s Square) Bitboard { return Rank1 << (8 * uint(s.Rank())) }
func fileMask(s Square) Bitboard { return FileA << uint(s.File()) }

// RookAttacks returns the squares a rook on s attacks given the occupied set.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return m.table[m.index(occ)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupied set.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return m.table[m.index(occ)]
}

// QueenAttacks returns the squares a queen on s attacks given the occupied set.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// Between returns the squares strictly between a and b if they share a rank,
// file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return between[a][b] }
