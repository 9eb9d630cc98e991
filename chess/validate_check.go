package chess

import "strconv"

// checkCheckers reports a check of the side to move that no last move of
// the other side could have given, as shakmaty does:
//
//   - with an en-passant square, the last move was the double step that
//     made it: the pawn that landed must be the only checker, or the only
//     checker must be a piece whose line to the king the pawn uncovered
//     (with the pawn back where it came from, the king is not attacked);
//   - otherwise at most two pieces give check (a move and the line it
//     uncovers), and two checkers are never on one line with the king (a
//     piece cannot uncover a line that it stays on);
//   - two checkers are never both pawns, knights or kings: a stepping piece
//     gives check only by moving, and only one piece moves (an uncovered
//     check comes from a slider).
//
// ep is the en-passant square of the setup if it passed its own checks,
// whether or not a pawn can capture onto it.
func (p *Position) checkCheckers(found *problems, ep Square) {
	us, them := p.turn, p.turn.Other()
	king := p.KingSquare(us)
	occ := p.byType[0]
	checkers := p.attackersTo(king, occ) & p.byColor[them]
	if checkers == 0 {
		return
	}
	first, last := checkers.First(), checkers.Last()
	reported := len(*found) // one problem for the check, with its first reason
	switch {
	case ep != NoSquare:
		landed, origin := doubleStep(ep, them)
		if checkers.More() {
			found.add(CodeImpossibleCheckDoubleStep, kv("color", us.String(), "square", last.String(), "ep", ep.String()),
				"the %s king on %s is checked by %s, but the last move was the double step to %s, which gives at most one check",
				us, king, squareList(checkers), landed)
		} else if first != landed {
			before := occ&^landed.Bitboard() | origin.Bitboard()
			if p.attackersTo(king, before)&p.byColor[them]&^landed.Bitboard() != 0 {
				found.add(CodeImpossibleCheckDoubleStep, kv("color", us.String(), "square", first.String(), "ep", ep.String()),
					"the %s king on %s is checked from %s, which the last move, the double step to %s, cannot have uncovered",
					us, king, first, landed)
			}
		}
	case checkers.Count() > 2:
		found.add(CodeImpossibleCheckCount, kv("color", us.String(), "count", strconv.Itoa(checkers.Count())),
			"the %s king on %s is checked by %s: no move gives more than two checks",
			us, king, squareList(checkers))
	case checkers.More() && line[first][king].Has(last):
		found.add(CodeImpossibleCheckAligned, kv("color", us.String(), "first", first.String(), "second", last.String()),
			"the %s king on %s is checked by %s, on one line with the king: no move uncovers such a pair",
			us, king, squareList(checkers))
	}
	steppers := p.byType[Pawn] | p.byType[Knight] | p.byType[King]
	if s := checkers & steppers; s.More() && len(*found) == reported {
		found.add(CodeImpossibleCheckSteppers, kv("color", us.String(), "first", s.First().String(), "second", s.Last().String()),
			"the %s king on %s is checked by %s: pawns, knights and kings give check only by moving, and one piece moves at a time",
			us, king, squareList(s))
	}
}

// checkMaterial reports a side with more pieces than a game can have:
// more than 16, more than 8 pawns, or more pieces beyond the initial set (a
// queen, two rooks, two knights, a bishop on each colour) than it has
// missing pawns to have promoted.
func (p *Position) checkMaterial(found *problems) {
	for _, c := range [2]Color{White, Black} {
		pawns := p.Pieces(c, Pawn).Count()
		if n := p.byColor[c].Count(); n > 16 {
			found.add(CodeTooManyPieces, kv("color", c.String(), "count", strconv.Itoa(n)), "%s has %d pieces, at most 16 are possible", c, n)
			continue
		}
		if pawns > 8 {
			found.add(CodeTooManyPawns, kv("color", c.String(), "count", strconv.Itoa(pawns)), "%s has %d pawns, at most 8 are possible", c, pawns)
			continue
		}
		bishops := p.Pieces(c, Bishop)
		extra := beyond(p.Pieces(c, Queen).Count(), 1) +
			beyond(p.Pieces(c, Rook).Count(), 2) +
			beyond(p.Pieces(c, Knight).Count(), 2) +
			beyond((bishops&LightSquares).Count(), 1) +
			beyond((bishops&DarkSquares).Count(), 1)
		if missing := 8 - pawns; extra > missing {
			found.add(CodeTooMuchMaterial, kv("color", c.String(), "promoted", strconv.Itoa(extra), "missing", strconv.Itoa(missing)), "%s has %d promoted pieces (beyond one queen, two rooks, two knights and a bishop on each colour) but only %d missing pawns",
				c, extra, missing)
		}
	}
}

// beyond returns how many of n exceed the initial count.
func beyond(n, initial int) int { return max(n-initial, 0) }
