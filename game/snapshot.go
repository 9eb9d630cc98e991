package game

import "time"

// ClockSnapshot is everything a [Clock] needs to be stored and restored: a
// plain struct for JSON or database columns. Durations are whole
// milliseconds.
//
// For a running clock, WhiteMs and BlackMs are the times at TurnStart, not
// live values: the side on turn has spent the time since TurnStart. A
// snapshot taken after each move therefore stays valid until the next one.
type ClockSnapshot struct {
	// TimeControl is the clock's time control (JSON: its text form).
	TimeControl TimeControl `json:"timeControl"`
	// State is the clock state (JSON: "waiting", "running", ...).
	State ClockState `json:"state"`
	// Turn is the side whose clock runs, or would run.
	Turn Side `json:"turn"`
	// Moves is the number of moves pressed so far.
	Moves int `json:"moves"`
	// WhiteMs and BlackMs are the times left, in milliseconds.
	WhiteMs int64 `json:"whiteMs"`
	BlackMs int64 `json:"blackMs"`
	// WhiteLagQuotaMs and BlackLagQuotaMs are the lag quotas, in
	// milliseconds.
	WhiteLagQuotaMs int64 `json:"whiteLagQuotaMs"`
	BlackLagQuotaMs int64 `json:"blackLagQuotaMs"`
	// TurnStart is when the turn of the side on move started; set only while
	// the clock runs. It is a whole millisecond, so storing it with
	// millisecond (or finer) precision loses nothing.
	TurnStart time.Time `json:"turnStart,omitzero"`
	// Berserk holds, per side, whether it berserked (half its time, no
	// increment: [Clock.Berserk]).
	Berserk [2]bool `json:"berserk,omitzero"`
}

// maxSnapshotMs bounds the millisecond values a snapshot may hold (about
// 115 days), far above any real clock (fourteen days per move in
// correspondence) and far below overflow.
const maxSnapshotMs = 10_000_000_000

// Snapshot returns the clock's state for storage.
func (c *Clock) Snapshot() ClockSnapshot {
	return ClockSnapshot{
		TimeControl:     c.tc,
		State:           c.state,
		Turn:            c.turn,
		Moves:           c.moves,
		WhiteMs:         c.remaining[White].Milliseconds(),
		BlackMs:         c.remaining[Black].Milliseconds(),
		WhiteLagQuotaMs: c.lag[White].quota.Milliseconds(),
		BlackLagQuotaMs: c.lag[Black].quota.Milliseconds(),
		TurnStart:       c.turnStart.Round(0), // drop the monotonic reading
		Berserk:         c.berserk,
	}
}

// RestoreClock brings back a clock from a snapshot, reading time from now
// (time.Now when nil). The clock is exactly as it was: a running clock keeps
// charging the side on turn from TurnStart. After a crash, call
// [Clock.Pause] with the last moment the server is known to have been up
// and then [Clock.Resume] with the current time, so that the downtime is
// charged to nobody.
//
// An inconsistent snapshot is refused with [CodeBadClockSnapshot]. Lag
// quotas above the control's [LagQuotaMax] (stored under older rules) are
// lowered to it.
func RestoreClock(s ClockSnapshot, now func() time.Time) (*Clock, error) {
	bad := func(reason string) (*Clock, error) {
		return nil, NewError(CodeBadClockSnapshot, "bad clock snapshot: "+reason, nil)
	}
	tc := s.TimeControl
	switch {
	case !tc.Timed():
		return bad("time control " + quote(tc.String()) + " is not timed")
	case !s.State.Valid():
		return bad("bad state " + s.State.String())
	case !s.Turn.Valid():
		return bad("bad turn " + s.Turn.String())
	case s.Moves < 0:
		return bad("negative move count")
	case s.State == ClockWaiting && s.Moves >= 2:
		return bad("waiting after both first moves")
	case s.State == ClockRunning && s.TurnStart.IsZero():
		return bad("running without a turn start")
	}
	ms := [2]int64{s.WhiteMs, s.BlackMs}
	quota := [2]int64{s.WhiteLagQuotaMs, s.BlackLagQuotaMs}
	c := &Clock{tc: tc, now: now, state: s.State, turn: s.Turn, moves: s.Moves, berserk: s.Berserk}
	if c.now == nil {
		c.now = time.Now
	}
	for side := White; side <= Black; side++ {
		left := ms[side]
		switch {
		case left < 0 || left > maxSnapshotMs:
			return bad("time left out of range for " + side.String())
		case left == 0 && (side != s.Turn || s.State != ClockStopped):
			return bad("no time left for " + side.String() + " on a clock that has not flagged")
		case tc.PerMove() > 0 && time.Duration(left)*time.Millisecond > tc.PerMove():
			return bad("time left for " + side.String() + " above the allowance per move")
		case quota[side] < 0 || quota[side] > maxSnapshotMs:
			return bad("lag quota out of range for " + side.String())
		}
		c.remaining[side] = time.Duration(left) * time.Millisecond
		c.lag[side].quota = min(time.Duration(quota[side])*time.Millisecond, LagQuotaMax(tc))
	}
	if c.state == ClockRunning {
		c.turnStart = wholeMilli(s.TurnStart)
	}
	return c, nil
}
