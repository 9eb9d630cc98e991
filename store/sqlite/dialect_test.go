package sqlite

import "testing"

// TestText: the shared queries' $n become SQLite's numbered ?n, which
// keep their number however often and in whatever order they appear.
func TestText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"WHERE a = $1 AND b = $2", "WHERE a = ?1 AND b = ?2"},
		{"SET x = $2 WHERE id = $1 OR y = $1", "SET x = ?2 WHERE id = ?1 OR y = ?1"},
		{"LIMIT $10", "LIMIT ?10"},
		{"cost $ and $x stay", "cost $ and $x stay"},
	} {
		for range 2 { // the second time from the cache
			if got := text(tt.in); got != tt.want {
				t.Errorf("text(%q) = %q, want %q", tt.in, got, tt.want)
			}
		}
	}
}
