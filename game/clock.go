package game

import (
	"time"
)

// ClockState is where a [Clock] is in its life. The values are fixed ids
// safe to store; never renumber them.
type ClockState uint8

// The clock states.
const (
	// ClockWaiting: before both sides have made their first move. Nothing is
	// charged; the first two presses pass the turn and add the increment.
	ClockWaiting ClockState = 1
	// ClockRunning: the side to move is spending its time.
	ClockRunning ClockState = 2
	// ClockPaused: the server is (or was) down; nobody is being charged.
	ClockPaused ClockState = 3
	// ClockStopped: the game is over, or a side ran out of time; the clock
	// never runs again.
	ClockStopped ClockState = 4
)

var clockStateNames = [...]string{
	ClockWaiting: "waiting",
	ClockRunning: "running",
	ClockPaused:  "paused",
	ClockStopped: "stopped",
}

// Valid reports whether s is one of the four states.
func (s ClockState) Valid() bool { return s >= ClockWaiting && s <= ClockStopped }

// String returns the stable text code: "waiting", "running", "paused" or
// "stopped".
func (s ClockState) String() string {
	if !s.Valid() {
		return "clock_state(" + itoa(int(s)) + ")"
	}
	return clockStateNames[s]
}

// MarshalText encodes s as its text code.
func (s ClockState) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, NewError(CodeBadClockSnapshot, "bad clock state "+s.String(), nil)
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes a text code written by MarshalText.
func (s *ClockState) UnmarshalText(text []byte) error {
	for v := ClockWaiting; v <= ClockStopped; v++ {
		if string(text) == clockStateNames[v] {
			*s = v
			return nil
		}
	}
	return NewError(CodeBadClockSnapshot, "bad clock state "+quote(string(text)), nil)
}

// Clock is the chess clock the server keeps for a timed game.
//
// All accounting is in whole milliseconds: time spent on a move is the time
// since the turn started rounded down to the millisecond, and the next turn
// starts where that whole number of milliseconds ends, so no time is lost or
// counted twice between turns. Time is read from the function given to
// [NewClock]; tests give a fake one.
//
// The clock starts only once both sides have made their first move (the
// state is [ClockWaiting] before that: those two moves are not charged but
// earn the increment, as every move does). From then on each [Clock.Press]
// charges the mover the time since their turn started minus a lag credit
// (see [LagQuotaGain]), adds the Fischer increment if the move was in time
// (whole-game mode) or gives the full allowance back (per-move mode), and
// passes the turn. The flag falls at [Clock.FlagsAt], the raw deadline plus
// a lag grace: until then a late move may still be saved by its lag credit
// (see [LagQuotaGain] and [MaxLagGrace]). [Clock.Pause] and [Clock.Resume]
// keep server downtime off both clocks. [Clock.Snapshot] and [RestoreClock] store and bring back a
// clock.
//
// A Clock is not safe for concurrent use: one goroutine owns each game.
type Clock struct {
	tc        TimeControl
	now       func() time.Time
	state     ClockState
	turn      Side
	moves     int
	remaining [2]time.Duration // for the side to move in ClockRunning: as of turnStart
	lag       [2]lagQuota
	turnStart time.Time // ClockRunning only; always a whole millisecond
	berserk   [2]bool   // the side berserked: half its time, no increment
}

// Charge tells what one [Clock.Press] did to the mover's clock.
type Charge struct {
	// Side is the mover.
	Side Side
	// Elapsed is the time since the mover's turn started (0 before the clock
	// starts).
	Elapsed time.Duration
	// LagCredit is the part of Elapsed forgiven as network lag.
	LagCredit time.Duration
	// Spent is the time charged: Elapsed − LagCredit.
	Spent time.Duration
	// Increment is the time added after the move: the Fischer increment for
	// a whole-game move made in time (the first two moves included),
	// otherwise 0. (A per-move clock is
	// reset to its allowance instead.)
	Increment time.Duration
	// Remaining is the mover's time after the move: what is left for their
	// next move.
	Remaining time.Duration
	// Flagged reports that the mover's time had run out before the move
	// arrived: the clock has stopped with the mover on turn and 0 left, the
	// turn did not pass, and the game is lost on time (or drawn, FIDE 6.9).
	// The caller must not play the move.
	Flagged bool
}

// NewClock returns a clock for the timed control tc, in state
// [ClockWaiting], with first to move. now is the source of time (time.Now
// when nil). An untimed or zero tc is refused with [CodeBadTimeControl]:
// untimed games have no clock.
func NewClock(tc TimeControl, first Side, now func() time.Time) (*Clock, error) {
	if !tc.Timed() {
		return nil, badTimeControl(tc.String(), "a clock needs a timed control")
	}
	if !first.Valid() {
		return nil, NewError(CodeBadSide, "bad side "+first.String(), nil)
	}
	if now == nil {
		now = time.Now
	}
	return &Clock{
		tc:        tc,
		now:       now,
		state:     ClockWaiting,
		turn:      first,
		remaining: [2]time.Duration{tc.Initial(), tc.Initial()},
		lag:       [2]lagQuota{{LagQuotaInitial(tc)}, {LagQuotaInitial(tc)}},
	}, nil
}

// TimeControl returns the clock's time control.
func (c *Clock) TimeControl() TimeControl { return c.tc }

// State returns the clock's state.
func (c *Clock) State() ClockState { return c.state }

// Turn returns the side whose clock runs (or would run) now. After a flag it
// is the side that ran out of time.
func (c *Clock) Turn() Side { return c.turn }

// Moves returns the number of moves pressed, the first two included.
func (c *Clock) Moves() int { return c.moves }

// LagQuota returns side's current lag compensation quota: the most lag its
// next move can be credited with.
func (c *Clock) LagQuota(side Side) time.Duration {
	if !side.Valid() {
		return 0
	}
	return c.lag[side].quota
}

// Start starts a waiting clock now, without waiting for the first two
// moves (for a game that continues from a position, for instance). It does
// nothing to a running clock, and fails on a paused or stopped one.
func (c *Clock) Start() error {
	switch c.state {
	case ClockWaiting:
		c.state = ClockRunning
		c.turnStart = wholeMilli(c.now())
	case ClockPaused:
		return ErrClockPaused
	case ClockStopped:
		return ErrClockStopped
	}
	return nil
}

// Press records that mover has just made a move, reported lag being the
// network lag of that move as reported by the client or estimated by the
// server (0 if unknown). It returns what was charged.
//
// Before the clock starts, Press charges nothing: it adds the increment
// (whole game) and passes the turn; the second press starts the clock. On a running clock, Press charges the mover the elapsed
// time minus the lag credit, then adds the increment (whole game) or gives
// back the full allowance (per move) and passes the turn. If the mover's
// time ran out before the move — it arrived at or after [Clock.FlagsAt],
// or the time charged, lag credit deducted, is not below the time it had
// left — nothing is added, the clock stops and Charge.Flagged is set.
//
// Errors: [CodeNotYourTurn] if mover is not on turn, [CodeClockPaused] and
// [CodeClockStopped] if the clock cannot run. On error nothing changes.
func (c *Clock) Press(mover Side, lag time.Duration) (Charge, error) {
	if err := c.pressable(); err != nil {
		return Charge{}, err
	}
	if mover != c.turn {
		return Charge{}, NewError(CodeNotYourTurn, "not your turn: "+c.turn.String()+" is to move", nil)
	}
	if c.state == ClockWaiting {
		ch := Charge{Side: mover}
		if c.tc.PerMove() == 0 && !c.berserk[mover] {
			// FIDE 6.3: the increment follows every move, the first
			// included, whenever the clock was started.
			ch.Increment = c.tc.Increment()
			c.remaining[mover] += ch.Increment
		}
		ch.Remaining = c.remaining[mover]
		c.moves++
		c.turn = mover.Other()
		if c.moves >= 2 {
			c.state = ClockRunning
			c.turnStart = wholeMilli(c.now())
		}
		return ch, nil
	}

	elapsed := c.elapsed(c.now())
	if c.pastGrace(elapsed) {
		// The flag fell before the move arrived: no lag can save it.
		c.remaining[mover] = 0
		c.state = ClockStopped
		c.turnStart = time.Time{}
		return Charge{Side: mover, Elapsed: elapsed, Spent: elapsed, Flagged: true}, nil
	}
	credit := c.lag[mover].credit(lag.Truncate(time.Millisecond), elapsed, LagQuotaGain(c.tc))
	ch := Charge{Side: mover, Elapsed: elapsed, LagCredit: credit, Spent: elapsed - credit}
	if ch.Spent >= c.remaining[mover] {
		c.remaining[mover] = 0
		c.state = ClockStopped
		c.turnStart = time.Time{}
		ch.Flagged = true
		return ch, nil
	}
	switch c.tc.Mode() {
	case ModePerMove, ModeCorrespondence:
		c.remaining[mover] = c.tc.PerMove()
	default:
		if !c.berserk[mover] {
			ch.Increment = c.tc.Increment()
		}
		c.remaining[mover] += ch.Increment - ch.Spent
	}
	ch.Remaining = c.remaining[mover]
	c.moves++
	c.turn = mover.Other()
	c.turnStart = c.turnStart.Add(elapsed)
	return ch, nil
}

// Berserk halves side's time and takes its increment away for the rest
// of the game, as an arena's berserk does (lichess: half the initial time,
// no increment). Only a whole-game clock berserks, once per side, while
// the clock waits for the first two moves and side has not moved: else
// [CodeCannotBerserk], and nothing changes.
func (c *Clock) Berserk(side Side) error {
	moved := c.moves > 0 && (side == White || c.moves > 1)
	if c.tc.Mode() != ModeWholeGame || c.state != ClockWaiting || moved || c.berserk[side] || !side.Valid() {
		return NewError(CodeCannotBerserk, "berserk only once, before one's first move, on a whole-game clock", nil)
	}
	c.berserk[side] = true
	c.remaining[side] = (c.tc.Initial() / 2).Truncate(time.Millisecond)
	return nil
}

// Berserked reports whether side has berserked.
func (c *Clock) Berserked(side Side) bool { return side.Valid() && c.berserk[side] }

// pressable returns [ErrClockStopped] or [ErrClockPaused] if the clock
// cannot be pressed.
func (c *Clock) pressable() error {
	switch c.state {
	case ClockStopped:
		return ErrClockStopped
	case ClockPaused:
		return ErrClockPaused
	}
	return nil
}

// Stop stops the clock for good (the game is over), charging the side on
// turn the time since its turn started, with no lag credit and no increment.
// Stopping a stopped clock does nothing.
func (c *Clock) Stop() {
	if c.state == ClockRunning {
		c.remaining[c.turn] = max(c.remaining[c.turn]-c.elapsed(c.now()), 0)
	}
	c.state = ClockStopped
	c.turnStart = time.Time{}
}

// Pause stops a running clock as of at (for server downtime), charging the
// side on turn the time from the start of its turn to at: at is the last
// moment the server is known to have been up, and is taken as now if it is
// later than now. If that exhausts the side's time, the clock stops flagged
// (see [Clock.Flagged]) instead of pausing: the lag grace saves only a move
// that arrives, and none that was in flight survives the downtime (a move
// after Resume is charged at least 0 against no time left). Pause does
// nothing to a clock
// that is not running (before the first two moves there is nothing to
// charge anyway).
func (c *Clock) Pause(at time.Time) {
	if c.state != ClockRunning {
		return
	}
	if now := c.now(); at.After(now) {
		at = now
	}
	elapsed := c.elapsed(at)
	if elapsed >= c.remaining[c.turn] {
		c.remaining[c.turn] = 0
		c.state = ClockStopped
	} else {
		c.remaining[c.turn] -= elapsed
		c.state = ClockPaused
	}
	c.turnStart = time.Time{}
}

// Resume runs a paused clock again, the turn restarting at at (normally
// now, when the server is back): the time between [Clock.Pause] and at is
// charged to nobody. Resume does nothing to a clock that is not paused.
func (c *Clock) Resume(at time.Time) {
	if c.state != ClockPaused {
		return
	}
	c.state = ClockRunning
	c.turnStart = wholeMilli(at)
}

// Remaining returns side's time left at the moment at: for the side whose
// clock is running, its time at the start of the turn minus the time since
// (never below 0); otherwise the time on its clock.
func (c *Clock) Remaining(side Side, at time.Time) time.Duration {
	if !side.Valid() {
		return 0
	}
	if c.state == ClockRunning && side == c.turn {
		return max(c.remaining[side]-c.elapsed(at), 0)
	}
	return c.remaining[side]
}

// Flagged reports whether the side on turn ([Clock.Turn]) has lost on time
// as of the moment at: the clock runs and at is [Clock.FlagsAt] or later,
// or the clock stopped with that side at 0 (a flagged [Clock.Press],
// [Clock.Stop] or [Clock.Pause]). Between [Clock.ExpiresAt] and FlagsAt
// the side shows 0 left but has not flagged: a move may still arrive with
// the lag credit that saves it.
func (c *Clock) Flagged(at time.Time) bool {
	if c.state == ClockRunning {
		return c.pastGrace(c.elapsed(at))
	}
	return c.remaining[c.turn] == 0
}

// ExpiresAt returns the raw deadline: the moment the running side's time
// reaches 0, counting no lag credit (what a board shows); ok is false
// unless the clock is running. The flag itself falls later, at
// [Clock.FlagsAt].
func (c *Clock) ExpiresAt() (t time.Time, ok bool) {
	if c.state != ClockRunning {
		return time.Time{}, false
	}
	return c.turnStart.Add(c.remaining[c.turn]), true
}

// Grace returns how long after [Clock.ExpiresAt] the flag of the side on
// turn falls: its lag quota, at most [MaxLagGrace].
func (c *Clock) Grace() time.Duration { return lagGrace(c.lag[c.turn].quota) }

// FlagsAt returns the moment the running side loses on time if no move has
// arrived: [Clock.ExpiresAt] plus [Clock.Grace]. A runtime sets its timer
// to it; ok is false unless the clock is running.
func (c *Clock) FlagsAt() (t time.Time, ok bool) {
	exp, ok := c.ExpiresAt()
	if !ok {
		return time.Time{}, false
	}
	return exp.Add(c.Grace()), true
}

// pastGrace reports whether elapsed, the time since the turn started, has
// reached the flag: the time left plus the grace. This is the package's one
// test of a flag falling on a running clock.
func (c *Clock) pastGrace(elapsed time.Duration) bool {
	return elapsed >= c.remaining[c.turn]+c.Grace()
}

// elapsed returns the whole milliseconds from the start of the turn to at
// (0 if at is earlier).
func (c *Clock) elapsed(at time.Time) time.Duration {
	return max(at.Sub(c.turnStart), 0).Truncate(time.Millisecond)
}

// wholeMilli rounds t down to a whole millisecond of wall time, keeping its
// monotonic reading (if any) consistent.
func wholeMilli(t time.Time) time.Time {
	return t.Add(-time.Duration(t.Nanosecond() % int(time.Millisecond)))
}
