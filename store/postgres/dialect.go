package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/store/internal/codec"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// The dialect: what PostgreSQL does differently from the shared store's
// queries, and the shared store's query layer on pgx.

// dialect is PostgreSQL's sqlstore.Dialect. Many nodes write at once, so a
// read that decides a write locks its rows.
var dialect = sqlstore.Dialect{
	Name:              "postgres",
	ErrClosed:         ErrClosed,
	ForUpdate:         " FOR UPDATE",
	ForShare:          " FOR SHARE",
	Greatest:          "GREATEST",
	IsUniqueViolation: isUniqueViolation,
	// One statement, so a move costs one round trip in a batch: the game's
	// row moves to the next ply only at the expected ply of a game not
	// finished, and the move is inserted only if it did.
	AppendMove: []string{`WITH g AS (
		UPDATE games SET ` + sqlstore.StateSet(3) + `, next_ply = next_ply + 1
		WHERE id = $1 AND next_ply = $2::integer AND ` + sqlstore.Unfinished + sqlstore.Fenced(sqlstore.AppendFence) + `
		RETURNING id)
	INSERT INTO moves (game_id, ply, uci, san, client_move_id, spent_ms, lag_credit_ms, remaining_ms, at)
	SELECT id, $2::integer, ` + fmt.Sprintf("$%d::text, $%d::text, $%d::bigint, $%d::bigint, $%d::bigint, $%d::bigint, $%d::timestamptz",
		sqlstore.MoveParam, sqlstore.MoveParam+1, sqlstore.MoveParam+2, sqlstore.MoveParam+3, sqlstore.MoveParam+4,
		sqlstore.MoveParam+5, sqlstore.MoveParam+6) + ` FROM g`},
	// Each side reads its own index of finished games in the list's order
	// (games_white_finished, games_black_finished:
	// migrations/0006_lists.sql) and stops after offset+limit games; the
	// outer query merges the two lists, the page being among their first
	// offset+limit games (IN counts a game once even if the user had both
	// sides). Written as one OR, the planner ORed two bitmaps and sorted
	// every finished game of the player.
	PlayerGames: "WHERE g.id IN (" +
		"(SELECT g.id FROM games g WHERE g.white_id = $1 AND " + codec.FinishedWhere +
		" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $4)" +
		" UNION ALL (SELECT g.id FROM games g WHERE g.black_id = $1 AND " + codec.FinishedWhere +
		" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $4)" +
		") ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $2 OFFSET $3",
	// For each member of the club (club_members' primary key), a LATERAL
	// subquery reads each side's newest games from its index of finished
	// games (games_white_finished, games_black_finished), at most the limit
	// of each; the outer query sorts those few, so the cost grows with the
	// members, not with their games.
	ClubGames: "WHERE g.id IN (SELECT id FROM (SELECT DISTINCT x.id, x.ended_at FROM club_members m CROSS JOIN LATERAL (" +
		"(SELECT g.id, g.ended_at FROM games g WHERE g.white_id = m.user_id AND " + codec.FinishedWhere +
		" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $2)" +
		" UNION ALL (SELECT g.id, g.ended_at FROM games g WHERE g.black_id = m.user_id AND " + codec.FinishedWhere +
		" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $2)) x" +
		" WHERE m.club_id = $1 AND m.role IN " + sqlstore.ClubMemberRoles +
		" ORDER BY x.ended_at DESC NULLS LAST, x.id DESC LIMIT $2) newest) ORDER BY g.ended_at DESC NULLS LAST, g.id DESC",
	// The partial indexes games_white_playing and games_black_playing
	// (migrations/0005_playing.sql) hold only the started games, by player:
	// the planner ORs the two (a BitmapOr), reading neither the player's
	// history nor the other games being played.
	PlayerPlaying: "WHERE (g.white_id = $1 OR g.black_id = $1) AND " + codec.StartedWhere +
		" ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT $2",
}

// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
const uniqueViolation = "23505"

func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == uniqueViolation
}

// args sends times in UTC, to the microsecond.
func args(a []any) []any {
	return sqlstore.Args(a, storedTime)
}

// storedTime is an instant as PostgreSQL stores it.
func storedTime(t time.Time) any { return codec.Time(t) }

// storedArg is a as args sends it.
func storedArg(a any) any { return sqlstore.Arg(a, storedTime) }

// instant reads a stored timestamptz; an infinity is refused.
type instant struct{ pgtype.Timestamptz }

func (i *instant) Time() (time.Time, error) {
	switch {
	case !i.Valid:
		return time.Time{}, nil
	case i.InfinityModifier != pgtype.Finite:
		return time.Time{}, errors.New("infinite timestamp")
	}
	return codec.Time(i.Timestamptz.Time), nil
}

func newInstant() *instant { return new(instant) }

// conn is what querier runs on: a transaction or the pool.
type conn interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// querier is sqlstore.Querier on pgx.
type querier struct {
	ctx context.Context
	c   conn
}

func (q querier) Exec(query string, a ...any) (int64, error) {
	tag, err := q.c.Exec(q.ctx, query, args(a)...)
	return tag.RowsAffected(), err
}

func (q querier) Query(query string, a ...any) (sqlstore.Rows, error) {
	rows, err := q.c.Query(q.ctx, query, args(a)...)
	if err != nil {
		return nil, err
	}
	return resultRows{rows}, nil
}

func (q querier) QueryRow(query string, a ...any) sqlstore.Row {
	return resultRow{q.c.QueryRow(q.ctx, query, args(a)...)}
}

type resultRow struct{ r pgx.Row }

func (r resultRow) Scan(dest ...any) error { return sqlstore.Scan(r.r.Scan, dest, newInstant) }

type resultRows struct{ r pgx.Rows }

func (r resultRows) Scan(dest ...any) error { return sqlstore.Scan(r.r.Scan, dest, newInstant) }
func (r resultRows) Next() bool             { return r.r.Next() }
func (r resultRows) Err() error             { return r.r.Err() }
func (r resultRows) Close()                 { r.r.Close() }

// snapshot is the options of the read transactions: one snapshot.
var snapshot = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}

// backend is the Store as the shared store's sqlstore.Backend.
type backend Store

// Read runs f in a REPEATABLE READ, READ ONLY transaction.
func (b *backend) Read(ctx context.Context, f func(sqlstore.Querier) error) error {
	return (*Store)(b).begin(ctx, snapshot, func(tx pgx.Tx) error { return f(querier{ctx, tx}) })
}

// ReadOne runs f on the pool, in the implicit transaction of its statement.
func (b *backend) ReadOne(ctx context.Context, f func(sqlstore.Querier) error) error {
	if err := (*Store)(b).open(); err != nil {
		return err
	}
	return f(querier{ctx, b.pool})
}

// WriteOne runs f, one statement, on the pool: the statement commits
// alone, in its implicit transaction.
func (b *backend) WriteOne(ctx context.Context, f func(sqlstore.Querier) error) error {
	if err := (*Store)(b).open(); err != nil {
		return err
	}
	return f(querier{ctx, b.pool})
}

// Write runs f in a transaction of its own.
func (b *backend) Write(ctx context.Context, f func(sqlstore.Querier) error) error {
	return (*Store)(b).begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error { return f(querier{ctx, tx}) })
}
