package sqlite

import (
	"context"
	"database/sql"
	"net/url"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// OldDatabase makes the SQLite file at abs as migrations 1 to version
// leave it (a database of an older JoinPal), and returns exec, which runs
// a statement on it as the store does ($n parameters, times in
// microseconds), and closeDB.
func OldDatabase(ctx context.Context, abs string, version int) (exec func(query string, args ...any) error, closeDB func() error, err error) {
	db, err := sql.Open("sqlite", dsn(abs, url.Values{"_txlock": {"immediate"}}))
	if err != nil {
		return nil, nil, err
	}
	if err := runMigrations(ctx, db, version); err != nil {
		db.Close()
		return nil, nil, err
	}
	exec = func(query string, args ...any) error {
		_, err := querier{ctx, db}.Exec(query, args...)
		return err
	}
	return exec, db.Close, nil
}

// Commits returns how many transactions the writer has run so far.
func (s *Store) Commits() int64 { return s.commits.Load() }

// ReadStatements returns how many statements the read pool holds prepared.
func (s *Store) ReadStatements() int {
	s.reads.mu.Lock()
	defer s.reads.mu.Unlock()
	return len(s.reads.byQL)
}

// ReadNumber runs query, which selects one integer, as the store's reads
// run (ReadOne).
func (s *Store) ReadNumber(ctx context.Context, query string) (n int64, err error) {
	err = (*backend)(s).ReadOne(ctx, func(q sqlstore.Querier) error { return q.QueryRow(query).Scan(&n) })
	return n, err
}

// TruncateLog checkpoints the whole log and empties it, and reports
// whether a reader held the checkpoint back (SQLite's busy).
func (s *Store) TruncateLog(ctx context.Context) (busy bool, err error) {
	var b, frames, copied int64
	err = s.cdb.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&b, &frames, &copied)
	return b != 0, err
}
