package pgn

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/joinpal/joinpal/chess"
)

// The stable codes of [Error.Code]. They never change; clients and the
// message catalogues of package i18n rely on them. A new code is added
// here, to [Codes], to both catalogues and to docs/ERRORS.md.
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
	// CodeWriteBadResult is a Game to write whose Result is not a
	// termination marker.
	CodeWriteBadResult = "pgn.write.bad_result"
	// CodeWriteBadTag is a Game to write with a tag name PGN cannot hold.
	CodeWriteBadTag = "pgn.write.bad_tag"
	// CodeWriteBadStart is a Game to write whose Start is not a valid
	// position.
	CodeWriteBadStart = "pgn.write.bad_start"
	// CodeWriteIllegalMove is a Game to write with a move that is not
	// legal in its position.
	CodeWriteIllegalMove = "pgn.write.illegal_move"
	// CodeWriteBadNAG is a Game to write with a NAG outside 0 to 255.
	CodeWriteBadNAG = "pgn.write.bad_nag"
)

// The parameters of every error about the input: where it is.
var place = []string{"game", "line", "column"}

var codes = []chess.CodeInfo{
	{Code: CodeSyntax, Params: place, When: "PGN text that cannot be read: a stray character, an unterminated string or comment, unbalanced parentheses, a bad NAG"},
	{Code: CodeIllegalMove, Params: append(place[:3:3], "move"), When: "a move that is not legal (or not a move at all) in its position; the chess error that says why is its cause"},
	{Code: CodeAmbiguousMove, Params: append(place[:3:3], "move"), When: "SAN that fits more than one legal move"},
	{Code: CodeBadFEN, Params: place, When: "a FEN tag that is malformed or not a legal position; the chess error that says why is its cause"},
	{Code: CodeUnsupportedVariant, Params: append(place[:3:3], "variant"), When: "a Variant tag naming a game other than standard chess or Chess960"},
	{Code: CodeWriteBadResult, Params: []string{"result"}, When: "Write: a Game whose Result is not 1-0, 0-1, 1/2-1/2 or *"},
	{Code: CodeWriteBadTag, Params: []string{"name"}, When: "Write: a tag name that is not letters, digits and _"},
	{Code: CodeWriteBadStart, When: "Write: a Game whose Start is not a valid position; the chess error that says why is its cause"},
	{Code: CodeWriteIllegalMove, Params: []string{"number"}, When: "Write: a move (or null move) that is not legal in its position"},
	{Code: CodeWriteBadNAG, Params: []string{"nag"}, When: "Write: a NAG outside 0 to 255"},
}

// Codes lists every error code of package pgn with its parameters and when
// it is returned. The caller may change the slice it gets.
func Codes() []chess.CodeInfo { return slices.Clone(codes) }

// Sentinel errors, one per code, for errors.Is: every *Error matches the
// sentinel of its code, wherever it is and whatever its cause.
var (
	ErrSyntax             = &Error{Code: CodeSyntax, Err: errors.New("syntax error")}
	ErrIllegalMove        = &Error{Code: CodeIllegalMove, Err: errors.New("illegal move")}
	ErrAmbiguousMove      = &Error{Code: CodeAmbiguousMove, Err: errors.New("ambiguous move")}
	ErrBadFEN             = &Error{Code: CodeBadFEN, Err: errors.New("bad FEN")}
	ErrUnsupportedVariant = &Error{Code: CodeUnsupportedVariant, Err: errors.New("unsupported variant")}
	ErrWriteBadResult     = &Error{Code: CodeWriteBadResult, Err: errors.New("bad result")}
	ErrWriteBadTag        = &Error{Code: CodeWriteBadTag, Err: errors.New("bad tag name")}
	ErrWriteBadStart      = &Error{Code: CodeWriteBadStart, Err: errors.New("bad start position")}
	ErrWriteIllegalMove   = &Error{Code: CodeWriteIllegalMove, Err: errors.New("illegal move")}
	ErrWriteBadNAG        = &Error{Code: CodeWriteBadNAG, Err: errors.New("bad NAG")}
)

// Error is an error of package pgn: a stable Code, and, for an error in
// the PGN input, where it is: Game is the 1-based number of the game in
// the stream, Line and Column (1-based, columns counted in characters) the
// place of the offending token; they are 0 for an error of Write. Params
// holds the other values a translated message needs (such as "move"); Err
// says what is wrong and wraps the cause, such as a chess package error.
type Error struct {
	Game, Line, Column int
	Code               string
	Params             map[string]string
	Err                error
}

// Error returns the message, as in
// "pgn: game 3, line 41, column 7: illegal move Nf3: ...", or
// "pgn: bad NAG 300: want 0 to 255" for an error of Write.
func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("pgn: %v", e.Err)
	}
	return fmt.Sprintf("pgn: game %d, line %d, column %d: %v", e.Game, e.Line, e.Column, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t != nil && t.Code == e.Code
}

// ErrorCode returns the stable code, for package i18n.
func (e *Error) ErrorCode() string { return e.Code }

// ErrorParams returns the parameters, with the place ("game", "line",
// "column") of an error in the input, for package i18n.
func (e *Error) ErrorParams() map[string]string {
	p := maps.Clone(e.Params)
	if e.Line > 0 {
		if p == nil {
			p = map[string]string{}
		}
		p["game"] = strconv.Itoa(e.Game)
		p["line"] = strconv.Itoa(e.Line)
		p["column"] = strconv.Itoa(e.Column)
	}
	return p
}

// writeError returns an error of Write.
func writeError(code string, params map[string]string, err error) *Error {
	return &Error{Code: code, Params: params, Err: err}
}

// clip is chess.ClipParam.
func clip(s string) string { return chess.ClipParam(s) }
