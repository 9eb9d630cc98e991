package postgres

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// OldDatabase makes the database of dsn as migrations 1 to version leave
// it (a database of an older JoinPal), and returns exec, which runs a
// statement on it as the store does, and closeDB.
func OldDatabase(ctx context.Context, dsn string, version int) (exec func(query string, args ...any) error, closeDB func(), err error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, nil, err
	}
	if err := runMigrations(ctx, pool, version); err != nil {
		pool.Close()
		return nil, nil, err
	}
	exec = func(query string, args ...any) error {
		_, err := querier{ctx, pool}.Exec(query, args...)
		return err
	}
	return exec, pool.Close, nil
}

// CarriedBeats is carriedBeats of a batch of writes carrying beats (nil:
// a write carrying none).
func CarriedBeats(beats []*game.Beat) []*game.Beat {
	batch := make([]*groupcommit.Request[*sqlstore.GameWrite], len(beats))
	for i, b := range beats {
		batch[i] = &groupcommit.Request[*sqlstore.GameWrite]{Write: &sqlstore.GameWrite{Beat: b}}
	}
	return carriedBeats(batch)
}

// Pipelined runs stmts as the writers run a batch (pipelined) and returns
// the rows each changed.
func Pipelined(ctx context.Context, s *Store, stmts []sqlstore.Stmt) ([]int64, error) {
	sc := scratches.Get().(*scratch)
	defer sc.put()
	sc.stmts = append(sc.stmts, stmts...)
	err := s.pipelined(ctx, sc)
	return append([]int64(nil), sc.affected...), err
}

// MoveStatements are the statements of a move's write: AppendMove's and
// AppendMovePlaying's.
var MoveStatements = append(append([]string{}, dialect.AppendMove...), dialect.AppendMovePlaying...)

// RowsAffected is rowsAffected.
var RowsAffected = rowsAffected

// EncodeDirect is the pipeline's own encoding of an argument (direct),
// EncodeThroughPgx its encoding through pgx; each on a batch of its own.
func EncodeDirect(m *pgtype.Map, oid uint32, a any) (v []byte, format int16, ok bool) {
	return newScratch().direct(m, oid, a)
}

// EncodeThroughPgx: see EncodeDirect.
func EncodeThroughPgx(m *pgtype.Map, oid uint32, a any) ([]byte, int16, error) {
	return newScratch().throughPgx(m, oid, a)
}
