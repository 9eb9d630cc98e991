// Package migrate runs a store's embedded schema migrations: files named
// NNNN_name.sql, applied in the order of their number, each in a
// transaction of its own that records it in the table schema_migrations.
package migrate

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migration is one schema change.
type Migration struct {
	// Version is the number the file name starts with (1, 2, ...).
	Version int
	// Name is the file name.
	Name string
	// SQL is the file's text.
	SQL string
}

// Load returns the migrations in dir of fsys, in version order. Versions
// must be 1, 2, 3 ... without gaps or repeats.
func Load(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migrations: %s: name is not NNNN_name.sql", name)
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("migrations: %w", err)
		}
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migrations: %s: expected version %d", m.Name, i+1)
		}
	}
	return ms, nil
}
