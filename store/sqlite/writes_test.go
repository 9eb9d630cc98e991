package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// TestBatchWithFailedWrites: writes that share one commit each get their
// own outcome. A write that fails after changing a row leaves nothing of
// itself, and the batch's other writes are stored, whether the failure is
// the batch's only write, its first, one among many, or all of them.
func TestBatchWithFailedWrites(t *testing.T) {
	tests := []struct {
		name string
		fail []bool // per write of the batch: whether it fails
	}{
		{"a lone write that fails", []bool{true}},
		{"a lone write", []bool{false}},
		{"none fails", []bool{false, false, false, false}},
		{"the first fails", []bool{true, false, false}},
		{"one in the middle fails", []bool{false, false, true, false, false}},
		{"the last fails", []bool{false, false, true}},
		{"every write fails", []bool{true, true, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			// A write that holds the writer until every other write is
			// queued, so that they all share the next commit.
			hold, held := make(chan struct{}), make(chan struct{})
			var wg sync.WaitGroup
			wg.Go(func() {
				if err := s.q.Do(ctx, func(sqlstore.Querier) error { close(held); <-hold; return nil }); err != nil {
					t.Errorf("the holding write: %v", err)
				}
			})
			<-held
			errFailed := errors.New("refused by the test")
			errs := make([]error, len(tt.fail))
			for i, fail := range tt.fail {
				wg.Go(func() {
					errs[i] = s.q.Do(ctx, func(q sqlstore.Querier) error {
						if _, err := q.Exec("INSERT INTO nodes (node, last_seen, stopped) VALUES ($1, 1, 0)", fmt.Sprint("n", i)); err != nil {
							return err
						}
						if fail {
							return errFailed
						}
						return nil
					})
				})
			}
			for s.q.Queued() < len(tt.fail) {
				runtime.Gosched()
			}
			close(hold)
			wg.Wait()
			for i, fail := range tt.fail {
				var n int
				if err := s.rdb.QueryRowContext(ctx, "SELECT count(*) FROM nodes WHERE node = ?", fmt.Sprint("n", i)).Scan(&n); err != nil {
					t.Fatal(err)
				}
				switch {
				case fail && !errors.Is(errs[i], errFailed):
					t.Errorf("write %d: error %v, want its own", i, errs[i])
				case fail && n != 0:
					t.Errorf("write %d failed but its row is stored", i)
				case !fail && errs[i] != nil:
					t.Errorf("write %d: %v", i, errs[i])
				case !fail && n != 1:
					t.Errorf("write %d succeeded but %d rows are stored", i, n)
				}
			}
		})
	}
}

// TestFailedCommitRolledBack: a transaction whose COMMIT fails (here a
// foreign key checked only at the commit) stores nothing, its write gets
// the commit's error, and the writer's next transaction begins and
// commits as usual: the failed one does not stay open.
func TestFailedCommitRolledBack(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.q.Do(ctx, func(q sqlstore.Querier) error {
		if _, err := q.Exec("PRAGMA defer_foreign_keys = ON"); err != nil {
			return err
		}
		_, err := q.Exec("INSERT INTO moves (game_id, ply, uci, san) VALUES ('nowhere', 0, 'e2e4', 'e4')")
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "commit") {
		t.Fatalf("a write whose commit fails: %v, want the commit's error", err)
	}
	if err := s.q.Do(ctx, func(q sqlstore.Querier) error {
		_, err := q.Exec("INSERT INTO nodes (node, last_seen, stopped) VALUES ('after', 1, 0)")
		return err
	}); err != nil {
		t.Fatalf("the next write: %v", err)
	}
	var moves, nodes int
	if err := s.rdb.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM moves), (SELECT count(*) FROM nodes WHERE node = 'after')").Scan(&moves, &nodes); err != nil {
		t.Fatal(err)
	}
	if moves != 0 || nodes != 1 {
		t.Fatalf("stored: %d moves (want 0), %d nodes named after (want 1)", moves, nodes)
	}
}

// TestWriterPreparesOnce: a text the writer executes is prepared on its
// connection the first time, inside the transaction, and the same
// statement runs it after; a text SQLite refuses fails with SQLite's own
// error and is not kept.
func TestWriterPreparesOnce(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const insert = "INSERT INTO nodes (node, last_seen, stopped) VALUES ($1, 1, 0)"
	var first driver.Stmt
	for i := range 2 {
		if err := s.q.Do(ctx, func(q sqlstore.Querier) error {
			if _, err := q.Exec(insert, fmt.Sprint("n", i)); err != nil {
				return err
			}
			p, ok := s.stmts.execs[text(insert).text]
			switch {
			case !ok:
				t.Errorf("write %d: the text was not prepared", i)
			case first == nil:
				first = p
			case p != first:
				t.Errorf("write %d: the text was prepared again", i)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	err = s.q.Do(ctx, func(q sqlstore.Querier) error {
		_, err := q.Exec("INSERT INTO no_such_table VALUES (1)")
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "no_such_table") {
		t.Fatalf("a text SQLite refuses: %v, want its error", err)
	}
	if _, ok := s.stmts.execs["INSERT INTO no_such_table VALUES (1)"]; ok {
		t.Error("a text SQLite refuses was kept as prepared")
	}
}

// level is a named integer type, as the store's codes are.
type level int8

// celsius is a driver.Valuer.
type celsius float64

func (c celsius) Value() (driver.Value, error) { return float64(c) + 273.15, nil }

// TestWriterArguments: the writer's statements take their arguments as
// database/sql would convert them (named integer types, a driver.Valuer,
// nil, a byte slice, a time as microseconds and the zero time as NULL);
// an argument no conversion takes, or too few of them (the driver's
// own error), fails the write with nothing stored; the arguments are not kept after the call.
func TestWriterArguments(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.q.Do(ctx, func(q sqlstore.Querier) error {
		_, err := q.Exec("CREATE TABLE args (n INTEGER, i INTEGER, f REAL, s TEXT, b BLOB, t INTEGER, z INTEGER, x)")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 7, 5, 6, 7, 123456789, time.FixedZone("CET", 3600))
	const insert = "INSERT INTO args VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
	write := func(a ...any) error {
		return s.q.Do(ctx, func(q sqlstore.Querier) error {
			n, err := q.Exec(insert, a...)
			if err == nil && n != 1 {
				t.Errorf("%d rows changed, want 1", n)
			}
			return err
		})
	}
	if err := write(level(-3), 300, celsius(20), "ñ", []byte{0, 1}, at, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, a := range s.stmts.args {
		if a.Value != nil {
			t.Fatalf("the writer keeps the argument %v after the call", a.Value)
		}
	}
	var (
		n, i, tm   int64
		f          float64
		str        string
		b          []byte
		z, x       sql.NullInt64
		zero, null bool
	)
	if err := s.rdb.QueryRowContext(ctx, "SELECT n, i, f, s, b, t, z, x, z IS NULL, x IS NULL FROM args").Scan(&n, &i, &f, &str, &b, &tm, &z, &x, &zero, &null); err != nil {
		t.Fatal(err)
	}
	if n != -3 || i != 300 || f != 293.15 || str != "ñ" || string(b) != "\x00\x01" || tm != at.UnixMicro() || !zero || !null {
		t.Errorf("stored %d %d %v %q %v %d, zero time NULL %v, nil NULL %v", n, i, f, str, b, tm, zero, null)
	}
	for _, bad := range []struct {
		name string
		args []any
		want string
	}{
		{"a value no conversion takes", []any{1, 2, 3, "s", nil, at, at, struct{}{}}, "argument $8"},
		{"too few arguments", []any{1, 2, 3}, "takes 8 arguments, 3 given"},
	} {
		if err := write(bad.args...); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want an error naming %q", bad.name, err, bad.want)
		}
	}
	var rows int
	if err := s.rdb.QueryRowContext(ctx, "SELECT count(*) FROM args").Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != 1 {
		t.Errorf("%d rows stored, want only the first write's", rows)
	}
}
