package migrate

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// Dialect is what differs between the databases in running migrations.
type Dialect struct {
	// Table creates the table schema_migrations (version, name,
	// applied_at) if it does not exist.
	Table string
	// Lock, if set, is run first in each migration's transaction, and
	// holds until its end, so that nodes starting together apply each
	// migration once. Where a write transaction locks the whole database
	// (SQLite's, begun IMMEDIATE) it is "".
	Lock string
}

// Run applies every migration of ms that schema_migrations does not list
// yet, each in a transaction of its own (begin runs f in one and commits
// it if f succeeds) that also records it. A database already up to date
// costs one transaction, which only reads. It refuses a database whose
// schema is newer than ms.
func Run(ms []Migration, d Dialect, begin func(f func(sqlstore.Querier) error) error) error {
	if len(ms) == 0 {
		return nil
	}
	current := false
	if err := begin(func(q sqlstore.Querier) error {
		newest, err := newestVersion(q, d, len(ms))
		current = newest >= ms[len(ms)-1].Version
		return err
	}); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if current {
		return nil
	}
	for _, m := range ms {
		err := begin(func(q sqlstore.Querier) error {
			newest, err := newestVersion(q, d, len(ms))
			if err != nil || newest >= m.Version {
				return err // failed, or applied already
			}
			if _, err := q.Exec(m.SQL); err != nil {
				return err
			}
			_, err = q.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
				m.Version, m.Name, time.Now())
			return err
		})
		if err != nil {
			return fmt.Errorf("migrations: %s: %w", m.Name, err)
		}
	}
	return nil
}

// newestVersion takes the dialect's lock, creates schema_migrations if it
// is missing and returns the newest version it lists; it fails if that is
// newer than known, the number of migrations this program has.
func newestVersion(q sqlstore.Querier, d Dialect, known int) (int, error) {
	if d.Lock != "" {
		if _, err := q.Exec(d.Lock); err != nil {
			return 0, err
		}
	}
	if _, err := q.Exec(d.Table); err != nil {
		return 0, err
	}
	var newest int
	if err := q.QueryRow("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
		return 0, err
	}
	if newest > known {
		return newest, fmt.Errorf("the database has schema version %d, newer than this program's %d", newest, known)
	}
	return newest, nil
}
