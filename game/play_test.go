package game

import (
	"testing"
	"time"
)

// TestMayMove: the one judge of "game over" and "your turn" answers as
// Move does before it looks at the move.
func TestMayMove(t *testing.T) {
	now := newFakeTime()
	running := newGame(t, now, wholeGame(t, 5*time.Minute, 0), "")
	moves(t, running, now, time.Second, "e2e4")
	ended := newGame(t, now, wholeGame(t, 5*time.Minute, 0), "")
	moves(t, ended, now, time.Second, "e2e4")
	if err := ended.Resign(Black); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		g    *Game
		side Side
		code Code
	}{
		{"on turn", running, Black, ""},
		{"out of turn", running, White, CodeNotYourTurn},
		{"over, on turn", ended, Black, CodeGameOver},
		{"over, out of turn", ended, White, CodeGameOver},
	}
	for _, tc := range tests {
		err := tc.g.MayMove(tc.side)
		if CodeOf(err) != tc.code || (tc.code == "") != (err == nil) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.code)
		}
		if tc.code == "" {
			continue
		}
		if _, err := tc.g.Move(tc.side, "a7a6", 0, 0); CodeOf(err) != tc.code {
			t.Errorf("%s: Move says %v, want %q", tc.name, err, tc.code)
		}
	}
}

// TestMoveBeforeAScheduledStart: out of turn is said before "not started",
// as the live runtime says it.
func TestMoveBeforeAScheduledStart(t *testing.T) {
	now := newFakeTime()
	g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: wholeGame(t, 5*time.Minute, 0),
		ScheduledAt: now.Now().Add(2 * time.Hour), Now: now.Now})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		side Side
		uci  string
		code Code
	}{{Black, "e7e5", CodeNotYourTurn}, {White, "e2e4", CodeNotStarted}} {
		if _, err := g.Move(tc.side, tc.uci, 0, 0); CodeOf(err) != tc.code {
			t.Errorf("%s %s: %v, want %s", tc.side, tc.uci, err, tc.code)
		}
	}
}
