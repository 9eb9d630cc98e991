package chess

// CountLegal returns the number of legal moves of the side to move without
// listing them: the same reasoning as GenerateLegal, with population counts
// in place of move lists. Perft uses it at the last ply ("bulk counting").
func (p *Position) CountLegal() int {
	us, them := p.turn, p.turn.Other()
	occ := p.byType[0]
	own := p.byColor[us]
	ksq := (p.byType[King] & own).First()
	checkers := p.attackersTo(ksq, occ) & p.byColor[them]

	n := 0
	occNoKing := occ &^ ksq.Bitboard()
	for t := kingAttacks[ksq] &^ own; t != 0; t &= t - 1 {
		if !p.attacked(t.First(), them, occNoKing) {
			n++
		}
	}
	if checkers.More() {
		return n
	}
	target := ^own
	if checkers != 0 {
		target = between[ksq][checkers.First()] | checkers
	} else {
		for rooks := p.castling & backRank(us); rooks != 0; rooks &= rooks - 1 {
			if p.castlingIsLegal(us, ksq, rooks.First()) {
				n++
			}
		}
	}
	allPinned := p.pinned(us, ksq)
	movable := own &^ allPinned
	pinned := allPinned
	if checkers != 0 {
		pinned = 0
	}
	for b := p.byType[Knight] & movable; b != 0; b &= b - 1 {
		n += (knightAttacks[b.First()] & target).Count()
	}
	diag := (p.byType[Bishop] | p.byType[Queen]) & own
	orth := (p.byType[Rook] | p.byType[Queen]) & own
	for b := diag & movable; b != 0; b &= b - 1 {
		n += (BishopAttacks(b.First(), occ) & target).Count()
	}
	for b := orth & movable; b != 0; b &= b - 1 {
		n += (RookAttacks(b.First(), occ) & target).Count()
	}
	for b := (diag | orth) & pinned; b != 0; b &= b - 1 {
		n += (pinnedSliderTargets(b.First(), ksq, occ, diag, orth) & target).Count()
	}

	pawns := p.byType[Pawn] & own
	free := pawns &^ allPinned
	enemies := p.byColor[them] & target
	empty := ^occ
	var lastRank, thirdRank, captures Bitboard
	if us == White {
		lastRank, thirdRank = Rank8, Rank3
		captures = (free &^ FileA) << 7 & enemies
		n += countPawnTargets((free&^FileH)<<9&enemies, lastRank)
	} else {
		lastRank, thirdRank = Rank1, Rank6
		captures = (free &^ FileA) >> 9 & enemies
		n += countPawnTargets((free&^FileH)>>7&enemies, lastRank)
	}
	n += countPawnTargets(captures, lastRank)
	push1 := pawnPushes(us, free) & empty
	n += countPawnTargets(push1&target, lastRank)
	n += (pawnPushes(us, push1&thirdRank) & empty & target).Count()
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.First()
		one := pawnPushes(us, from.Bitboard()) & empty
		t := one | pawnAttacks[us][from]&p.byColor[them]
		if one&thirdRank != 0 {
			t |= pawnPushes(us, one) & empty
		}
		n += countPawnTargets(t&target&line[ksq][from], lastRank)
	}
	if p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			if p.enPassantIsLegal(b.First(), ksq) {
				n++
			}
		}
	}
	return n
}

// countPawnTargets counts pawn moves onto targets, four for each promotion.
func countPawnTargets(targets, lastRank Bitboard) int {
	return (targets &^ lastRank).Count() + 4*(targets&lastRank).Count()
}
