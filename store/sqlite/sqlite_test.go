package sqlite_test

import (
	"database/sql"
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
	"github.com/joinpal/joinpal/store/storetest"
)

// dbPath is the file of tb's store: a new database (already migrated) on
// the first call with tb, the same on every later call.
func dbPath(tb testing.TB) string {
	return storetest.Storage(tb, func() string { return sqlitetest.File(tb) })
}

func openFor(tb testing.TB, opts ...sqlite.Option) *sqlite.Store {
	s, err := sqlite.Open(tb.Context(), dbPath(tb), opts...)
	return storetest.Opened(tb, s, err)
}

// TestConformance runs every conformance suite.
func TestConformance(t *testing.T) {
	storetest.RunAll(t, func(tb testing.TB) storetest.FullStore { return openFor(tb) }, refuseRatingChanges)
}

// Without group commit (a batch of one), the store behaves the same.
func TestConformanceNoGroupCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("short: the suite runs with group commit")
	}
	storetest.Run(t, func(t *testing.T) storetest.Store { return openFor(t, sqlite.WithMaxBatch(1)) })
}

// refuseRatingChanges makes the storage of t refuse the rating changes of
// the games whose id starts with storetest.RefusedPrefix.
func refuseRatingChanges(t *testing.T) {
	// A trigger, created through a connection of its own, makes
	// SQLite abort the statement as a failing disk would.
	db, err := sql.Open("sqlite", "file:"+dbPath(t)+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(t.Context(), `CREATE TRIGGER refuse_rating_changes
		BEFORE INSERT ON rating_changes WHEN NEW.game_id LIKE '`+storetest.RefusedPrefix+`%'
		BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`); err != nil {
		t.Fatalf("create the refusing trigger: %v", err)
	}
}

// BenchmarkStore runs every storage benchmark, AppendMove with group
// commit (the default).
func BenchmarkStore(b *testing.B) {
	storetest.BenchmarkAll(b, func(tb testing.TB) storetest.FullStore { return openFor(tb) })
}

// BenchmarkAppendMoveNoGroupCommit: one transaction and one fsync per move,
// for comparison.
func BenchmarkAppendMoveNoGroupCommit(b *testing.B) {
	storetest.BenchmarkAppendMove(b, func(b *testing.B) game.Store { return openFor(b, sqlite.WithMaxBatch(1)) })
}
