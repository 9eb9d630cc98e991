package postgres_test

import (
	"context"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/storetest"
)

func TestOpenAtOnce(t *testing.T) {
	// Nodes starting together on a new database migrate it once.
	dsn := newSchema(t)
	storetest.OpenAtOnce(t, 4, func() (*postgres.Store, error) { return postgres.Open(t.Context(), dsn) })
	conn, err := connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	if err := conn.QueryRow(t.Context(), "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil || n != len(storetest.MigrationFiles(t)) {
		t.Errorf("schema_migrations: %d rows, %v; want one per migration (%d)", n, err, len(storetest.MigrationFiles(t)))
	}
	if _, err := conn.Exec(t.Context(), "INSERT INTO schema_migrations (version, name) VALUES (99, '0099_future.sql')"); err != nil {
		t.Fatal(err)
	}
	if s, err := postgres.Open(t.Context(), dsn); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("Open of a newer schema: %v, want an error", err)
		if s != nil {
			s.Close()
		}
	}
}

func TestOpenRefusesAsynchronousCommit(t *testing.T) {
	dsn := newSchema(t)
	for _, mode := range []string{"off", "local", "remote_write"} {
		s, err := postgres.Open(t.Context(), withParam(t, dsn, "synchronous_commit", mode))
		if err == nil {
			s.Close()
			t.Errorf("Open with synchronous_commit=%s: no error", mode)
		} else if !strings.HasPrefix(err.Error(), "postgres: ") || !strings.Contains(err.Error(), "synchronous_commit") {
			t.Errorf("Open with synchronous_commit=%s: %v", mode, err)
		}
	}
}

func TestOpenBadDSN(t *testing.T) {
	if s, err := postgres.Open(t.Context(), "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"); err == nil {
		s.Close()
		t.Fatal("Open of a closed port: no error")
	} else if !strings.HasPrefix(err.Error(), "postgres: ") {
		t.Errorf("error %q lacks the postgres: prefix", err)
	}
}
