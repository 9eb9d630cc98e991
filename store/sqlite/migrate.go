package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/store/internal/migrate"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// runMigrations applies, each in its own transaction, every embedded migration
// that schema_migrations does not list yet. It refuses a database whose
// schema is newer than the migrations this program knows.
func runMigrations(ctx context.Context, db *sql.DB) error {
	ms, err := migrate.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER NOT NULL PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL -- microseconds since the Unix epoch, UTC
	) STRICT`); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	var newest int
	if err := db.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if newest > len(ms) {
		return fmt.Errorf("migrations: the database has schema version %d, newer than this program's %d", newest, len(ms))
	}
	for _, m := range ms[newest:] {
		if err := apply(ctx, db, m); err != nil {
			return fmt.Errorf("migrations: %s: %w", m.Name, err)
		}
	}
	return nil
}

// apply runs one migration and records it, in one transaction. The
// transaction begins IMMEDIATE (the write connection's _txlock), so another
// process migrating the same file waits for it, then sees it applied.
func apply(ctx context.Context, db *sql.DB, m migrate.Migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil // applied meanwhile by another process
	}
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
		m.Version, m.Name, time.Now().UnixMicro()); err != nil {
		return err
	}
	return tx.Commit()
}
