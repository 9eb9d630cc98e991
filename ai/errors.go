package ai

import (
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/internal/coded"
)

// Error is an error of package ai: a stable Code (see [Codes]), an English
// message, the parameters of its translation and an optional cause; its
// text starts with "ai: ". It is the shape every package shares (see
// package internal/coded): errors.Is matches two errors of the same code,
// so each sentinel below matches every error of its code.
type Error = coded.Error[Code]

// Package names the package that owns the code: "ai".
func (Code) Package() string { return "ai" }

// NewError returns an *Error with the code, message (without the "ai: "
// prefix) and cause (which may be nil); parameters are added with With.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }

// Sentinel errors, one per code, for errors.Is.
var (
	ErrBusy     = &Error{Code: CodeBusy, Msg: "every worker is busy"}
	ErrClosed   = &Error{Code: CodeClosed, Msg: "closed"}
	ErrBadLevel = &Error{Code: CodeBadLevel, Msg: "no such level"}
	ErrBadStart = &Error{Code: CodeBadStart, Msg: "bad start position"}
	ErrBadMove  = &Error{Code: CodeBadMove, Msg: "bad move"}
	ErrNoMove   = &Error{Code: CodeNoMove, Msg: "no legal move"}
)

func busyError(queued int) *Error {
	return NewError(CodeBusy, fmt.Sprintf("every worker is busy and %d searches are waiting", queued), nil)
}

// userBusyError refuses a request of a user that already has queued
// requests waiting, as many as one user may.
func userBusyError(queued int) *Error {
	return NewError(CodeBusy, fmt.Sprintf("%d searches of the same user are waiting", queued), nil)
}

func closedError() *Error { return NewError(CodeClosed, "closed", nil) }

// badLevel refuses level n, naming the range of the engine's levels.
func badLevel(n int) *Error {
	levels := engine.Levels()
	lo, hi := levels[0].Number, levels[len(levels)-1].Number
	return NewError(CodeBadLevel, fmt.Sprintf("no level %d (%d to %d)", n, lo, hi), nil).
		With("level", fmt.Sprint(n), "min", fmt.Sprint(lo), "max", fmt.Sprint(hi))
}

// codeOf returns the stable code of the first coded error in err's chain,
// whatever its package (ai's or game's), or "" when it has none.
func codeOf(err error) string {
	if c, ok := errors.AsType[interface {
		error
		ErrorCode() string
	}](err); ok {
		return c.ErrorCode()
	}
	return ""
}
