package engine

import "github.com/joinpal/joinpal/chess"

// Bitboard helpers the evaluation and search need beyond package chess.

type bb = chess.Bitboard

const (
	fileA bb = chess.FileA
	fileH bb = chess.FileH
)

var (
	fileMask      [8]bb        // the whole file
	adjacentFiles [8]bb        // the files either side
	forwardFile   [2][64]bb    // squares in front of a square on its file
	passedMask    [2][64]bb    // squares an enemy pawn must not stand on for a pawn to be passed
	attackSpan    [2][64]bb    // squares in front on the adjacent files
	distance      [64][64]int8 // Chebyshev (king-step) distance
	centerDist    [64]int8     // king steps to the nearest centre square
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = fileA << f
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjacentFiles[f] |= fileMask[f+1]
		}
	}
	for s := chess.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for r2 := 0; r2 < 8; r2++ {
			row := chess.Rank1 << (8 * r2)
			if r2 > r {
				forwardFile[chess.White][s] |= row & fileMask[f]
				attackSpan[chess.White][s] |= row & adjacentFiles[f]
			}
			if r2 < r {
				forwardFile[chess.Black][s] |= row & fileMask[f]
				attackSpan[chess.Black][s] |= row & adjacentFiles[f]
			}
		}
		for c := chess.White; c <= chess.Black; c++ {
			passedMask[c][s] = forwardFile[c][s] | attackSpan[c][s]
		}
		for t := chess.Square(0); t < 64; t++ {
			distance[s][t] = int8(max(abs(f-t.File()), abs(r-t.Rank())))
		}
		cf, cr := min(abs(f-3), abs(f-4)), min(abs(r-3), abs(r-4))
		centerDist[s] = int8(max(cf, cr))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pawnsAttacks returns the squares attacked by the pawns p of colour c.
func pawnsAttacks(c chess.Color, p bb) bb {
	if c == chess.White {
		return (p&^fileA)<<7 | (p&^fileH)<<9
	}
	return (p&^fileA)>>9 | (p&^fileH)>>7
}

// pushUp moves a set one rank towards c's opponent.
func pushUp(c chess.Color, b bb) bb {
	if c == chess.White {
		return b << 8
	}
	return b >> 8
}

// fillUp smears a set forward (towards the opponent) over the whole board.
func fillUp(c chess.Color, b bb) bb {
	if c == chess.White {
		b |= b << 8
		b |= b << 16
		b |= b << 32
		return b
	}
	b |= b >> 8
	b |= b >> 16
	b |= b >> 32
	return b
}
