package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/storetest"
)

// defaultDSN is the test server that make test starts.
const defaultDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// testDSN returns the DSN of the test server: $JOINPAL_TEST_POSTGRES or
// defaultDSN.
func testDSN() string {
	if dsn := os.Getenv("JOINPAL_TEST_POSTGRES"); dsn != "" {
		return dsn
	}
	return defaultDSN
}

// withParam returns dsn with the run-time parameter key set to value.
func withParam(tb testing.TB, dsn, key, value string) string {
	if strings.Contains(dsn, "://") {
		u, err := url.Parse(dsn)
		if err != nil {
			tb.Fatalf("bad DSN %q: %v", dsn, err)
		}
		q := u.Query()
		q.Set(key, value)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return dsn + " " + key + "=" + value
}

// newSchema creates an empty schema of its own for tb and drops it when tb
// ends, and returns a DSN whose search_path is that schema. It fails tb —
// never skips — if PostgreSQL cannot be reached.
func newSchema(tb testing.TB) string {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dsn := testDSN()
	conn, err := connect(ctx, dsn)
	if err != nil {
		tb.Fatalf("cannot connect to PostgreSQL at %q: %v\n"+
			"Start it (make services, or pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start)"+
			" or point JOINPAL_TEST_POSTGRES at a server.", dsn, err)
	}
	defer conn.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	schema := "jp_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("create schema %s: %v", schema, err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		conn, err := connect(ctx, dsn)
		if err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return withParam(tb, dsn, "search_path", schema)
}

// connect opens one connection to dsn, which may hold pool settings.
func connect(ctx context.Context, dsn string) (*pgx.Conn, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	return pgx.ConnectConfig(ctx, cfg.ConnConfig)
}

func openFor(tb testing.TB, opts ...postgres.Option) *postgres.Store {
	tb.Helper()
	s, err := postgres.Open(tb.Context(), schemaDSN(tb), opts...)
	return storetest.Opened(tb, s, err)
}

// schemaDSN is the DSN of tb's schema: its own, the same on every call
// with tb.
func schemaDSN(tb testing.TB) string {
	return storetest.Storage(tb, func() string { return newSchema(tb) })
}

// TestConformance runs every conformance suite.
func TestConformance(t *testing.T) {
	storetest.RunAll(t, func(tb testing.TB) storetest.FullStore { return openFor(tb) }, refuseRatingChanges)
}

// Without group commit, each write is its own transaction.
func TestConformanceNoGroupCommit(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Store { return openFor(t, postgres.WithGroupCommit(false)) })
}

// refuseRatingChanges makes the storage of t refuse the rating changes of
// the games whose id starts with storetest.RefusedPrefix.
func refuseRatingChanges(t *testing.T) {
	// A trigger makes PostgreSQL raise an error in the statement, as
	// a full disk or a lost connection would fail it.
	conn, err := connect(t.Context(), schemaDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	if _, err := conn.Exec(t.Context(), `CREATE FUNCTION refuse_rating_changes() RETURNS trigger
		LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
		CREATE TRIGGER refuse_rating_changes BEFORE INSERT ON rating_changes FOR EACH ROW
		WHEN (NEW.game_id LIKE '`+storetest.RefusedPrefix+`%') EXECUTE FUNCTION refuse_rating_changes()`); err != nil {
		t.Fatalf("create the refusing trigger: %v", err)
	}
}

// BenchmarkStore runs every storage benchmark, AppendMove with group
// commit (the default).
func BenchmarkStore(b *testing.B) {
	storetest.BenchmarkAll(b, func(tb testing.TB) storetest.FullStore { return openFor(tb) })
}

// BenchmarkAppendMoveNoGroupCommit: every move its own transaction on a
// pooled connection, PostgreSQL grouping the WAL flushes of concurrent
// commits by itself.
func BenchmarkAppendMoveNoGroupCommit(b *testing.B) {
	storetest.BenchmarkAppendMove(b, func(b *testing.B) game.Store {
		return openFor(b, postgres.WithGroupCommit(false))
	})
}
