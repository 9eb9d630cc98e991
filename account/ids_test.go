package account

import "testing"

// TestNewIDs: user and token ids have their length, only lower-case
// letters and digits, and do not repeat.
func TestNewIDs(t *testing.T) {
	tests := []struct {
		name string
		make func() string
		n    int
	}{
		{"user", NewUserID, UserIDLen},
		{"token", NewTokenID, TokenIDLen},
	}
	for _, tc := range tests {
		seen := map[string]bool{}
		for range 200 {
			id := tc.make()
			if len(id) != tc.n || seen[id] {
				t.Fatalf("%s id %q (length %d, want %d; seen before: %v)", tc.name, id, len(id), tc.n, seen[id])
			}
			for _, r := range id {
				if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
					t.Fatalf("%s id %q has %q", tc.name, id, r)
				}
			}
			seen[id] = true
		}
	}
}
