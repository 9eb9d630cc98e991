package sqlite_test

import (
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/joinpal/joinpal/store/storetest"
)

func TestAccountConformance(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) storetest.AccountStore { return openFor(t) },
		func(t *testing.T) {
			// A trigger, created through a connection of its own, makes
			// SQLite abort the statement as a failing disk would.
			dir, _ := dirs.Load(t)
			db, err := sql.Open("sqlite", "file:"+filepath.Join(dir.(string), "joinpal.db")+"?_pragma=busy_timeout(5000)")
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.ExecContext(t.Context(), `CREATE TRIGGER refuse_rating_changes
				BEFORE INSERT ON rating_changes WHEN NEW.game_id LIKE '`+storetest.RefusedPrefix+`%'
				BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`); err != nil {
				t.Fatalf("create the refusing trigger: %v", err)
			}
		})
}

// BenchmarkGameEnd: the write that ends a game, casual and rated.
func BenchmarkGameEnd(b *testing.B) {
	storetest.BenchmarkGameEnd(b, func(b *testing.B) storetest.AccountStore { return openFor(b) })
}
