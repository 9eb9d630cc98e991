package live

import "github.com/joinpal/joinpal/internal/coded"

// Code is a stable, machine-readable error code of package live, such as
// "live.node_busy". Codes are part of JoinPal's API (clients and the message
// catalogues key on them): never change the text of an existing code.
type Code string

// Error codes of package live. Add new ones here; never rename one.
const (
	// CodeNodeBusy: Start refused a database on which another node that is
	// alive (its heartbeat younger than Config.NodeTimeout) holds running
	// games, this runtime being alone (not Config.Cluster). Params:
	// "node", the other node's name.
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
	// CodeMoveIDReused: a move whose client id the same player gave an
	// earlier, different move of the game (another move or another ply).
	// Nothing changed. Params: "id".
	CodeMoveIDReused Code = "live.move_id_reused"
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
type Error = coded.Error[Code]

// Package names the package that owns the code: "live".
func (Code) Package() string { return "live" }

// NewError returns an *Error with the given code, message (without the
// "live: " prefix) and cause (which may be nil).
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error of package live in err's
// chain, or "" if there is none (game's errors have game.CodeOf).
func CodeOf(err error) Code {
	return coded.CodeOf[Code](err)
}
