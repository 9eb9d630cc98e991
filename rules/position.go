package rules

import "github.com/joinpal/joinpal/chess"

// MoveText is a legal move in both notations.
type MoveText struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
}

// PositionView is what a board needs of a position: whose turn it is,
// whether that side is in check, and its legal moves, all from the rules
// core; and how the game ended there, if it did.
type PositionView struct {
	FEN         string     `json:"fen"`
	Turn        string     `json:"turn"` // "white" or "black"
	Check       bool       `json:"check"`
	Legal       []MoveText `json:"legal"`
	Ending      string     `json:"ending,omitempty"`
	OutcomeCode string     `json:"outcomeCode,omitempty"`
}

// ParseFEN reads a position strictly, as every position from outside is
// read (chess.ParseFEN): the error is the rules core's, with its codes.
func ParseFEN(fen string) (chess.Position, error) { return chess.ParseFEN(fen) }

// Describe returns the view of pos.
func Describe(pos chess.Position) PositionView {
	v := PositionView{FEN: pos.FEN(), Turn: pos.Turn().String(), Check: pos.InCheck(), Legal: []MoveText{}}
	for _, m := range pos.LegalMoves(nil) {
		v.Legal = append(v.Legal, MoveText{pos.UCI(m), pos.SAN(m)})
	}
	v.Ending, v.OutcomeCode = outcomeOf(Outcome(pos))
	return v
}

// Outcome returns how a game would stand in pos, taken alone, under the
// draw rules of JoinPal's games (chess.AutomaticDraws): checkmate,
// stalemate, a dead position, or fifty moves without a capture or a pawn
// move once pos's half-move clock reaches 100. A repetition needs the
// moves before pos, so it is never found here. Everything that describes a
// position read from a FEN (the rules guide's API, `joinpal position`)
// judges it with this one function.
func Outcome(pos chess.Position) chess.Outcome {
	return chess.NewHistory(pos).Outcome(chess.AutomaticDraws)
}

// outcomeOf returns the ending of o and the catalogue code of the sentence
// that tells it ("outcome.stalemate", "outcome.checkmate.white"), or two
// empty strings while the game goes on.
func outcomeOf(o chess.Outcome) (ending, code string) {
	if !o.Over() {
		return "", ""
	}
	code = "outcome." + string(o.Ending)
	if o.Decisive() {
		code += "." + o.Winner.String()
	}
	return string(o.Ending), code
}
