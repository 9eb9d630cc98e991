package storetest

import (
	"path/filepath"
	"sync"
	"testing"
)

// storages holds the storage of each test that asked for one.
var storages sync.Map // testing.TB → string

// Storage returns tb's storage (a directory, a DSN): made by create on the
// first call with tb and the same on every later call, so that a store's
// opener can reopen what the suite closed; forgotten when tb ends.
func Storage(tb testing.TB, create func() string) string {
	if s, ok := storages.Load(tb); ok {
		return s.(string)
	}
	s, _ := storages.LoadOrStore(tb, create())
	tb.Cleanup(func() { storages.Delete(tb) })
	return s.(string)
}

// Opened fails tb if a store's opening failed, and closes the store when tb
// ends.
func Opened[S interface{ Close() error }](tb testing.TB, s S, err error) S {
	tb.Helper()
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// MigrationFiles returns the schema migrations (migrations/*.sql) of the
// store whose package directory the test runs in.
func MigrationFiles(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob("migrations/*.sql")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no migrations/*.sql: %v", err)
	}
	return files
}

// OpenAtOnce opens n stores at the same moment with open, as nodes or
// processes starting together would, and closes them; it fails t if one
// fails to open.
func OpenAtOnce[S interface{ Close() error }](t *testing.T, n int, open func() (S, error)) {
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			s, err := open()
			if err != nil {
				t.Errorf("Open: %v", err)
				return
			}
			s.Close()
		})
	}
	wg.Wait()
}
