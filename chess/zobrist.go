package chess

// Zobrist keys. They come from a fixed-seed generator, so a position's key is
// the same in every process and may be stored.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [64]uint64 // one per square holding a castling rook
	zobristEP       [8]uint64  // one per file of an en-passant square
	zobristTurn     uint64     // xored in when black is to move
)

func init() {
	rng := xorshift(0x9E3779B97F4A7C15)
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = rng.next()
		}
	}
	for i := range zobristCastling {
		zobristCastling[i] = rng.next()
	}
	for i := range zobristEP {
		zobristEP[i] = rng.next()
	}
	zobristTurn = rng.next()
}

func castlingKey(rooks Bitboard) uint64 {
	var k uint64
	for ; rooks != 0; rooks &= rooks - 1 {
		k ^= zobristCastling[rooks.First()]
	}
	return k
}

// computeKey computes a position's key from scratch. Position keeps its key
// up to date incrementally; this is the reference used on setup and in tests.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobristPiece[pc][s]
		}
	}
	k ^= castlingKey(p.castling)
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep.File()]
	}
	if p.turn == Black {
		k ^= zobristTurn
	}
	return k
}
