package game

import (
	"strconv"
	"time"
)

// Scheduled games, as over the board (FIDE Laws 6.6 and 6.7):
//
//   - From CheckInWindow (15 minutes) before the start each player may check
//     in ([Game.CheckIn], or connecting to the game: [Game.Reconnect]);
//     earlier, nothing marks a player present.
//   - At the start time the game starts with its clock: white's clock runs
//     from that moment whether white is there or not ([State.Status] becomes
//     started). There is no first-move timer and no abort: the clocks and
//     the default time govern.
//   - A player still absent when the default time ends (the game's
//     [Record.DefaultTime], [DefaultNoShowTime] when zero, counted from the
//     start) loses by no-show; both absent, both lose (0-0). The game ends
//     with EndedAt set to that moment, even when it is applied later (after
//     a restart).
//   - An absent player whose clock runs out before the default time ends
//     loses by no-show at that moment (both lose if the other is absent
//     too): the default time ends with the clock.
//   - A start that fell due while the server was down starts the game when
//     the server is back ([Game.Resume]): the clock and the default time
//     count from then, so the downtime is charged to nobody. A forfeit that
//     fell due while the server was down is applied when it is back, with
//     the due time recorded.
//   - Postponing ([Game.Postpone]) is allowed until exactly PostponeNotice
//     (one hour) before the start, to a new start at least PostponeNotice
//     away.
//   - Either player alone may call the game off ([Game.CallOff]) until
//     exactly SuspendNotice (one hour) before the start: the game is aborted,
//     with no result and no rating change (package schedule then has the
//     players agree a new time, which is a new game).

// Rules of scheduled games that the package fixes.
const (
	// CheckInWindow is how long before its start a scheduled game's players
	// may check in.
	CheckInWindow = 15 * time.Minute
	// DefaultNoShowTime is the default time of a scheduled game whose
	// Config.DefaultTime is zero: how long after the start an absent player
	// has before losing by no-show.
	DefaultNoShowTime = NoShowGrace
	// MaxDefaultTime bounds a scheduled game's default time.
	MaxDefaultTime = time.Hour
	// SuspendNotice is the least notice before its start with which one
	// player alone may call a scheduled game off: 60:00 before is enough,
	// 59:59 is not.
	SuspendNotice = time.Hour
)

// Error codes of scheduled games.
const (
	// CodePostponeTooLate: a postponement asked for or accepted less than
	// PostponeNotice before the start. Params: "left" (the time left before
	// the start, m:ss), "start" (RFC 3339, UTC).
	CodePostponeTooLate Code = "game.postpone_too_late"
	// CodePostponeTooSoon: a postponement to a new start less than
	// PostponeNotice away. Params: "earliest" (RFC 3339, UTC).
	CodePostponeTooSoon Code = "game.postpone_too_soon"
	// CodeCheckInNotOpen: a check-in before CheckInWindow before the start.
	// Params: "opens" (RFC 3339, UTC).
	CodeCheckInNotOpen Code = "game.check_in_not_open"
	// CodeNotScheduled: a check-in to a game that is not a scheduled one.
	CodeNotScheduled Code = "game.not_scheduled"
	// CodeBadDefaultTime: a default time below zero or above MaxDefaultTime,
	// or one given to a game that is not scheduled.
	CodeBadDefaultTime Code = "game.bad_default_time"
	// CodeSuspendTooLate: a scheduled game called off less than
	// SuspendNotice before its start, or once it has started. Params:
	// "left" (whole seconds before the start, 0 once it has started),
	// "start" (RFC 3339, UTC).
	CodeSuspendTooLate Code = "game.suspend_too_late"
)

// Sentinels of the scheduled games' codes, for errors.Is.
var (
	ErrPostponeTooLate = &Error{Code: CodePostponeTooLate, Msg: "too late to postpone"}
	ErrPostponeTooSoon = &Error{Code: CodePostponeTooSoon, Msg: "the new start is too soon"}
	ErrCheckInNotOpen  = &Error{Code: CodeCheckInNotOpen, Msg: "check-in is not open yet"}
	ErrNotScheduled    = &Error{Code: CodeNotScheduled, Msg: "not a scheduled game"}
	ErrBadDefaultTime  = &Error{Code: CodeBadDefaultTime, Msg: "bad default time"}
	ErrSuspendTooLate  = &Error{Code: CodeSuspendTooLate, Msg: "too late to suspend"}
)

// ScheduleState is what a scheduled game's page shows of it: when it
// starts, who has checked in, when an absent player loses.
type ScheduleState struct {
	Status      Status      `json:"status"`
	Termination Termination `json:"termination"`
	Result      Result      `json:"result"`
	// StartAt is the start: the arranged time, or the moment the server
	// came back if the start fell due while it was down.
	StartAt time.Time `json:"startAt"`
	// CheckInFrom is when check-in opens (StartAt − CheckInWindow).
	CheckInFrom time.Time `json:"checkInFrom"`
	// NoShowAt is when a player still absent loses (StartAt + DefaultTime).
	NoShowAt time.Time `json:"noShowAt"`
	// DefaultTime is the game's default time.
	DefaultTime time.Duration `json:"defaultTime"`
	// Present holds, per side, whether the player has checked in.
	Present [2]bool `json:"present"`
	// EndedAt is when the game ended (a no-show: when it fell due).
	EndedAt time.Time `json:"endedAt,omitzero"`
}

// Scheduled reports whether the game is a scheduled one.
func (g *Game) Scheduled() bool { return !g.rec.State.ScheduledAt.IsZero() }

// defaultTime is the game's default time.
func (g *Game) defaultTime() time.Duration {
	if g.rec.DefaultTime > 0 {
		return g.rec.DefaultTime
	}
	return DefaultNoShowTime
}

// noShowAt is when a player still absent from a scheduled game loses.
func (g *Game) noShowAt() time.Time {
	return g.rec.State.ScheduledAt.Add(g.defaultTime())
}

// Schedule returns the scheduled part of the game, and false for a game
// that is not scheduled.
func (g *Game) Schedule() (ScheduleState, bool) {
	st := g.rec.State
	if st.ScheduledAt.IsZero() {
		return ScheduleState{}, false
	}
	return ScheduleState{
		Status: st.Status, Termination: st.Termination, Result: st.Result,
		StartAt: st.ScheduledAt.UTC(), CheckInFrom: st.ScheduledAt.Add(-CheckInWindow).UTC(),
		NoShowAt: g.noShowAt().UTC(), DefaultTime: g.defaultTime(), Present: st.Present,
		EndedAt: st.EndedAt,
	}, true
}

// checkInOpen reports whether a scheduled game's players may check in now.
func (g *Game) checkInOpen(now time.Time) bool {
	return !now.Before(g.rec.State.ScheduledAt.Add(-CheckInWindow))
}

// CheckIn records that side has shown up for a scheduled game. It is
// refused before check-in opens (CodeCheckInNotOpen) and for a game that
// is not scheduled (CodeNotScheduled); checking in twice changes nothing.
func (g *Game) CheckIn(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	st := &g.rec.State
	if st.ScheduledAt.IsZero() {
		return NewError(CodeNotScheduled, "the game is not a scheduled one", nil)
	}
	if now := g.now(); !g.checkInOpen(now) {
		opens := st.ScheduledAt.Add(-CheckInWindow).UTC().Format(time.RFC3339)
		return NewError(CodeCheckInNotOpen, "check-in opens at "+opens, nil).With("opens", opens)
	}
	if g.markPresent(side) && !g.Over() {
		g.changed()
	}
	return nil
}

// startScheduled starts a scheduled game's clock as of at: white (or the
// side to move) is charged from then on, present or not.
func (g *Game) startScheduled(at time.Time) {
	st := &g.rec.State
	st.ScheduledAt = at.UTC().Truncate(time.Millisecond)
	st.Status = StatusStarted
	if c := g.clock; c != nil && c.state == ClockWaiting {
		c.state = ClockRunning
		c.turnStart = wholeMilli(st.ScheduledAt)
	}
	g.changed()
}

// started reports whether a scheduled game's start has been applied.
func (g *Game) started() bool {
	return g.rec.State.Status != StatusCreated || g.history.Len() > 0
}

// noShowDue ends a scheduled game whose default time ended at due: the
// absent players lose, and the end is recorded at due.
func (g *Game) noShowDue(due time.Time, whiteAbsent, blackAbsent bool) {
	g.noShow(whiteAbsent, blackAbsent)
	g.rec.State.EndedAt = due.UTC().Truncate(time.Millisecond)
}

// absentFlag reports whether the side on turn, whose flag fell, is a
// player of a scheduled game who never showed up: then it is a no-show.
func (g *Game) absentFlag() bool {
	st := &g.rec.State
	return !st.ScheduledAt.IsZero() && !st.Present[g.Turn()]
}

// checkPostpone is the one-hour rule: a postponement is allowed until
// exactly PostponeNotice before the start (60:00 left is allowed, 59:59 is
// not), to a new start at least PostponeNotice from now.
func checkPostpone(start, now, at time.Time) error {
	left := start.Sub(now)
	if left < PostponeNotice {
		l := max(left, 0).Truncate(time.Second)
		s := start.UTC().Format(time.RFC3339)
		return NewError(CodePostponeTooLate, "a game can be postponed only until one hour before its start; it starts in "+l.String(), nil).
			With("left", strconv.Itoa(int(l/time.Second))).With("start", s)
	}
	if at.Sub(now) < PostponeNotice {
		earliest := now.Add(PostponeNotice).UTC().Truncate(time.Second).Format(time.RFC3339)
		return NewError(CodePostponeTooSoon, "the new start must be at least one hour away (from "+earliest+")", nil).
			With("earliest", earliest)
	}
	return nil
}

// PostponeAsked moves a scheduled game's start to at on a request that a
// player made at the moment asked and the opponent accepts now: the
// one-hour rule is judged as of the request (see [CheckPostpone]; asked at
// exactly 60:00 before the start is enough), and the game must not have
// started, the new start still ahead. Refusals: CodeCannotPostpone (not a
// scheduled game), CodePostponeTooLate, CodePostponeTooSoon, CodeGameOver.
func (g *Game) PostponeAsked(side Side, at, asked time.Time) error {
	if err := g.settle(); err != nil {
		return err
	}
	st := &g.rec.State
	now := g.now()
	if st.ScheduledAt.IsZero() {
		return NewError(CodeCannotPostpone, "the game is not a scheduled one", nil)
	}
	if asked.After(now) {
		asked = now
	}
	if err := checkPostpone(st.ScheduledAt, asked, at); err != nil {
		return err
	}
	if g.started() || !now.Before(st.ScheduledAt) {
		return checkPostpone(st.ScheduledAt, now, at) // too late now: it says how late
	}
	if !at.After(now) {
		return checkPostpone(st.ScheduledAt, now, at)
	}
	st.ScheduledAt = at.UTC().Truncate(time.Millisecond)
	g.changed()
	return nil
}

// CheckPostpone tells whether a scheduled game starting at start may be
// postponed at the moment now to at, by the one-hour rule of
// [Game.Postpone]: nil, or an error with CodePostponeTooLate or
// CodePostponeTooSoon.
func CheckPostpone(start, now, at time.Time) error { return checkPostpone(start, now, at) }

// CheckSuspend tells whether a scheduled game starting at start may be
// called off at the moment now by one player alone: nil until exactly
// SuspendNotice before the start (60:00 left is allowed, 59:59 is not),
// then an error with CodeSuspendTooLate that says how much time was left.
func CheckSuspend(start, now time.Time) error {
	left := start.Sub(now)
	if left >= SuspendNotice {
		return nil
	}
	l := max(left, 0).Truncate(time.Second)
	return NewError(CodeSuspendTooLate, "a game can be suspended only until one hour before its start; it starts in "+l.String(), nil).
		With("left", strconv.Itoa(int(l/time.Second))).With("start", start.UTC().Format(time.RFC3339))
}

// CallOff is side calling a scheduled game off, alone, with at least
// SuspendNotice before its start (see [CheckSuspend]): the game is aborted,
// with no result, and so changes no rating. Refusals: CodeNotScheduled for
// another game, CodeSuspendTooLate inside the last hour or once the game
// has started, CodeGameOver for a game already over.
func (g *Game) CallOff(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	st := &g.rec.State
	if st.ScheduledAt.IsZero() {
		return NewError(CodeNotScheduled, "the game is not a scheduled one", nil)
	}
	if err := CheckSuspend(st.ScheduledAt, g.now()); err != nil {
		return err
	}
	if g.started() {
		return CheckSuspend(st.ScheduledAt, st.ScheduledAt)
	}
	g.abort()
	return nil
}
