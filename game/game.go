package game

import (
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Timing rules of play that the package fixes. They follow lichess's.
const (
	// FirstMoveTimeout is how long a side has for its first move in a fast
	// game before the game is aborted; SlowFirstMoveTimeout in a slow one
	// (an expected duration of 25 minutes or more).
	FirstMoveTimeout     = 30 * time.Second
	SlowFirstMoveTimeout = 60 * time.Second
	// MinReconnectWindow and MaxReconnectWindow bound the time a player
	// whose connection dropped has to come back before the game is
	// abandoned; in between the window is a tenth of the game's expected
	// duration.
	MinReconnectWindow = 30 * time.Second
	MaxReconnectWindow = 3 * time.Minute
	// NoShowGrace is how long after its start time a scheduled game waits
	// for its players before a player who has not shown up loses, unless
	// the game sets its own default time (Config.DefaultTime).
	NoShowGrace = 10 * time.Minute
	// PostponeNotice is the least notice before its start with which a
	// scheduled game may be postponed.
	PostponeNotice = time.Hour
)

// Config describes a new game.
type Config struct {
	// ID identifies the game; it must not be empty.
	ID           string
	White, Black Player
	TimeControl  TimeControl
	// StartFEN is the start position; empty for the standard one.
	StartFEN string
	// ScheduledAt, if set, makes the game a scheduled one that starts then.
	ScheduledAt time.Time
	// DefaultTime is a scheduled game's default time: how long after the
	// start an absent player has before losing by no-show (0:
	// DefaultNoShowTime; at most MaxDefaultTime).
	DefaultTime time.Duration
	// Rated makes the game count for the players' ratings (default false,
	// a casual game). Only a game between two accounts changes ratings:
	// the store updates them in the transaction that records its end.
	Rated bool
	// NoStartLoses makes the first-move deadline end the game as a loss
	// for the side that did not make its first move in time (termination
	// [NoStart]) instead of aborting it: a game the players owe, as an
	// arena's (lichess's "mandatory" games). It does not touch scheduled
	// games, which have no first-move deadline.
	NoStartLoses bool
	// Now is the source of time (time.Now when nil).
	Now func() time.Time
}

// Game is one game of chess between two players, with its clock, draw
// offers, and every way it can end. It is a state machine: each method
// either changes the game according to the rules and returns nil, or
// returns an *Error with a stable Code and changes nothing.
//
// A Game is not safe for concurrent use: the live runtime gives each game
// one goroutine that owns it.
type Game struct {
	rec     Record
	history *chess.History
	clock   *Clock // nil when untimed
	now     func() time.Time
	version uint64
}

// New creates a game in status created. An untimed game is refused unless
// one of the players is the AI; a bad time control, start position or
// missing id is refused too.
func New(cfg Config) (*Game, error) {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.ID == "" {
		return nil, NewError(CodeBadGame, "a game needs an id", nil)
	}
	if cfg.TimeControl.IsZero() {
		return nil, NewError(CodeBadTimeControl, "a game needs a time control", nil)
	}
	if cfg.TimeControl.Untimed() && !cfg.White.IsAI() && !cfg.Black.IsAI() {
		return nil, ErrUntimedNotAllowed
	}
	if cfg.TimeControl.IsCorrespondence() && (cfg.White.IsAI() || cfg.Black.IsAI() || !cfg.ScheduledAt.IsZero()) {
		return nil, ErrCorrespondenceNotAllowed
	}
	if cfg.DefaultTime < 0 || cfg.DefaultTime > MaxDefaultTime || (cfg.DefaultTime != 0 && cfg.ScheduledAt.IsZero()) {
		return nil, NewError(CodeBadDefaultTime, "a default time is 0 to 60 minutes, for a scheduled game", nil)
	}
	start, err := startPosition(cfg.StartFEN)
	if err != nil {
		return nil, err
	}
	g := &Game{
		rec: Record{
			ID:           cfg.ID,
			White:        cfg.White,
			Black:        cfg.Black,
			TimeControl:  cfg.TimeControl,
			StartFEN:     cfg.StartFEN,
			CreatedAt:    now().UTC().Truncate(time.Millisecond),
			Rated:        cfg.Rated,
			DefaultTime:  cfg.DefaultTime.Truncate(time.Millisecond),
			NoStartLoses: cfg.NoStartLoses,
		},
		history: chess.NewHistory(start),
		now:     now,
	}
	g.rec.State.Status = StatusCreated
	if !cfg.ScheduledAt.IsZero() {
		g.rec.State.ScheduledAt = cfg.ScheduledAt.UTC().Truncate(time.Millisecond)
	}
	if !cfg.TimeControl.Untimed() {
		g.clock, err = NewClock(cfg.TimeControl, SideOf(start.Turn()), now)
		if err != nil {
			return nil, err
		}
	}
	g.armFirstMoveTimer()
	g.syncClock()
	return g, nil
}

func startPosition(fen string) (chess.Position, error) {
	if fen == "" {
		return chess.StartingPosition(), nil
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return p, NewError(CodeBadPosition, "bad start position", err)
	}
	if p.Outcome().Over() {
		return p, NewError(CodeBadPosition, "the start position is already decided", nil)
	}
	return p, nil
}

// ID returns the game's id.
func (g *Game) ID() string { return g.rec.ID }

// Player returns the player of side s.
func (g *Game) Player(s Side) Player {
	if s == White {
		return g.rec.White
	}
	return g.rec.Black
}

// SideOf returns the side that the person with playerID plays.
func (g *Game) SideOf(playerID string) (Side, bool) {
	switch {
	case playerID == "":
		return White, false
	case g.rec.White.ID == playerID:
		return White, true
	case g.rec.Black.ID == playerID:
		return Black, true
	}
	return White, false
}

// TimeControl returns the game's time control.
func (g *Game) TimeControl() TimeControl { return g.rec.TimeControl }

// Rated reports whether the game counts for the players' ratings.
func (g *Game) Rated() bool { return g.rec.Rated }

// Status returns where the game is in its life.
func (g *Game) Status() Status { return g.rec.State.Status }

// Termination returns how the game ended (TerminationNone while it goes on
// or if it was aborted).
func (g *Game) Termination() Termination { return g.rec.State.Termination }

// Result returns the result (NoResult while the game goes on or if it was
// aborted).
func (g *Game) Result() Result { return g.rec.State.Result }

// Over reports whether the game has ended or was aborted.
func (g *Game) Over() bool {
	s := g.rec.State.Status
	return s == StatusEnded || s == StatusAborted
}

// Position returns the current position.
func (g *Game) Position() chess.Position { return g.history.Position() }

// History returns a copy of the game's moves as a chess.History: the
// caller may play on it without changing the game. It replays every move,
// so a caller that needs only the start position uses [Game.StartPosition].
func (g *Game) History() *chess.History {
	h := chess.NewHistory(g.history.Start())
	for _, m := range g.history.Moves() {
		if err := h.Play(m); err != nil {
			panic("game: a played move does not replay: " + err.Error()) // cannot happen: the moves were legal
		}
	}
	return h
}

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() chess.Position { return g.history.Start() }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return g.history.Len() }

// Turn returns the side to move.
func (g *Game) Turn() Side {
	p := g.history.Position()
	return SideOf(p.Turn())
}

// Moves returns the moves played, as recorded. The slice must not be
// changed.
func (g *Game) Moves() []MoveRecord { return g.rec.Moves }

// DrawOffer returns the open draw offer, if any.
func (g *Game) DrawOffer() (DrawOffer, bool) {
	if g.rec.State.DrawOffer == nil {
		return DrawOffer{}, false
	}
	return *g.rec.State.DrawOffer, true
}

// Remaining returns side's time left now, and false for an untimed game.
func (g *Game) Remaining(s Side) (time.Duration, bool) {
	if g.clock == nil {
		return 0, false
	}
	return g.clock.Remaining(s, g.now()), true
}

// Clock returns a snapshot of the game's clock as it stands now, and false
// for an untimed game. The snapshot is a value: changing it changes
// nothing. For the live time left use [Game.Remaining]; for the moment the
// flag falls, [Game.NextDeadline].
func (g *Game) Clock() (ClockSnapshot, bool) {
	if g.clock == nil {
		return ClockSnapshot{}, false
	}
	return g.clock.Snapshot(), true
}

// Version counts the changes made to the game since it was created or
// restored: a command that leaves it unchanged leaves it unchanged.
func (g *Game) Version() uint64 { return g.version }

// State returns a copy of the game's current state.
func (g *Game) State() State { return g.StateInto(nil) }

// StateInto returns a copy of the game's current state whose clock, if
// any, is copied into *clock rather than into a snapshot of its own (a
// new one when clock is nil): a caller that takes the state at every move
// keeps one snapshot for it, and must not use the state once it gives
// *clock to another.
func (g *Game) StateInto(clock *ClockSnapshot) State {
	st := g.rec.State
	if st.Clock != nil {
		if clock == nil {
			clock = new(ClockSnapshot)
		}
		*clock = *st.Clock
		st.Clock = clock
	}
	if st.DrawOffer != nil {
		d := *st.DrawOffer
		st.DrawOffer = &d
	}
	if o := st.Takebacks.Offer; o != nil {
		by := *o
		st.Takebacks.Offer = &by
	}
	return st
}

// Record returns a copy of the whole game for storage.
func (g *Game) Record() Record {
	r := g.rec
	r.State = g.State()
	r.Moves = append([]MoveRecord(nil), g.rec.Moves...)
	return r
}

// changed marks a change of state.
func (g *Game) changed() {
	g.syncClock()
	g.version++
}

// syncClock brings the state's clock snapshot up to the clock's, in
// place: the state's snapshot is the game's own, given out only copied.
func (g *Game) syncClock() {
	switch {
	case g.clock == nil:
	case g.rec.State.Clock != nil:
		*g.rec.State.Clock = g.clock.Snapshot()
	default:
		s := g.clock.Snapshot()
		g.rec.State.Clock = &s
	}
}

// playable returns ErrGameOver unless the game is created or started.
func (g *Game) playable() error {
	if g.Over() {
		return NewError(CodeGameOver, "the game is over ("+g.rec.State.Status.String()+")", nil)
	}
	return nil
}

// end ends the game. The clock stops; offers and timers go.
func (g *Game) end(t Termination, r Result) { g.finish(StatusEnded, t, r) }

// abort ends the game with no result.
func (g *Game) abort() { g.finish(StatusAborted, TerminationNone, NoResult) }

func (g *Game) finish(s Status, t Termination, r Result) {
	if g.clock != nil {
		g.clock.Stop()
	}
	st := &g.rec.State
	st.Status, st.Termination, st.Result = s, t, r
	st.EndedAt = g.now().UTC()
	st.DrawOffer = nil
	st.Takebacks.Offer = nil
	st.FirstMoveDeadline = time.Time{}
	st.GoneSince = [2]time.Time{}
	g.changed()
}
