package game

import (
	"testing"
	"time"
)

// startedGame returns a game under tc whose clock has just started: both
// first moves are made, White is to move with the base time and the
// increment its first move earned.
func startedGame(t *testing.T, tc TimeControl) (*Game, *fakeTime) {
	t.Helper()
	now := newFakeTime()
	g := newGame(t, now, tc, "")
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	return g, now
}

// TestFlagWithLagGrace: a move that arrives after the raw deadline is
// played if its lag credit brings the time charged below the time left,
// unless it arrives after the grace (min(quota, 2 s)); the flag adds no
// increment and does not play the move.
func TestFlagWithLagGrace(t *testing.T) {
	tests := []struct {
		name string
		tc   string
		// before runs after the clock started, White to move (a move or
		// two that use up quota, say).
		before func(t *testing.T, g *Game, now *fakeTime)
		after  time.Duration // think time of White's move, from its turn start
		lag    time.Duration
		// played: the move is played and leaves White wantLeft.
		played   bool
		wantLeft time.Duration
	}{
		{name: "in time without lag", tc: "1+0", after: 59999 * ms, played: true, wantLeft: ms},
		{name: "after the deadline, saved by lag", tc: "1+0", after: 60100 * ms, lag: 300 * ms, played: true, wantLeft: 200 * ms},
		{name: "at the last millisecond of the grace", tc: "1+0", after: 61169 * ms, lag: 2 * time.Second, played: true, wantLeft: ms},
		{name: "at the end of the grace, whatever the lag", tc: "1+0", after: 61170 * ms, lag: time.Hour},
		{name: "within the grace but too little lag", tc: "1+0", after: 60500 * ms, lag: 300 * ms},
		{name: "exactly at the deadline with no lag", tc: "1+0", after: time.Minute},
		// At 3+2 White's first move earned 2 s: 182 s to spend.
		{name: "saved by lag, the increment is added", tc: "3+2", after: 182500 * ms, lag: 700 * ms, played: true, wantLeft: 2200 * ms},
		{name: "flagged, no increment", tc: "3+2", after: 183 * time.Second, lag: 500 * ms},
		// At 5+0 the quota starts at 3 s but the grace is at most 2 s: a
		// move after it is lost although its lag would have covered it.
		{name: "beyond the 2 s grace though the quota covers the lag", tc: "5+0", after: 302 * time.Second, lag: 2500 * ms},
		{name: "just inside the 2 s grace", tc: "5+0", after: 301999 * ms, lag: 2500 * ms, played: true, wantLeft: 501 * ms},
		{
			// White has spent its quota on a lying claim: the quota is
			// back to one gain (390 ms), so is the grace, and a move 500
			// ms late with 600 ms of lag, which a fresh quota (1.17 s)
			// would save, is lost.
			name: "no quota left", tc: "1+0",
			before: spendWhitesQuota,
			after:  56670 * ms, lag: 600 * ms, // 500 ms after White's raw deadline at 56.17 s
		},
		{
			name: "no quota left, inside the small grace", tc: "1+0",
			before: spendWhitesQuota,
			after:  56500 * ms, lag: 600 * ms, played: true, wantLeft: 60 * ms,
		},
		{name: "per move: saved by lag", tc: "move:5s", after: 5300 * ms, lag: 400 * ms, played: true, wantLeft: 5 * time.Second},
		{name: "per move: flagged", tc: "move:5s", after: 5300 * ms, lag: 200 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tc, err := ParseTimeControl(tt.tc)
			if err != nil {
				t.Fatal(err)
			}
			g, now := startedGame(t, tc)
			if tt.before != nil {
				tt.before(t, g, now)
			}
			ply, v := g.Ply(), g.Version()
			now.Advance(tt.after)
			rec, err := g.Move(White, "d2d4", tt.lag, 7)
			if tt.played {
				if err != nil {
					t.Fatalf("move refused: %v", err)
				}
				if rec.Remaining != tt.wantLeft || g.Ply() != ply+1 || g.Over() {
					t.Fatalf("played with %v left (ply %d, status %v); want %v left", rec.Remaining, g.Ply(), g.Status(), tt.wantLeft)
				}
				return
			}
			if CodeOf(err) != CodeGameOver {
				t.Fatalf("move: %+v, %v; want it lost on time", rec, err)
			}
			wantEnd(t, g, StatusEnded, Timeout, BlackWins)
			if g.Ply() != ply || g.Version() == v {
				t.Fatalf("ply %d, version %d→%d: the move was played or the end not recorded", g.Ply(), v, g.Version())
			}
			if left, _ := g.Remaining(White); left != 0 {
				t.Fatalf("White has %v after the flag: an increment was added", left)
			}
			if ms := g.State().Clock.WhiteMs; ms != 0 {
				t.Fatalf("stored clock shows %d ms for White after the flag", ms)
			}
		})
	}
}

// spendWhitesQuota has White claim an hour of lag on a 5 s move, which
// spends White's quota (1170 ms at 1+0) and leaves one gain of it; then
// Black answers after a second.
func spendWhitesQuota(t *testing.T, g *Game, now *fakeTime) {
	t.Helper()
	now.Advance(5 * time.Second)
	mustMove(t, g, White, "g1f3", time.Hour)
	now.Advance(time.Second)
	mustMove(t, g, Black, "b8c6", 0)
}

func mustMove(t *testing.T, g *Game, side Side, uci string, lag time.Duration) {
	t.Helper()
	if _, err := g.Move(side, uci, lag, 0); err != nil {
		t.Fatalf("%v %s: %v", side, uci, err)
	}
}

// TestFlagFallsAfterTheGrace: the deadline the runtime's timer waits for
// is the raw deadline plus the grace; Expire flags from then on and not a
// millisecond before.
func TestFlagFallsAfterTheGrace(t *testing.T) {
	tests := []struct {
		tc    string
		grace time.Duration
	}{
		{"1+0", 1170 * ms},       // 3 × 390 ms
		{"2+1", 2 * time.Second}, // 3 × 790 ms, capped
		{"5+3", 2 * time.Second},
		{"move:5s", 1650 * ms}, // 3 × 550 ms
	}
	for _, tt := range tests {
		t.Run(tt.tc, func(t *testing.T) {
			tc, _ := ParseTimeControl(tt.tc)
			g, now := startedGame(t, tc)
			raw := wholeMilli(now.Now()).Add(tc.Initial() + tc.Increment())
			at, ok := g.NextDeadline()
			if !ok || !at.Equal(raw.Add(tt.grace)) {
				t.Fatalf("NextDeadline %v, %v; want the raw deadline + %v", at.Sub(raw), ok, tt.grace)
			}
			now.Advance(tc.Initial() + tc.Increment())
			if left, _ := g.Remaining(White); left != 0 {
				t.Fatalf("%v left at the raw deadline", left)
			}
			now.Advance(tt.grace - ms)
			if g.Expire() || g.Over() {
				t.Fatal("flagged before the end of the grace")
			}
			now.Advance(ms)
			if !g.Expire() {
				t.Fatal("no flag at the end of the grace")
			}
			wantEnd(t, g, StatusEnded, Timeout, BlackWins)
		})
	}
}

// TestLagQuotaScalesWithTheControl checks the gain per move against
// lichess's formula min(1 s, 150 ms + (base + 40 × increment) / 250), and
// the per-move equivalent (20 allowances).
func TestLagQuotaScalesWithTheControl(t *testing.T) {
	tests := []struct {
		tc   string
		gain time.Duration
	}{
		{"1+0", 390 * ms},
		{"1+1", 550 * ms},
		{"2+0", 630 * ms},
		{"2+1", 790 * ms},
		{"3+0", 870 * ms},
		{"3+2", time.Second},
		{"5+0", time.Second},
		{"180+10", time.Second},
		{"move:5s", 550 * ms},
		{"move:10s", 950 * ms},
		{"move:11s", time.Second},
		{"move:1m", time.Second},
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.tc)
		if err != nil {
			t.Fatal(err)
		}
		if g := LagQuotaGain(tc); g != tt.gain || LagQuotaInitial(tc) != 3*g || LagQuotaMax(tc) != 7*g {
			t.Errorf("%s: gain %v, initial %v, max %v; want gain %v", tt.tc, g, LagQuotaInitial(tc), LagQuotaMax(tc), tt.gain)
		}
		c, _ := NewClock(tc, White, nil)
		if c.LagQuota(White) != 3*tt.gain || c.LagQuota(Black) != 3*tt.gain {
			t.Errorf("%s: a new clock's quotas %v, %v", tt.tc, c.LagQuota(White), c.LagQuota(Black))
		}
	}
}
