package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// People (migration 0003): users, sessions and API tokens, each change in a
// transaction of its own. The unique index on username_key settles two
// sign-ups of one name at once: the second waits for the first and fails
// with account.CodeUsernameTaken.

var _ account.Store = (*Store)(nil)

const userCols = `u.id, u.username, u.display_name, u.guest, u.password_hash, u.lang, u.created_at`

// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
const uniqueViolation = "23505"

func isUniqueViolation(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == uniqueViolation && pe.ConstraintName == constraint
}

// userDest returns the scan destinations of userCols for u, and a function
// that finishes u once scanned.
func userDest(u *account.User) ([]any, func() error) {
	var created pgtype.Timestamptz
	return []any{&u.ID, &u.Username, &u.DisplayName, &u.Guest, &u.PasswordHash, &u.Lang, &created},
		func() (err error) {
			u.CreatedAt, err = fromTS(created)
			return err
		}
}

func scanUser(row pgx.Row) (account.User, error) {
	var u account.User
	dest, finish := userDest(&u)
	if err := row.Scan(dest...); err != nil {
		return account.User{}, err
	}
	return u, finish()
}

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
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	var key any
	if u.Guest {
		u.Username, u.PasswordHash = "", ""
	} else {
		key = account.UserID(u.Username)
	}
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO users (id, username, username_key, display_name, guest,
			password_hash, lang, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			u.ID, u.Username, key, u.DisplayName, u.Guest, u.PasswordHash, u.Lang, ts(u.CreatedAt))
		if isUniqueViolation(err, "users_username_key_key") {
			return account.UsernameTakenError(u.Username)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	return nil
}

// SignUp turns guest id into an account, keeping its id; see account.Store.
func (s *Store) SignUp(ctx context.Context, id, username, passwordHash string) (account.User, error) {
	op := fmt.Sprintf("sign up user %q", id)
	if err := account.ValidateUsername(username); err != nil {
		return account.User{}, fmt.Errorf("postgres: %s: %w", op, err)
	}
	var out account.User
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		var err error
		out, err = scanUser(tx.QueryRow(ctx, `UPDATE users u SET username = $1, username_key = $2,
			display_name = $1, guest = false, password_hash = $3 WHERE id = $4 AND guest RETURNING `+userCols,
			username, account.UserID(username), passwordHash, id))
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return account.NotFoundError(id)
		case isUniqueViolation(err, "users_username_key_key"):
			return account.UsernameTakenError(username)
		}
		return err
	})
	if err != nil {
		return account.User{}, fmt.Errorf("postgres: %s: %w", op, err)
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
	var u account.User
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRow(ctx, "SELECT "+userCols+" FROM users u WHERE "+where, arg))
		if errors.Is(err, pgx.ErrNoRows) {
			return account.NotFoundError(who)
		}
		return err
	})
	if err != nil {
		return account.User{}, fmt.Errorf("postgres: user %s: %w", who, err)
	}
	return u, nil
}

// changeOne runs one statement in a transaction of its own, failing with
// notFound if it changed no row.
func (s *Store) changeOne(ctx context.Context, op string, notFound error, query string, args ...any) error {
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, query, args...)
		if err == nil && tag.RowsAffected() == 0 && notFound != nil {
			return notFound
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	return nil
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

// CreateSession stores a session (its digest only).
func (s *Store) CreateSession(ctx context.Context, ses account.Session) error {
	return s.changeOne(ctx, fmt.Sprintf("create session of user %q", ses.UserID), nil,
		"INSERT INTO sessions (digest, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
		ses.Digest[:], ses.UserID, ts(ses.CreatedAt), ts(ses.ExpiresAt))
}

// Session returns the session with digest d and its user if it has not
// expired at now, extending it to extendTo when that is later; see
// account.Store. A lookup that does not extend is a read only.
func (s *Store) Session(ctx context.Context, d account.Digest, now, extendTo time.Time) (account.Session, account.User, error) {
	var (
		ses account.Session
		u   account.User
	)
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		var created, expires pgtype.Timestamptz
		dest, finish := userDest(&u)
		err := tx.QueryRow(ctx, `SELECT s.created_at, s.expires_at, `+userCols+`
			FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.digest = $1 AND s.expires_at > $2`,
			d[:], ts(now)).Scan(append([]any{&created, &expires}, dest...)...)
		if errors.Is(err, pgx.ErrNoRows) {
			return account.BadTokenError("no such session, or expired")
		} else if err != nil {
			return err
		}
		if ses.CreatedAt, err = fromTS(created); err != nil {
			return err
		}
		if ses.ExpiresAt, err = fromTS(expires); err != nil {
			return err
		}
		return finish()
	})
	if err == nil && extendTo.After(ses.ExpiresAt) {
		err = s.changeOne(ctx, "extend session", account.BadTokenError("no such session"),
			"UPDATE sessions SET expires_at = GREATEST(expires_at, $1) WHERE digest = $2 AND expires_at > $3",
			ts(extendTo), d[:], ts(now))
		ses.ExpiresAt = codec.Time(extendTo)
	}
	if err != nil {
		return account.Session{}, account.User{}, fmt.Errorf("postgres: session: %w", err)
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
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "DELETE FROM sessions WHERE expires_at <= $1", ts(now))
		n = tag.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: delete expired sessions: %w", err)
	}
	return n, nil
}

const tokenCols = `t.id, t.digest, t.user_id, t.name, t.scopes, t.created_at, t.revoked_at`

func scanToken(row pgx.Row, extra ...any) (account.Token, error) {
	var (
		tk               account.Token
		digest           []byte
		scopes           string
		created, revoked pgtype.Timestamptz
	)
	if err := row.Scan(append([]any{&tk.ID, &digest, &tk.UserID, &tk.Name, &scopes, &created, &revoked}, extra...)...); err != nil {
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
	var err error
	if tk.CreatedAt, err = fromTS(created); err != nil {
		return tk, err
	}
	tk.Revoked, err = fromTS(revoked)
	return tk, err
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
		tk.ID, tk.Digest[:], tk.UserID, tk.Name, strings.Join(scopes, " "), ts(tk.CreatedAt), ts(tk.Revoked))
}

// Token returns the token with digest d and its user; a revoked token is
// returned with Revoked set. See account.Store.
func (s *Store) Token(ctx context.Context, d account.Digest) (account.Token, account.User, error) {
	var (
		tk account.Token
		u  account.User
	)
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		dest, finish := userDest(&u)
		var err error
		tk, err = scanToken(tx.QueryRow(ctx, "SELECT "+tokenCols+", "+userCols+
			" FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.digest = $1", d[:]), dest...)
		if errors.Is(err, pgx.ErrNoRows) {
			return account.BadTokenError("no such token")
		} else if err != nil {
			return err
		}
		return finish()
	})
	if err != nil {
		return account.Token{}, account.User{}, fmt.Errorf("postgres: token: %w", err)
	}
	return tk, u, nil
}

// Tokens returns userID's tokens, oldest first, revoked ones included.
func (s *Store) Tokens(ctx context.Context, userID string) ([]account.Token, error) {
	out := []account.Token{}
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT "+tokenCols+" FROM tokens t WHERE t.user_id = $1 ORDER BY t.created_at, t.id", userID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			tk, err := scanToken(rows)
			if err != nil {
				return err
			}
			out = append(out, tk)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: tokens of user %q: %w", userID, err)
	}
	return out, nil
}

// RevokeToken revokes userID's token tokenID at the moment at; revoking it
// again keeps the first moment. It fails with account.CodeBadToken if the
// user has no such token.
func (s *Store) RevokeToken(ctx context.Context, userID, tokenID string, at time.Time) error {
	return s.changeOne(ctx, fmt.Sprintf("revoke token %q", tokenID), account.BadTokenError("no such token"),
		"UPDATE tokens SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 AND user_id = $3",
		ts(at), tokenID, userID)
}
