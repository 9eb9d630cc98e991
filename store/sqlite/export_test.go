package sqlite

import (
	"context"
	"database/sql"
	"net/url"
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
