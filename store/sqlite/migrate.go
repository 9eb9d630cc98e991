package sqlite

import (
	"context"
	"database/sql"
	"embed"

	"github.com/joinpal/joinpal/store/internal/migrate"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations is SQLite's migrate.Dialect. A migration's transaction begins
// IMMEDIATE (the write connection's _txlock), so another process migrating
// the same file waits for it, then sees it applied.
var migrations = migrate.Dialect{Table: `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER NOT NULL PRIMARY KEY,
	name       TEXT    NOT NULL,
	applied_at INTEGER NOT NULL -- microseconds since the Unix epoch, UTC
) STRICT`}

// runMigrations applies the embedded migrations not applied yet, those up
// to version upto only if upto > 0 (a database as an older JoinPal left
// it, for the tests of a migration).
func runMigrations(ctx context.Context, db *sql.DB, upto int) error {
	ms, err := migrate.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	if upto > 0 {
		ms = ms[:min(upto, len(ms))]
	}
	return migrate.Run(ms, migrations, func(f func(sqlstore.Querier) error) error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if err := f(querier{ctx, tx}); err != nil {
			return err
		}
		return tx.Commit()
	})
}
