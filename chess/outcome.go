package chess

// Termination says how a game ended by the rules on the board. The values
// are stable and may be stored.
type Termination uint8

// The terminations decided by the board. (Resignation, time and agreement
// are decided by package game.)
const (
	NoTermination        Termination = 0 // the game goes on
	Checkmate            Termination = 1
	Stalemate            Termination = 2
	InsufficientMaterial Termination = 3 // neither side can mate (FIDE 5.2.2)
	ThreefoldRepetition  Termination = 4
	FivefoldRepetition   Termination = 5
	FiftyMoves           Termination = 6
	SeventyFiveMoves     Termination = 7
)

var terminationNames = [...]string{"none", "checkmate", "stalemate", "insufficient_material",
	"threefold_repetition", "fivefold_repetition", "fifty_moves", "seventy_five_moves"}

// String returns a stable snake_case name such as "threefold_repetition".
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "unknown"
}

// Outcome is the result of a finished game, or the zero Outcome (no
// termination) while it goes on.
type Outcome struct {
	Termination Termination
	// Winner is the side that won; meaningful only when Decisive.
	Winner Color
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Termination != NoTermination }

// Decisive reports whether a side won (by checkmate).
func (o Outcome) Decisive() bool { return o.Termination == Checkmate }

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
// insufficient material, or nothing. Repetition and the move-count rules
// need the game's history (see History.Outcome).
func (p *Position) Outcome() Outcome {
	if !p.HasLegalMoves() {
		if p.InCheck() {
			return Outcome{Termination: Checkmate, Winner: p.turn.Other()}
		}
		return Outcome{Termination: Stalemate}
	}
	if p.IsInsufficientMaterial() {
		return Outcome{Termination: InsufficientMaterial}
	}
	return Outcome{}
}
