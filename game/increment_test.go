package game

import (
	"testing"
	"time"
)

// TestIncrementFromTheFirstMove: every kind of game adds the increment
// after every move, the first two included (FIDE 6.3), whether its clock
// starts with the second move (games from the lobby, challenges, rematches,
// games against the AI) or at a set time (scheduled games); a per-move
// clock gives its allowance back instead.
func TestIncrementFromTheFirstMove(t *testing.T) {
	whole := func(t testing.TB) TimeControl { return wholeGame(t, time.Minute, 10*time.Second) }
	perMove := func(t testing.TB) TimeControl { return mustPerMove(t, 30*time.Second) }
	tests := []struct {
		name      string
		white     Player
		black     Player
		tc        func(testing.TB) TimeControl
		rated     bool
		scheduled bool
		// after the first move and after the second: each side's time.
		want [2]time.Duration
	}{
		{"lobby seek, rated", alice, bob, whole, true, false, [2]time.Duration{70 * time.Second, 70 * time.Second}},
		{"challenge, casual", alice, bob, whole, false, false, [2]time.Duration{70 * time.Second, 70 * time.Second}},
		{"rematch, colours swapped", bob, alice, whole, false, false, [2]time.Duration{70 * time.Second, 70 * time.Second}},
		{"against the AI", alice, ai3, whole, false, false, [2]time.Duration{70 * time.Second, 70 * time.Second}},
		// The clock ran from the start: White spent 5 s before moving.
		{"scheduled", alice, bob, whole, true, true, [2]time.Duration{65 * time.Second, 65 * time.Second}},
		{"per move: the allowance, no increment", alice, bob, perMove, false, false, [2]time.Duration{30 * time.Second, 30 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			now.t = now.t.Truncate(time.Second)
			cfg := Config{ID: "g", White: tt.white, Black: tt.black, TimeControl: tt.tc(t), Rated: tt.rated, Now: now.Now}
			if tt.scheduled {
				cfg.ScheduledAt = now.Now().Add(2 * time.Hour)
			}
			g, err := New(cfg)
			must(t, err)
			if tt.scheduled {
				now.t = cfg.ScheduledAt
			}
			for i, uci := range []string{"e2e4", "e7e5"} {
				side := Side(i)
				now.Advance(5 * time.Second)
				rec, err := g.Move(side, uci, 0, int64(i+1))
				must(t, err)
				if rec.Remaining != tt.want[i] {
					t.Errorf("after move %d %v has %v, want %v", i+1, side, rec.Remaining, tt.want[i])
				}
				if left, _ := g.Remaining(side); left != tt.want[i] {
					t.Errorf("after move %d the game shows %v with %v", i+1, side, left)
				}
			}
		})
	}
}
