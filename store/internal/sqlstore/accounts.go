package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// People (migration 0003): users, sessions and API tokens. The unique index
// on username_key settles two sign-ups of one name at once: the second
// fails with account.CodeUsernameTaken.

var _ account.Store = (*Store)(nil)

const userCols = `u.id, u.username, u.display_name, u.guest, u.password_hash, u.lang, u.created_at, u.bot`

// userDest returns the scan destinations of userCols for u.
func userDest(u *account.User) []any {
	return []any{&u.ID, &u.Username, &u.DisplayName, &u.Guest, &u.PasswordHash, &u.Lang, &u.CreatedAt, &u.Bot}
}

func scanUser(row Row) (u account.User, err error) { return u, row.Scan(userDest(&u)...) }

// checkUser refuses a user the store must not keep: an account whose
// username breaks account's rules.
func checkUser(u account.User) error {
	if u.ID == "" {
		return errors.New("a user needs an id")
	}
	if !u.Guest {
		return account.ValidateUsername(u.Username)
	}
	return nil
}

// CreateUser stores a new user; see account.Store.
func (s *Store) CreateUser(ctx context.Context, u account.User) error {
	op := fmt.Sprintf("create user %q", u.ID)
	if err := checkUser(u); err != nil {
		return s.fail(op, err)
	}
	var key any
	if u.Guest {
		u.Username, u.PasswordHash = "", ""
	} else {
		key = account.UserID(u.Username)
	}
	return s.write(ctx, op, func(q Querier) error {
		n, err := q.Exec(`INSERT INTO users (id, username, username_key, display_name, guest,
			password_hash, lang, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
			u.ID, u.Username, key, u.DisplayName, u.Guest, u.PasswordHash, u.Lang, u.CreatedAt)
		switch {
		case s.d.IsUniqueViolation(err):
			return account.UsernameTakenError(u.Username)
		case err == nil && n == 0:
			return fmt.Errorf("the id %q is taken", u.ID)
		}
		return err
	})
}

// SignUp turns guest id into an account, keeping its id; see account.Store.
func (s *Store) SignUp(ctx context.Context, id, username, passwordHash string) (account.User, error) {
	op := fmt.Sprintf("sign up user %q", id)
	if err := account.ValidateUsername(username); err != nil {
		return account.User{}, s.fail(op, err)
	}
	var out account.User
	err := s.write(ctx, op, func(q Querier) error {
		var err error
		out, err = scanUser(q.QueryRow(`UPDATE users SET username = $1, username_key = $2,
			display_name = $1, guest = false, password_hash = $3 WHERE id = $4 AND guest RETURNING `+
			strings.ReplaceAll(userCols, "u.", ""),
			username, account.UserID(username), passwordHash, id))
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return account.NotFoundError(id)
		case s.d.IsUniqueViolation(err):
			return account.UsernameTakenError(username)
		}
		return err
	})
	if err != nil {
		return account.User{}, err
	}
	return out, nil
}

// UserByID returns the user with id; see account.Store.
func (s *Store) UserByID(ctx context.Context, id string) (account.User, error) {
	return s.user(ctx, id, "u.id = $1", id)
}

// UserByUsername returns the account with username, case aside; see
// account.Store.
func (s *Store) UserByUsername(ctx context.Context, username string) (account.User, error) {
	return s.user(ctx, username, "u.username_key = $1", account.UserID(username))
}

func (s *Store) user(ctx context.Context, who, where string, arg any) (account.User, error) {
	return readRow(s, ctx, "user "+who, account.NotFoundError(who), scanUser,
		"SELECT "+userCols+" FROM users u WHERE "+where, arg)
}

// SetPasswordHash replaces the password hash of account id.
func (s *Store) SetPasswordHash(ctx context.Context, id, hash string) error {
	return s.changeOne(ctx, fmt.Sprintf("set password of user %q", id), account.NotFoundError(id),
		"UPDATE users SET password_hash = $1 WHERE id = $2 AND NOT guest", hash, id)
}

// SetLang records the interface language of user id.
func (s *Store) SetLang(ctx context.Context, id, lang string) error {
	return s.changeOne(ctx, fmt.Sprintf("set language of user %q", id), account.NotFoundError(id),
		"UPDATE users SET lang = $1 WHERE id = $2", lang, id)
}

// UpgradeToBot makes account id a bot's (migration 0013); see
// account.Store.
func (s *Store) UpgradeToBot(ctx context.Context, id string) error {
	return s.changeOne(ctx, fmt.Sprintf("make user %q a bot", id), account.NotFoundError(id),
		"UPDATE users SET bot = $1 WHERE id = $2 AND NOT guest", true, id)
}

// CreateSession stores a session (its digest only).
func (s *Store) CreateSession(ctx context.Context, ses account.Session) error {
	return s.changeOne(ctx, fmt.Sprintf("create session of user %q", ses.UserID), nil,
		"INSERT INTO sessions (digest, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
		ses.Digest[:], ses.UserID, ses.CreatedAt, ses.ExpiresAt)
}

// Session returns the session with digest d and its user if it has not
// expired at now, extending it to extendTo when that is later; see
// account.Store. A lookup that does not extend is a read only.
func (s *Store) Session(ctx context.Context, d account.Digest, now, extendTo time.Time) (account.Session, account.User, error) {
	var (
		ses account.Session
		u   account.User
	)
	err := s.readOne(ctx, "session", func(q Querier) error {
		err := q.QueryRow(`SELECT s.created_at, s.expires_at, `+userCols+`
			FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.digest = $1 AND s.expires_at > $2`,
			d[:], now).Scan(append([]any{&ses.CreatedAt, &ses.ExpiresAt}, userDest(&u)...)...)
		if errors.Is(err, sql.ErrNoRows) {
			return account.BadTokenError("no such session, or expired")
		}
		return err
	})
	if err == nil && extendTo.After(ses.ExpiresAt) {
		err = s.changeOne(ctx, "extend session", account.BadTokenError("no such session"),
			"UPDATE sessions SET expires_at = "+s.d.Greatest+"(expires_at, $1) WHERE digest = $2 AND expires_at > $3",
			extendTo, d[:], now)
		ses.ExpiresAt = codec.Time(extendTo)
	}
	if err != nil {
		return account.Session{}, account.User{}, err
	}
	ses.Digest, ses.UserID = d, u.ID
	return ses, u, nil
}

// DeleteSession signs one session out; deleting one that is not there is
// not an error.
func (s *Store) DeleteSession(ctx context.Context, d account.Digest) error {
	return s.changeOne(ctx, "delete session", nil, "DELETE FROM sessions WHERE digest = $1", d[:])
}

// DeleteSessions signs every session of userID out.
func (s *Store) DeleteSessions(ctx context.Context, userID string) error {
	return s.changeOne(ctx, fmt.Sprintf("delete sessions of user %q", userID), nil,
		"DELETE FROM sessions WHERE user_id = $1", userID)
}

// DeleteExpiredSessions removes the sessions expired at now; see
// account.Store.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	err := s.write(ctx, "delete expired sessions", func(q Querier) (err error) {
		n, err = q.Exec("DELETE FROM sessions WHERE expires_at <= $1", now)
		return err
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

const tokenCols = `t.id, t.digest, t.user_id, t.name, t.scopes, t.created_at, t.revoked_at`

func scanToken(row Row, extra ...any) (account.Token, error) {
	var (
		tk     account.Token
		digest []byte
		scopes string
	)
	if err := row.Scan(append([]any{&tk.ID, &digest, &tk.UserID, &tk.Name, &scopes, &tk.CreatedAt, &tk.Revoked}, extra...)...); err != nil {
		return tk, err
	}
	if len(digest) != len(tk.Digest) {
		return tk, fmt.Errorf("stored token %q: a digest of %d bytes", tk.ID, len(digest))
	}
	copy(tk.Digest[:], digest)
	tk.Scopes = []account.Scope{}
	for _, f := range strings.Fields(scopes) {
		tk.Scopes = append(tk.Scopes, account.Scope(f))
	}
	return tk, nil
}

// CreateToken stores an API token (its digest only).
func (s *Store) CreateToken(ctx context.Context, tk account.Token) error {
	scopes := make([]string, len(tk.Scopes))
	for i, sc := range tk.Scopes {
		scopes[i] = string(sc)
	}
	return s.changeOne(ctx, fmt.Sprintf("create token %q", tk.ID), nil,
		`INSERT INTO tokens (id, digest, user_id, name, scopes, created_at, revoked_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		tk.ID, tk.Digest[:], tk.UserID, tk.Name, strings.Join(scopes, " "), tk.CreatedAt, tk.Revoked)
}

// Token returns the token with digest d and its user; a revoked token is
// returned with Revoked set. See account.Store.
func (s *Store) Token(ctx context.Context, d account.Digest) (account.Token, account.User, error) {
	var (
		tk account.Token
		u  account.User
	)
	err := s.readOne(ctx, "token", func(q Querier) error {
		var err error
		tk, err = scanToken(q.QueryRow("SELECT "+tokenCols+", "+userCols+
			" FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.digest = $1", d[:]), userDest(&u)...)
		if errors.Is(err, sql.ErrNoRows) {
			return account.BadTokenError("no such token")
		}
		return err
	})
	if err != nil {
		return account.Token{}, account.User{}, err
	}
	return tk, u, nil
}

// Tokens returns userID's tokens, oldest first, revoked ones included.
func (s *Store) Tokens(ctx context.Context, userID string) ([]account.Token, error) {
	var out []account.Token
	err := s.readOne(ctx, fmt.Sprintf("tokens of user %q", userID), func(q Querier) error {
		rows, err := q.Query("SELECT "+tokenCols+" FROM tokens t WHERE t.user_id = $1 ORDER BY t.created_at, t.id", userID)
		out, err = collect(rows, err, func(r Row) (account.Token, error) { return scanToken(r) })
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// RevokeToken revokes userID's token tokenID at the moment at; revoking it
// again keeps the first moment. It fails with account.CodeBadToken if the
// user has no such token.
func (s *Store) RevokeToken(ctx context.Context, userID, tokenID string, at time.Time) error {
	return s.changeOne(ctx, fmt.Sprintf("revoke token %q", tokenID), account.BadTokenError("no such token"),
		"UPDATE tokens SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 AND user_id = $3",
		at, tokenID, userID)
}
