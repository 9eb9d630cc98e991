package ai

import (
	"errors"
	"fmt"
	"maps"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/engine"
)

// Error is an error of package ai with a stable code (see [Codes]) and the
// parameters of its message.
type Error struct {
	Code   string
	Params map[string]string
	msg    string
	Err    error // the cause, if any
}

// Error returns "ai: " and the message, with the cause if any.
func (e *Error) Error() string {
	if e.Err != nil {
		return "ai: " + e.msg + ": " + e.Err.Error()
	}
	return "ai: " + e.msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is matches the sentinel of the error's code ([ErrBusy] ...), whatever its
// message, parameters or cause.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.msg == sentinelMsg
}

// ErrorCode returns the stable code.
func (e *Error) ErrorCode() string { return e.Code }

// ErrorParams returns a copy of the message's parameters.
func (e *Error) ErrorParams() map[string]string { return maps.Clone(e.Params) }

const sentinelMsg = "\x00sentinel"

func sentinel(code string) *Error { return &Error{Code: code, msg: sentinelMsg} }

// Sentinel errors, one per code, for errors.Is.
var (
	ErrBusy     = sentinel(CodeBusy)
	ErrClosed   = sentinel(CodeClosed)
	ErrBadLevel = sentinel(CodeBadLevel)
	ErrBadStart = sentinel(CodeBadStart)
	ErrBadMove  = sentinel(CodeBadMove)
	ErrNoMove   = sentinel(CodeNoMove)
)

func newError(code string, params map[string]string, cause error, format string, args ...any) *Error {
	return &Error{Code: code, Params: params, msg: fmt.Sprintf(format, args...), Err: cause}
}

func busyError(queued int) *Error {
	return newError(CodeBusy, nil, nil, "every worker is busy and %d searches are waiting", queued)
}

func closedError() *Error { return newError(CodeClosed, nil, nil, "closed") }

// badLevel refuses level n, naming the range of the engine's levels.
func badLevel(n int) *Error {
	levels := engine.Levels()
	lo, hi := levels[0].Number, levels[len(levels)-1].Number
	return newError(CodeBadLevel, map[string]string{"level": fmt.Sprint(n), "min": fmt.Sprint(lo), "max": fmt.Sprint(hi)}, nil,
		"no level %d (%d to %d)", n, lo, hi)
}

func clip(s string) string { return chess.ClipParam(s) }

// codeOf returns the stable code of err, or "" when it has none.
func codeOf(err error) string {
	var c interface{ ErrorCode() string }
	if errors.As(err, &c) {
		return c.ErrorCode()
	}
	return ""
}
