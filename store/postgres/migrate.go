package postgres

import (
	"context"
	"embed"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/joinpal/joinpal/store/internal/migrate"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationLock is the key of the advisory lock that serialises
// migrations: the text "joinpal migrate" read as a 64-bit integer.
const migrationLock int64 = 0x6a6f696e70616c6d

// runMigrations applies every embedded migration that schema_migrations
// does not list yet, each in its own transaction holding the advisory lock,
// so that two nodes starting together never apply one twice. It refuses a
// database whose schema is newer than the migrations this program knows.
func runMigrations(ctx context.Context, pool *pgxpool.Pool) error {
	ms, err := migrate.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	for _, m := range ms {
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrationLock); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
				version    integer     NOT NULL PRIMARY KEY,
				name       text        NOT NULL,
				applied_at timestamptz NOT NULL DEFAULT now()
			)`); err != nil {
				return err
			}
			var newest int
			if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
				return err
			}
			if newest > len(ms) {
				return fmt.Errorf("the database has schema version %d, newer than this program's %d", newest, len(ms))
			}
			if newest >= m.Version {
				return nil // applied already
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", m.Version, m.Name)
			return err
		})
		if err != nil {
			return fmt.Errorf("migrations: %s: %w", m.Name, err)
		}
	}
	return nil
}
