package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
	"github.com/joinpal/joinpal/store/postgres"
)

// pipelineTable opens a store on a schema of its own, creates a table
// there with ddl, and returns the store and a connection to read it.
func pipelineTable(t *testing.T, ddl string) (*postgres.Store, *pgx.Conn) {
	t.Helper()
	s := openFor(t)
	admin, err := connect(t.Context(), schemaDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close(context.Background()) })
	if _, err := admin.Exec(t.Context(), ddl); err != nil {
		t.Fatal(err)
	}
	return s, admin
}

// TestPipelined: a writers' batch is one transaction sent a few
// statements at a time: every statement's rows changed are told in order,
// an empty string stays a string and nil is NULL, a time is stored in UTC
// to the microsecond and the zero time as NULL; a statement that fails,
// or arguments that do not fit, leave nothing of the batch stored, and
// the next batch runs.
func TestPipelined(t *testing.T) {
	s, admin := pipelineTable(t, "CREATE TABLE pipe_t (id bigint PRIMARY KEY, s text, at timestamptz, n bigint)")
	const insert = "INSERT INTO pipe_t (id, s, at, n) VALUES ($1, $2, $3, $4)"
	at := time.Date(2026, 12, 7, 3, 4, 5, 123456789, time.FixedZone("CET", 3600))
	var stmts []sqlstore.Stmt
	var want []int64
	for i := range 40 { // past the bytes a flush holds, several times
		var s, when any = fmt.Sprintf("row %d", i), at
		switch i % 4 {
		case 1:
			s = ""
		case 2:
			s = nil
		case 3:
			when = time.Time{}
		}
		stmts = append(stmts, sqlstore.Stmt{SQL: insert, Args: []any{int64(i), s, when, int64(i * i)}})
		want = append(want, 1)
	}
	stmts = append(stmts,
		sqlstore.Stmt{SQL: "UPDATE pipe_t SET n = n + 1 WHERE id < $1", Args: []any{int64(3)}},
		sqlstore.Stmt{SQL: "UPDATE pipe_t SET n = 0 WHERE id = $1", Args: []any{int64(1000)}})
	want = append(want, 3, 0)
	affected, err := postgres.Pipelined(t.Context(), s, stmts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(affected, want) {
		t.Fatalf("rows changed %v, want %v", affected, want)
	}
	rows, err := admin.Query(t.Context(), "SELECT id, s, at, n FROM pipe_t ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var id, v int64
		var str *string
		var when *time.Time
		if err := rows.Scan(&id, &str, &when, &v); err != nil {
			t.Fatal(err)
		}
		wantStr, wantAt, wantN := fmt.Sprintf("row %d", id), at.UTC().Truncate(time.Microsecond), id*id
		if id < 3 {
			wantN++
		}
		switch id % 4 {
		case 1:
			wantStr = ""
		case 2:
			if str != nil {
				t.Errorf("row %d: s %q, want NULL", id, *str)
			}
		case 3:
			if when != nil {
				t.Errorf("row %d: at %v, want NULL", id, *when)
			}
		}
		if id%4 != 2 && (str == nil || *str != wantStr) {
			t.Errorf("row %d: s %v, want %q", id, str, wantStr)
		}
		if id%4 != 3 && (when == nil || !when.Equal(wantAt)) {
			t.Errorf("row %d: at %v, want %v", id, when, wantAt)
		}
		if v != wantN {
			t.Errorf("row %d: n %d, want %d", id, v, wantN)
		}
		n++
	}
	if err := rows.Err(); err != nil || n != 40 {
		t.Fatalf("%d rows stored (%v), want 40", n, err)
	}

	count := func() int {
		var c int
		if err := admin.QueryRow(t.Context(), "SELECT count(*) FROM pipe_t").Scan(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, tc := range []struct {
		name  string
		stmts []sqlstore.Stmt
		code  string // PostgreSQL's error code; "" for an error before sending
	}{
		{"a key taken in the middle", []sqlstore.Stmt{
			{SQL: insert, Args: []any{int64(100), "a", nil, int64(0)}},
			{SQL: insert, Args: []any{int64(5), "taken", nil, int64(0)}},
			{SQL: insert, Args: []any{int64(101), "b", nil, int64(0)}},
		}, "23505"},
		{"too few arguments", []sqlstore.Stmt{
			{SQL: insert, Args: []any{int64(102), "c", nil, int64(0)}},
			{SQL: insert, Args: []any{int64(103)}},
		}, ""},
		{"a string sent as text PostgreSQL refuses", []sqlstore.Stmt{
			{SQL: insert, Args: []any{int64(104), "d", nil, int64(0)}},
			{SQL: insert, Args: []any{"not a number", "e", nil, int64(0)}},
		}, "22P02"},
		{"a value no type takes", []sqlstore.Stmt{
			{SQL: insert, Args: []any{int64(105), "f", nil, int64(0)}},
			{SQL: insert, Args: []any{int64(106), "g", nil, struct{ x int }{1}}},
		}, ""},
	} {
		_, err := postgres.Pipelined(t.Context(), s, tc.stmts)
		var pe *pgconn.PgError
		switch {
		case err == nil:
			t.Errorf("%s: no error", tc.name)
		case tc.code != "" && (!errors.As(err, &pe) || pe.Code != tc.code):
			t.Errorf("%s: %v, want PostgreSQL's %s", tc.name, err, tc.code)
		case tc.code == "" && errors.As(err, &pe):
			t.Errorf("%s: PostgreSQL's %v, want an error before sending", tc.name, err)
		}
		if c := count(); c != 40 {
			t.Errorf("%s: %d rows stored, want the 40 before", tc.name, c)
		}
	}
	if _, err := postgres.Pipelined(t.Context(), s, []sqlstore.Stmt{{SQL: insert, Args: []any{int64(200), "after", at, int64(1)}}}); err != nil {
		t.Fatalf("a batch after the failed ones: %v", err)
	}
	if c := count(); c != 41 {
		t.Errorf("%d rows stored after the last batch, want 41", c)
	}
}

// TestPipelinedContextEnds: a batch whose context ends while PostgreSQL
// runs it returns the context's error without waiting for the answer, and
// leaves no connection in doubt behind: the next batches run, on both
// writers' connections. A statement that returns rows counts its rows.
func TestPipelinedContextEnds(t *testing.T) {
	s := openFor(t)
	stmts := []sqlstore.Stmt{{SQL: "SELECT pg_sleep($1)", Args: []any{float64(2)}}}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	if _, err := postgres.Pipelined(ctx, s, stmts); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a batch past its context's end: %v, want %v", err, context.DeadlineExceeded)
	}
	for i := range 4 {
		affected, err := postgres.Pipelined(t.Context(), s, []sqlstore.Stmt{
			{SQL: "SELECT generate_series(1, $1)", Args: []any{int64(i + 2)}},
		})
		if err != nil {
			t.Fatalf("batch %d after the one given up: %v", i, err)
		}
		if !slices.Equal(affected, []int64{int64(i + 2)}) {
			t.Errorf("batch %d: rows %v, want [%d]", i, affected, i+2)
		}
	}
}

// TestPipelinedTransactionLeftOpen: a batch that begins a transaction it
// does not end fails, commits nothing after its BEGIN, and leaves no
// connection inside a transaction: the batches after it commit.
func TestPipelinedTransactionLeftOpen(t *testing.T) {
	s, admin := pipelineTable(t, "CREATE TABLE pipe_tx (id bigint PRIMARY KEY)")
	const insert = "INSERT INTO pipe_tx (id) VALUES ($1)"
	if _, err := postgres.Pipelined(t.Context(), s, []sqlstore.Stmt{
		{SQL: "BEGIN"}, {SQL: insert, Args: []any{int64(1)}},
	}); err == nil {
		t.Fatal("a batch that left its transaction open: no error")
	}
	for i := int64(2); i <= 5; i++ { // on both writers' connections
		if _, err := postgres.Pipelined(t.Context(), s, []sqlstore.Stmt{{SQL: insert, Args: []any{i}}}); err != nil {
			t.Fatalf("batch %d after it: %v", i, err)
		}
	}
	var ids []int64
	rows, err := admin.Query(t.Context(), "SELECT id FROM pipe_tx ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if want := []int64{2, 3, 4, 5}; !slices.Equal(ids, want) {
		t.Errorf("rows stored %v, want %v", ids, want)
	}
}
