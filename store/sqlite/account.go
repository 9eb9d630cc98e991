package sqlite

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

// People (migration 0003): users, sessions and API tokens. Every change is
// one write of the group-committing writer, so changes from many requests
// (and nodes sharing the file) apply one after the other: of two sign-ups
// of one username, the second finds the name taken.

var _ account.Store = (*Store)(nil)

const userCols = `id, username, display_name, guest, password_hash, lang, created_at`

// usernameKey is the stored identity of a username: NULL for a guest.
func usernameKey(u account.User) any {
	if u.Guest {
		return nil
	}
	return account.UserID(u.Username)
}

func scanUser(row scanner) (account.User, error) {
	var (
		u       account.User
		guest   int64
		created sql.NullInt64
	)
	if err := row.Scan(&u.ID, &u.Username, &u.DisplayName, &guest, &u.PasswordHash, &u.Lang, &created); err != nil {
		return account.User{}, err
	}
	u.Guest = guest != 0
	u.CreatedAt = codec.FromMicros(created.Int64, created.Valid)
	return u, nil
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
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	if u.Guest {
		u.Username, u.PasswordHash = "", ""
	}
	return s.write(ctx, op, func(tx *sql.Tx) error {
		bg := context.Background()
		if err := usernameFree(tx, usernameKey(u), u.Username); err != nil {
			return err
		}
		res, err := tx.ExecContext(bg, `INSERT INTO users (id, username, username_key, display_name, guest,
			password_hash, lang, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
			u.ID, u.Username, usernameKey(u), u.DisplayName, sqlBool(u.Guest), u.PasswordHash, u.Lang, sqlTime(u.CreatedAt))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("the id %q is taken", u.ID)
		}
		return nil
	})
}

// usernameFree fails with account.CodeUsernameTaken if an account has key
// (nil: a guest, which takes no name).
func usernameFree(tx *sql.Tx, key any, username string) error {
	if key == nil {
		return nil
	}
	var n int
	err := tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM users WHERE username_key = ?", key).Scan(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return account.UsernameTakenError(username)
	}
	return nil
}

// SignUp turns guest id into an account, keeping its id; see account.Store.
func (s *Store) SignUp(ctx context.Context, id, username, passwordHash string) (account.User, error) {
	op := fmt.Sprintf("sign up user %q", id)
	if err := account.ValidateUsername(username); err != nil {
		return account.User{}, fmt.Errorf("sqlite: %s: %w", op, err)
	}
	var out account.User
	err := s.write(ctx, op, func(tx *sql.Tx) error {
		if err := usernameFree(tx, account.UserID(username), username); err != nil {
			return err
		}
		var err error
		out, err = scanUser(tx.QueryRowContext(context.Background(), `UPDATE users SET username = ?, username_key = ?,
			display_name = ?, guest = 0, password_hash = ? WHERE id = ? AND guest = 1 RETURNING `+userCols,
			username, account.UserID(username), username, passwordHash, id))
		if errors.Is(err, sql.ErrNoRows) {
			return account.NotFoundError(id)
		}
		return err
	})
	return out, err
}

// UserByID returns the user with id; see account.Store.
func (s *Store) UserByID(ctx context.Context, id string) (account.User, error) {
	return s.user(ctx, id, "id = ?", id)
}

// UserByUsername returns the account with username, case aside; see
// account.Store.
func (s *Store) UserByUsername(ctx context.Context, username string) (account.User, error) {
	return s.user(ctx, username, "username_key = ?", account.UserID(username))
}

func (s *Store) user(ctx context.Context, who, where string, arg any) (account.User, error) {
	var u account.User
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRowContext(ctx, "SELECT "+userCols+" FROM users WHERE "+where, arg))
		if errors.Is(err, sql.ErrNoRows) {
			return account.NotFoundError(who)
		}
		return err
	})
	if err != nil {
		return account.User{}, fmt.Errorf("sqlite: user %s: %w", who, err)
	}
	return u, nil
}

// SetPasswordHash replaces the password hash of account id.
func (s *Store) SetPasswordHash(ctx context.Context, id, hash string) error {
	return s.write(ctx, fmt.Sprintf("set password of user %q", id), func(tx *sql.Tx) error {
		return oneRow(tx.ExecContext(context.Background(),
			"UPDATE users SET password_hash = ? WHERE id = ? AND guest = 0", hash, id))(account.NotFoundError(id))
	})
}

// SetLang records the interface language of user id.
func (s *Store) SetLang(ctx context.Context, id, lang string) error {
	return s.write(ctx, fmt.Sprintf("set language of user %q", id), func(tx *sql.Tx) error {
		return oneRow(tx.ExecContext(context.Background(),
			"UPDATE users SET lang = ? WHERE id = ?", lang, id))(account.NotFoundError(id))
	})
}

// oneRow returns a function that turns the outcome of an UPDATE or DELETE
// into nil if it changed a row, notFound if it changed none, or its error.
func oneRow(res sql.Result, err error) func(notFound error) error {
	return func(notFound error) error {
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			return notFound
		}
		return nil
	}
}

// CreateSession stores a session (its digest only).
func (s *Store) CreateSession(ctx context.Context, ses account.Session) error {
	return s.write(ctx, fmt.Sprintf("create session of user %q", ses.UserID), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(),
			"INSERT INTO sessions (digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
			ses.Digest[:], ses.UserID, sqlTime(ses.CreatedAt), sqlTime(ses.ExpiresAt))
		return err
	})
}

// Session returns the session with digest d and its user if it has not
// expired at now, extending it to extendTo when that is later; see
// account.Store. A lookup that does not extend is a read only.
func (s *Store) Session(ctx context.Context, d account.Digest, now, extendTo time.Time) (account.Session, account.User, error) {
	var (
		ses account.Session
		u   account.User
	)
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		ses, u, err = scanSession(tx.QueryRowContext(ctx, `SELECT s.created_at, s.expires_at, `+userColsU+`
			FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.digest = ? AND s.expires_at > ?`, d[:], sqlTime(now)))
		return err
	})
	if err == nil && extendTo.After(ses.ExpiresAt) {
		err = s.write(ctx, "extend session", func(tx *sql.Tx) error {
			return oneRow(tx.ExecContext(context.Background(),
				"UPDATE sessions SET expires_at = MAX(expires_at, ?) WHERE digest = ? AND expires_at > ?",
				sqlTime(extendTo), d[:], sqlTime(now)))(account.BadTokenError("no such session"))
		})
		ses.ExpiresAt = codec.Time(extendTo)
	}
	if errors.Is(err, sql.ErrNoRows) {
		err = account.BadTokenError("no such session, or expired")
	}
	if err != nil {
		return account.Session{}, account.User{}, fmt.Errorf("sqlite: session: %w", err)
	}
	ses.Digest = d
	return ses, u, nil
}

const userColsU = `u.id, u.username, u.display_name, u.guest, u.password_hash, u.lang, u.created_at`

func scanSession(row scanner) (account.Session, account.User, error) {
	var (
		ses              account.Session
		u                account.User
		guest            int64
		created, expires sql.NullInt64
		userCreated      sql.NullInt64
	)
	if err := row.Scan(&created, &expires, &u.ID, &u.Username, &u.DisplayName, &guest, &u.PasswordHash, &u.Lang, &userCreated); err != nil {
		return ses, u, err
	}
	u.Guest = guest != 0
	u.CreatedAt = codec.FromMicros(userCreated.Int64, userCreated.Valid)
	ses.UserID = u.ID
	ses.CreatedAt, ses.ExpiresAt = codec.FromMicros(created.Int64, created.Valid), codec.FromMicros(expires.Int64, expires.Valid)
	return ses, u, nil
}

// DeleteSession signs one session out; deleting one that is not there is
// not an error.
func (s *Store) DeleteSession(ctx context.Context, d account.Digest) error {
	return s.write(ctx, "delete session", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(), "DELETE FROM sessions WHERE digest = ?", d[:])
		return err
	})
}

// DeleteSessions signs every session of userID out.
func (s *Store) DeleteSessions(ctx context.Context, userID string) error {
	return s.write(ctx, fmt.Sprintf("delete sessions of user %q", userID), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(), "DELETE FROM sessions WHERE user_id = ?", userID)
		return err
	})
}

// DeleteExpiredSessions removes the sessions expired at now; see
// account.Store.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	err := s.write(ctx, "delete expired sessions", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(context.Background(), "DELETE FROM sessions WHERE expires_at <= ?", sqlTime(now))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}

const tokenCols = `t.id, t.digest, t.user_id, t.name, t.scopes, t.created_at, t.revoked_at`

func scanToken(row scanner, extra ...any) (account.Token, error) {
	var (
		tk               account.Token
		digest           []byte
		scopes           string
		created, revoked sql.NullInt64
	)
	if err := row.Scan(append([]any{&tk.ID, &digest, &tk.UserID, &tk.Name, &scopes, &created, &revoked}, extra...)...); err != nil {
		return tk, err
	}
	if len(digest) != len(tk.Digest) {
		return tk, fmt.Errorf("stored token %q: a digest of %d bytes", tk.ID, len(digest))
	}
	copy(tk.Digest[:], digest)
	tk.Scopes = splitScopes(scopes)
	tk.CreatedAt, tk.Revoked = codec.FromMicros(created.Int64, created.Valid), codec.FromMicros(revoked.Int64, revoked.Valid)
	return tk, nil
}

// splitScopes reads the stored, space-separated scopes.
func splitScopes(s string) []account.Scope {
	out := []account.Scope{}
	for _, f := range strings.Fields(s) {
		out = append(out, account.Scope(f))
	}
	return out
}

// joinScopes is the stored form of scopes.
func joinScopes(scopes []account.Scope) string {
	var b strings.Builder
	for i, sc := range scopes {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(string(sc))
	}
	return b.String()
}

// CreateToken stores an API token (its digest only).
func (s *Store) CreateToken(ctx context.Context, tk account.Token) error {
	return s.write(ctx, fmt.Sprintf("create token %q", tk.ID), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO tokens (id, digest, user_id, name, scopes,
			created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			tk.ID, tk.Digest[:], tk.UserID, tk.Name, joinScopes(tk.Scopes), sqlTime(tk.CreatedAt), sqlTime(tk.Revoked))
		return err
	})
}

// Token returns the token with digest d and its user; a revoked token is
// returned with Revoked set. See account.Store.
func (s *Store) Token(ctx context.Context, d account.Digest) (account.Token, account.User, error) {
	var (
		tk account.Token
		u  account.User
	)
	err := s.read(ctx, func(tx *sql.Tx) error {
		var (
			guest   int64
			created sql.NullInt64
			err     error
		)
		tk, err = scanToken(tx.QueryRowContext(ctx, "SELECT "+tokenCols+", "+userColsU+
			" FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.digest = ?", d[:]),
			&u.ID, &u.Username, &u.DisplayName, &guest, &u.PasswordHash, &u.Lang, &created)
		u.Guest, u.CreatedAt = guest != 0, codec.FromMicros(created.Int64, created.Valid)
		if errors.Is(err, sql.ErrNoRows) {
			return account.BadTokenError("no such token")
		}
		return err
	})
	if err != nil {
		return account.Token{}, account.User{}, fmt.Errorf("sqlite: token: %w", err)
	}
	return tk, u, nil
}

// Tokens returns userID's tokens, oldest first, revoked ones included.
func (s *Store) Tokens(ctx context.Context, userID string) ([]account.Token, error) {
	out := []account.Token{}
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT "+tokenCols+" FROM tokens t WHERE t.user_id = ? ORDER BY t.created_at, t.id", userID)
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
		return nil, fmt.Errorf("sqlite: tokens of user %q: %w", userID, err)
	}
	return out, nil
}

// RevokeToken revokes userID's token tokenID at the moment at; revoking it
// again keeps the first moment. It fails with account.CodeBadToken if the
// user has no such token.
func (s *Store) RevokeToken(ctx context.Context, userID, tokenID string, at time.Time) error {
	return s.write(ctx, fmt.Sprintf("revoke token %q", tokenID), func(tx *sql.Tx) error {
		return oneRow(tx.ExecContext(context.Background(),
			"UPDATE tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND user_id = ?",
			sqlTime(at), tokenID, userID))(account.BadTokenError("no such token"))
	})
}
