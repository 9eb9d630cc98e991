package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Querier runs statements in one transaction or on one pool, with the
// context it was made for. Parameters are written $1, $2, ... (a $ before
// a digit is one anywhere in the text: the shared queries hold none in a
// literal); a time.Time
// argument is stored as the dialect stores instants (the zero time as
// NULL), and a *time.Time scan destination reads one back in UTC.
type Querier interface {
	// Exec runs a statement and returns how many rows it changed.
	Exec(query string, args ...any) (int64, error)
	// Query runs a statement that returns rows.
	Query(query string, args ...any) (Rows, error)
	// QueryRow runs a statement that returns at most one row; its Scan
	// fails with an error that is sql.ErrNoRows when there is none.
	QueryRow(query string, args ...any) Row
}

// Row is one row of a result.
type Row interface{ Scan(dest ...any) error }

// Rows is a result of many rows.
type Rows interface {
	Row
	Next() bool
	Err() error
	Close()
}

// Backend runs the work of a Store on one database.
type Backend interface {
	// Read runs f in a read-only transaction: one snapshot.
	Read(ctx context.Context, f func(Querier) error) error
	// ReadOne runs f, which runs one statement, outside any transaction.
	ReadOne(ctx context.Context, f func(Querier) error) error
	// Write runs f in a write transaction and returns once it has
	// committed (nil) or failed; f's changes are kept only if it returns
	// nil. Writes of one database are serialisable with respect to the
	// rows they lock (Dialect.ForUpdate) or change.
	Write(ctx context.Context, f func(Querier) error) error
	// WriteOne is Write for an f that runs one statement: where the
	// database commits a statement alone (PostgreSQL), in the
	// statement's implicit transaction, one round trip rather than
	// three.
	WriteOne(ctx context.Context, f func(Querier) error) error
	// Commit runs w, one write of a game or a node, and returns once it
	// has committed (nil) or failed: with w.Apply in a write transaction,
	// or, for a write of one statement that rates no end, as that
	// statement and w.OnZero. Writes may commit together (group commit),
	// each failing alone.
	Commit(ctx context.Context, w *GameWrite) error
}

// Dialect is what differs between the databases in the shared queries.
type Dialect struct {
	// Name prefixes the store's errors ("sqlite", "postgres").
	Name string
	// ErrClosed is the error of a closed store.
	ErrClosed error
	// ForUpdate ends a SELECT that locks the rows it reads until the
	// write's end: " FOR UPDATE", or "" where one writer runs at a time.
	ForUpdate string
	// ForShare ends a SELECT that keeps the rows it reads from changing
	// until the write's end, while other such reads may share them:
	// " FOR SHARE", or "" where one writer runs at a time.
	ForShare string
	// Greatest is the SQL function of the larger of its arguments.
	Greatest string
	// IsUniqueViolation reports an error of a unique index.
	IsUniqueViolation func(error) bool
	// AppendMove is the statements of AppendMove: $1 the game's id, $2
	// the ply, from $3 the state (StateArgs), from MoveParam the move
	// (MoveArgs), AppendFence the fence. The first changes no row unless
	// the game is at that ply.
	AppendMove []string
	// AppendMovePlaying, if set, is AppendMove for a move that leaves the
	// game's status and end time as they are: its first statement writes
	// the state but for those two (PlayingStateSet), so that the indexes
	// that hold them are left alone, and changes no row unless the stored
	// ones equal the new ones (then AppendMove runs instead).
	AppendMovePlaying []string
	// MoveRowApart tells that AppendMove's statements (and
	// AppendMovePlaying's) only move the game's row to the next ply, and
	// take no move: the fence is then at MoveParam, not AppendFence. The
	// move's row is inserted after them by a statement of its own
	// arguments (the game's id, the ply and MoveArgs). A driver that binds
	// every argument of a statement (SQLite) so binds 18 and 9 arguments
	// for a move, not twice 25.
	MoveRowApart bool
	// PlayerGames lists the ids and times of a player's finished games,
	// newest first: $1 the user id, $2 the limit, $3 the offset, $4
	// offset+limit; it is SummarySelect's WHERE and ORDER BY.
	PlayerGames string
	// PlayerPlaying is the WHERE and ORDER BY of the games one player is
	// playing, newest first: $1 the user id, $2 the limit.
	PlayerPlaying string
	// ClubGames is the WHERE and ORDER BY of the finished games of a
	// club's members (ClubMemberRoles), newest first: $1 the club's id, $2
	// the limit. It reads at most the limit's newest games of each member
	// on each side, so its cost grows with the club's members, not with
	// their games.
	ClubGames string
}

// Store implements the store interfaces over a Backend in a Dialect.
type Store struct {
	b Backend
	d Dialect
}

// New returns the store of b in dialect d.
func New(b Backend, d Dialect) *Store { return &Store{b: b, d: d} }

// fail wraps err, the failure of op, with the store's name; a closed
// store's error keeps its own text first.
func (s *Store) fail(op string, err error) error {
	if errors.Is(err, s.d.ErrClosed) {
		return fmt.Errorf("%w: %s", s.d.ErrClosed, op)
	}
	return fmt.Errorf("%s: %s: %w", s.d.Name, op, err)
}

// write runs f as one write and wraps its error with op.
func (s *Store) write(ctx context.Context, op string, f func(Querier) error) error {
	if err := s.b.Write(ctx, f); err != nil {
		return s.fail(op, err)
	}
	return nil
}

// writeOne runs f, one statement, as a write (Backend.WriteOne) and
// wraps its error with op.
func (s *Store) writeOne(ctx context.Context, op string, f func(Querier) error) error {
	if err := s.b.WriteOne(ctx, f); err != nil {
		return s.fail(op, err)
	}
	return nil
}

// read runs f in one snapshot and wraps its error with op.
func (s *Store) read(ctx context.Context, op string, f func(Querier) error) error {
	if err := s.b.Read(ctx, f); err != nil {
		return s.fail(op, err)
	}
	return nil
}

// readOne runs f, one statement, and wraps its error with op.
func (s *Store) readOne(ctx context.Context, op string, f func(Querier) error) error {
	if err := s.b.ReadOne(ctx, f); err != nil {
		return s.fail(op, err)
	}
	return nil
}

// changeOne runs one statement as a write, failing with notFound if it
// changed no row.
func (s *Store) changeOne(ctx context.Context, op string, notFound error, query string, args ...any) error {
	return s.writeOne(ctx, op, func(q Querier) error {
		n, err := q.Exec(query, args...)
		if err == nil && n == 0 && notFound != nil {
			return notFound
		}
		return err
	})
}

// readRow reads the one row of query with scan, failing with notFound if
// there is none; op names the read in errors.
func readRow[T any](s *Store, ctx context.Context, op string, notFound error,
	scan func(Row) (T, error), query string, args ...any) (T, error) {
	var v T
	err := s.readOne(ctx, op, func(q Querier) (err error) {
		v, err = scan(q.QueryRow(query, args...))
		if errors.Is(err, sql.ErrNoRows) {
			return notFound
		}
		return err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// collect reads every row of rows with scan, and closes rows.
func collect[T any](rows Rows, err error, scan func(Row) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Params returns "$from, $from+1, ..." for n parameters.
func Params(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", from+i)
	}
	return b.String()
}

// SetIfPositive sets *dst to v if v is positive: an option's value that
// replaces a default only when it is one.
func SetIfPositive[T int | time.Duration](dst *T, v T) {
	if v > 0 {
		*dst = v
	}
}
