package sqlite_test

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/storetest"
)

// dirs gives each test its own directory, the same on every call with that
// test, so that storetest can reopen what it closed.
var dirs sync.Map // testing.TB → string

func openFor(tb testing.TB, opts ...sqlite.Option) *sqlite.Store {
	dir, ok := dirs.Load(tb)
	if !ok {
		dir, _ = dirs.LoadOrStore(tb, tb.TempDir())
		tb.Cleanup(func() { dirs.Delete(tb) })
	}
	s, err := sqlite.Open(tb.Context(), filepath.Join(dir.(string), "joinpal.db"), opts...)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Store { return openFor(t) })
}

// Without group commit (a batch of one), the store behaves the same.
func TestConformanceNoGroupCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("short: the suite runs with group commit")
	}
	storetest.Run(t, func(t *testing.T) storetest.Store { return openFor(t, sqlite.WithMaxBatch(1)) })
}
