package live

import "errors"

// Code is a stable, machine-readable error code of package live, such as
// "live.node_busy". Codes are part of JoinPal's API (clients and the message
// catalogues key on them): never change the text of an existing code.
type Code string

// Error codes of package live. Add new ones here; never rename one.
const (
	// CodeNodeBusy: Start refused a database on which another node that is
	// alive (its heartbeat younger than Config.NodeTimeout) holds running
	// games. Params: "node", the other node's name.
	CodeNodeBusy Code = "live.node_busy"
	// CodeNotStored: the store did not confirm a change (a move, a
	// resignation, a new game ...). Nothing changed: the game is as it was
	// before the command, in memory and in the store; the command may be
	// sent again.
	CodeNotStored Code = "live.not_stored"
	// CodeUnavailable: the game is running on no node right now (it is
	// being restored after a restart, or is waiting for the store to answer
	// again); the command may be sent again shortly.
	CodeUnavailable Code = "live.unavailable"
	// CodeStopping: the runtime is stopping and takes no more commands.
	CodeStopping Code = "live.stopping"
)

// Sentinel errors, one per code, for use with [errors.Is]: any *Error
// matches the sentinel of its code, whatever its message or cause.
var (
	ErrNodeBusy    = &Error{Code: CodeNodeBusy, Msg: "another node holds the running games"}
	ErrNotStored   = &Error{Code: CodeNotStored, Msg: "the change could not be stored"}
	ErrUnavailable = &Error{Code: CodeUnavailable, Msg: "the game is not available right now"}
	// ErrStopped is returned by commands sent to a runtime that is stopping.
	ErrStopped = &Error{Code: CodeStopping, Msg: "the runtime is stopping"}
)

// Error is an error of package live: a stable Code for programs, a message
// for people, the parameters a translation of the message needs, and an
// optional cause. Its text is "live: " followed by the message and, if
// there is one, ": " and the cause.
//
// Two *Error values are the same error for [errors.Is] when their codes are
// equal; [errors.As] reaches the *Error and its Code; [CodeOf] is a
// shortcut.
type Error struct {
	// Code is the stable code, e.g. "live.node_busy".
	Code Code
	// Msg is a short English description without the "live: " prefix.
	Msg string
	// Params are the values a translated message needs, by name (e.g.
	// "node" for CodeNodeBusy); nil when it needs none.
	Params map[string]string
	// Err is the underlying cause, or nil.
	Err error
}

// Error returns "live: " + message [+ ": " + cause].
func (e *Error) Error() string {
	msg := e.Msg
	if msg == "" {
		msg = string(e.Code)
	}
	if e.Err != nil {
		return "live: " + msg + ": " + e.Err.Error()
	}
	return "live: " + msg
}

// Unwrap returns the cause, so that errors.Is and errors.As see through e.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t != nil && t.Code == e.Code
}

// NewError returns an *Error with the given code, message (without the
// "live: " prefix) and cause (which may be nil).
func NewError(code Code, msg string, cause error) *Error {
	return &Error{Code: code, Msg: msg, Err: cause}
}

// CodeOf returns the code of the first *Error of package live in err's
// chain, or "" if there is none (game's errors have game.CodeOf).
func CodeOf(err error) Code {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Code
	}
	return ""
}
