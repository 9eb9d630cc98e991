package sqlite

import (
	"context"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// TestText: the shared queries' $n become SQLite's anonymous ?, and the
// arguments are put in the parameters' order, however often and in
// whatever order the query names them.
func TestText(t *testing.T) {
	at := time.UnixMicro(1_700_000_000_000_000)
	for _, tt := range []struct {
		in       string
		want     string
		args     []any
		wantArgs []any
		inOrder  bool
	}{
		{"SELECT 1", "SELECT 1", nil, nil, true},
		{"WHERE a = $1 AND b = $2", "WHERE a = ? AND b = ?", []any{"x", 2}, []any{"x", 2}, true},
		{"SET x = $2 WHERE id = $1 OR y = $1", "SET x = ? WHERE id = ? OR y = ?", []any{"id", "x"}, []any{"x", "id", "id"}, false},
		{"LIMIT $10", "LIMIT ?", []any{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, []any{10}, false},
		{"a = $1, b = $1", "a = ?, b = ?", []any{7}, []any{7, 7}, false},
		{"SET t = $2 WHERE id = $1", "SET t = ? WHERE id = ?", []any{"id", at}, []any{at.UnixMicro(), "id"}, false},
		{"t = $1", "t = ?", []any{time.Time{}}, []any{nil}, true},
		{"cost $ and $x stay, $", "cost $ and $x stay, $", nil, nil, true},
	} {
		for range 2 { // the second time from the cache
			q := text(tt.in)
			if q.text != tt.want {
				t.Errorf("text(%q) = %q, want %q", tt.in, q.text, tt.want)
			}
			if (q.order == nil) != tt.inOrder {
				t.Errorf("text(%q): order %v, want in order: %v", tt.in, q.order, tt.inOrder)
			}
			got, err := q.args(tt.args)
			if err != nil || !reflect.DeepEqual(got, tt.wantArgs) {
				t.Errorf("text(%q).args(%v) = %v, %v; want %v", tt.in, tt.args, got, err, tt.wantArgs)
			}
		}
	}
}

// TestTextTooFewArguments: a query given fewer arguments than it names is
// refused before it runs, on the read path and on the writer's, and
// changes nothing.
func TestTextTooFewArguments(t *testing.T) {
	for _, tt := range []struct {
		query string
		args  []any
	}{
		{"WHERE a = $1 AND b = $2", []any{1}},
		{"SET x = $3 WHERE id = $1", []any{1, 2}},
		{"WHERE a = $0", []any{1}},
	} {
		if got, err := text(tt.query).args(tt.args); err == nil {
			t.Errorf("text(%q).args(%v) = %v, want an error", tt.query, tt.args, got)
		}
	}
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, query := range []string{
		"INSERT INTO nodes (node, last_seen, stopped) VALUES ($1, $2, 0)",
		"INSERT INTO nodes (node, last_seen, stopped) VALUES ($1, $3, $2)",
	} {
		err := s.q.Do(ctx, func(q sqlstore.Querier) error {
			_, err := q.Exec(query, "n")
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "arguments, 1 given") {
			t.Errorf("the writer ran %q short of arguments: %v", query, err)
		}
		var row sqlstore.Row
		_ = (*backend)(s).ReadOne(ctx, func(q sqlstore.Querier) error {
			row = q.QueryRow("SELECT count(*) FROM nodes WHERE node = $1 AND last_seen = $2", "n")
			return nil
		})
		var n int
		if err := row.Scan(&n); err == nil || !strings.Contains(err.Error(), "arguments, 1 given") {
			t.Errorf("a read short of an argument: %v", err)
		}
	}
	err = s.q.Do(ctx, func(q sqlstore.Querier) error {
		_, err := q.Exec("INSERT INTO nodes (node, last_seen, stopped) VALUES ($1, $0, 0)", "n")
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "parameter $0") {
		t.Errorf("the writer ran a query with a parameter $0: %v", err)
	}
	var n int
	if err := s.rdb.QueryRowContext(ctx, "SELECT count(*) FROM nodes WHERE node = 'n'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("nodes named n: %d, %v; want none", n, err)
	}
}

// FuzzParseQuery: any text parses; each $n (a $ and its digits) becomes a
// ?, the rest of the text stays as it is, and the parameters' order names
// each $n's argument.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", "SELECT 1", "a = $1 AND b = $2", "x = $2 OR $1 = $2", "$", "$$1", "$0", "?1 $1", "$99999999999999999999", "'$1' = $1"} {
		f.Add(s)
	}
	param := regexp.MustCompile(`\$[0-9]+`)
	f.Fuzz(func(t *testing.T, query string) {
		q := parseQuery(query)
		if want := param.ReplaceAllLiteralString(query, "?"); q.text != want {
			t.Fatalf("parseQuery(%q).text = %q, want %q", query, q.text, want)
		}
		matches := param.FindAllString(query, -1)
		want, highest := make([]int, len(matches)), 0
		inOrder := true
		for k, m := range matches {
			n, err := strconv.Atoi(m[1:])
			if err != nil || n > maxParam {
				n = maxParam
			}
			want[k], highest = n-1, max(highest, n)
			inOrder = inOrder && n == k+1
		}
		if inOrder {
			want = nil
		}
		if !reflect.DeepEqual(q.order, want) || q.params != highest {
			t.Fatalf("parseQuery(%q): order %v and %d params, want %v and %d", query, q.order, q.params, want, highest)
		}
	})
}
