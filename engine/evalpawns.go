package engine

import "github.com/joinpal/joinpal/chess"

// Pawn structure: doubled, isolated, backward, connected and passed pawns.
// It depends on the pawns alone, so it is cached in a small hash table
// keyed by the two pawn sets.

var (
	pawnDoubled      = S(-2, -14)
	pawnIsolated     = S(-8, -9)
	pawnIsolatedOpen = S(-5, -17) // isolated and on a half-open file
	pawnBackward     = S(-2, 0)
	pawnBackwardOpen = S(-13, -22)
	// pawnConnected is the base bonus of a pawn defended by or beside
	// another, by relative rank.
	pawnConnected = [8]int{0, 4, 5, 7, 15, 15, 38, 0}
	pawnSupport   = 11
	// passedRank is the bonus of a passed pawn by relative rank; more comes
	// from evalPassed, which looks at kings and pieces.
	passedRank = [8]packed{S(0, 0), S(-14, 16), S(-1, 19), S(-13, 39), S(7, 45), S(37, 54), S(63, 84), S(0, 0)}
)

type pawnEntry struct {
	white, black bb
	valid        bool
	score        packed // white's view
	passed       [2]bb
	attacks      [2]bb
}

const pawnTableSize = 1 << 14

// tuning turns the pawn cache off while evaluation parameters change.
var tuning = false

type pawnTable [pawnTableSize]pawnEntry

func pawnHash(w, b bb) uint64 {
	h := uint64(w)*0x9E3779B97F4A7C15 ^ uint64(b)*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	return h
}

// probe returns the pawn entry of pos, evaluating it on a miss.
func (t *pawnTable) probe(pos *chess.Position) *pawnEntry {
	w, b := pos.Pieces(chess.White, chess.Pawn), pos.Pieces(chess.Black, chess.Pawn)
	e := &t[pawnHash(w, b)&(pawnTableSize-1)]
	if e.valid && e.white == w && e.black == b && !tuning {
		return e
	}
	*e = pawnEntry{white: w, black: b, valid: true}
	e.attacks[chess.White] = pawnsAttacks(chess.White, w)
	e.attacks[chess.Black] = pawnsAttacks(chess.Black, b)
	e.score = evalPawnSide(pos, chess.White, e) - evalPawnSide(pos, chess.Black, e)
	return e
}

func evalPawnSide(pos *chess.Position, c chess.Color, e *pawnEntry) packed {
	them := c.Other()
	own, opp := pos.Pieces(c, chess.Pawn), pos.Pieces(them, chess.Pawn)
	var sc packed
	for b := own; b != 0; b &= b - 1 {
		s := b.First()
		f, r := s.File(), s.RelativeRank(c)
		ahead := forwardFile[c][s]
		doubled := ahead&own != 0
		opposed := ahead&opp != 0
		neighbours := own & adjacentFiles[f]
		phalanx := neighbours & (chess.Rank1 << (8 * s.Rank()))
		support := neighbours & chess.PawnAttacks(them, s)
		stop := s + 8
		if c == chess.Black {
			stop = s - 8
		}
		if !doubled && passedMask[c][s]&opp == 0 {
			sc += passedRank[r]
			e.passed[c] |= s.Bitboard()
		}
		switch {
		case neighbours == 0:
			if opposed {
				sc += pawnIsolated
			} else {
				sc += pawnIsolatedOpen
			}
		case neighbours&(attackSpan[them][s]|phalanx) == 0 &&
			(chess.PawnAttacks(c, stop)&opp != 0 || opp.Has(stop)):
			// No pawn beside or behind can defend it, and it cannot advance.
			if opposed {
				sc += pawnBackward
			} else {
				sc += pawnBackwardOpen
			}
		}
		if support|phalanx != 0 {
			v := pawnConnected[r] * 2
			if phalanx != 0 {
				v += pawnConnected[r]
			}
			if opposed {
				v -= pawnConnected[r]
			}
			v += pawnSupport * support.Count()
			sc += S(v, v*max(r-2, 1)/4)
		}
		if doubled {
			sc += pawnDoubled
		}
	}
	return sc
}

// evalPassed scores the passed pawns of c by what stands around them: the
// kings' distances to the square in front, a free path, and in pawn
// endings the rule of the square.
func evalPassed(pos *chess.Position, st *evalState, c chess.Color, passed bb) packed {
	them := c.Other()
	var sc packed
	ourK, theirK := pos.KingSquare(c), pos.KingSquare(them)
	theirPieces := pos.ByColor(them) &^ pos.ByType(chess.Pawn) &^ pos.ByType(chess.King)
	for b := passed; b != 0; b &= b - 1 {
		s := b.First()
		r := s.RelativeRank(c)
		if theirPieces == 0 {
			// The rule of the square: can their king catch the pawn?
			promo := chess.NewSquare(s.File(), 7)
			if c == chess.Black {
				promo = chess.NewSquare(s.File(), 0)
			}
			steps := 7 - r
			if r == 1 {
				steps--
			}
			kd := int(distance[theirK][promo])
			if pos.Turn() == them {
				kd--
			}
			if kd > steps && forwardFile[c][s]&pos.Occupied() == 0 {
				sc += S(0, 550+20*r)
				continue
			}
		}
		if r < 3 {
			continue
		}
		w := r - 2
		stop := s + 8
		if c == chess.Black {
			stop = s - 8
		}
		prox := 5*min(int(distance[theirK][stop]), 5) - 2*min(int(distance[ourK][stop]), 5)
		sc += S(0, prox*w)
		if pos.PieceAt(stop) == chess.NoPiece {
			path := forwardFile[c][s]
			unsafe := path & (st.attacked[them] | pos.ByColor(them))
			switch {
			case unsafe == 0:
				sc += S(4*w, 6*w*w)
			case !unsafe.Has(stop):
				sc += S(2*w, 3*w*w)
			}
		}
	}
	return sc
}
