package chat

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package chat, such as
// "chat.too_long". Codes are part of JoinPal's API: never change the text
// of an existing code.
type Code string

// Error codes of package chat. Add new ones here and to [Codes]; never
// rename one.
const (
	// CodeEmpty: a line with nothing but spaces.
	CodeEmpty Code = "chat.empty"
	// CodeTooLong: a line longer than the limit, counted in characters
	// (runes). Params: "max".
	CodeTooLong Code = "chat.too_long"
	// CodeTooFast: a line said while its author's burst in the room is
	// spent. Params: "seconds", the wait before the next line.
	CodeTooFast Code = "chat.too_fast"
	// CodeReadOnly: a line from someone who may read the room but not
	// write in it (nobody, or a guest outside their own game).
	CodeReadOnly Code = "chat.read_only"
	// CodeNoLine: a report of a line the room does not hold (never said,
	// or past the last lines the store keeps).
	CodeNoLine Code = "chat.no_line"
	// CodeBadMute: a mute of oneself or of nobody, or by nobody.
	CodeBadMute Code = "chat.bad_mute"
)

// Error is an error of package chat, with a stable Code.
type Error = coded.Error[Code]

// NewError returns an error with the code, message and cause.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// Package names the package whose errors carry code c.
func (Code) Package() string { return "chat" }

// Sentinels, for errors.Is.
var (
	ErrEmpty    = NewError(CodeEmpty, "", nil)
	ErrTooLong  = NewError(CodeTooLong, "", nil)
	ErrTooFast  = NewError(CodeTooFast, "", nil)
	ErrReadOnly = NewError(CodeReadOnly, "", nil)
	ErrNoLine   = NewError(CodeNoLine, "", nil)
	ErrBadMute  = NewError(CodeBadMute, "", nil)
)

// codes is the table behind [Codes], in the order of docs/ERRORS.md.
var codes = []coded.Info[Code]{
	{Code: CodeEmpty, When: "a chat line with nothing but spaces"},
	{Code: CodeTooLong, Params: []string{"max"}, When: "a chat line longer than max characters (counted as Unicode code points)"},
	{Code: CodeTooFast, Params: []string{"seconds"}, When: "a chat line sent while its author's burst in that room is spent; seconds is the wait before the next one"},
	{Code: CodeReadOnly, When: "a chat line from someone who may only read that room: nobody, or a guest outside the players' room of their own game"},
	{Code: CodeNoLine, When: "a report of a chat line that the room does not hold (never said, or older than the last 200 it keeps), or of a room the reporter does not read"},
	{Code: CodeBadMute, When: "a mute of oneself or of nobody, or asked by nobody"},
}

// Codes lists every error code of package chat with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }

// CodeOf returns the code of the first chat error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }
