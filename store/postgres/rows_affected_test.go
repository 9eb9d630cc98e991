package postgres_test

import (
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/joinpal/joinpal/store/postgres"
)

// TestRowsAffected: the rows a statement changed are read from its command
// tag as pgx reads them.
func TestRowsAffected(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		want int64
	}{
		{"UPDATE 1", 1},
		{"UPDATE 0", 0},
		{"INSERT 0 1", 1},
		{"INSERT 0 256", 256},
		{"DELETE 12345678901", 12345678901},
		{"SELECT 3", 3},
		{"CREATE TABLE", 0},
		{"", 0},
		{"7", 7},
	} {
		if got := postgres.RowsAffected([]byte(tc.tag)); got != tc.want {
			t.Errorf("RowsAffected(%q) = %d, want %d", tc.tag, got, tc.want)
		}
	}
}

// FuzzRowsAffected: any tag reads as pgx's CommandTag reads it.
func FuzzRowsAffected(f *testing.F) {
	for _, tag := range []string{"UPDATE 1", "INSERT 0 1", "MERGE 42", "", "BEGIN", "x9"} {
		f.Add([]byte(tag))
	}
	f.Fuzz(func(t *testing.T, tag []byte) {
		if got, want := postgres.RowsAffected(tag), pgconn.NewCommandTag(string(tag)).RowsAffected(); got != want {
			t.Fatalf("RowsAffected(%q) = %d, pgx reads %d", tag, got, want)
		}
	})
}
