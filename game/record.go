package game

import "time"

// Player is one side of a game: a person (by account or guest id) or the
// built-in AI at a level.
type Player struct {
	// ID identifies the person (an account or guest id); empty for the AI.
	ID string `json:"id,omitempty"`
	// Name is what the board shows.
	Name string `json:"name"`
	// AILevel is the AI's level (one of ai.Levels, from 1) when the player
	// is the built-in AI, and 0 for a person.
	AILevel int `json:"aiLevel,omitempty"`
}

// IsAI reports whether the player is the built-in AI.
func (p Player) IsAI() bool { return p.AILevel > 0 }

// MoveRecord is one move as stored: what was played, and what the clock
// made of it.
type MoveRecord struct {
	// Ply is the move's index from the start position, 0 for the first.
	Ply int `json:"ply"`
	// UCI and SAN are the move in the two notations.
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// ClientMoveID is the id the mover's client gave the move (0 if none),
	// so that a move resent after a lost acknowledgement is recognised even
	// after a restart.
	ClientMoveID int64 `json:"clientMoveId,omitempty"`
	// Spent is the time charged for the move since the mover's turn last
	// started (or resumed after server downtime), LagCredit the lag forgiven.
	Spent     time.Duration `json:"spent"` // nanoseconds in JSON, like every time.Duration
	LagCredit time.Duration `json:"lagCredit,omitempty"`
	// Remaining is the mover's time after the move (0 for untimed games):
	// the [%clk] of PGN.
	Remaining time.Duration `json:"remaining"`
	// At is when the server accepted the move.
	At time.Time `json:"at"`
}

// DrawOffer is an open offer of a draw.
type DrawOffer struct {
	// By is the side that offered.
	By Side `json:"by"`
	// LapsesAtPly is the ply of the offerer's move that withdraws the
	// offer: the first move the offerer makes after the opponent has had
	// the turn.
	LapsesAtPly int `json:"lapsesAtPly"`
}

// State is the part of a game that changes as it is played, moves aside.
type State struct {
	Status      Status      `json:"status"`
	Termination Termination `json:"termination"`
	Result      Result      `json:"result"`
	// Clock is the clock's snapshot; nil for an untimed game.
	Clock *ClockSnapshot `json:"clock,omitempty"`
	// DrawOffer is the open draw offer, if any.
	DrawOffer *DrawOffer `json:"drawOffer,omitempty"`
	// Takebacks is the open takeback offer, if any, and how many each side
	// has offered (see [Game.OfferTakeback]).
	Takebacks Takebacks `json:"takebacks,omitzero"`
	// FirstMoveDeadline is when the game is aborted (or, with
	// [Record.NoStartLoses], lost) if the side to make one of the first two
	// moves has not made it; zero once both have moved.
	FirstMoveDeadline time.Time `json:"firstMoveDeadline,omitzero"`
	// GoneSince holds, per side, when that player's connection dropped;
	// zero while connected. The game is abandoned if they do not return
	// within the reconnection window.
	GoneSince [2]time.Time `json:"goneSince"`
	// Present holds, per side, whether the player has shown up (scheduled
	// games only).
	Present [2]bool `json:"present"`
	// ScheduledAt is when a scheduled game starts; zero otherwise.
	ScheduledAt time.Time `json:"scheduledAt,omitzero"`
	// EndedAt is when the game ended or was aborted.
	EndedAt time.Time `json:"endedAt,omitzero"`
	// Seq is the number of the last event the live runtime published for
	// the game, so numbering continues after a restart.
	Seq int64 `json:"seq"`
}

// Record is a whole game as stored: what never changes, the state, and the
// moves.
type Record struct {
	ID          string      `json:"id"`
	White       Player      `json:"white"`
	Black       Player      `json:"black"`
	TimeControl TimeControl `json:"timeControl"`
	// StartFEN is the start position; empty for the standard one.
	StartFEN string `json:"startFen,omitempty"`
	// Rated reports that the game counts for the players' ratings
	// ([Config.Rated]); false for a casual game.
	Rated bool `json:"rated,omitempty"`
	// DefaultTime is a scheduled game's default time ([Config.DefaultTime];
	// 0 for DefaultNoShowTime).
	DefaultTime time.Duration `json:"defaultTime,omitempty"`
	// NoStartLoses reports that the first-move deadline ends the game as
	// a loss for the side that did not move ([Config.NoStartLoses]) rather
	// than aborting it.
	NoStartLoses bool         `json:"noStartLoses,omitempty"`
	CreatedAt    time.Time    `json:"createdAt"`
	State        State        `json:"state"`
	Moves        []MoveRecord `json:"moves"`
}
