// Package sqlitetest gives tests new SQLite databases quickly: each is a
// copy of one database this process migrated once, so a test does not pay
// for running every migration again (a few tens of milliseconds, and
// about half a second under the race detector). The migrations themselves
// are tested by package sqlite, which opens new files.
package sqlitetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/joinpal/joinpal/store/sqlite"
)

// Name is the file name of the databases File makes.
const Name = "joinpal.db"

// template is the migrated database every copy starts from, made once.
var template = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "joinpal-sqlitetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, Name)
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	// Close checkpoints the write-ahead log: the file alone holds it all.
	if err := st.Close(); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("sqlitetest: %s-wal holds %d bytes after Close", path, fi.Size())
	}
	return os.ReadFile(path)
})

// File returns the path of a new database file (Name, in a new directory
// of tb's) holding the schema of every migration and no rows but the
// migrations'; sqlite.Open opens it as it would a new file, with any
// option.
func File(tb testing.TB) string {
	tb.Helper()
	data, err := template()
	if err != nil {
		tb.Fatalf("sqlitetest: migrating the template database: %v", err)
	}
	path := filepath.Join(tb.TempDir(), Name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		tb.Fatalf("sqlitetest: %v", err)
	}
	return path
}
