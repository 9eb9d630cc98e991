package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

const ms = time.Millisecond

// fakeTime is a settable source of time: tests never sleep.
type fakeTime struct{ t time.Time }

// newFakeTime starts at an instant with a sub-millisecond part, so that the
// clock's rounding to whole milliseconds is exercised.
func newFakeTime() *fakeTime {
	return &fakeTime{t: time.Date(2026, 3, 1, 18, 0, 0, 123_456_789, time.UTC)}
}

func (f *fakeTime) Now() time.Time          { return f.t }
func (f *fakeTime) Advance(d time.Duration) { f.t = f.t.Add(d) }

func mustClock(t testing.TB, tc TimeControl, now *fakeTime) *Clock {
	t.Helper()
	c, err := NewClock(tc, White, now.Now)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestNewClock(t *testing.T) {
	now := newFakeTime()
	for _, tc := range []TimeControl{{}, NewUntimed()} {
		if _, err := NewClock(tc, White, now.Now); !errors.Is(err, ErrBadTimeControl) {
			t.Errorf("NewClock(%q) error = %v", tc, err)
		}
	}
	if _, err := NewClock(mustWhole(t, time.Minute, 0), Side(2), now.Now); !errors.Is(err, ErrBadSide) {
		t.Errorf("NewClock(side 2) error = %v", err)
	}
	c, err := NewClock(mustWhole(t, 3*time.Minute, 2*time.Second), Black, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.State() != ClockWaiting || c.Turn() != Black || c.Moves() != 0 ||
		c.Remaining(White, time.Now()) != 3*time.Minute || c.LagQuota(Black) != 3*time.Second ||
		c.TimeControl().String() != "3+2" || c.LagQuota(Side(5)) != 0 || c.Remaining(Side(5), time.Now()) != 0 {
		t.Errorf("new clock: %+v", c.Snapshot())
	}
	if _, ok := c.ExpiresAt(); ok {
		t.Error("a waiting clock expires")
	}
	if c.Flagged(time.Now().Add(time.Hour)) {
		t.Error("a waiting clock flags")
	}
}

// step is one event of a scripted game: time passes, then a side presses.
type step struct {
	advance    time.Duration
	side       Side
	lag        time.Duration
	want       Charge
	white      time.Duration // remaining after the press (at that instant)
	black      time.Duration
	wantState  ClockState
	wantQuotaW time.Duration
}

func runSteps(t *testing.T, c *Clock, now *fakeTime, steps []step) {
	t.Helper()
	for i, s := range steps {
		now.Advance(s.advance)
		got, err := c.Press(s.side, s.lag)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got != s.want {
			t.Errorf("step %d: charge %+v\nwant %+v", i, got, s.want)
		}
		if w, b := c.Remaining(White, now.Now()), c.Remaining(Black, now.Now()); w != s.white || b != s.black {
			t.Errorf("step %d: remaining %v / %v, want %v / %v", i, w, b, s.white, s.black)
		}
		if c.State() != s.wantState {
			t.Errorf("step %d: state %v, want %v", i, c.State(), s.wantState)
		}
		if s.wantQuotaW != 0 && c.LagQuota(White) != s.wantQuotaW {
			t.Errorf("step %d: white quota %v, want %v", i, c.LagQuota(White), s.wantQuotaW)
		}
	}
}

func TestClockWholeGame(t *testing.T) {
	now := newFakeTime()
	// At 1+2 the quota gains 150 ms + (60 s + 40 × 2 s)/250 = 710 ms a move
	// and starts at 2130 ms.
	c := mustClock(t, mustWhole(t, time.Minute, 2*time.Second), now)
	runSteps(t, c, now, []step{
		// The first two moves are not charged, however long they take,
		// and earn the increment as every move does.
		{advance: 20 * time.Second, side: White, lag: 50 * ms,
			want:  Charge{Side: White, Increment: 2 * time.Second, Remaining: 62 * time.Second},
			white: 62 * time.Second, black: time.Minute, wantState: ClockWaiting, wantQuotaW: 2130 * ms},
		{advance: 30 * time.Second, side: Black,
			want:  Charge{Side: Black, Increment: 2 * time.Second, Remaining: 62 * time.Second},
			white: 62 * time.Second, black: 62 * time.Second, wantState: ClockRunning},
		// 3.5004 s: 3500 ms elapsed, 100 ms of lag forgiven, 2 s added.
		{advance: 3500*ms + 400*time.Microsecond, side: White, lag: 100 * ms,
			want:  Charge{Side: White, Elapsed: 3500 * ms, LagCredit: 100 * ms, Spent: 3400 * ms, Increment: 2 * time.Second, Remaining: 60600 * ms},
			white: 60600 * ms, black: 62 * time.Second, wantState: ClockRunning, wantQuotaW: 2740 * ms},
		// Black's turn began 0.4 ms before White's press: Black pays it.
		// Black claims 5 s of lag and is credited its quota.
		{advance: 2999*ms + 600*time.Microsecond, side: Black, lag: 5 * time.Second,
			want:  Charge{Side: Black, Elapsed: 3 * time.Second, LagCredit: 2130 * ms, Spent: 870 * ms, Increment: 2 * time.Second, Remaining: 63130 * ms},
			white: 60600 * ms, black: 63130 * ms, wantState: ClockRunning},
		// Lag above the time spent is credited only up to the time spent.
		{advance: 80 * ms, side: White, lag: 300 * ms,
			want:  Charge{Side: White, Elapsed: 80 * ms, LagCredit: 80 * ms, Spent: 0, Increment: 2 * time.Second, Remaining: 62600 * ms},
			white: 62600 * ms, black: 63130 * ms, wantState: ClockRunning, wantQuotaW: 3370 * ms},
	})
	if c.Moves() != 5 || c.Turn() != Black {
		t.Errorf("moves %d turn %v", c.Moves(), c.Turn())
	}
	// Live remaining while Black thinks.
	now.Advance(10 * time.Second)
	if got := c.Remaining(Black, now.Now()); got != 53130*ms {
		t.Errorf("live remaining = %v", got)
	}
	if got := c.Remaining(White, now.Now()); got != 62600*ms {
		t.Errorf("waiting side remaining = %v", got)
	}
	if got := c.Remaining(Black, now.Now().Add(-time.Hour)); got != 63130*ms {
		t.Errorf("remaining before the turn started = %v", got)
	}
}

func TestClockPerMove(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustPerMove(t, 10*time.Second), now)
	runSteps(t, c, now, []step{
		{advance: time.Minute, side: White, want: Charge{Side: White, Remaining: 10 * time.Second},
			white: 10 * time.Second, black: 10 * time.Second, wantState: ClockWaiting},
		{advance: time.Minute, side: Black, want: Charge{Side: Black, Remaining: 10 * time.Second},
			white: 10 * time.Second, black: 10 * time.Second, wantState: ClockRunning},
		{advance: 9 * time.Second, side: White, lag: 200 * ms,
			want:  Charge{Side: White, Elapsed: 9 * time.Second, LagCredit: 200 * ms, Spent: 8800 * ms, Remaining: 10 * time.Second},
			white: 10 * time.Second, black: 10 * time.Second, wantState: ClockRunning},
		{advance: 4 * time.Second, side: Black,
			want:  Charge{Side: Black, Elapsed: 4 * time.Second, Spent: 4 * time.Second, Remaining: 10 * time.Second},
			white: 10 * time.Second, black: 10 * time.Second, wantState: ClockRunning},
	})
	now.Advance(7 * time.Second)
	if got := c.Remaining(White, now.Now()); got != 3*time.Second {
		t.Errorf("live remaining = %v", got)
	}
	// 10 s with 0.2 s of lag is 9.8 s: in time.
	now.Advance(3 * time.Second)
	ch, err := c.Press(White, 200*ms)
	if err != nil || ch.Flagged || ch.Remaining != 10*time.Second {
		t.Fatalf("press at the allowance with lag: %+v, %v", ch, err)
	}
	// 10 s without lag is not, though the flag itself falls only after
	// the grace.
	now.Advance(10 * time.Second)
	if c.Flagged(now.Now()) {
		t.Error("flagged at the raw deadline, before the grace")
	}
	ch, err = c.Press(Black, 0)
	if err != nil || !ch.Flagged || ch.Increment != 0 || ch.Remaining != 0 || c.State() != ClockStopped || c.Turn() != Black {
		t.Fatalf("press after the allowance: %+v, %v, state %v", ch, err, c.State())
	}
}

// TestClockFlagAtFlagsAt: the time runs out at ExpiresAt, the flag falls
// at FlagsAt, the grace (1170 ms at 1+0) later.
func TestClockFlagAtFlagsAt(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustWhole(t, time.Minute, 0), now)
	c.Press(White, 0)
	c.Press(Black, 0)
	exp, ok := c.ExpiresAt()
	if !ok || !exp.Equal(wholeMilli(now.Now()).Add(time.Minute)) {
		t.Fatalf("ExpiresAt = %v, %v", exp, ok)
	}
	tests := []struct {
		at        time.Time
		remaining time.Duration
		flagged   bool
	}{
		{exp.Add(-time.Millisecond), time.Millisecond, false},
		{exp.Add(-time.Nanosecond), time.Millisecond, false},
		{exp, 0, false},
		{exp.Add(1170*ms - time.Nanosecond), 0, false},
		{exp.Add(1170 * ms), 0, true},
		{exp.Add(1170*ms + time.Nanosecond), 0, true},
		{exp.Add(time.Hour), 0, true},
	}
	if flag, ok := c.FlagsAt(); !ok || !flag.Equal(exp.Add(1170*ms)) || c.Grace() != 1170*ms {
		t.Fatalf("FlagsAt = ExpiresAt + %v, %v; grace %v", flag.Sub(exp), ok, c.Grace())
	}
	for _, tt := range tests {
		if got := c.Remaining(White, tt.at); got != tt.remaining {
			t.Errorf("Remaining at ExpiresAt%+v = %v, want %v", tt.at.Sub(exp), got, tt.remaining)
		}
		if got := c.Flagged(tt.at); got != tt.flagged {
			t.Errorf("Flagged at ExpiresAt%+v = %v", tt.at.Sub(exp), got)
		}
	}
}

func TestClockMoveAfterFlag(t *testing.T) {
	tests := []struct {
		name    string
		after   time.Duration // from the start of the turn
		lag     time.Duration
		flagged bool
	}{
		// At 1+5 the quota starts at 3 s and the grace is 2 s.
		{"1 ms before", time.Minute - ms, 0, false},
		{"exactly at the raw deadline", time.Minute, 0, true},
		{"after, saved by lag", time.Minute + 500*ms, 501 * ms, false},
		{"after, lag exactly", time.Minute + 500*ms, 500 * ms, true},
		{"after, lag above the quota", time.Minute + 500*ms, 5 * time.Second, false},
		{"last millisecond of the grace", time.Minute + 2*time.Second - ms, 5 * time.Second, false},
		{"end of the grace, lag within the quota", time.Minute + 2*time.Second, 2500 * ms, true},
		{"long after, lag above the quota", time.Minute + 3*time.Second, 5 * time.Second, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			now.t = now.t.Truncate(time.Millisecond)
			c := mustClock(t, mustWhole(t, time.Minute, 5*time.Second), now)
			c.Press(White, 0)
			c.Press(Black, 0)
			// White's first move earned the increment: 65 s to spend.
			now.Advance(tt.after + 5*time.Second)
			ch, err := c.Press(White, tt.lag)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Flagged != tt.flagged {
				t.Fatalf("flagged = %v: %+v", ch.Flagged, ch)
			}
			if tt.flagged {
				if ch.Increment != 0 || ch.Remaining != 0 || c.Remaining(White, now.Now()) != 0 ||
					c.State() != ClockStopped || c.Turn() != White || c.Moves() != 2 || !c.Flagged(now.Now()) {
					t.Errorf("after the flag: %+v, snapshot %+v", ch, c.Snapshot())
				}
				if _, ok := c.ExpiresAt(); ok {
					t.Error("a stopped clock expires")
				}
				if _, err := c.Press(White, 0); !errors.Is(err, ErrClockStopped) {
					t.Errorf("press on a flagged clock: %v", err)
				}
				return
			}
			if ch.Increment != 5*time.Second || ch.Remaining != time.Minute+10*time.Second-ch.Spent || c.Turn() != Black {
				t.Errorf("in time: %+v", ch)
			}
		})
	}
}

func TestClockPressErrors(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustWhole(t, 5*time.Minute, 3*time.Second), now)
	if _, err := c.Press(Black, 0); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("black first: %v", err)
	}
	if _, err := c.Press(Side(9), 0); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("side 9: %v", err)
	}
	c.Press(White, 0)
	c.Press(Black, 0)
	now.Advance(time.Second)
	before := c.Snapshot()
	if _, err := c.Press(Black, 0); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("black twice: %v", err)
	}
	if c.Snapshot() != before {
		t.Error("a refused press changed the clock")
	}
	c.Pause(now.Now())
	before = c.Snapshot()
	if _, err := c.Press(White, 0); !errors.Is(err, ErrClockPaused) {
		t.Errorf("press when paused: %v", err)
	}
	if err := c.Start(); !errors.Is(err, ErrClockPaused) {
		t.Errorf("start when paused: %v", err)
	}
	if c.Snapshot() != before {
		t.Error("a refused press changed the clock")
	}
	c.Stop()
	if _, err := c.Press(White, 0); !errors.Is(err, ErrClockStopped) {
		t.Errorf("press when stopped: %v", err)
	}
	if err := c.Start(); !errors.Is(err, ErrClockStopped) {
		t.Errorf("start when stopped: %v", err)
	}
}

func TestClockStart(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustWhole(t, time.Minute, 0), now)
	if err := c.Start(); err != nil || c.State() != ClockRunning {
		t.Fatalf("Start: %v, %v", err, c.State())
	}
	now.Advance(time.Second)
	if err := c.Start(); err != nil {
		t.Fatalf("second Start: %v", err)
	}
	ch, err := c.Press(White, 0)
	if err != nil || ch.Elapsed != time.Second || c.Moves() != 1 {
		t.Errorf("press after Start: %+v, %v", ch, err)
	}
}

func TestClockStop(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustWhole(t, time.Minute, 10*time.Second), now)
	c.Press(White, 0)
	c.Press(Black, 0)
	// The turn started at the whole millisecond before the press (0.456789
	// ms earlier), so 12.000999 s later 12.001455789 s have passed: 12001 ms.
	now.Advance(12*time.Second + 999*time.Microsecond)
	c.Stop()
	// White's first move earned 10 s: 70 s less 12.001 s.
	if c.State() != ClockStopped || c.Remaining(White, now.Now()) != 57999*ms || c.Flagged(now.Now()) {
		t.Errorf("after Stop: %+v", c.Snapshot())
	}
	now.Advance(time.Hour)
	c.Stop()
	if c.Remaining(White, now.Now()) != 57999*ms {
		t.Error("a stopped clock runs")
	}

	// Stopping after the time ran out leaves 0 and a flag.
	c = mustClock(t, mustWhole(t, time.Minute, 0), now)
	c.Press(White, 0)
	c.Press(Black, 0)
	now.Advance(2 * time.Minute)
	c.Stop()
	if !c.Flagged(now.Now()) || c.Remaining(White, now.Now()) != 0 {
		t.Errorf("stop after the flag: %+v", c.Snapshot())
	}

	// Stopping before the first moves (an aborted game).
	c = mustClock(t, mustWhole(t, time.Minute, 0), now)
	c.Stop()
	if c.State() != ClockStopped || c.Flagged(now.Now()) {
		t.Errorf("stop while waiting: %+v", c.Snapshot())
	}
}

func TestClockPauseResume(t *testing.T) {
	now := newFakeTime()
	c := mustClock(t, mustWhole(t, 5*time.Minute, 0), now)

	c.Pause(now.Now()) // waiting: nothing to pause
	if c.State() != ClockWaiting {
		t.Fatalf("paused a waiting clock")
	}
	c.Press(White, 0)
	c.Press(Black, 0)
	now.Advance(20 * time.Second)
	crash := now.Now()
	now.Advance(3 * time.Hour) // the server is down
	c.Pause(crash)
	if c.State() != ClockPaused || c.Remaining(White, now.Now()) != 5*time.Minute-20*time.Second {
		t.Fatalf("after Pause: %+v", c.Snapshot())
	}
	if _, ok := c.ExpiresAt(); ok || c.Flagged(now.Now()) {
		t.Error("a paused clock expires or flags")
	}
	c.Pause(crash.Add(time.Minute)) // pausing twice does nothing
	c.Resume(now.Now())
	if c.State() != ClockRunning {
		t.Fatalf("after Resume: %v", c.State())
	}
	c.Resume(now.Now().Add(time.Hour)) // resuming a running clock does nothing
	now.Advance(10 * time.Second)
	ch, err := c.Press(White, 0)
	if err != nil || ch.Spent != 10*time.Second || ch.Remaining != 5*time.Minute-30*time.Second {
		t.Fatalf("press after the downtime: %+v, %v", ch, err)
	}

	// A pause moment before the turn started charges nothing; one after now
	// is taken as now.
	c.Pause(now.Now().Add(-time.Hour))
	c.Resume(now.Now())
	if c.Remaining(Black, now.Now()) != 5*time.Minute {
		t.Errorf("pause before the turn charged %v", 5*time.Minute-c.Remaining(Black, now.Now()))
	}
	now.Advance(time.Second)
	c.Pause(now.Now().Add(time.Hour))
	if c.Remaining(Black, now.Now()) != 5*time.Minute-time.Second {
		t.Errorf("pause in the future charged %v", 5*time.Minute-c.Remaining(Black, now.Now()))
	}

	// A side whose time ran out before the crash has flagged.
	c.Resume(now.Now())
	now.Advance(10 * time.Minute)
	c.Pause(now.Now())
	if c.State() != ClockStopped || !c.Flagged(now.Now()) || c.Turn() != Black {
		t.Errorf("pause after the flag: %+v", c.Snapshot())
	}
	c.Resume(now.Now())
	if c.State() != ClockStopped {
		t.Error("resumed a stopped clock")
	}
}

func TestClockStateText(t *testing.T) {
	tests := []struct {
		s    ClockState
		id   int
		code string
	}{
		{ClockWaiting, 1, "waiting"}, {ClockRunning, 2, "running"}, {ClockPaused, 3, "paused"}, {ClockStopped, 4, "stopped"},
	}
	for _, tt := range tests {
		if int(tt.s) != tt.id || tt.s.String() != tt.code {
			t.Errorf("%d %q, want %d %q", tt.s, tt.s, tt.id, tt.code)
		}
		b, err := json.Marshal(tt.s)
		var back ClockState
		if err != nil || json.Unmarshal(b, &back) != nil || back != tt.s {
			t.Errorf("JSON of %v: %s %v", tt.s, b, err)
		}
	}
	if ClockState(0).Valid() || ClockState(5).String() != "clock_state(5)" {
		t.Error("bad states")
	}
	if _, err := json.Marshal(ClockState(0)); !errors.Is(err, ErrBadClockSnapshot) {
		t.Errorf("marshal state 0: %v", err)
	}
	var s ClockState
	if err := json.Unmarshal([]byte(`"ticking"`), &s); !errors.Is(err, ErrBadClockSnapshot) {
		t.Errorf("unmarshal ticking: %v", err)
	}
}

func TestWholeMilli(t *testing.T) {
	t0 := time.Now() // with a monotonic reading
	w := wholeMilli(t0)
	if w.Nanosecond()%int(time.Millisecond) != 0 || t0.Sub(w) < 0 || t0.Sub(w) >= time.Millisecond {
		t.Errorf("wholeMilli(%v) = %v", t0, w)
	}
	if !strings.Contains(w.String(), " m=") {
		t.Error("wholeMilli dropped the monotonic reading")
	}
}
