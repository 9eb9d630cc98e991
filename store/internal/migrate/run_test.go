package migrate

import (
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
	_ "modernc.org/sqlite"
)

// txQuerier runs a Querier's statements in a database/sql transaction.
type txQuerier struct{ tx *sql.Tx }

func (q txQuerier) Exec(query string, args ...any) (int64, error) {
	res, err := q.tx.Exec(query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Query is not used by Run.
func (q txQuerier) Query(string, ...any) (sqlstore.Rows, error) {
	return nil, errors.New("migrate test: Query is not used by Run")
}

func (q txQuerier) QueryRow(query string, args ...any) sqlstore.Row {
	return q.tx.QueryRow(query, args...)
}

// TestRunTransactions runs migrations on a real SQLite file and counts the
// transactions each run takes: one to learn the schema's version, one a
// migration when some are missing, and only the first when none is.
func TestRunTransactions(t *testing.T) {
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d := Dialect{Table: "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at)"}
	all := []Migration{
		{Version: 1, Name: "0001_a.sql", SQL: "CREATE TABLE a (x INTEGER)"},
		{Version: 2, Name: "0002_b.sql", SQL: "CREATE TABLE b (y INTEGER)"},
	}
	begins := 0
	begin := func(f func(sqlstore.Querier) error) error {
		begins++
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if err := f(txQuerier{tx}); err != nil {
			return err
		}
		return tx.Commit()
	}
	for _, c := range []struct {
		name    string
		ms      []Migration
		begins  int
		version int
		err     string
	}{
		{"a new database, the first migration", all[:1], 2, 1, ""},
		{"one more", all, 3, 2, ""},
		{"up to date", all, 1, 2, ""},
		{"a program that knows fewer", all[:1], 1, 2, "newer than this program's 1"},
		{"none known", nil, 0, 2, ""},
	} {
		begins = 0
		err := Run(c.ms, d, begin)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: Run = %v, want an error with %q", c.name, err, c.err)
		}
		var version int
		if err := db.QueryRow("SELECT MAX(version) FROM schema_migrations").Scan(&version); err != nil {
			t.Fatal(err)
		}
		if begins != c.begins || version != c.version {
			t.Errorf("%s: %d transactions, schema version %d; want %d and %d", c.name, begins, version, c.begins, c.version)
		}
	}
}
