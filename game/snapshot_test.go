package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestSnapshotJSON(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustWhole(t, 5*time.Minute, 3*time.Second), now)
	c.Press(White, 0)
	c.Press(Black, 0)
	now.Advance(2 * time.Second)
	c.Press(White, 150*ms)

	b, err := json.Marshal(c.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	// The stored form: changing it needs a migration.
	want := `{"timeControl":"5+3","state":"running","turn":"black","moves":3,` +
		`"whiteMs":304150,"blackMs":303000,"whiteLagQuotaMs":3850,"blackLagQuotaMs":3000,` +
		`"turnStart":"2026-03-01T18:00:02.123Z"}`
	if string(b) != want {
		t.Errorf("snapshot JSON\n got %s\nwant %s", b, want)
	}
	var s ClockSnapshot
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s != c.Snapshot() {
		t.Errorf("JSON round trip: %+v\nwant %+v", s, c.Snapshot())
	}
	r, err := RestoreClock(s, now.Now)
	if err != nil {
		t.Fatal(err)
	}
	now.Advance(4 * time.Second)
	for side := White; side <= Black; side++ {
		if r.Remaining(side, now.Now()) != c.Remaining(side, now.Now()) {
			t.Errorf("%v: restored %v, original %v", side, r.Remaining(side, now.Now()), c.Remaining(side, now.Now()))
		}
	}
	e1, _ := r.ExpiresAt()
	e2, _ := c.ExpiresAt()
	if !e1.Equal(e2) {
		t.Errorf("ExpiresAt restored %v, original %v", e1, e2)
	}

	// A waiting clock has no turn start in JSON.
	w := mustClock(t, mustPerMove(t, 30*time.Second), now)
	b, _ = json.Marshal(w.Snapshot())
	if strings.Contains(string(b), "turnStart") || !strings.Contains(string(b), `"timeControl":"move:30s"`) {
		t.Errorf("waiting snapshot %s", b)
	}
}

// After a crash the runtime restores the last snapshot, pauses it at the
// last moment the server was known up, and resumes it now: the downtime is
// charged to nobody.
func TestSnapshotCrashRecovery(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustWhole(t, 3*time.Minute, 2*time.Second), now)
	c.Press(White, 0)
	c.Press(Black, 0)
	stored := c.Snapshot() // saved with the move

	now.Advance(15 * time.Second)
	lastHeartbeat := now.Now()
	now.Advance(40 * time.Minute) // down

	r, err := RestoreClock(stored, now.Now)
	if err != nil {
		t.Fatal(err)
	}
	r.Pause(lastHeartbeat)
	r.Resume(now.Now())
	// White's first move earned 2 s.
	if got := r.Remaining(White, now.Now()); got != 3*time.Minute+2*time.Second-15*time.Second {
		t.Errorf("after recovery White has %v", got)
	}
	exp, _ := r.ExpiresAt()
	if want := wholeMilli(now.Now()).Add(3*time.Minute + 2*time.Second - 15*time.Second); !exp.Equal(want) {
		t.Errorf("ExpiresAt %v, want %v", exp, want)
	}
}

func TestRestoreClockRefuses(t *testing.T) {
	good := ClockSnapshot{
		TimeControl: mustWhole(t, 5*time.Minute, 0), State: ClockRunning, Turn: White, Moves: 4,
		WhiteMs: 250000, BlackMs: 260000, WhiteLagQuotaMs: 600, BlackLagQuotaMs: 800,
		TurnStart: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	if _, err := RestoreClock(good, nil); err != nil {
		t.Fatalf("good snapshot refused: %v", err)
	}
	perMove := good
	perMove.TimeControl = mustPerMove(t, time.Minute)
	perMove.WhiteMs, perMove.BlackMs = 30000, 60000

	tests := []struct {
		name   string
		edit   func(*ClockSnapshot)
		reason string
	}{
		{"zero time control", func(s *ClockSnapshot) { s.TimeControl = TimeControl{} }, "not timed"},
		{"untimed", func(s *ClockSnapshot) { s.TimeControl = NewUntimed() }, "not timed"},
		{"state 0", func(s *ClockSnapshot) { s.State = 0 }, "bad state"},
		{"state 9", func(s *ClockSnapshot) { s.State = 9 }, "bad state"},
		{"turn 2", func(s *ClockSnapshot) { s.Turn = 2 }, "bad turn"},
		{"negative moves", func(s *ClockSnapshot) { s.Moves = -1 }, "negative move count"},
		{"waiting after two moves", func(s *ClockSnapshot) { s.State = ClockWaiting; s.Moves = 2 }, "waiting after"},
		{"running without start", func(s *ClockSnapshot) { s.TurnStart = time.Time{} }, "without a turn start"},
		{"negative time", func(s *ClockSnapshot) { s.BlackMs = -1 }, "out of range for black"},
		{"huge time", func(s *ClockSnapshot) { s.WhiteMs = 1 << 60 }, "out of range for white"},
		{"no time, running", func(s *ClockSnapshot) { s.WhiteMs = 0 }, "has not flagged"},
		{"no time, not on turn", func(s *ClockSnapshot) { s.State = ClockStopped; s.BlackMs = 0 }, "has not flagged"},
		{"negative quota", func(s *ClockSnapshot) { s.BlackLagQuotaMs = -5 }, "lag quota out of range"},
		{"huge quota", func(s *ClockSnapshot) { s.WhiteLagQuotaMs = 1 << 62 }, "lag quota out of range"},
		{"per move above allowance", func(s *ClockSnapshot) { *s = perMove; s.BlackMs = 60001 }, "above the allowance"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := good
			tt.edit(&s)
			_, err := RestoreClock(s, nil)
			if !errors.Is(err, ErrBadClockSnapshot) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("error %v, want %q", err, tt.reason)
			}
		})
	}

	// Accepted oddities: a flagged stopped clock, a quota above today's cap
	// (lowered), a turn start off the millisecond (rounded down).
	s := good
	s.State, s.WhiteMs, s.TurnStart = ClockStopped, 0, time.Time{}
	if c, err := RestoreClock(s, nil); err != nil || !c.Flagged(time.Now()) {
		t.Errorf("flagged snapshot: %v", err)
	}
	s = good
	s.WhiteLagQuotaMs = 9000 // the cap at 5+0 is 7 s
	s.TurnStart = s.TurnStart.Add(700 * time.Microsecond)
	c, err := RestoreClock(s, nil)
	if err != nil || c.LagQuota(White) != 7*time.Second || !c.Snapshot().TurnStart.Equal(good.TurnStart) {
		t.Errorf("restore: %v, %+v", err, c.Snapshot())
	}
	if _, err := RestoreClock(perMove, nil); err != nil {
		t.Errorf("per-move snapshot: %v", err)
	}
}
