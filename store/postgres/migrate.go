package postgres

import (
	"context"
	"embed"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/joinpal/joinpal/store/internal/migrate"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations is PostgreSQL's migrate.Dialect: each migration's transaction
// holds an advisory lock, whose key is the text "joinpal migrate" read as
// a 64-bit integer, so that nodes starting together apply each migration
// once.
var migrations = migrate.Dialect{
	Lock: fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", int64(0x6a6f696e70616c6d)),
	Table: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    integer     NOT NULL PRIMARY KEY,
		name       text        NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`,
}

// runMigrations applies the embedded migrations not applied yet, those up
// to version upto only if upto > 0 (a database as an older JoinPal left
// it, for the tests of a migration).
func runMigrations(ctx context.Context, pool *pgxpool.Pool, upto int) error {
	ms, err := migrate.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	if upto > 0 {
		ms = ms[:min(upto, len(ms))]
	}
	return migrate.Run(ms, migrations, func(f func(sqlstore.Querier) error) error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return f(querier{ctx, tx}) })
	})
}
