package pgn

import "fmt"

// The stable codes of [Error.Code]. They never change; clients may rely on
// them.
const (
	// CodeSyntax is PGN text that cannot be read: a stray character, an
	// unterminated string or comment, unbalanced parentheses.
	CodeSyntax = "pgn.syntax"
	// CodeIllegalMove is a move that is not legal (or not a move at all) in
	// its position.
	CodeIllegalMove = "pgn.illegal_move"
	// CodeAmbiguousMove is SAN that fits more than one legal move.
	CodeAmbiguousMove = "pgn.ambiguous_move"
	// CodeBadFEN is a FEN tag that is malformed or not a legal position.
	CodeBadFEN = "pgn.bad_fen"
	// CodeUnsupportedVariant is a Variant tag naming a game other than
	// standard chess or Chess960.
	CodeUnsupportedVariant = "pgn.unsupported_variant"
)

// Error is an error in the PGN input, with where it is. Game is the 1-based
// number of the game in the stream, Line and Column (1-based, columns
// counted in characters) the place of the offending token. Err says what is
// wrong and wraps the cause, such as a chess package error.
type Error struct {
	Game, Line, Column int
	Code               string
	Err                error
}

// Error returns the message, as in
// "pgn: game 3, line 41, column 7: illegal move Nf3: ...".
func (e *Error) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d, column %d: %v", e.Game, e.Line, e.Column, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
