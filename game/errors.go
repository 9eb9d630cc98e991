package game

import (
	"errors"
	"maps"
)

// Code is a stable, machine-readable error code such as
// "game.bad_time_control". Codes are part of JoinPal's API (clients and
// translations key on them): never change the text of an existing code.
type Code string

// Error codes of package game. Add new ones here; never rename one.
const (
	// CodeBadTimeControl: a time control outside the allowed modes or limits,
	// or text that does not parse as one.
	CodeBadTimeControl Code = "game.bad_time_control"
	// CodeUntimedNotAllowed: an untimed game requested against a human
	// (untimed games are only allowed against the AI).
	CodeUntimedNotAllowed Code = "game.untimed_not_allowed"
	// CodeNotYourTurn: a player acted (moved, pressed the clock) out of turn.
	CodeNotYourTurn Code = "game.not_your_turn"
	// CodeClockStopped: the clock was asked to run after it stopped.
	CodeClockStopped Code = "game.clock_stopped"
	// CodeClockPaused: a move reached a clock paused for server downtime.
	CodeClockPaused Code = "game.clock_paused"
	// CodeBadClockSnapshot: a stored clock snapshot is inconsistent.
	CodeBadClockSnapshot Code = "game.bad_clock_snapshot"
	// CodeBadSide: text that is not "white" or "black".
	CodeBadSide Code = "game.bad_side"
	// CodeBadStatus: an unknown status id or code.
	CodeBadStatus Code = "game.bad_status"
	// CodeBadTermination: an unknown termination id or code.
	CodeBadTermination Code = "game.bad_termination"
	// CodeBadResult: an unknown result code.
	CodeBadResult Code = "game.bad_result"
)

// Sentinel errors, one per code, for use with [errors.Is]: any *Error
// matches the sentinel of its code, whatever its message or cause.
var (
	ErrBadTimeControl    = &Error{Code: CodeBadTimeControl, Msg: "bad time control"}
	ErrUntimedNotAllowed = &Error{Code: CodeUntimedNotAllowed, Msg: "untimed games are only allowed against the AI"}
	ErrNotYourTurn       = &Error{Code: CodeNotYourTurn, Msg: "not your turn"}
	ErrClockStopped      = &Error{Code: CodeClockStopped, Msg: "clock stopped"}
	ErrClockPaused       = &Error{Code: CodeClockPaused, Msg: "clock paused"}
	ErrBadClockSnapshot  = &Error{Code: CodeBadClockSnapshot, Msg: "bad clock snapshot"}
	ErrBadSide           = &Error{Code: CodeBadSide, Msg: "bad side"}
	ErrBadStatus         = &Error{Code: CodeBadStatus, Msg: "bad status"}
	ErrBadTermination    = &Error{Code: CodeBadTermination, Msg: "bad termination"}
	ErrBadResult         = &Error{Code: CodeBadResult, Msg: "bad result"}
)

// Error is an error of package game: a stable Code for programs, a message
// for people, and an optional cause. Its text is "game: " followed by the
// message and, if there is one, ": " and the cause.
//
// Two *Error values are the same error for [errors.Is] when their codes are
// equal, so errors.Is(err, ErrBadTimeControl) holds for every bad time
// control whatever its message. [errors.As] reaches the *Error and its Code;
// [CodeOf] is a shortcut.
type Error struct {
	// Code is the stable code, e.g. "game.bad_time_control".
	Code Code
	// Msg is a short English description without the "game: " prefix.
	Msg string
	// Params are the values a translated message needs, by the names that
	// [Codes] declares for the code (e.g. "move" for CodeIllegalMove); nil
	// when it needs none.
	Params map[string]string
	// Err is the underlying cause, or nil.
	Err error
}

// Error returns "game: " + message [+ ": " + cause].
func (e *Error) Error() string {
	msg := e.Msg
	if msg == "" {
		msg = string(e.Code)
	}
	if e.Err != nil {
		return "game: " + msg + ": " + e.Err.Error()
	}
	return "game: " + msg
}

// Unwrap returns the cause, so that errors.Is and errors.As see through e.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t != nil && t.Code == e.Code
}

// NewError returns an *Error with the given code, message (without the
// "game: " prefix) and cause (which may be nil).
func NewError(code Code, msg string, cause error) *Error {
	return &Error{Code: code, Msg: msg, Err: cause}
}

// With returns a copy of e with the parameter name set to value, so that
// NewError(CodeIllegalMove, "...", err).With("move", uci) reads as one
// expression; e itself (a sentinel, say) is left as it is.
func (e *Error) With(name, value string) *Error {
	c := *e
	c.Params = maps.Clone(e.Params)
	if c.Params == nil {
		c.Params = map[string]string{}
	}
	c.Params[name] = value
	return &c
}

// ErrorCode returns the code as a string, for package i18n.
func (e *Error) ErrorCode() string { return string(e.Code) }

// ErrorParams returns a copy of the parameters, for package i18n.
func (e *Error) ErrorParams() map[string]string { return maps.Clone(e.Params) }

// CodeOf returns the code of the first *Error in err's chain, or "" if there
// is none.
func CodeOf(err error) Code {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Code
	}
	return ""
}
