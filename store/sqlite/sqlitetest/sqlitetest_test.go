package sqlitetest_test

import (
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// Each File is a database of its own, migrated to the newest schema.
func TestFileIsNewAndMigrated(t *testing.T) {
	files, err := filepath.Glob("../migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found: %v", err)
	}
	a, b := sqlitetest.File(t), sqlitetest.File(t)
	if a == b {
		t.Fatalf("two calls gave the same file %s", a)
	}
	for _, path := range []string{a, b} {
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil || n != len(files) {
			t.Errorf("%s: %d migrations recorded, %v; want %d", path, n, err, len(files))
		}
		if _, err := db.Exec("INSERT INTO nodes (node, last_seen, stopped) VALUES ('x', 0, 0)"); err != nil {
			t.Errorf("%s: %v", path, err)
		}
		db.Close()
	}
	// A third copy holds none of the rows written into the first two.
	st, err := sqlite.Open(t.Context(), sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if seen, _, err := st.NodeStatus(t.Context(), "x"); err != nil || !seen.IsZero() {
		t.Errorf("a new database knows node x: %v, %v", seen, err)
	}
}
