package game

import "testing"

// TestNewConfig: a new game's configuration has its players, its clock and
// a fresh id of IDLen lower-case letters and digits, different each time.
func TestNewConfig(t *testing.T) {
	tc, err := ParseTimeControl("5+3")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for range 100 {
		cfg := NewConfig(alice, bob, tc)
		if cfg.White != alice || cfg.Black != bob || cfg.TimeControl != tc || cfg.Rated || !cfg.ScheduledAt.IsZero() {
			t.Fatalf("config %+v", cfg)
		}
		if len(cfg.ID) != IDLen || seen[cfg.ID] {
			t.Fatalf("id %q (seen: %v)", cfg.ID, seen[cfg.ID])
		}
		for _, r := range cfg.ID {
			if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
				t.Fatalf("id %q has %q", cfg.ID, r)
			}
		}
		seen[cfg.ID] = true
		if _, err := New(cfg); err != nil {
			t.Fatalf("New(%+v): %v", cfg, err)
		}
	}
}
