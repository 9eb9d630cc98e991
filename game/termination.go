package game

import "github.com/joinpal/joinpal/chess"

// Termination is why a game ended.
//
// The numeric values are ids stored in databases: never renumber or reuse
// one; a new termination gets the next free id. The board's own endings are
// chess.Ending values, a different type that does not convert to
// Termination: [TerminationOf] maps them.
type Termination uint8

// The terminations.
const (
	// TerminationNone: the game has not ended (or was aborted).
	TerminationNone Termination = 0
	// Checkmate: the side to move is checkmated; the other side wins.
	Checkmate Termination = 1
	// Resignation: a player resigned (or left the game, which counts as
	// resigning); the other side wins.
	Resignation Termination = 2
	// Timeout: a player ran out of time and the opponent could still
	// checkmate; the opponent wins.
	Timeout Termination = 3
	// TimeoutVsInsufficientMaterial: a player ran out of time but the
	// opponent could not checkmate by any series of legal moves: a draw
	// (FIDE 6.9).
	TimeoutVsInsufficientMaterial Termination = 4
	// Stalemate: the side to move has no legal move and is not in check: a
	// draw.
	Stalemate Termination = 5
	// ThreefoldRepetition: the same position occurred for the third time: a
	// draw (automatic online).
	ThreefoldRepetition Termination = 6
	// FiftyMoves: fifty moves by each side without a capture or a pawn move:
	// a draw (automatic online).
	FiftyMoves Termination = 7
	// InsufficientMaterial: neither side can checkmate: a draw.
	InsufficientMaterial Termination = 8
	// Agreement: the players agreed a draw.
	Agreement Termination = 9
	// Abandonment: a player's connection dropped and the reconnection window
	// ran out, or the opponent claimed the win once the claim delay had
	// passed; the other side wins (both lose if both were gone past their
	// windows).
	Abandonment Termination = 10
	// NoShow: a scheduled game in which a player (or both) did not show up;
	// the absent player loses (both lose if both were absent).
	NoShow Termination = 11
	// DeadPosition: neither side can checkmate by any series of legal
	// moves, though the material alone would allow it (locked pawns,
	// walled-in pieces): a draw (FIDE 5.2.2).
	DeadPosition Termination = 12
	// DrawClaimed: a player's connection dropped, and once the claim delay
	// had passed the opponent declared the game drawn rather than claim
	// the win: a draw.
	DrawClaimed Termination = 13
	// NoStart: a game made with [Config.NoStartLoses] (an arena's) in which
	// the side to make one of the first two moves did not make it within
	// its first-move window ([FirstMoveWindow]); that side loses.
	NoStart Termination = 14
)

var terminationNames = [...]string{
	TerminationNone:               "none",
	Checkmate:                     "checkmate",
	Resignation:                   "resignation",
	Timeout:                       "timeout",
	TimeoutVsInsufficientMaterial: "timeout_vs_insufficient_material",
	Stalemate:                     "stalemate",
	ThreefoldRepetition:           "threefold_repetition",
	FiftyMoves:                    "fifty_moves",
	InsufficientMaterial:          "insufficient_material",
	Agreement:                     "agreement",
	Abandonment:                   "abandonment",
	NoShow:                        "no_show",
	DeadPosition:                  "dead_position",
	DrawClaimed:                   "draw_claimed",
	NoStart:                       "no_start",
}

// TerminationOf returns the termination of a game that the board ended
// with e: the repetition and move-count endings map to ThreefoldRepetition
// and FiftyMoves whichever draw rules decided them (fivefold repetition and
// seventy-five moves included); chess.NotEnded, or a text that is no
// ending, maps to TerminationNone.
func TerminationOf(e chess.Ending) Termination {
	switch e {
	case chess.EndCheckmate:
		return Checkmate
	case chess.EndStalemate:
		return Stalemate
	case chess.EndInsufficientMaterial:
		return InsufficientMaterial
	case chess.EndThreefoldRepetition, chess.EndFivefoldRepetition:
		return ThreefoldRepetition
	case chess.EndFiftyMoves, chess.EndSeventyFiveMoves:
		return FiftyMoves
	case chess.EndDeadPosition:
		return DeadPosition
	}
	return TerminationNone
}

// Terminations lists every termination but [TerminationNone], in id order.
func Terminations() []Termination {
	ts := make([]Termination, 0, len(terminationNames)-1)
	for t := Checkmate; int(t) < len(terminationNames); t++ {
		ts = append(ts, t)
	}
	return ts
}

// Valid reports whether t is a known termination (TerminationNone
// included).
func (t Termination) Valid() bool { return int(t) < len(terminationNames) }

// Draw reports whether t always ends the game in a draw.
func (t Termination) Draw() bool {
	switch t {
	case TimeoutVsInsufficientMaterial, Stalemate, ThreefoldRepetition,
		FiftyMoves, InsufficientMaterial, Agreement, DeadPosition, DrawClaimed:
		return true
	}
	return false
}

// Allows reports whether a game that ended with t may have result r:
// a draw for the drawing terminations, a win for one side for checkmate,
// resignation, timeout and a first move not made (NoStart), a win or both losing for abandonment and a no-show,
// and no result for TerminationNone.
func (t Termination) Allows(r Result) bool {
	switch {
	case !t.Valid() || !r.Valid():
		return false
	case t == TerminationNone:
		return r == NoResult
	case t.Draw():
		return r == Drawn
	case t == NoShow || t == Abandonment:
		return r == WhiteWins || r == BlackWins || r == BothLose
	}
	return r == WhiteWins || r == BlackWins
}

// String returns the stable text code, e.g. "checkmate",
// "timeout_vs_insufficient_material", "none"; "termination(N)" for an
// unknown id.
func (t Termination) String() string {
	if !t.Valid() {
		return "termination(" + itoa(int(t)) + ")"
	}
	return terminationNames[t]
}

// LabelCode returns the code of t's name in package i18n's catalogues,
// e.g. "termination.checkmate" ("Jaque mate" / "Checkmate"), or "" for an
// unknown termination.
func (t Termination) LabelCode() string {
	if !t.Valid() {
		return ""
	}
	return "termination." + terminationNames[t]
}

// ParseTermination parses a stable text code written by
// [Termination.String].
func ParseTermination(code string) (Termination, error) {
	for t, n := range terminationNames {
		if n == code {
			return Termination(t), nil
		}
	}
	return 0, NewError(CodeBadTermination, "bad termination "+quote(code), nil)
}

// TerminationFromID returns the termination with a stored id, or an error
// with [CodeBadTermination].
func TerminationFromID(id int) (Termination, error) {
	if id < 0 || id >= len(terminationNames) {
		return 0, NewError(CodeBadTermination, "bad termination id "+itoa(id), nil)
	}
	return Termination(id), nil
}

// MarshalText encodes t as its text code.
func (t Termination) MarshalText() ([]byte, error) {
	if !t.Valid() {
		return nil, NewError(CodeBadTermination, "bad termination "+t.String(), nil)
	}
	return []byte(t.String()), nil
}

// UnmarshalText decodes a text code, as [ParseTermination].
func (t *Termination) UnmarshalText(text []byte) error {
	v, err := ParseTermination(string(text))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
