package account

import (
	"errors"
	"maps"
)

// The error codes of package account. They are part of JoinPal's API: an
// existing code never changes.
const (
	CodeUsernameLength    = "account.username.length"
	CodeUsernameChars     = "account.username.chars"
	CodeUsernameStart     = "account.username.start"
	CodeUsernameEnd       = "account.username.end"
	CodeUsernameSeparator = "account.username.separators"
	CodeUsernameReserved  = "account.username.reserved"
	CodeUsernameTaken     = "account.username.taken"
	CodePasswordShort     = "account.password.too_short"
	CodePasswordLong      = "account.password.too_long"
	CodePasswordUsername  = "account.password.is_username"
	CodeBadCredentials    = "account.bad_credentials"
	CodeBadHash           = "account.bad_hash"
	CodeBadToken          = "account.bad_token"
	CodeNotFound          = "account.not_found"
)

// CodeInfo describes one error code: the code, the names of the parameters
// its message uses, and when it is returned.
type CodeInfo struct {
	Code   string
	Params []string
	When   string
}

var codes = []CodeInfo{
	{CodeUsernameLength, []string{"min", "max"}, "a username shorter than 3 or longer than 20 characters"},
	{CodeUsernameChars, nil, "a username with characters other than letters a–z, digits, '_' and '-'"},
	{CodeUsernameStart, nil, "a username that does not start with a letter"},
	{CodeUsernameEnd, nil, "a username that ends with '_' or '-'"},
	{CodeUsernameSeparator, nil, "a username with two '_' or '-' in a row"},
	{CodeUsernameReserved, []string{"username"}, "a username kept for the site itself"},
	{CodeUsernameTaken, []string{"username"}, "a username that another account has (case does not count)"},
	{CodePasswordShort, []string{"min"}, "a password shorter than 8 characters"},
	{CodePasswordLong, []string{"max"}, "a password longer than 128 characters"},
	{CodePasswordUsername, nil, "a password equal to the username"},
	{CodeBadCredentials, nil, "a log-in with an unknown username or a wrong password (never says which)"},
	{CodeBadHash, nil, "a stored password hash that cannot be read"},
	{CodeBadToken, nil, "a session id or API token that is malformed, unknown, expired or revoked"},
	{CodeNotFound, []string{"user"}, "no user has that id or username"},
}

// Codes lists every error code of the package with its parameters.
func Codes() []CodeInfo { return append([]CodeInfo(nil), codes...) }

// ErrInvalid is the family of every refusal of the package: errors.Is(err,
// ErrInvalid) holds for all of them.
var ErrInvalid = errors.New("account: invalid")

// Error is a refusal with a stable code and the parameters of its message.
type Error struct {
	Code   string
	Params map[string]string
	Msg    string
}

// Error returns "account: " and the English message.
func (e *Error) Error() string { return "account: " + e.Msg }

// ErrorCode returns the stable code.
func (e *Error) ErrorCode() string { return e.Code }

// ErrorParams returns a copy of the message's parameters.
func (e *Error) ErrorParams() map[string]string { return maps.Clone(e.Params) }

// Unwrap returns ErrInvalid.
func (e *Error) Unwrap() error { return ErrInvalid }

// Is reports whether target is an *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t != nil && t.Code == e.Code
}

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) string {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Code
	}
	return ""
}

func newError(code, msg string, params map[string]string) *Error {
	return &Error{Code: code, Params: params, Msg: msg}
}
