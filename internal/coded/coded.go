// Package coded is the one shape of JoinPal's coded errors: a stable code
// for programs, an English message for logs, the parameters a translated
// message needs, and an optional cause. Every package that reports coded
// errors outside the rules core (account, ai, club, game, live, lobby, schedule,
// server) declares a code type of its own and its Error as an instance of
// [Error], so each keeps its prefix ("game: ...") and its own type for
// errors.As, while the methods are written once. The rules core (chess,
// chess/pgn, uci), which imports nothing of ours, has error types of its
// own with the same methods.
//
// The one way to build an error is [New] (each package names it NewError,
// typed with its code), with parameters added by [Error.With]; user text
// goes into a parameter or a message through [Clip] or [ClipParam].
package coded

import (
	"errors"
	"maps"
)

// Code is a package's code type: a string type whose Package method names
// the package that owns it (the prefix of its errors' text).
type Code interface {
	~string
	Package() string
}

// Error is an error with a stable Code. Its text is the package's name,
// ": ", the message (the code when there is none) and, if there is one,
// ": " and the cause. Two errors are the same for errors.Is when their
// codes are equal, so one value per code (a sentinel) serves errors.Is;
// errors.Is and errors.As also see through to the cause.
type Error[C Code] struct {
	// Code is the stable code, e.g. "game.bad_time_control".
	Code C
	// Msg is a short English description without the package prefix.
	Msg string
	// Params are the values a translated message needs, by name; nil when
	// it needs none.
	Params map[string]string
	// Err is the underlying cause, or nil.
	Err error
}

// New returns an error with the code, message and cause (which may be
// nil). It is the one constructor: parameters are added with
// [Error.With].
func New[C Code](code C, msg string, cause error) *Error[C] {
	return &Error[C]{Code: code, Msg: msg, Err: cause}
}

// Error returns "pkg: " + message [+ ": " + cause].
func (e *Error[C]) Error() string {
	msg := e.Msg
	if msg == "" {
		msg = string(e.Code)
	}
	prefix := e.Code.Package() + ": "
	if e.Err != nil {
		return prefix + msg + ": " + e.Err.Error()
	}
	return prefix + msg
}

// Unwrap returns the cause, so that errors.Is and errors.As see through e.
func (e *Error[C]) Unwrap() error { return e.Err }

// Is reports whether target is an error of the same package with the same
// code.
func (e *Error[C]) Is(target error) bool {
	t, ok := target.(*Error[C])
	return ok && t != nil && t.Code == e.Code
}

// With returns a copy of e with parameters set, given as name, value pairs
// (With("min", "3", "max", "20")); e itself (a sentinel, say) is left as
// it is. An odd count is a programming error and panics.
func (e *Error[C]) With(pairs ...string) *Error[C] {
	if len(pairs)%2 != 0 {
		panic("coded: With takes name, value pairs")
	}
	c := *e
	c.Params = maps.Clone(e.Params)
	if c.Params == nil {
		c.Params = make(map[string]string, len(pairs)/2)
	}
	for i := 0; i < len(pairs); i += 2 {
		c.Params[pairs[i]] = pairs[i+1]
	}
	return &c
}

// ErrorCode returns the code as a string, for package i18n.
func (e *Error[C]) ErrorCode() string { return string(e.Code) }

// ErrorParams returns a copy of the parameters, for package i18n.
func (e *Error[C]) ErrorParams() map[string]string { return maps.Clone(e.Params) }

// CodeOf returns the code of the first error with code type C in err's
// chain, or "" if there is none.
func CodeOf[C Code](err error) C {
	if e, ok := errors.AsType[*Error[C]](err); ok {
		return e.Code
	}
	return ""
}

// Info describes one error code as its package's Codes list declares it:
// the code, the names of the parameters its message uses, and when it is
// returned. docs/ERRORS.md and the catalogues' tests are built from these
// lists.
type Info[C Code] struct {
	Code   C
	Params []string
	When   string
}
