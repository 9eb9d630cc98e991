package chess

// The semi-static analysis: an over-approximation of where each piece of
// the position can ever stand, computed without searching moves. It
// starts from "nothing ever moves" and lets pieces spread until nothing
// changes (a least fixed point):
//
//   - a piece is fixed while it can neither leave its square nor be
//     captured on it; fixed pieces are obstacles forever;
//   - a king spreads to adjacent squares not held by its own fixed pieces
//     nor attacked by fixed enemy pieces (pawns, or pieces next to it);
//   - knights and sliders spread by their steps (a slider one square at a
//     time in its directions), never onto their own fixed pieces;
//   - a pawn pushes onto squares no fixed piece holds, and captures onto
//     squares some enemy piece other than the king can reach; a pawn that
//     can reach its last rank may become anything and go anywhere.
//
// Every real game from the position keeps each piece within its computed
// region (by induction over the moves: each legal move is allowed by the
// rules above). So if no piece of the winner can ever attack a square the
// enemy king can reach, the winner cannot mate. Nor can it where every
// square on which the king could be checked has a neighbour in the king's
// region that no piece could ever guard or hold: the king would step there
// (this is how bishops of one colour fail against a king that can reach
// squares of the other colour).

// reachAnalysis holds the fixed point for one position.
type reachAnalysis struct {
	n        int
	square   [32]Square
	piece    [32]Piece
	reach    [32]Bitboard
	mobile   [32]bool
	promoted [32]bool
	fixed    Bitboard // squares of the pieces that never move nor are taken
}

// staticallyUnwinnable reports whether the semi-static analysis proves that
// c cannot mate. It gives up (false) when castling or an en-passant
// capture is still possible, moves it does not model.
func (p *Position) staticallyUnwinnable(c Color) bool {
	if p.castling != 0 || p.ep != NoSquare {
		return false
	}
	var a reachAnalysis
	a.run(p)
	return a.unwinnable(p, c)
}

func (a *reachAnalysis) run(p *Position) {
	for b := p.byType[0]; b != 0; b &= b - 1 {
		s := b.First()
		a.square[a.n], a.piece[a.n], a.reach[a.n] = s, p.board[s], s.Bitboard()
		a.n++
	}
	for changed := true; changed; {
		changed = false
		a.fixed = 0
		for i := 0; i < a.n; i++ {
			if !a.mobile[i] {
				a.fixed |= a.square[i].Bitboard()
			}
		}
		var fixedOf, fixedAttacks, reachers [2]Bitboard
		for i := 0; i < a.n; i++ {
			c, t, s := a.piece[i].Color(), a.piece[i].Type(), a.square[i]
			if !a.mobile[i] {
				fixedOf[c] |= s.Bitboard()
				fixedAttacks[c] |= adjacentAttacks(c, t, s)
			}
			if t != King {
				reachers[c] |= a.reach[i]
			}
		}
		fixedKings := a.fixed & p.byType[King]
		for i := 0; i < a.n; i++ {
			if a.promoted[i] {
				continue
			}
			c := a.piece[i].Color()
			forbidden := fixedOf[c] | fixedKings&fixedOf[c.Other()]
			var next Bitboard
			switch a.piece[i].Type() {
			case King:
				next = flood(a.reach[i], forbidden|fixedAttacks[c.Other()], kingSpread)
			case Knight:
				next = flood(a.reach[i], forbidden, knightSpread)
			case Bishop:
				next = flood(a.reach[i], forbidden, diagonalSpread)
			case Rook:
				next = flood(a.reach[i], forbidden, orthogonalSpread)
			case Queen:
				next = flood(a.reach[i], forbidden, kingSpread)
			case Pawn:
				next = a.reach[i]
				blocked := a.fixed | a.confronted(i)
				for {
					grown := next | pawnPushes(c, next)&^blocked |
						pawnAttacksSet(c, next)&reachers[c.Other()]&^forbidden
					if grown == next {
						break
					}
					next = grown
				}
				if next&backRank(c.Other()) != 0 {
					a.promoted[i] = true
					next = ^Bitboard(0)
				}
			}
			if next != a.reach[i] {
				a.reach[i] = next
				changed = true
			}
		}
		var occupiers [2]Bitboard
		for i := 0; i < a.n; i++ {
			occupiers[a.piece[i].Color()] |= a.reach[i]
		}
		for i := 0; i < a.n; i++ {
			if a.mobile[i] {
				continue
			}
			s, pc := a.square[i], a.piece[i]
			if a.reach[i] != s.Bitboard() || pc.Type() != King && occupiers[pc.Color().Other()].Has(s) {
				a.mobile[i] = true
				changed = true
			}
		}
	}
}

// confronted returns the squares pawn i can never push onto because an
// enemy pawn j stands ahead of it on its file, neither can ever leave the
// file, and no other piece of i's colour can ever take j: the two can
// approach but never pass, so i stays short of j's square.
func (a *reachAnalysis) confronted(i int) Bitboard {
	s, c := a.square[i], a.piece[i].Color()
	file := fileMask(s)
	if a.reach[i]&^file != 0 {
		return 0
	}
	enemy := NewPiece(c.Other(), Pawn)
	j, best := -1, 0
	for k := 0; k < a.n; k++ {
		t := a.square[k]
		if a.piece[k] != enemy || t.File() != s.File() {
			continue
		}
		ahead := t.RelativeRank(c) - s.RelativeRank(c)
		if ahead > 0 && (j < 0 || ahead < best) {
			j, best = k, ahead
		}
	}
	if j < 0 || a.reach[j]&^file != 0 {
		return 0
	}
	for k := 0; k < a.n; k++ {
		if k == i || k == j {
			continue
		}
		if a.piece[k].Color() == c && a.reach[k]&a.reach[j] != 0 {
			return 0
		}
	}
	// The squares of the file from j's onwards.
	t := a.square[j]
	if c == White {
		return file &^ (t.Bitboard() - 1)
	}
	return file & (t.Bitboard()<<1 - 1)
}

// unwinnable reports whether the fixed point proves that c cannot mate: no
// piece of c can ever attack a square the enemy king can reach, or on each
// square where it could, the king has a neighbouring square that no piece
// can ever guard or hold (the case of bishops of one colour).
func (a *reachAnalysis) unwinnable(p *Position, c Color) bool {
	region := a.reach[a.index(p.KingSquare(c.Other()))]
	var checks, guarded Bitboard
	for i := 0; i < a.n; i++ {
		pc := a.piece[i]
		switch {
		case pc.Color() != c:
			if pc.Type() != King {
				guarded |= a.reach[i]
			}
		case pc.Type() == King:
			guarded |= kingSpread(a.reach[i])
		case a.promoted[i]:
			return false
		default:
			att := a.attacksFrom(i)
			if att&region != 0 {
				checks |= att
			}
			guarded |= att | a.reach[i]
		}
	}
	for k := region & checks; k != 0; k &= k - 1 {
		if kingAttacks[k.First()]&region&^guarded == 0 {
			return false
		}
	}
	return true
}

// states estimates how many positions the game can reach: the product of
// the sizes of the regions of the pieces that can move, times two for the
// side to move (capped at a million; a pawn that may promote caps it).
func (a *reachAnalysis) states() int {
	const cap = 1_000_000
	n := 2
	for i := 0; i < a.n; i++ {
		if a.promoted[i] {
			return cap
		}
		n *= a.reach[i].Count()
		if n >= cap {
			return cap
		}
	}
	return n
}

// index returns the index of the piece standing on s at the start.
func (a *reachAnalysis) index(s Square) int {
	for i := 0; i < a.n; i++ {
		if a.square[i] == s {
			return i
		}
	}
	panic("chess: no piece on " + s.String())
}

// attacksFrom returns every square piece i could ever attack: from each
// square it can reach, with the fixed pieces as the only obstacles.
func (a *reachAnalysis) attacksFrom(i int) Bitboard {
	c, t := a.piece[i].Color(), a.piece[i].Type()
	if t == Pawn {
		return pawnAttacksSet(c, a.reach[i])
	}
	var att Bitboard
	for b := a.reach[i]; b != 0; b &= b - 1 {
		s := b.First()
		switch t {
		case Knight:
			att |= knightAttacks[s]
		case Bishop:
			att |= BishopAttacks(s, a.fixed)
		case Rook:
			att |= RookAttacks(s, a.fixed)
		case Queen:
			att |= QueenAttacks(s, a.fixed)
		case King:
			att |= kingAttacks[s]
		}
	}
	return att
}

// adjacentAttacks returns the squares a piece of colour c and type t on s
// attacks that no other piece could ever shield: the squares next to it,
// and a knight's targets.
func adjacentAttacks(c Color, t PieceType, s Square) Bitboard {
	switch t {
	case Pawn:
		return pawnAttacks[c][s]
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return kingAttacks[s] & BishopAttacks(s, ^Bitboard(0))
	case Rook:
		return kingAttacks[s] & RookAttacks(s, ^Bitboard(0))
	}
	return kingAttacks[s] // king, queen
}

// flood grows the set b by spread until it stops, never onto forbidden.
func flood(b, forbidden Bitboard, spread func(Bitboard) Bitboard) Bitboard {
	for {
		grown := b | spread(b)&^forbidden
		if grown == b {
			return b
		}
		b = grown
	}
}

func orthogonalSpread(b Bitboard) Bitboard {
	return b<<8 | b>>8 | (b&^FileH)<<1 | (b&^FileA)>>1
}

func diagonalSpread(b Bitboard) Bitboard {
	return (b&^FileH)<<9 | (b&^FileA)<<7 | (b&^FileH)>>7 | (b&^FileA)>>9
}

func kingSpread(b Bitboard) Bitboard { return orthogonalSpread(b) | diagonalSpread(b) }

func knightSpread(b Bitboard) Bitboard {
	var out Bitboard
	for ; b != 0; b &= b - 1 {
		out |= knightAttacks[b.First()]
	}
	return out
}
