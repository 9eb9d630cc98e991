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
// it if f succeeds) that also records it. It refuses a database whose
// schema is newer than ms.
func Run(ms []Migration, d Dialect, begin func(f func(sqlstore.Querier) error) error) error {
	for _, m := range ms {
		err := begin(func(q sqlstore.Querier) error {
			if d.Lock != "" {
				if _, err := q.Exec(d.Lock); err != nil {
					return err
				}
			}
			if _, err := q.Exec(d.Table); err != nil {
				return err
			}
			var newest int
			if err := q.QueryRow("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
				return err
			}
			if newest > len(ms) {
				return fmt.Errorf("the database has schema version %d, newer than this program's %d", newest, len(ms))
			}
			if newest >= m.Version {
				return nil // applied already
			}
			if _, err := q.Exec(m.SQL); err != nil {
				return err
			}
			_, err := q.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
				m.Version, m.Name, time.Now())
			return err
		})
		if err != nil {
			return fmt.Errorf("migrations: %s: %w", m.Name, err)
		}
	}
	return nil
}
