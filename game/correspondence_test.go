package game

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func mustDays(t testing.TB, text string) TimeControl {
	t.Helper()
	tc, err := ParseTimeControl(text)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

// TestCorrespondenceText: days:N parses and formats for the six allowances
// lichess offers; everything else is refused with game.bad_time_control.
func TestCorrespondenceText(t *testing.T) {
	tests := []struct {
		text   string
		days   int    // 0: refused
		pgn    string // PGN TimeControl written
		reason string
	}{
		{"days:1", 1, "1/86400", ""},
		{"days:2", 2, "1/172800", ""},
		{"days:3", 3, "1/259200", ""},
		{"days:5", 5, "1/432000", ""},
		{"days:7", 7, "1/604800", ""},
		{"days:14", 14, "1/1209600", ""},
		{"days:03", 3, "1/259200", ""},
		{"days:4", 0, "", "days per move 4 is not one of 1, 2, 3, 5, 7, 14"},
		{"days:0", 0, "", "not one of"},
		{"days:15", 0, "", "not one of"},
		{"days:30", 0, "", "not one of"},
		{"days:", 0, "", `want "days:"`},
		{"days:-3", 0, "", `want "days:"`},
		{"days:3d", 0, "", `want "days:"`},
		{"days: 3", 0, "", `want "days:"`},
		{"days:3+1", 0, "", `want "days:"`},
		{"days:9999999", 0, "", `want "days:"`},
		{"Days:3", 0, "", "want minutes+seconds"},
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.text)
		if tt.days == 0 {
			if !errors.Is(err, ErrBadTimeControl) || CodeOf(err) != CodeBadTimeControl || !strings.Contains(err.Error(), tt.reason) || !tc.IsZero() {
				t.Errorf("ParseTimeControl(%q) = %v, %v; want an error with %q", tt.text, tc, err, tt.reason)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseTimeControl(%q): %v", tt.text, err)
		}
		want := "days:" + itoa(tt.days)
		if tc.String() != want || tc.Mode() != ModeCorrespondence || !tc.IsCorrespondence() || !tc.Timed() ||
			tc.Days() != tt.days || tc.PerMove() != time.Duration(tt.days)*Day || tc.Initial() != tc.PerMove() ||
			tc.Increment() != 0 || tc.Base() != 0 {
			t.Errorf("ParseTimeControl(%q) = %q (mode %v, days %d, per move %v)", tt.text, tc, tc.Mode(), tc.Days(), tc.PerMove())
		}
		if got := tc.PGN(); got != tt.pgn {
			t.Errorf("%v.PGN() = %q, want %q", tc, got, tt.pgn)
		}
		if back, err := ParsePGNTimeControl(tt.pgn); err != nil || back != tc {
			t.Errorf("ParsePGNTimeControl(%q) = %v, %v; want %v", tt.pgn, back, err, tc)
		}
		if built, err := NewCorrespondence(tt.days); err != nil || built != tc {
			t.Errorf("NewCorrespondence(%d) = %v, %v", tt.days, built, err)
		}
	}
	if _, err := NewCorrespondence(4); !errors.Is(err, ErrBadTimeControl) {
		t.Errorf("NewCorrespondence(4) error = %v", err)
	}
	for _, value := range []string{"1/345600", "1/86401", "1/90000", "1/1296000", "1/1234567890"} {
		if tc, err := ParsePGNTimeControl(value); !errors.Is(err, ErrBadTimeControl) {
			t.Errorf("ParsePGNTimeControl(%q) = %v, %v; want game.bad_time_control", value, tc, err)
		}
	}
	for _, tc := range []TimeControl{mustDays(t, "days:3"), mustWhole(t, 5*time.Minute, 3*time.Second), mustPerMove(t, 30*time.Second), NewUntimed()} {
		if tc.IsCorrespondence() != (tc.Mode() == ModeCorrespondence) {
			t.Errorf("%v.IsCorrespondence() = %v", tc, tc.IsCorrespondence())
		}
	}
	if ModeCorrespondence.String() != "correspondence" {
		t.Errorf("ModeCorrespondence.String() = %q", ModeCorrespondence.String())
	}
}

// TestCorrespondenceClock: each move gives the mover the whole allowance
// back, no increment is ever added, and the flag falls N days after the
// turn began (plus the lag grace), with nobody online.
func TestCorrespondenceClock(t *testing.T) {
	for _, days := range CorrespondenceDays {
		t.Run(itoa(days), func(t *testing.T) {
			allowance := time.Duration(days) * Day
			now := newFakeTime()
			g := newGame(t, now, mustDays(t, "days:"+itoa(days)), "")
			created := now.Now()
			// The first move may take the whole allowance, not 30 s.
			if at, ok := g.NextDeadline(); !ok || !at.Equal(created.Add(allowance).Truncate(time.Millisecond)) {
				t.Fatalf("first-move deadline %v, %v; want %v", at, ok, created.Add(allowance))
			}
			if by := g.NewEvent(EventState, nil).MoveBy; !by.Equal(created.Add(allowance).Truncate(time.Millisecond)) {
				t.Fatalf("event's MoveBy %v before the first move; want %v", by, created.Add(allowance))
			}
			moves(t, g, now, allowance-time.Hour, "e2e4", "e7e5")
			snap, _ := g.Clock()
			if snap.WhiteMs != allowance.Milliseconds() || snap.BlackMs != allowance.Milliseconds() {
				t.Fatalf("after the first moves: %d, %d ms; want %d", snap.WhiteMs, snap.BlackMs, allowance.Milliseconds())
			}
			// White thinks most of the allowance: the move is in time and
			// White gets the whole allowance back; no increment.
			now.Advance(allowance - time.Minute)
			if _, err := g.Move(White, "g1f3", 0, 0); err != nil {
				t.Fatal(err)
			}
			snap, _ = g.Clock()
			if snap.WhiteMs != allowance.Milliseconds() {
				t.Fatalf("White has %d ms after moving; want the whole allowance %d", snap.WhiteMs, allowance.Milliseconds())
			}
			turn := now.Now()
			if by := g.NewEvent(EventState, nil).MoveBy; !by.Equal(turn.Add(allowance).Truncate(time.Millisecond)) {
				t.Fatalf("event's MoveBy %v; want %v", by, turn.Add(allowance))
			}
			flagAt, ok := g.NextDeadline()
			grace := MaxLagGrace
			if !ok || flagAt.Before(turn.Add(allowance)) || flagAt.After(turn.Add(allowance+grace)) {
				t.Fatalf("flag at %v; want %v plus at most %v", flagAt, turn.Add(allowance), grace)
			}
			// Black disconnects for hours: nothing but the flag is pending.
			must(t, g.Disconnect(Black))
			now.Advance(allowance / 2)
			if g.Expire() || g.Over() {
				t.Fatal("the game changed while Black was away")
			}
			if at, _ := g.NextDeadline(); !at.Equal(flagAt) {
				t.Fatalf("deadline %v after a disconnection; want the flag at %v", at, flagAt)
			}
			now.Advance(flagAt.Sub(now.Now()) - time.Millisecond)
			if g.Expire() {
				t.Fatal("flag fell a millisecond early")
			}
			now.Advance(time.Millisecond)
			if !g.Expire() {
				t.Fatal("no flag at the deadline")
			}
			wantEnd(t, g, StatusEnded, Timeout, WhiteWins)
		})
	}
}

// TestCorrespondenceFlagInsufficientMaterial: FIDE 6.9 still applies.
func TestCorrespondenceFlagInsufficientMaterial(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, mustDays(t, "days:1"), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	moves(t, g, now, time.Hour, "e1e2", "e8d7")
	now.Advance(Day + MaxLagGrace)
	g.Expire()
	wantEnd(t, g, StatusEnded, TimeoutVsInsufficientMaterial, Drawn)
}

// TestCorrespondenceIncrementRulesUntouched: the increment of a whole-game
// clock is still added, and a per-move clock still gives its allowance
// back, beside correspondence.
func TestCorrespondenceIncrementRulesUntouched(t *testing.T) {
	tests := []struct {
		tc      TimeControl
		spent   time.Duration
		inc     time.Duration
		remains time.Duration
	}{
		{mustWhole(t, 5*time.Minute, 3*time.Second), 10 * time.Second, 3 * time.Second, 5*time.Minute + 6*time.Second - 10*time.Second},
		{mustPerMove(t, 30*time.Second), 10 * time.Second, 0, 30 * time.Second},
		{mustDays(t, "days:2"), 30 * time.Hour, 0, 2 * Day},
	}
	for _, tt := range tests {
		now := newFakeTime()
		c := mustClock(t, tt.tc, now)
		for _, side := range []Side{White, Black} {
			if _, err := c.Press(side, 0); err != nil {
				t.Fatal(err)
			}
		}
		now.Advance(tt.spent)
		ch, err := c.Press(White, 0)
		if err != nil || ch.Flagged || ch.Increment != tt.inc || ch.Remaining != tt.remains {
			t.Errorf("%v: charge %+v, %v; want increment %v, remaining %v", tt.tc, ch, err, tt.inc, tt.remains)
		}
	}
}

// TestCorrespondenceAway: a correspondence game records nobody as gone, so
// no reconnection window runs and no claim opens, also after a restart; the
// AI and a date are refused.
func TestCorrespondenceAway(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, mustDays(t, "days:3"), "")
	moves(t, g, now, time.Minute, "e2e4", "e7e5")
	must(t, g.Disconnect(White))
	must(t, g.Disconnect(Black))
	if st := g.State(); !st.GoneSince[White].IsZero() || !st.GoneSince[Black].IsZero() {
		t.Fatalf("gone since %v", st.GoneSince)
	}
	if ev := g.NewEvent(EventFull, nil); len(ev.Gone) != 0 {
		t.Fatalf("event lists gone players: %+v", ev.Gone)
	}
	// Hours later, neither may claim the other's absence.
	now.Advance(5 * time.Hour)
	if err := g.ClaimVictory(Black); !errors.Is(err, ErrOpponentPresent) {
		t.Fatalf("a claim of victory in correspondence: %v", err)
	}
	if err := g.ClaimDraw(White); !errors.Is(err, ErrOpponentPresent) {
		t.Fatalf("a claim of a draw in correspondence: %v", err)
	}
	lastSeen := now.Now()
	now.Advance(6 * time.Hour)
	g.ResumeAfterDowntime(lastSeen)
	if st := g.State(); !st.GoneSince[White].IsZero() || !st.GoneSince[Black].IsZero() {
		t.Fatalf("gone after a restart: %v", st.GoneSince)
	}
	// The downtime is charged to nobody: White has three days less the
	// five hours before it.
	if left, _ := g.Remaining(White); left != 3*Day-5*time.Hour {
		t.Fatalf("White has %v after the downtime; want 67h", left)
	}
	now.Advance(20 * time.Hour)
	if g.Expire() || g.Over() {
		t.Fatal("the game changed with both players away")
	}

	for _, cfg := range []Config{
		{ID: "g2", White: alice, Black: ai3, TimeControl: mustDays(t, "days:1")},
		{ID: "g3", White: ai3, Black: bob, TimeControl: mustDays(t, "days:1")},
		{ID: "g4", White: alice, Black: bob, TimeControl: mustDays(t, "days:1"), ScheduledAt: now.Now().Add(Day)},
	} {
		if _, err := New(cfg); !errors.Is(err, ErrCorrespondenceNotAllowed) {
			t.Errorf("New(%v vs %v, scheduled %v) error = %v", cfg.White.Name, cfg.Black.Name, cfg.ScheduledAt, err)
		}
	}
}

// TestCorrespondenceRestoreClock: a stored clock with fourteen days left
// restores, and one above the allowance does not.
func TestCorrespondenceRestoreClock(t *testing.T) {
	now := newFakeTime()
	tc := mustDays(t, "days:14")
	c := mustClock(t, tc, now)
	c.Press(White, 0)
	c.Press(Black, 0)
	now.Advance(3 * Day)
	snap := c.Snapshot()
	back, err := RestoreClock(snap, now.Now)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Remaining(White, now.Now()); got != 11*Day {
		t.Fatalf("restored clock: White has %v; want 264h", got)
	}
	snap.BlackMs = (14*Day + time.Millisecond).Milliseconds()
	if _, err := RestoreClock(snap, now.Now); !errors.Is(err, ErrBadClockSnapshot) {
		t.Fatalf("a snapshot above the allowance: %v", err)
	}
}
