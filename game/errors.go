package game

import (
	"github.com/joinpal/joinpal/internal/coded"
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
	// CodeCorrespondenceNotAllowed: a correspondence game (days per move)
	// requested against the AI, or arranged for a date (correspondence games
	// are between people, and start when created).
	CodeCorrespondenceNotAllowed Code = "game.correspondence_not_allowed"
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
	// ErrCorrespondenceNotAllowed is the sentinel of CodeCorrespondenceNotAllowed.
	ErrCorrespondenceNotAllowed = &Error{Code: CodeCorrespondenceNotAllowed, Msg: "correspondence games are only between people, and are not scheduled"}
	ErrNotYourTurn              = &Error{Code: CodeNotYourTurn, Msg: "not your turn"}
	ErrClockStopped             = &Error{Code: CodeClockStopped, Msg: "clock stopped"}
	ErrClockPaused              = &Error{Code: CodeClockPaused, Msg: "clock paused"}
	ErrBadClockSnapshot         = &Error{Code: CodeBadClockSnapshot, Msg: "bad clock snapshot"}
	ErrBadSide                  = &Error{Code: CodeBadSide, Msg: "bad side"}
	ErrBadStatus                = &Error{Code: CodeBadStatus, Msg: "bad status"}
	ErrBadTermination           = &Error{Code: CodeBadTermination, Msg: "bad termination"}
	ErrBadResult                = &Error{Code: CodeBadResult, Msg: "bad result"}
)

// Error is an error of package game: a stable Code for programs, a message
// for people, the parameters a translation needs, and an optional cause. Its
// text is "game: " followed by the message and, if there is one, ": " and
// the cause.
//
// Two *Error values are the same error for [errors.Is] when their codes are
// equal, so errors.Is(err, ErrBadTimeControl) holds for every bad time
// control whatever its message. [errors.As] reaches the *Error and its Code;
// [CodeOf] is a shortcut. Its methods (Error, Unwrap, Is, With, ErrorCode,
// ErrorParams) are those of the shape every domain package shares.
type Error = coded.Error[Code]

// Package names the package that owns the code: "game".
func (Code) Package() string { return "game" }

// NewError returns an *Error with the given code, message (without the
// "game: " prefix) and cause (which may be nil).
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "" if there
// is none.
func CodeOf(err error) Code {
	return coded.CodeOf[Code](err)
}
