package game

import (
	"errors"
	"testing"
	"time"
)

// scheduled returns a game of 15+0 that starts in 2 hours, with the fake
// time at its creation.
func scheduled(t *testing.T, now *fakeTime, defaultTime time.Duration) (*Game, time.Time) {
	t.Helper()
	now.t = now.t.Truncate(time.Second)
	start := now.Now().Add(2 * time.Hour)
	g, err := New(Config{ID: "s", White: alice, Black: bob, TimeControl: wholeGame(t, 15*time.Minute, 0),
		ScheduledAt: start, DefaultTime: defaultTime, Now: now.Now})
	must(t, err)
	return g, start
}

// TestPostponeBoundary: the one-hour rule, to the second.
func TestPostponeBoundary(t *testing.T) {
	tests := []struct {
		name   string
		before time.Duration // before the start, when asked
		to     time.Duration // the new start, from now
		code   Code
	}{
		{"60:00 before is allowed", time.Hour, 2 * time.Hour, ""},
		{"59:59 before is refused", time.Hour - time.Second, 2 * time.Hour, CodePostponeTooLate},
		{"59:59.999 before is refused", time.Hour - time.Millisecond, 2 * time.Hour, CodePostponeTooLate},
		{"new start exactly an hour away", 3 * time.Hour, time.Hour, ""},
		{"new start 59:59 away", 3 * time.Hour, time.Hour - time.Second, CodePostponeTooSoon},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g, start := scheduled(t, now, 0)
			now.t = start.Add(-tc.before)
			before := g.Record()
			err := g.Postpone(Black, now.Now().Add(tc.to))
			if CodeOf(err) != tc.code {
				t.Fatalf("Postpone: %v, want code %q", err, tc.code)
			}
			if tc.code != "" {
				if g.Record().State.ScheduledAt != before.State.ScheduledAt {
					t.Error("a refused postponement moved the start")
				}
				return
			}
			if got := g.Record().State.ScheduledAt; !got.Equal(now.Now().Add(tc.to)) {
				t.Errorf("start %v, want %v", got, now.Now().Add(tc.to))
			}
		})
	}
}

// TestPostponeTooLateSaysHowLate: the refusal names the time left.
func TestPostponeTooLateSaysHowLate(t *testing.T) {
	now := newFakeTime()
	g, start := scheduled(t, now, 0)
	now.t = start.Add(-(59*time.Minute + 59*time.Second))
	err := g.Postpone(White, start.Add(time.Hour))
	var e *Error
	if !errors.As(err, &e) || e.Code != CodePostponeTooLate {
		t.Fatalf("Postpone: %v", err)
	}
	if e.Params["left"] != "3599" || e.Params["start"] != start.UTC().Format(time.RFC3339) {
		t.Errorf("params %v", e.Params)
	}
}

// TestScheduledStartRunsTheClock: at the start the clock of the side to
// move runs, present or not; nobody can move before; no abort.
func TestScheduledStartRunsTheClock(t *testing.T) {
	now := newFakeTime()
	g, start := scheduled(t, now, 0)
	if _, err := g.Move(White, "e2e4", 0, 0); !errors.Is(err, ErrNotStarted) {
		t.Fatalf("move before the start: %v", err)
	}
	if at, ok := g.NextDeadline(); !ok || !at.Equal(start) {
		t.Fatalf("next deadline %v %v, want the start %v", at, ok, start)
	}
	now.t = start
	if !g.Expire() {
		t.Fatal("the start did not apply")
	}
	if g.Status() != StatusStarted || g.Over() {
		t.Fatalf("status %v after the start", g.Status())
	}
	now.Advance(3 * time.Minute)
	if rem, _ := g.Remaining(White); rem != 12*time.Minute {
		t.Errorf("white's clock %v three minutes after the start, want 12m (it runs while white is absent)", rem)
	}
	if rem, _ := g.Remaining(Black); rem != 15*time.Minute {
		t.Errorf("black's clock %v, want 15m", rem)
	}
	if err := g.Abort(White); !errors.Is(err, ErrCannotAbort) {
		t.Errorf("abort of a scheduled game: %v", err)
	}
}

// never is an arrival that does not happen.
const never = time.Duration(-1 << 62)

// TestNoShowRules: one absent, both absent, a late arrival within the
// default time (whose clock has run), and a default time set per game.
func TestNoShowRules(t *testing.T) {
	tests := []struct {
		name        string
		defaultTime time.Duration
		arrive      [2]time.Duration // after the start; never: not at all
		term        Termination
		result      Result
	}{
		{"black absent", 0, [2]time.Duration{-15 * time.Minute, never}, NoShow, WhiteWins},
		{"white absent", 0, [2]time.Duration{never, 0}, NoShow, BlackWins},
		{"both absent", 0, [2]time.Duration{never, never}, NoShow, BothLose},
		{"black absent, default time 5 min", 5 * time.Minute, [2]time.Duration{0, never}, NoShow, WhiteWins},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g, start := scheduled(t, now, tc.defaultTime)
			dt := tc.defaultTime
			if dt == 0 {
				dt = DefaultNoShowTime
			}
			for s, at := range tc.arrive {
				if at != never {
					now.t = start.Add(at)
					g.Expire()
					must(t, g.CheckIn(Side(s)))
				}
			}
			now.t = start.Add(dt - time.Millisecond)
			g.Expire()
			if g.Over() {
				t.Fatal("ended before the default time")
			}
			now.t = start.Add(dt + 7*time.Second) // the timer fired late
			if !g.Expire() {
				t.Fatal("no no-show at the end of the default time")
			}
			wantEnd(t, g, StatusEnded, tc.term, tc.result)
			if got := g.State().EndedAt; !got.Equal(start.Add(dt)) {
				t.Errorf("ended at %v, want the due time %v", got, start.Add(dt))
			}
		})
	}
}

// TestLateArrivalWithinTheDefaultTime: white arrives 4 minutes late and
// plays on with 4 minutes less; black's clock runs from white's move.
func TestLateArrivalWithinTheDefaultTime(t *testing.T) {
	now := newFakeTime()
	g, start := scheduled(t, now, 0)
	now.t = start.Add(-10 * time.Minute)
	must(t, g.CheckIn(Black))
	now.t = start.Add(4 * time.Minute)
	must(t, g.CheckIn(White))
	if g.Over() {
		t.Fatal("a late arrival within the default time lost")
	}
	mv, err := g.Move(White, "e2e4", 0, 0)
	must(t, err)
	if mv.Remaining != 11*time.Minute {
		t.Errorf("white has %v after moving 4 minutes late, want 11m", mv.Remaining)
	}
	now.t = start.Add(DefaultNoShowTime + time.Hour)
	g.Expire()
	if g.Termination() == NoShow {
		t.Error("a no-show although both came")
	}
}

// TestCheckInWindow: nothing marks a player present before the window
// opens, 15 minutes before the start.
func TestCheckInWindow(t *testing.T) {
	now := newFakeTime()
	g, start := scheduled(t, now, 0)
	now.t = start.Add(-CheckInWindow - time.Millisecond)
	if err := g.CheckIn(White); !errors.Is(err, ErrCheckInNotOpen) {
		t.Fatalf("check-in before the window: %v", err)
	}
	must(t, g.Reconnect(White)) // opening the game page early is no check-in
	if g.State().Present[White] {
		t.Fatal("present before check-in opened")
	}
	now.t = start.Add(-CheckInWindow)
	must(t, g.CheckIn(White))
	if !g.State().Present[White] {
		t.Fatal("not present after checking in")
	}
	if _, err := New(Config{ID: "x", White: alice, Black: bob, TimeControl: wholeGame(t, time.Minute, 0), DefaultTime: time.Minute}); !errors.Is(err, ErrBadDefaultTime) {
		t.Errorf("a default time for an unscheduled game: %v", err)
	}
}

// TestAbsentFlagIsANoShow: a 3+0 game whose absent white runs out of time
// before the default time loses by no-show then.
func TestAbsentFlagIsANoShow(t *testing.T) {
	now := newFakeTime()
	start := now.Now().Add(2 * time.Hour).Truncate(time.Millisecond)
	g, err := New(Config{ID: "s", White: alice, Black: bob, TimeControl: wholeGame(t, 3*time.Minute, 0), ScheduledAt: start, Now: now.Now})
	must(t, err)
	now.t = start
	must(t, g.CheckIn(Black))
	now.t = start.Add(4 * time.Minute)
	g.Expire()
	wantEnd(t, g, StatusEnded, NoShow, BlackWins)
}

// TestRestartAcrossTheStart: a start that fell due while the server was
// down starts the game when it is back, charging nobody.
func TestRestartAcrossTheStart(t *testing.T) {
	now := newFakeTime()
	g, start := scheduled(t, now, 0)
	now.t = start.Add(-5 * time.Minute)
	must(t, g.CheckIn(White))
	lastSeen := now.Now()
	rec := g.Record()
	now.t = start.Add(20 * time.Minute) // back after the start and the default time
	g, err := Restore(rec, now.Now)
	must(t, err)
	g.ResumeAfterDowntime(lastSeen)
	if g.Over() || g.Status() != StatusStarted {
		t.Fatalf("status %v after a restart across the start", g.Status())
	}
	if rem, _ := g.Remaining(White); rem != 15*time.Minute {
		t.Errorf("white charged for the downtime: %v left", rem)
	}
	sch, _ := g.Schedule()
	if !sch.StartAt.Equal(now.Now()) || !sch.NoShowAt.Equal(now.Now().Add(DefaultNoShowTime)) {
		t.Errorf("start %v, no-show %v: want them from the return %v", sch.StartAt, sch.NoShowAt, now.Now())
	}
	now.Advance(DefaultNoShowTime)
	g.Expire()
	wantEnd(t, g, StatusEnded, NoShow, WhiteWins)
}

// TestRestartAcrossTheForfeit: a no-show that fell due while the server
// was down is applied when it is back, with the due time recorded.
func TestRestartAcrossTheForfeit(t *testing.T) {
	now := newFakeTime()
	g, start := scheduled(t, now, 0)
	now.t = start.Add(time.Minute)
	g.Expire()
	must(t, g.CheckIn(Black))
	now.t = start.Add(2 * time.Minute)
	lastSeen := now.Now()
	rec := g.Record()
	now.t = start.Add(time.Hour)
	g, err := Restore(rec, now.Now)
	must(t, err)
	g.ResumeAfterDowntime(lastSeen)
	if !g.Expire() {
		t.Fatal("the forfeit due during the downtime was not applied")
	}
	wantEnd(t, g, StatusEnded, NoShow, BlackWins)
	if got := g.State().EndedAt; !got.Equal(start.Add(DefaultNoShowTime)) {
		t.Errorf("ended at %v, want the due time %v", got, start.Add(DefaultNoShowTime))
	}
}

// TestPostponeAsked: a request made at exactly 60:00 before the start and
// accepted 30 minutes later moves the start; one made at 59:59 does not;
// an answer after the start is too late.
func TestPostponeAsked(t *testing.T) {
	now := newFakeTime()
	g, start := scheduled(t, now, 0)
	now.t = start.Add(-30 * time.Minute)
	if err := g.PostponeAsked(White, start.Add(2*time.Hour), start.Add(-time.Hour+time.Second)); !errors.Is(err, ErrPostponeTooLate) {
		t.Fatalf("asked at 59:59: %v", err)
	}
	must(t, g.PostponeAsked(White, start.Add(2*time.Hour), start.Add(-time.Hour)))
	if got := g.State().ScheduledAt; !got.Equal(start.Add(2 * time.Hour)) {
		t.Fatalf("start %v, want %v", got, start.Add(2*time.Hour))
	}
	start = start.Add(2 * time.Hour)
	now.t = start.Add(time.Second)
	if err := g.PostponeAsked(Black, start.Add(3*time.Hour), start.Add(-2*time.Hour)); !errors.Is(err, ErrPostponeTooLate) {
		t.Fatalf("answered after the start: %v", err)
	}
}

// TestCallOffBoundary: one player alone may call a scheduled game off
// until exactly an hour before its start; the game is aborted with no
// result.
func TestCallOffBoundary(t *testing.T) {
	tests := []struct {
		name   string
		before time.Duration // before the start
		side   Side
		code   Code
		left   string
	}{
		{"60:00 before, white", time.Hour, White, "", ""},
		{"60:00 before, black", time.Hour, Black, "", ""},
		{"a day before", 24 * time.Hour, Black, "", ""},
		{"59:59 before", time.Hour - time.Second, White, CodeSuspendTooLate, "3599"},
		{"59:59.999 before", time.Hour - time.Millisecond, Black, CodeSuspendTooLate, "3599"},
		{"at the start", 0, White, CodeSuspendTooLate, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			g, start := scheduled(t, now, 0)
			now.t = start.Add(-tt.before)
			v := g.Version()
			err := g.CallOff(tt.side)
			if CodeOf(err) != tt.code {
				t.Fatalf("CallOff: %v, want code %q", err, tt.code)
			}
			if tt.code != "" {
				var ce *Error
				if !errors.As(err, &ce) || ce.Params["left"] != tt.left || ce.Params["start"] != start.UTC().Format(time.RFC3339) {
					t.Errorf("refusal %v: params %v", err, ce.Params)
				}
				if g.Over() {
					t.Error("a refused call-off ended the game")
				}
				return
			}
			if g.Status() != StatusAborted || g.Result() != NoResult || g.Version() == v {
				t.Errorf("after the call-off: %v %v", g.Status(), g.Result())
			}
		})
	}
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 5*time.Minute, 0), "")
	if err := g.CallOff(White); CodeOf(err) != CodeNotScheduled {
		t.Errorf("an ordinary game: %v", err)
	}
}
