package chess

// Ending says how the rules on the board ended a game. It is a stable
// snake_case text ("checkmate", "threefold_repetition"), not a number, on
// purpose: package game's Termination is a stored id with other values, and
// the two types cannot be converted into one another by mistake
// (game.Termination(e) does not compile); game.TerminationOf maps an
// Ending to its Termination.
type Ending string

// The endings decided by the board. (Resignation, time and agreement are
// decided by package game.)
const (
	NotEnded                Ending = "" // the game goes on
	EndCheckmate            Ending = "checkmate"
	EndStalemate            Ending = "stalemate"
	EndInsufficientMaterial Ending = "insufficient_material" // neither side can mate (FIDE 5.2.2)
	EndThreefoldRepetition  Ending = "threefold_repetition"
	EndFivefoldRepetition   Ending = "fivefold_repetition"
	EndFiftyMoves           Ending = "fifty_moves"
	EndSeventyFiveMoves     Ending = "seventy_five_moves"

	// EndDeadPosition: neither side can mate by any series of legal moves,
	// though the material alone would allow it (FIDE 5.2.2: locked pawns,
	// walled-in pieces; see Position.IsDeadPosition).
	EndDeadPosition Ending = "dead_position"
)

// Endings lists every ending but NotEnded.
func Endings() []Ending {
	return []Ending{EndCheckmate, EndStalemate, EndInsufficientMaterial, EndThreefoldRepetition,
		EndFivefoldRepetition, EndFiftyMoves, EndSeventyFiveMoves, EndDeadPosition}
}

// String returns the ending's text, or "none" for NotEnded.
func (e Ending) String() string {
	if e == NotEnded {
		return "none"
	}
	return string(e)
}

// Outcome is the result of a finished game, or the zero Outcome (NotEnded)
// while it goes on.
type Outcome struct {
	Ending Ending
	// Winner is the side that won; meaningful only when Decisive.
	Winner Color
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Ending != NotEnded }

// Decisive reports whether a side won (by checkmate).
func (o Outcome) Decisive() bool { return o.Ending == EndCheckmate }

// Result returns the PGN result: "1-0", "0-1", "1/2-1/2", or "*" while the
// game goes on.
func (o Outcome) Result() string {
	switch {
	case !o.Over():
		return "*"
	case !o.Decisive():
		return "1/2-1/2"
	case o.Winner == White:
		return "1-0"
	default:
		return "0-1"
	}
}

// Outcome returns what the position alone decides: checkmate, stalemate,
// insufficient material, a dead position, or nothing. Repetition and the move-count rules
// need the game's history (see History.Outcome).
func (p *Position) Outcome() Outcome {
	if !p.HasLegalMoves() {
		if p.InCheck() {
			return Outcome{Ending: EndCheckmate, Winner: p.turn.Other()}
		}
		return Outcome{Ending: EndStalemate}
	}
	if p.IsInsufficientMaterial() {
		return Outcome{Ending: EndInsufficientMaterial}
	}
	if p.IsDeadPosition() {
		return Outcome{Ending: EndDeadPosition}
	}
	return Outcome{}
}
