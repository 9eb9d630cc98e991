package sqlite_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/storetest"
)

func TestOpenCreatesFileAndDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "games.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("no file after Open: %v", err)
	}
	if s.Path() != path {
		t.Errorf("Path() = %q, want %q", s.Path(), path)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Close checkpoints the log into the file.
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		t.Errorf("the write-ahead log holds %d bytes after Close", fi.Size())
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var mode string
	if err := raw.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	var n int
	if err := raw.QueryRow("SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil || n != len(storetest.MigrationFiles(t)) {
		t.Errorf("schema_migrations: %d rows, %v; want one per migration (%d)", n, err, len(storetest.MigrationFiles(t)))
	}
}

func TestOpenTwiceAtOnce(t *testing.T) {
	// Two stores opening a new file at the same moment (say, two processes)
	// migrate it once.
	path := filepath.Join(t.TempDir(), "games.db")
	storetest.OpenAtOnce(t, 4, func() (*sqlite.Store, error) { return sqlite.Open(t.Context(), path) })
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	s := openFor(t)
	s.Close()
	raw, err := sql.Open("sqlite", "file:"+s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec("INSERT INTO schema_migrations VALUES (99, '0099_future.sql', 0)"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	if s, err := sqlite.Open(t.Context(), s.Path()); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("Open of a newer schema: %v, want an error", err)
		if s != nil {
			s.Close()
		}
	}
}

func TestOpenFailsOnDirectory(t *testing.T) {
	dir := t.TempDir()
	if s, err := sqlite.Open(t.Context(), dir); err == nil {
		s.Close()
		t.Fatalf("Open(%q) of a directory: no error", dir)
	} else if !strings.HasPrefix(err.Error(), "sqlite: ") {
		t.Errorf("error %q lacks the sqlite: prefix", err)
	}
}
