package uci

import (
	"fmt"
	"maps"
	"slices"

	"github.com/joinpal/joinpal/chess"
)

// The stable codes of the client's errors. They never change; clients and
// the message catalogues of package i18n rely on them. A new code is added
// here, to [Codes], to both catalogues and to docs/ERRORS.md.
const (
	// CodeTimeout: an engine that did not answer in time (no uciok, no
	// readyok, or no bestmove after stop); the client kills it.
	CodeTimeout = "uci.timeout"
	// CodeExited: an engine process that ended (or closed its output) while
	// it was expected to answer.
	CodeExited = "uci.exited"
	// CodeIllegalMove: a bestmove that is not a legal move in the position
	// searched.
	CodeIllegalMove = "uci.illegal_move"
	// CodeUnknownOption: a setoption for an option the engine did not
	// declare.
	CodeUnknownOption = "uci.unknown_option"
	// CodeOptionValue: a setoption value that the option's declaration rules
	// out.
	CodeOptionValue = "uci.option_value"
	// CodeClosed: a call on a client after Close.
	CodeClosed = "uci.closed"
)

var codes = []chess.CodeInfo{
	{Code: CodeTimeout, When: "an engine did not answer in time (no uciok, no readyok, or no bestmove after stop); the client kills it"},
	{Code: CodeExited, When: "the engine process ended (or closed its output) while it was expected to answer"},
	{Code: CodeIllegalMove, Params: []string{"move", "fen"}, When: "the engine's bestmove is not a legal move in the position searched"},
	{Code: CodeUnknownOption, Params: []string{"option"}, When: "a setoption for an option the engine did not declare"},
	{Code: CodeOptionValue, Params: []string{"option", "value"}, When: "a setoption value that the option's declaration rules out"},
	{Code: CodeClosed, When: "a call on a client after Close"},
}

// Codes lists every error code of package uci with its parameters and when
// it is returned. The caller may change the slice it gets.
func Codes() []chess.CodeInfo { return slices.Clone(codes) }

// Sentinel errors, one per code, for errors.Is: every *Error matches the
// sentinel of its code, whatever its message, parameters or cause.
var (
	ErrTimeout       = &Error{Code: CodeTimeout, Msg: "engine did not answer in time"}
	ErrExited        = &Error{Code: CodeExited, Msg: "engine exited"}
	ErrIllegalMove   = &Error{Code: CodeIllegalMove, Msg: "illegal move from engine"}
	ErrUnknownOption = &Error{Code: CodeUnknownOption, Msg: "unknown option"}
	ErrOptionValue   = &Error{Code: CodeOptionValue, Msg: "bad option value"}
	ErrClosed        = &Error{Code: CodeClosed, Msg: "client closed"}
)

// Error is an error of the client: a stable Code, an English message, the
// parameters a translated message needs (e.g. "move" and "fen" for
// CodeIllegalMove), and an optional cause. Its text is "uci: " followed by
// the message and, if there is one, ": " and the cause.
type Error struct {
	Code   string
	Msg    string
	Params map[string]string
	Err    error
}

// Error returns "uci: " + message [+ ": " + cause].
func (e *Error) Error() string {
	if e.Err != nil {
		return "uci: " + e.Msg + ": " + e.Err.Error()
	}
	return "uci: " + e.Msg
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

// ErrorParams returns a copy of the parameters, for package i18n.
func (e *Error) ErrorParams() map[string]string { return maps.Clone(e.Params) }

// errorf returns an *Error whose message is the sentinel's followed by ": "
// and the formatted detail.
func errorf(code string, params map[string]string, format string, args ...any) *Error {
	var msg string
	for _, c := range []*Error{ErrTimeout, ErrExited, ErrIllegalMove, ErrUnknownOption, ErrOptionValue, ErrClosed} {
		if c.Code == code {
			msg = c.Msg
		}
	}
	return &Error{Code: code, Msg: msg + ": " + fmt.Sprintf(format, args...), Params: params}
}

// clip is chess.ClipParam.
func clip(s string) string { return chess.ClipParam(s) }
