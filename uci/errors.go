package uci

import "errors"

// Errors of the client, for errors.Is. Every error the package returns is
// prefixed "uci: ".
var (
	// ErrTimeout is an engine that did not answer in time (no uciok, no
	// readyok, or no bestmove after stop); the client kills it.
	ErrTimeout = errors.New("uci: engine did not answer in time")
	// ErrExited is an engine process that ended (or closed its output)
	// while it was expected to answer.
	ErrExited = errors.New("uci: engine exited")
	// ErrIllegalMove is a bestmove that is not a legal move in the
	// position searched.
	ErrIllegalMove = errors.New("uci: illegal move from engine")
	// ErrUnknownOption is a setoption for an option the engine did not
	// declare.
	ErrUnknownOption = errors.New("uci: unknown option")
	// ErrOptionValue is a setoption value that the option's declaration
	// rules out.
	ErrOptionValue = errors.New("uci: bad option value")
	// ErrClosed is a call on a client after Close.
	ErrClosed = errors.New("uci: client closed")
)

// IllegalMoveError is the error of a bestmove that is not legal: Move is
// the text the engine sent and FEN the position it was asked to search.
type IllegalMoveError struct {
	Move, FEN string
}

// Error says which move the engine sent in which position.
func (e *IllegalMoveError) Error() string {
	return "uci: illegal move from engine: " + e.Move + " in " + e.FEN
}

// Unwrap returns ErrIllegalMove.
func (e *IllegalMoveError) Unwrap() error { return ErrIllegalMove }
