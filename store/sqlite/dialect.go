package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// The dialect: what SQLite does differently from the shared store's
// queries, and the shared store's query layer on database/sql.

// dialect is SQLite's sqlstore.Dialect. One writer runs at a time, so a
// read inside a write needs no lock.
var dialect = sqlstore.Dialect{
	Name:              "sqlite",
	ErrClosed:         ErrClosed,
	Greatest:          "MAX",
	IsUniqueViolation: isUniqueViolation,
	// SQLite has no data-modifying WITH: the move's row is inserted once
	// the game's row has moved to the next ply (only at the expected ply of
	// a game not finished), by a statement of its own arguments; the
	// game's takes no move, its fence at MoveParam.
	AppendMove: []string{
		"UPDATE games SET " + sqlstore.StateSet(3) + ", next_ply = next_ply + 1 WHERE id = $1 AND next_ply = $2 AND " + sqlstore.Unfinished + sqlstore.Fenced(sqlstore.MoveParam),
	},
	MoveRowApart: true,
	// Six indexes hold the status or the end time (games_status, the
	// history and playing ones): a move that names them in its SET rewrites
	// an entry in each, unchanged, besides the game's row.
	AppendMovePlaying: []string{
		"UPDATE games SET " + sqlstore.PlayingStateSet(3) + ", next_ply = next_ply + 1 WHERE id = $1 AND next_ply = $2 AND status = $3 AND ended_at IS " +
			sqlstore.StateParam(3, "ended_at") + sqlstore.Fenced(sqlstore.MoveParam),
	},
	// Each side reads its own partial index (games_white_history,
	// games_black_history: migrations/0003_accounts.sql) newest first and
	// stops after offset+limit games; the outer query merges the two lists,
	// IN counting a game once even if the user had both sides. The term
	// that the side's id is not empty is the indexes' condition, without
	// which SQLite cannot use them. Written as one OR, SQLite read every
	// finished game of the server through games_status and sorted them.
	PlayerGames: "WHERE g.id IN (" +
		"SELECT id FROM (SELECT g.id FROM games g WHERE g.white_id = $1 AND g.white_id <> '' AND " + codec.FinishedWhere +
		" ORDER BY g.ended_at DESC, g.id DESC LIMIT $4)" +
		" UNION ALL SELECT id FROM (SELECT g.id FROM games g WHERE g.black_id = $1 AND g.black_id <> '' AND " + codec.FinishedWhere +
		" ORDER BY g.ended_at DESC, g.id DESC LIMIT $4)" +
		") ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $2 OFFSET $3",
	// For each member of the club (club_members' primary key), each side's
	// newest games are read from its partial index (games_white_history,
	// games_black_history), at most the limit of each; of those few, the
	// newest limit are chosen before the summaries are read. A join of the
	// members with all their games read every game each member ever
	// finished (67 ms for 200 members of 50 games each,
	// BenchmarkStore/ClubGames; 9.5 ms reading each member's newest:
	// docs/BENCHMARKS.md).
	ClubGames: "WHERE g.id IN (SELECT id FROM (" +
		"SELECT w.id, w.ended_at FROM club_members m JOIN games w ON w.id IN (SELECT g.id FROM games g WHERE g.white_id = m.user_id AND g.white_id <> '' AND " +
		codec.FinishedWhere + " ORDER BY g.ended_at DESC, g.id DESC LIMIT $2) WHERE m.club_id = $1 AND m.role IN " + sqlstore.ClubMemberRoles +
		" UNION SELECT b.id, b.ended_at FROM club_members m JOIN games b ON b.id IN (SELECT g.id FROM games g WHERE g.black_id = m.user_id AND g.black_id <> '' AND " +
		codec.FinishedWhere + " ORDER BY g.ended_at DESC, g.id DESC LIMIT $2) WHERE m.club_id = $1 AND m.role IN " + sqlstore.ClubMemberRoles +
		") ORDER BY ended_at DESC NULLS LAST, id DESC LIMIT $2) ORDER BY g.ended_at DESC NULLS LAST, g.id DESC",
	// Each side is looked up in its own partial index of the started games
	// (games_white_playing, games_black_playing: migrations/0005_playing.sql),
	// so neither the player's history nor the other games being played are
	// read; written as one OR, SQLite would scan games_status's started
	// games instead.
	PlayerPlaying: "WHERE g.id IN (SELECT g.id FROM games g WHERE g.white_id = $1 AND " + codec.StartedWhere +
		" UNION ALL SELECT g.id FROM games g WHERE g.black_id = $1 AND " + codec.StartedWhere +
		") ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT $2",
}

// sqliteConstraintUnique is SQLite's extended result code of a unique
// index's violation.
const sqliteConstraintUnique = 2067

func isUniqueViolation(err error) bool {
	var e interface{ Code() int }
	return errors.As(err, &e) && e.Code() == sqliteConstraintUnique
}

// texts caches the SQLite form of the shared queries, by their text.
var texts sync.Map

// sqliteQuery is a shared query as SQLite runs it: its parameters
// anonymous (?), which SQLite numbers by position, and the argument each
// takes.
//
// The shared queries number their parameters $n, and may name one twice
// or out of order. SQLite would read $n as a named parameter; a named or
// numbered one (?n) makes the driver look up its name, a new string, at
// every execution. With anonymous parameters it looks up nothing; the
// arguments are put in the parameters' order instead.
type sqliteQuery struct {
	text string
	// order holds, for each parameter in the text, the index of its
	// argument ($n's is n-1); nil when they run $1, $2, … in order, each
	// once, and the arguments are passed as they are.
	order []int
	// params is the number of arguments the query takes: its highest n.
	params int
	// zero reports a parameter $0, which names no argument.
	zero bool
}

// text returns query's SQLite form, made once.
func text(query string) *sqliteQuery {
	if q, ok := texts.Load(query); ok {
		return q.(*sqliteQuery)
	}
	q := parseQuery(query)
	texts.Store(query, q)
	return q
}

// parseQuery writes each parameter $n of query as ? and notes its
// argument. A $ followed by anything but a digit stays as it is.
func parseQuery(query string) *sqliteQuery {
	q := &sqliteQuery{}
	var b strings.Builder
	b.Grow(len(query))
	inOrder := true
	for i := 0; i < len(query); i++ {
		if query[i] != '$' || i+1 == len(query) || query[i+1] < '0' || query[i+1] > '9' {
			b.WriteByte(query[i])
			continue
		}
		n, end := 0, i+1
		for ; end < len(query) && query[end] >= '0' && query[end] <= '9'; end++ {
			n = min(n*10+int(query[end]-'0'), maxParam)
		}
		b.WriteByte('?')
		q.zero = q.zero || n == 0
		inOrder = inOrder && n == len(q.order)+1
		q.order = append(q.order, n-1)
		q.params = max(q.params, n)
		i = end - 1
	}
	q.text = b.String()
	if inOrder {
		q.order = nil
	}
	return q
}

// maxParam bounds a parameter's number while it is read: SQLite allows
// 32,766 parameters, and a larger number is refused when bound.
const maxParam = 1 << 20

// index returns the index among the arguments of the argument of the
// query's parameter k (counting from 0).
func (q *sqliteQuery) index(k int) int {
	if q.order != nil {
		return q.order[k]
	}
	return k
}

// inputs returns the number of parameters in the query's text.
func (q *sqliteQuery) inputs(a []any) int {
	if q.order != nil {
		return len(q.order)
	}
	return len(a)
}

// check refuses the query with given arguments when it names one it is
// not given: a parameter $0, or past the last argument.
func (q *sqliteQuery) check(given int) error {
	switch {
	case q.zero:
		return errors.New("sqlite: the query has a parameter $0")
	case given < q.params:
		return fmt.Errorf("sqlite: the query takes %d arguments, %d given", q.params, given)
	}
	return nil
}

// args returns a in the order of the query's parameters, times as the
// store keeps them.
func (q *sqliteQuery) args(a []any) ([]any, error) {
	if err := q.check(len(a)); err != nil {
		return nil, err
	}
	if q.order == nil {
		return sqlstore.Args(a, storedTime), nil
	}
	out := make([]any, len(q.order))
	for k, i := range q.order {
		out[k] = sqlstore.Arg(a[i], storedTime)
	}
	return out, nil
}

// storedTime is a time as the store keeps it: microseconds since the
// epoch.
func storedTime(t time.Time) any { return t.UnixMicro() }

// instant reads a stored time: microseconds since the epoch, or NULL.
type instant struct{ sql.NullInt64 }

func (i *instant) Time() (time.Time, error) { return codec.FromMicros(i.Int64, i.Valid), nil }

func newInstant() *instant { return new(instant) }

// conn is what querier runs on: the writer's connection or the read
// pool (and what a checkpoint runs on).
type conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// querier is sqlstore.Querier on database/sql.
type querier struct {
	ctx context.Context
	c   conn
}

func (q querier) Exec(query string, a ...any) (int64, error) {
	sq := text(query)
	args, err := sq.args(a)
	if err != nil {
		return 0, err
	}
	res, err := q.c.ExecContext(q.ctx, sq.text, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (q querier) Query(query string, a ...any) (sqlstore.Rows, error) {
	sq := text(query)
	args, err := sq.args(a)
	if err != nil {
		return nil, err
	}
	rows, err := q.c.QueryContext(q.ctx, sq.text, args...)
	if err != nil {
		return nil, err
	}
	return resultRows{rows}, nil
}

func (q querier) QueryRow(query string, a ...any) sqlstore.Row {
	sq := text(query)
	args, err := sq.args(a)
	if err != nil {
		return resultRow{err: err}
	}
	return resultRow{r: q.c.QueryRowContext(q.ctx, sq.text, args...)}
}

// resultRow is a row of database/sql, or the error that kept its query
// from running.
type resultRow struct {
	r   *sql.Row
	err error
}

func (r resultRow) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	return sqlstore.Scan(r.r.Scan, dest, newInstant)
}

type resultRows struct{ r *sql.Rows }

func (r resultRows) Scan(dest ...any) error { return sqlstore.Scan(r.r.Scan, dest, newInstant) }
func (r resultRows) Next() bool             { return r.r.Next() }
func (r resultRows) Err() error             { return r.r.Err() }
func (r resultRows) Close()                 { r.r.Close() }

// backend is the Store as the shared store's sqlstore.Backend.
type backend Store

// Read runs f in a read-only transaction on the read pool.
func (b *backend) Read(ctx context.Context, f func(sqlstore.Querier) error) error {
	if err := (*Store)(b).open(); err != nil {
		return err
	}
	tx, err := b.rdb.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return f(querier{ctx, tx})
}

// ReadOne runs f on the read pool, its statements prepared once.
func (b *backend) ReadOne(ctx context.Context, f func(sqlstore.Querier) error) error {
	if err := (*Store)(b).open(); err != nil {
		return err
	}
	return f(querier{ctx, pooled{b.reads}})
}

// Write runs f as one write of the group commit, under its own savepoint
// (see commit); the function ctx carries for its commit
// (game.WithOnCommit) runs on the writer once the batch has committed.
func (b *backend) Write(ctx context.Context, f func(sqlstore.Querier) error) error {
	err := b.q.DoThen(ctx, f, game.OnCommitOf(ctx))
	if err != nil {
		b.writeFailures.Add(1)
	}
	if errors.Is(err, groupcommit.ErrClosed) {
		return ErrClosed
	}
	return err
}

// WriteOne is Write: every write takes the writer's turn, one statement
// or many.
func (b *backend) WriteOne(ctx context.Context, f func(sqlstore.Querier) error) error {
	return b.Write(ctx, f)
}

// open fails with ErrClosed once Close has begun.
func (s *Store) open() error {
	if s.q.Closed() {
		return ErrClosed
	}
	return nil
}
