package game

import (
	"testing"
	"time"
)

// TestLeaveRule: leaving aborts exactly while Abort would be accepted, and
// resigns from then on — before the first moves too in a game that cannot
// be aborted (a scheduled one).
func TestLeaveRule(t *testing.T) {
	tests := []struct {
		name      string
		scheduled bool
		moves     []string
		leaver    Side
		status    Status
		result    Result
	}{
		{"no move yet, White leaves", false, nil, White, StatusAborted, NoResult},
		{"no move yet, Black leaves", false, nil, Black, StatusAborted, NoResult},
		{"White moved, White leaves", false, []string{"e2e4"}, White, StatusAborted, NoResult},
		{"White moved, Black leaves", false, []string{"e2e4"}, Black, StatusAborted, NoResult},
		{"both moved, White leaves", false, []string{"e2e4", "e7e5"}, White, StatusEnded, BlackWins},
		{"both moved, Black leaves", false, []string{"e2e4", "e7e5"}, Black, StatusEnded, WhiteWins},
		{"scheduled, started, no move yet: resigns", true, nil, White, StatusEnded, BlackWins},
		{"scheduled, White moved, Black leaves: resigns", true, []string{"e2e4"}, Black, StatusEnded, WhiteWins},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			var g *Game
			if tt.scheduled {
				var start time.Time
				g, start = scheduled(t, now, 0)
				now.Advance(start.Sub(now.Now()) - CheckInWindow)
				must(t, g.Reconnect(White))
				must(t, g.Reconnect(Black))
				now.Advance(CheckInWindow)
				g.Expire()
			} else {
				g = newGame(t, now, wholeGame(t, 5*time.Minute, 0), "")
			}
			moves(t, g, now, time.Second, tt.moves...)
			abortErr := g.abortable()
			must(t, g.Leave(tt.leaver))
			if (abortErr == nil) != (tt.status == StatusAborted) {
				t.Fatalf("abortable() = %v, but leaving gave %v", abortErr, g.Status())
			}
			term := Resignation
			if tt.status == StatusAborted {
				term = TerminationNone
			}
			wantEnd(t, g, tt.status, term, tt.result)
		})
	}
}
