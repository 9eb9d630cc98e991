package chess

// Legal move generation. Moves are generated legal from the start: the
// pieces giving check restrict the targets, pinned pieces move only along
// their pin line, the king never steps onto an attacked square, and the rare
// en-passant capture is checked by playing it out on the bitboards.

// LegalMoves appends the legal moves of the side to move to buf and returns
// the extended slice.
func (p *Position) LegalMoves(buf []Move) []Move {
	var l MoveList
	p.GenerateLegal(&l)
	return append(buf, l.Slice()...)
}

// HasLegalMoves reports whether the side to move has any legal move.
func (p *Position) HasLegalMoves() bool { return p.CountLegal() > 0 }

// snipersAndPinned returns the pieces of colour us that are pinned to the
// king on ksq.
func (p *Position) pinned(us Color, ksq Square) Bitboard {
	them := p.byColor[us.Other()]
	snipers := (RookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned Bitboard
	occ := p.byType[0]
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][snipers.First()] & occ
		if b != 0 && !b.More() {
			pinned |= b
		}
	}
	return pinned & p.byColor[us]
}

// GenerateLegal fills l with the legal moves of the side to move.
func (p *Position) GenerateLegal(l *MoveList) {
	l.N = 0
	us, them := p.turn, p.turn.Other()
	occ := p.byType[0]
	own := p.byColor[us]
	ksq := (p.byType[King] & own).First()
	checkers := p.attackersTo(ksq, occ) & p.byColor[them]

	// King steps.
	occNoKing := occ &^ ksq.Bitboard()
	for t := kingAttacks[ksq] &^ own; t != 0; t &= t - 1 {
		to := t.First()
		if !p.attacked(to, them, occNoKing) {
			l.add(newMove(ksq, to, kindNormal))
		}
	}
	if checkers.More() {
		return
	}
	target := ^own
	if checkers != 0 {
		c := checkers.First()
		target = between[ksq][c] | checkers
	} else {
		p.genCastling(l, us, ksq)
	}
	allPinned := p.pinned(us, ksq)
	movable := own &^ allPinned
	pinned := allPinned
	if checkers != 0 {
		pinned = 0 // a pinned piece can never parry a check
	}

	for b := p.byType[Knight] & movable; b != 0; b &= b - 1 {
		from := b.First()
		addAll(l, from, knightAttacks[from]&target)
	}
	diag := (p.byType[Bishop] | p.byType[Queen]) & own
	for b := diag & movable; b != 0; b &= b - 1 {
		from := b.First()
		addAll(l, from, BishopAttacks(from, occ)&target)
	}
	orth := (p.byType[Rook] | p.byType[Queen]) & own
	for b := orth & movable; b != 0; b &= b - 1 {
		from := b.First()
		addAll(l, from, RookAttacks(from, occ)&target)
	}
	for b := (diag | orth) & pinned; b != 0; b &= b - 1 {
		from := b.First()
		addAll(l, from, pinnedSliderTargets(from, ksq, occ, diag, orth)&target)
	}
	p.genPawns(l, us, ksq, occ, target, allPinned, pinned)
}

// pinnedSliderTargets returns where the pinned slider on from may go: along
// the line through its king on ksq, as far as its own moves reach.
func pinnedSliderTargets(from, ksq Square, occ, diag, orth Bitboard) Bitboard {
	var att Bitboard
	if diag.Has(from) {
		att |= BishopAttacks(from, occ)
	}
	if orth.Has(from) {
		att |= RookAttacks(from, occ)
	}
	return att & line[ksq][from]
}

func addAll(l *MoveList, from Square, to Bitboard) {
	for ; to != 0; to &= to - 1 {
		l.Moves[l.N] = newMove(from, to.First(), kindNormal)
		l.N++
	}
}

// addPawnMoves adds the moves of pawns that went by delta to each target,
// four each onto the last rank.
func addPawnMoves(l *MoveList, targets Bitboard, delta int, lastRank Bitboard) {
	for t := targets & lastRank; t != 0; t &= t - 1 {
		to := t.First()
		from := Square(int(to) - delta)
		for pt := Queen; pt >= Knight; pt-- {
			l.add(newPromotion(from, to, pt))
		}
	}
	for t := targets &^ lastRank; t != 0; t &= t - 1 {
		to := t.First()
		l.Moves[l.N] = newMove(Square(int(to)-delta), to, kindNormal)
		l.N++
	}
}

// genPawns adds the pawn moves: free pawns set-wise, pinned ones (which may
// move only when not in check) one by one, and en passant.
func (p *Position) genPawns(l *MoveList, us Color, ksq Square, occ, target, allPinned, pinned Bitboard) {
	pawns := p.byType[Pawn] & p.byColor[us]
	enemies := p.byColor[us.Other()] & target
	empty := ^occ
	free := pawns &^ allPinned
	var up int
	var lastRank, thirdRank Bitboard
	if us == White {
		up, lastRank, thirdRank = 8, Rank8, Rank3
	} else {
		up, lastRank, thirdRank = -8, Rank1, Rank6
	}
	push1 := pawnPushes(us, free) & empty
	push2 := pawnPushes(us, push1&thirdRank) & empty & target
	addPawnMoves(l, push1&target, up, lastRank)
	addPawnMoves(l, push2, 2*up, 0)
	if us == White {
		addPawnMoves(l, (free&^FileA)<<7&enemies, 7, lastRank)
		addPawnMoves(l, (free&^FileH)<<9&enemies, 9, lastRank)
	} else {
		addPawnMoves(l, (free&^FileA)>>9&enemies, -9, lastRank)
		addPawnMoves(l, (free&^FileH)>>7&enemies, -7, lastRank)
	}
	// Pinned pawns move only along the pin line (never when in check).
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.First()
		ray := line[ksq][from]
		var t Bitboard
		one := pawnPushes(us, from.Bitboard()) & empty
		t |= one
		if one&thirdRank != 0 {
			t |= pawnPushes(us, one) & empty
		}
		t |= pawnAttacks[us][from] & p.byColor[us.Other()]
		for t &= ray & target; t != 0; t &= t - 1 {
			to := t.First()
			if lastRank.Has(to) {
				for pt := Queen; pt >= Knight; pt-- {
					l.add(newPromotion(from, to, pt))
				}
			} else {
				l.add(newMove(from, to, kindNormal))
			}
		}
	}
	if p.ep != NoSquare {
		for b := pawnAttacks[us.Other()][p.ep] & pawns; b != 0; b &= b - 1 {
			from := b.First()
			if p.enPassantIsLegal(from, ksq) {
				l.add(newMove(from, p.ep, kindEnPassant))
			}
		}
	}
}

// enPassantIsLegal plays the capture from `from` out on the bitboards and
// reports whether it leaves the king safe. It covers every trap: a pin along
// the rank through both pawns, a pin along a diagonal, and checks that the
// capture does or does not parry.
func (p *Position) enPassantIsLegal(from, ksq Square) bool {
	us, them := p.turn, p.turn.Other()
	captured := p.ep ^ 8
	occ := p.byType[0]&^from.Bitboard()&^captured.Bitboard() | p.ep.Bitboard()
	enemy := p.byColor[them] &^ captured.Bitboard()
	if RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&enemy != 0 {
		return false
	}
	if BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&enemy != 0 {
		return false
	}
	return knightAttacks[ksq]&p.byType[Knight]&enemy == 0 &&
		pawnAttacks[us][ksq]&p.byType[Pawn]&enemy == 0
}

// hasLegalEnPassant reports whether the side to move can capture en passant.
func (p *Position) hasLegalEnPassant() bool {
	if p.ep == NoSquare {
		return false
	}
	ksq := p.KingSquare(p.turn)
	for b := pawnAttacks[p.turn.Other()][p.ep] & p.Pieces(p.turn, Pawn); b != 0; b &= b - 1 {
		if p.enPassantIsLegal(b.First(), ksq) {
			return true
		}
	}
	return false
}

// genCastling adds the legal castling moves; the king is not in check.
func (p *Position) genCastling(l *MoveList, us Color, ksq Square) {
	for rooks := p.castling & backRank(us); rooks != 0; rooks &= rooks - 1 {
		rsq := rooks.First()
		if p.castlingIsLegal(us, ksq, rsq) {
			l.add(newMove(ksq, rsq, kindCastling))
		}
	}
}

// castlingIsLegal checks castling with the rook on rsq, the king not in
// check: every square the king and rook cross or land on is empty (but for
// the two of them), and no square the king crosses or lands on is attacked
// (the rook itself may be). The king's and rook's own squares are taken off
// the board first, so a Chess960 rook that shielded the king counts.
func (p *Position) castlingIsLegal(us Color, ksq, rsq Square) bool {
	m := newMove(ksq, rsq, kindCastling)
	kto, rto := m.CastlingKingTo(), m.castlingRookTo()
	occ := p.byType[0] &^ ksq.Bitboard() &^ rsq.Bitboard()
	path := between[ksq][kto] | kto.Bitboard() | between[rsq][rto] | rto.Bitboard()
	if path&occ != 0 {
		return false
	}
	them := us.Other()
	for b := between[ksq][kto] | kto.Bitboard(); b != 0; b &= b - 1 {
		if p.attacked(b.First(), them, occ) {
			return false
		}
	}
	return true
}
