package game

import (
	"testing"
	"time"
)

// TestBerserk: a berserk halves the player's time and takes their
// increment away for the whole game; it is allowed once per side, before
// that side's first move, on a whole-game clock only, and a refusal
// changes nothing.
func TestBerserk(t *testing.T) {
	tests := []struct {
		name    string
		tc      func(testing.TB) TimeControl
		before  []string // moves played first
		side    Side
		twice   bool
		refused bool
		// each side's time after e2e4 e7e5 (played 5 s apart, after the
		// moves before), when not refused
		want [2]time.Duration
	}{
		{"white at the start", func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 2*time.Second) }, nil, White, false, false,
			[2]time.Duration{90 * time.Second, 182 * time.Second}},
		{"black at the start", func(t testing.TB) TimeControl { return wholeGame(t, time.Minute, 0) }, nil, Black, false, false,
			[2]time.Duration{60 * time.Second, 30 * time.Second}},
		{"black after white's first move", func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 2*time.Second) }, []string{"e2e4"}, Black, false, false,
			[2]time.Duration{182 * time.Second, 90 * time.Second}},
		{"white after its first move", func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 0) }, []string{"e2e4"}, White, false, true, [2]time.Duration{}},
		{"twice", func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 0) }, nil, White, true, true, [2]time.Duration{}},
		{"per move", func(t testing.TB) TimeControl { return mustPerMove(t, 30*time.Second) }, nil, White, false, true, [2]time.Duration{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, tt.tc(t), "")
			for i, u := range tt.before {
				if _, err := g.Move(Side(i%2), u, 0, int64(i+1)); err != nil {
					t.Fatal(err)
				}
			}
			err := g.Berserk(tt.side)
			if tt.twice && err == nil {
				err = g.Berserk(tt.side)
			}
			if tt.refused {
				if CodeOf(err) != CodeCannotBerserk {
					t.Fatalf("Berserk = %v, want %s", err, CodeCannotBerserk)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c, _ := g.Clock(); !c.Berserk[tt.side] || c.Berserk[tt.side.Other()] {
				t.Errorf("snapshot berserk %v", c.Berserk)
			}
			rest := []string{"e2e4", "e7e5"}[len(tt.before):]
			for i, u := range rest {
				now.Advance(5 * time.Second)
				if _, err := g.Move(Side(len(tt.before)+i), u, 0, int64(10+i)); err != nil {
					t.Fatal(err)
				}
			}
			for side := White; side <= Black; side++ {
				if left, _ := g.Remaining(side); left != tt.want[side] {
					t.Errorf("%v has %v, want %v", side, left, tt.want[side])
				}
			}
			snap, _ := g.Clock()
			c, err := RestoreClock(snap, now.Now)
			if err != nil || !c.Berserked(tt.side) || c.Berserked(tt.side.Other()) {
				t.Errorf("restored clock: berserk %v %v, err %v", c.Berserked(White), c.Berserked(Black), err)
			}
		})
	}
}
