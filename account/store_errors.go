package account

import "github.com/joinpal/joinpal/internal/coded"

// The refusals a Store returns, built here so that every store words them
// the same way.

// UsernameTakenError is the refusal of an account whose username another
// account has (case does not count).
func UsernameTakenError(username string) error {
	username = coded.ClipParam(username)
	return NewError(CodeUsernameTaken, "the username "+username+" is taken", nil).With("username", username)
}

// NotFoundError is the refusal of a lookup of a user (by id or username)
// that does not exist, or of a sign-up of an id that is not a guest.
func NotFoundError(user string) error {
	user = coded.ClipParam(user)
	return NewError(CodeNotFound, "no user "+user, nil).With("user", user)
}

// BadTokenError is the refusal of a session or token that is unknown,
// expired or (for sessions) deleted.
func BadTokenError(what string) error {
	return NewError(CodeBadToken, what, nil)
}
