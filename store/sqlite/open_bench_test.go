package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/joinpal/joinpal/store/sqlite"
)

// BenchmarkOpenNew opens (and closes) a new file: every migration runs.
func BenchmarkOpenNew(b *testing.B) {
	for b.Loop() {
		st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "joinpal.db"))
		if err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}

// BenchmarkOpenMigrated opens (and closes) a copy of a migrated file, as
// sqlitetest.File gives the tests: no migration runs.
func BenchmarkOpenMigrated(b *testing.B) {
	dir := b.TempDir()
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "joinpal.db"))
	if err != nil {
		b.Fatal(err)
	}
	st.Close()
	data, err := os.ReadFile(filepath.Join(dir, "joinpal.db"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		path := filepath.Join(b.TempDir(), "joinpal.db")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			b.Fatal(err)
		}
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}
