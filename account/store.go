package account

import (
	"context"
	"time"
)

// Store keeps users, sessions and tokens durably. Package account declares
// it; store/sqlite and store/postgres implement it, and store/storetest
// checks both the same way. Lookups of something that does not exist fail
// with CodeNotFound (users) or CodeBadToken (sessions, tokens).
type Store interface {
	// CreateUser stores a new user (a guest, or an account created
	// directly). An account whose UserID(Username) is taken fails with
	// CodeUsernameTaken.
	CreateUser(ctx context.Context, u User) error
	// SignUp turns the guest id into an account with username and
	// password hash, keeping its id (and so its games). It fails with
	// CodeUsernameTaken, or CodeNotFound if id is not a guest.
	SignUp(ctx context.Context, id, username, passwordHash string) (User, error)
	// UserByID and UserByUsername (case-insensitive) return one user.
	UserByID(ctx context.Context, id string) (User, error)
	UserByUsername(ctx context.Context, username string) (User, error)
	// SetPasswordHash replaces an account's hash (after a rehash).
	SetPasswordHash(ctx context.Context, id, hash string) error
	// SetLang records the user's interface language ("" for the
	// browser's choice); guests have one too. CodeNotFound if there is no
	// such user.
	SetLang(ctx context.Context, id, lang string) error
	// Settings returns the settings of user id: DefaultSettings for a
	// user who never set any, with the user's Lang. CodeNotFound if there
	// is no such user.
	Settings(ctx context.Context, id string) (Settings, error)
	// SetSettings replaces the settings of user id, Lang included, in one
	// write; it refuses settings that fail Validate, changing nothing.
	// CodeNotFound if there is no such user.
	SetSettings(ctx context.Context, id string, s Settings) error
	// UpgradeToBot makes account id a bot's, for good (again is no
	// change). CodeNotFound if there is no such account (a guest cannot
	// be a bot).
	UpgradeToBot(ctx context.Context, id string) error

	// CreateSession stores a session.
	CreateSession(ctx context.Context, s Session) error
	// Session returns the session with digest d and its user, if it has not
	// expired at now (now is before ExpiresAt); it extends it to extendTo
	// when that is later. A lookup that does not extend only reads; one
	// that extends is a durable write, so callers extend only when a good
	// part of the session's life is used up (pass the zero extendTo
	// otherwise), not on every request.
	Session(ctx context.Context, d Digest, now, extendTo time.Time) (Session, User, error)
	// DeleteSession signs one session out; DeleteSessions all of a user's.
	DeleteSession(ctx context.Context, d Digest) error
	DeleteSessions(ctx context.Context, userID string) error
	// DeleteExpiredSessions removes every session that has expired at now
	// (housekeeping: an expired session is never found anyway) and returns
	// how many it removed.
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error)

	// CreateToken stores a token; Token looks one up by digest (a revoked
	// one is returned with Revoked set); Tokens lists a user's tokens;
	// RevokeToken revokes one of the user's tokens at the moment at.
	CreateToken(ctx context.Context, t Token) error
	Token(ctx context.Context, d Digest) (Token, User, error)
	Tokens(ctx context.Context, userID string) ([]Token, error)
	RevokeToken(ctx context.Context, userID, tokenID string, at time.Time) error
}
