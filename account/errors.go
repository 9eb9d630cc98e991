package account

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package account, such
// as "account.username.taken". Codes are part of JoinPal's API: an
// existing code never changes.
type Code string

// The error codes of package account.
const (
	CodeUsernameLength    Code = "account.username.length"
	CodeUsernameChars     Code = "account.username.chars"
	CodeUsernameStart     Code = "account.username.start"
	CodeUsernameEnd       Code = "account.username.end"
	CodeUsernameSeparator Code = "account.username.separators"
	CodeUsernameReserved  Code = "account.username.reserved"
	CodeUsernameTaken     Code = "account.username.taken"
	CodePasswordShort     Code = "account.password.too_short"
	CodePasswordLong      Code = "account.password.too_long"
	CodePasswordUsername  Code = "account.password.is_username"
	CodeBadCredentials    Code = "account.bad_credentials"
	CodeBadHash           Code = "account.bad_hash"
	CodeBadToken          Code = "account.bad_token"
	CodeNotFound          Code = "account.not_found"
	CodeBadSetting        Code = "account.settings.bad_value"
)

var codes = []coded.Info[Code]{
	{Code: CodeUsernameLength, Params: []string{"min", "max"}, When: "a username shorter than 3 or longer than 20 characters"},
	{Code: CodeUsernameChars, When: "a username with characters other than letters a–z, digits, '_' and '-'"},
	{Code: CodeUsernameStart, When: "a username that does not start with a letter"},
	{Code: CodeUsernameEnd, When: "a username that ends with '_' or '-'"},
	{Code: CodeUsernameSeparator, When: "a username with two '_' or '-' in a row"},
	{Code: CodeUsernameReserved, Params: []string{"username"}, When: "a username kept for the site itself"},
	{Code: CodeUsernameTaken, Params: []string{"username"}, When: "a username that another account has (case does not count)"},
	{Code: CodePasswordShort, Params: []string{"min"}, When: "a password shorter than 8 characters"},
	{Code: CodePasswordLong, Params: []string{"max"}, When: "a password longer than 128 characters"},
	{Code: CodePasswordUsername, When: "a password equal to the username"},
	{Code: CodeBadCredentials, When: "a log-in with an unknown username or a wrong password (never says which)"},
	{Code: CodeBadHash, When: "a stored password hash that cannot be read"},
	{Code: CodeBadToken, When: "a session id or API token that is malformed, unknown, expired or revoked"},
	{Code: CodeNotFound, Params: []string{"user"}, When: "no user has that id or username"},
	{Code: CodeBadSetting, Params: []string{"field", "value"}, When: "a setting whose value is none of its choices (board, pieces, autoQueen, takebacks) or out of range (volume 0–100); nothing is changed"},
}

// Codes lists every error code of the package with its parameters.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }

// Error is an error of package account: a stable Code, an English message,
// the parameters of its translation and an optional cause; its text starts
// with "account: ". It is the shape every package shares (see package
// internal/coded): errors.Is matches two errors of the same code, errors.As
// reaches the *Error.
type Error = coded.Error[Code]

// Package names the package that owns the code: "account".
func (Code) Package() string { return "account" }

// NewError returns an *Error with the code, message (without the
// "account: " prefix) and cause (which may be nil); parameters are added
// with With.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }
