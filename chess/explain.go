package chess

import "strings"

// The error codes of the detailed explanations that [Position.Try] gives
// (the other ways of reading a move keep the plainer codes of [Codes]'s
// first table, which clients already key on). Each names what the rules
// core knows beyond the plain reason: the piece that attacks a square, the
// piece in the way, the way a piece moves.
const (
	CodeCastlingThroughAttacked = "chess.move.illegal.castling.through_attacked"
	CodeCastlingIntoAttacked    = "chess.move.illegal.castling.into_attacked"
	CodeCastlingCheckedBy       = "chess.move.illegal.castling.checked_by"
	CodeCastlingBlockedBy       = "chess.move.illegal.castling.blocked_by"
	CodeCastlingKingMoved       = "chess.move.illegal.castling.king_moved"
	CodeCastlingRookMoved       = "chess.move.illegal.castling.rook_moved"
	CodeKingAttacked            = "chess.move.illegal.king_attacked"
	CodePinned                  = "chess.move.illegal.pinned"
	CodeStillInCheck            = "chess.move.illegal.still_in_check"
	CodeStillInCheckNoBlock     = "chess.move.illegal.still_in_check_no_block"
	CodeDoubleCheck             = "chess.move.illegal.double_check"
	CodeEnPassantExpired        = "chess.move.illegal.en_passant_expired"
	CodePawnBackward            = "chess.move.illegal.pawn_backward"
	CodePawnBlocked             = "chess.move.illegal.pawn_blocked"
	CodePawnDoubleStep          = "chess.move.illegal.pawn_double_step"
	CodePathBlocked             = "chess.move.illegal.path_blocked"
	CodeWayPawn                 = "chess.move.illegal.way.pawn"
	CodeWayKnight               = "chess.move.illegal.way.knight"
	CodeWayBishop               = "chess.move.illegal.way.bishop"
	CodeWayRook                 = "chess.move.illegal.way.rook"
	CodeWayQueen                = "chess.move.illegal.way.queen"
	CodeWayKing                 = "chess.move.illegal.way.king"
)

// explainCodes is the second table of [Codes]: the detailed reasons.
var explainCodes = []CodeInfo{
	{CodeCastlingThroughAttacked, []string{"move", "square", "attacker", "attacker_square"}, "(detailed) castling across a square an enemy piece attacks: which square, and which piece from where"},
	{CodeCastlingIntoAttacked, []string{"move", "square", "attacker", "attacker_square"}, "(detailed) castling onto a square an enemy piece attacks: which square, and which piece from where"},
	{CodeCastlingCheckedBy, []string{"move", "attacker", "attacker_square"}, "(detailed) castling while in check: the piece giving check"},
	{CodeCastlingBlockedBy, []string{"move", "piece", "square"}, "(detailed) castling with a piece between the king and the rook (or on their targets): the nearest such piece"},
	{CodeCastlingKingMoved, []string{"move"}, "(detailed) castling with a king that is not on its first square (e1 or e8): it has moved"},
	{CodeCastlingRookMoved, []string{"move", "square"}, "(detailed) castling on a side whose corner holds no rook of the mover: that rook has moved or gone"},
	{CodeKingAttacked, []string{"move", "square", "attacker", "attacker_square"}, "(detailed) a king move onto a square an enemy piece attacks"},
	{CodePinned, []string{"move", "piece", "square", "attacker", "attacker_square"}, "(detailed) a move of a piece that shields its king: the enemy piece that would then give check"},
	{CodeStillInCheck, []string{"move", "attacker", "attacker_square"}, "(detailed) a move that leaves the king in a check along a line (which could be blocked)"},
	{CodeStillInCheckNoBlock, []string{"move", "attacker", "attacker_square"}, "(detailed) a move that leaves the king in the check of a knight, a pawn or an adjacent piece (no piece can be put in between)"},
	{CodeDoubleCheck, []string{"move", "attacker", "attacker_square", "second", "second_square"}, "(detailed) a move other than the king's in a double check"},
	{CodeEnPassantExpired, []string{"move", "square"}, "(detailed) a pawn's diagonal step behind an enemy pawn beside it that did not just make its double step"},
	{CodePawnBackward, []string{"move", "from"}, "(detailed) a pawn move backwards"},
	{CodePawnBlocked, []string{"move", "from", "blocker", "blocker_square"}, "(detailed) a pawn's advance onto, or across, an occupied square"},
	{CodePawnDoubleStep, []string{"move", "from"}, "(detailed) a pawn's two-square advance from a square other than its first one"},
	{CodePathBlocked, []string{"move", "piece", "from", "to", "blocker", "blocker_square"}, "(detailed) a bishop's, rook's or queen's move along its line with a piece in the way"},
	{CodeWayPawn, []string{"move", "from", "to"}, "(detailed) a pawn move that is no pawn move at all (sideways, too far)"},
	{CodeWayKnight, []string{"move", "from", "to"}, "(detailed) a knight move that is not an L-shaped jump"},
	{CodeWayBishop, []string{"move", "from", "to"}, "(detailed) a bishop move that is not diagonal"},
	{CodeWayRook, []string{"move", "from", "to"}, "(detailed) a rook move that is not along a rank or a file"},
	{CodeWayQueen, []string{"move", "from", "to"}, "(detailed) a queen move that is neither along a line nor diagonal"},
	{CodeWayKing, []string{"move", "from", "to"}, "(detailed) a king move of more than one square that is not castling"},
}

// Try reads text as a move, in UCI ("e2e4", "e7e8n") or in SAN ("Nf3",
// "O-O", "exd6"), and returns it if it is legal in p. Otherwise the error
// is an *Error that says why in as much detail as the rules core can: where
// ParseUCI and ParseSAN say "cannot castle through check (f1 is attacked)",
// Try says which piece attacks f1 and from where
// (CodeCastlingThroughAttacked); where they say "it would leave the king in
// check", Try names the piece that would give it (CodePinned,
// CodeKingAttacked, CodeStillInCheck ...); a pawn's diagonal step behind an
// enemy pawn that did not just advance two squares is CodeEnPassantExpired.
// Refusals with nothing more to say keep their plain codes.
func (p *Position) Try(text string) (Move, error) {
	s := strings.TrimSpace(text)
	if looksLikeUCI(s) {
		m, err := p.ParseUCI(s)
		if err == nil || CodeOf(err) == CodeUCIPromotion {
			return m, err
		}
		from, _ := ParseSquare(s[0:2])
		to, _ := ParseSquare(s[2:4])
		promo := NoPieceType
		if len(s) == 5 {
			promo = pieceTypeFromLetter(s[4] - ('a' - 'A'))
		}
		return NullMove, asMove(s, p.explain(p.whyIllegal(from, to, promo), from, to))
	}
	return p.parseSAN(text, true)
}

// looksLikeUCI reports whether s has the shape of a UCI move: two squares
// and an optional lower-case promotion letter.
func looksLikeUCI(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	_, ok1 := ParseSquare(s[0:2])
	_, ok2 := ParseSquare(s[2:4])
	return ok1 && ok2 && (len(s) == 4 || strings.IndexByte("qrbnkp", s[4]) >= 0)
}

// explain refines why, the plain reason whyIllegal (or castlingReason)
// gave for the move from -> to in p, into a detailed one when there is
// more to say; otherwise it returns why unchanged.
func (p *Position) explain(why *Error, from, to Square) *Error {
	if why == nil {
		return nil
	}
	switch why.Code {
	case CodeCastlingNoRight, CodeCastlingInCheck, CodeCastlingBlocked, CodeCastlingThroughChk, CodeCastlingIntoCheck:
		if d := p.explainCastling(why, from, to); d != nil {
			return d
		}
	case CodeSelfCheck, CodeCheckNotParried:
		if d := p.explainCheck(from, to); d != nil {
			return d
		}
	case CodePawnCaptureEmpty:
		us := p.turn
		beside := NewSquare(to.File(), from.Rank())
		if from.RelativeRank(us) == 4 && p.board[beside] == NewPiece(us.Other(), Pawn) {
			return errorf(CodeEnPassantExpired, kv("square", beside.String()),
				"the pawn on %s did not just advance two squares: en passant is only possible on the move right after the double step", beside)
		}
	case CodeUnreachable:
		return p.explainWay(why, from, to)
	}
	return why
}

// attackerOf returns the least valuable piece of set (lowest square first
// among equals), or NoSquare if set is empty.
func (p *Position) attackerOf(set Bitboard) Square {
	for t := Pawn; t <= King; t++ {
		if b := set & p.byType[t]; b != 0 {
			return b.First()
		}
	}
	return NoSquare
}

// attackerParams are the "attacker" and "attacker_square" parameters for
// the piece on sq, after the pairs given.
func (p *Position) attackerParams(sq Square, pairs ...string) map[string]string {
	return kv(append(pairs, "attacker", p.board[sq].Type().String(), "attacker_square", sq.String())...)
}

// explainCastling details a refused castling of the king on from, towards
// to (the king's target or its own rook).
func (p *Position) explainCastling(why *Error, from, to Square) *Error {
	us, them := p.turn, p.turn.Other()
	long := to < from
	if why.Code == CodeCastlingNoRight {
		if p.chess960 {
			return nil
		}
		home := NewSquare(4, backRank(us).First().Rank())
		if from != home {
			return errorf(CodeCastlingKingMoved, nil, "the king is not on %s: it has moved, and a king that has moved never castles", home)
		}
		corner := NewSquare(7, home.Rank())
		if long {
			corner = NewSquare(0, home.Rank())
		}
		if p.board[corner] != NewPiece(us, Rook) {
			return errorf(CodeCastlingRookMoved, kv("square", corner.String()), "there is no rook of yours on %s: castling needs that rook, unmoved", corner)
		}
		return nil
	}
	if why.Code == CodeCastlingInCheck {
		sq := p.attackerOf(p.checkers())
		return errorf(CodeCastlingCheckedBy, p.attackerParams(sq), "cannot castle out of check: the %s on %s gives check", p.board[sq].Type(), sq)
	}
	rook := NoSquare
	if p.board[to] == NewPiece(us, Rook) {
		rook = to
	} else {
		for b := p.castling & backRank(us); b != 0; b &= b - 1 {
			if r := b.First(); (r < from) == long {
				rook = r
			}
		}
	}
	if rook == NoSquare {
		return nil
	}
	m := newMove(from, rook, kindCastling)
	kto, rto := m.CastlingKingTo(), m.castlingRookTo()
	occ := p.byType[0] &^ from.Bitboard() &^ rook.Bitboard()
	if why.Code == CodeCastlingBlocked {
		path := (between[from][kto] | kto.Bitboard() | between[rook][rto] | rto.Bitboard()) & occ
		best := NoSquare
		for b := path; b != 0; b &= b - 1 {
			if sq := b.First(); best == NoSquare || fileGap(sq, from) < fileGap(best, from) {
				best = sq
			}
		}
		if best == NoSquare {
			return nil
		}
		return errorf(CodeCastlingBlockedBy, kv("piece", p.board[best].Type().String(), "square", best.String()),
			"cannot castle: the %s on %s stands between the king and the rook", p.board[best].Type(), best)
	}
	// The king's path, from the square next to it to its target: the
	// first square attacked is the one named.
	if kto == from {
		return nil
	}
	step := Square(1)
	if kto < from {
		step = ^Square(0) // -1
	}
	for sq := from + step; ; sq += step {
		if att := p.attackersTo(sq, occ) & p.byColor[them]; att != 0 {
			a := p.attackerOf(att)
			if sq == kto {
				return errorf(CodeCastlingIntoAttacked, p.attackerParams(a, "square", sq.String()),
					"cannot castle into check: %s is attacked by the %s on %s", sq, p.board[a].Type(), a)
			}
			return errorf(CodeCastlingThroughAttacked, p.attackerParams(a, "square", sq.String()),
				"cannot castle through check: the king would cross %s, attacked by the %s on %s", sq, p.board[a].Type(), a)
		}
		if sq == kto {
			return nil
		}
	}
}

// fileGap is the number of files between two squares of one rank.
func fileGap(a, b Square) int {
	d := a.File() - b.File()
	if d < 0 {
		return -d
	}
	return d
}

// explainCheck details a move from -> to that would leave the mover's king
// attacked: who would attack it, and whether it was in check already.
func (p *Position) explainCheck(from, to Square) *Error {
	us, them := p.turn, p.turn.Other()
	pc := p.board[from]
	occ := p.byType[0]&^from.Bitboard() | to.Bitboard()
	enemies := p.byColor[them] &^ to.Bitboard()
	if pc.Type() == Pawn && to == p.ep && p.ep != NoSquare {
		captured := NewSquare(to.File(), from.Rank())
		occ &^= captured.Bitboard()
		enemies &^= captured.Bitboard()
	}
	ksq := p.KingSquare(us)
	if pc.Type() == King {
		ksq = to
	}
	after := p.attackersTo(ksq, occ) & enemies
	if after == 0 {
		return nil
	}
	checkers := p.checkers()
	if pc.Type() == King {
		a := p.attackerOf(after)
		return errorf(CodeKingAttacked, p.attackerParams(a, "square", to.String()),
			"the king cannot go to %s: the %s on %s attacks it", to, p.board[a].Type(), a)
	}
	if checkers.More() {
		first := checkers.First()
		second := (checkers &^ first.Bitboard()).First()
		return errorf(CodeDoubleCheck, p.attackerParams(first, "second", p.board[second].Type().String(), "second_square", second.String()),
			"double check (the %s on %s and the %s on %s): only a king move can answer it", p.board[first].Type(), first, p.board[second].Type(), second)
	}
	if still := after & checkers; still != 0 {
		a := still.First()
		if between[ksq][a] == 0 {
			return errorf(CodeStillInCheckNoBlock, p.attackerParams(a),
				"the %s on %s still gives check, and its check cannot be blocked: move the king or capture it", p.board[a].Type(), a)
		}
		return errorf(CodeStillInCheck, p.attackerParams(a),
			"the %s on %s still gives check: move the king, capture it or put a piece in between", p.board[a].Type(), a)
	}
	a := p.attackerOf(after)
	return errorf(CodePinned, p.attackerParams(a, "piece", pc.Type().String(), "square", from.String()),
		"if the %s on %s moves there, the %s on %s gives check to the king", pc.Type(), from, p.board[a].Type(), a)
}

// explainWay details a move that the piece's way of moving does not allow
// (why is the plain CodeUnreachable).
func (p *Position) explainWay(why *Error, from, to Square) *Error {
	us := p.turn
	pc := p.board[from]
	occ := p.byType[0]
	fromTo := kv("from", from.String(), "to", to.String())
	switch pc.Type() {
	case Pawn:
		ahead := to.RelativeRank(us) - from.RelativeRank(us)
		switch {
		case ahead < 0:
			return errorf(CodePawnBackward, kv("from", from.String()), "the pawn on %s cannot go back: pawns only advance", from)
		case to.File() == from.File() && ahead == 1 && occ.Has(to):
			return p.pawnBlocked(from, to)
		case to.File() == from.File() && ahead == 2 && from.RelativeRank(us) != 1:
			return errorf(CodePawnDoubleStep, kv("from", from.String()),
				"the pawn on %s is not on its first square: only from there can it advance two squares", from)
		case to.File() == from.File() && ahead == 2:
			if mid := (from + to) / 2; occ.Has(mid) {
				return p.pawnBlocked(from, mid)
			}
			return p.pawnBlocked(from, to)
		}
		return errorf(CodeWayPawn, fromTo, "the pawn on %s cannot reach %s: a pawn advances straight and captures diagonally", from, to)
	case Knight:
		return errorf(CodeWayKnight, fromTo, "the knight on %s cannot reach %s: it jumps in an L", from, to)
	case King:
		return errorf(CodeWayKing, fromTo, "the king on %s cannot reach %s: it moves one square (except when castling)", from, to)
	}
	var line Bitboard
	code := CodeWayQueen
	switch pc.Type() {
	case Bishop:
		line, code = BishopAttacks(from, 0), CodeWayBishop
	case Rook:
		line, code = RookAttacks(from, 0), CodeWayRook
	case Queen:
		line = QueenAttacks(from, 0)
	default:
		return why
	}
	if !line.Has(to) {
		return errorf(code, fromTo, "the %s on %s cannot reach %s: that is not its way of moving", pc.Type(), from, to)
	}
	in := between[from][to] & occ
	if in == 0 {
		return why
	}
	// The piece in the way nearest the mover.
	best := in.First()
	if to < from {
		best = in.Last()
	}
	return errorf(CodePathBlocked, kv("piece", pc.Type().String(), "from", from.String(), "to", to.String(),
		"blocker", p.board[best].Type().String(), "blocker_square", best.String()),
		"the %s on %s cannot reach %s: the %s on %s is in the way (only the knight jumps)", pc.Type(), from, to, p.board[best].Type(), best)
}

// pawnBlocked is CodePawnBlocked for the pawn on from and the piece on sq.
func (p *Position) pawnBlocked(from, sq Square) *Error {
	return errorf(CodePawnBlocked, kv("from", from.String(), "blocker", p.board[sq].Type().String(), "blocker_square", sq.String()),
		"the pawn on %s cannot advance: the %s on %s is in its way (a pawn captures only diagonally)", from, p.board[sq].Type(), sq)
}
