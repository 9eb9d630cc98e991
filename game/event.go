package game

import (
	"context"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// EventType says what an Event reports.
type EventType string

// The event types. Their text is part of the API.
const (
	// EventMove: a move was played (and the state after it).
	EventMove EventType = "move"
	// EventState: the state changed without a move (a draw offer or its
	// withdrawal, a player gone or back, the game ended or aborted ...).
	EventState EventType = "state"
	// EventFull: the whole game, sent to a client that asks for events the
	// runtime no longer holds.
	EventFull EventType = "full"
)

// Event is what the live runtime publishes about a game to its players and
// spectators. Events of a game are numbered by Seq, 1, 2, 3 ..., so a
// client that reconnects asks for those after the last it saw.
type Event struct {
	GameID string    `json:"gameId"`
	Seq    int64     `json:"seq"`
	Type   EventType `json:"type"`
	// Ply is the number of moves played after this event.
	Ply int `json:"ply"`
	// Move is the move of an EventMove.
	Move *MoveRecord `json:"move,omitempty"`
	// Moves is every move so far, in an EventFull.
	Moves []MoveRecord `json:"moves,omitempty"`
	// FEN is the position after the event.
	FEN string `json:"fen"`
	// Turn is the side to move.
	Turn Side `json:"turn"`
	// WhiteMs and BlackMs are the clocks at At, in milliseconds (absent
	// for untimed games); ClockRunning tells whether Turn's clock runs.
	WhiteMs      *int64 `json:"whiteMs,omitempty"`
	BlackMs      *int64 `json:"blackMs,omitempty"`
	ClockRunning bool   `json:"clockRunning"`
	Status       Status `json:"status"`
	// Termination and Result once the game has ended.
	Termination Termination `json:"termination"`
	Result      Result      `json:"result"`
	// DrawOffer is the open draw offer, if any.
	DrawOffer *DrawOffer `json:"drawOffer,omitempty"`
	// TakebackOffer is the side whose takeback offer is open, if any.
	TakebackOffer *Side `json:"takebackOffer,omitempty"`
	// Legal is the legal moves of the side to move, in UCI notation
	// (empty once the game is over).
	Legal LegalMoves `json:"legal,omitempty"`
	// At is when the event happened.
	At time.Time `json:"at"`
	// Schedule is a scheduled game's start and check-ins as they stand at
	// the event (nil for a game that was not arranged for a time), so that
	// a postponement or a check-in reaches a watcher with its event.
	Schedule *EventSchedule `json:"schedule,omitempty"`
	// Gone lists the players whose connection is down while the game runs
	// (none when both are connected), so that a watcher can show it.
	Gone []EventGone `json:"gone,omitempty"`
	// MoveBy is when the side on turn runs out of time for its move: the
	// raw deadline of its running clock ([Clock.ExpiresAt]), else its
	// first-move deadline; zero when there is none (untimed, over).
	MoveBy time.Time `json:"moveBy,omitzero"`
}

// EventGone is one player whose connection dropped: since when, and until
// when they may come back before losing by abandonment.
type EventGone struct {
	Side  Side      `json:"side"`
	Since time.Time `json:"since"`
	// Until is the end of the player's reconnection window; zero while
	// abandonment does not apply yet (before both sides have moved, the
	// first-move timer governs).
	Until time.Time `json:"until"`
	// ClaimAt is when the opponent may claim the win or a draw on the
	// absence ([Game.ClaimAt]); zero when Until is.
	ClaimAt time.Time `json:"claimAt"`
}

// EventSchedule is the scheduled part of an [Event].
type EventSchedule struct {
	// StartAt is when the game starts (State.ScheduledAt).
	StartAt time.Time `json:"startAt"`
	// Present holds, per side, whether that player has checked in
	// (State.Present).
	Present [2]bool `json:"present"`
}

// Bus carries a game's events to whoever watches it: in one process now,
// between nodes (NATS) when JoinPal runs on several.
type Bus interface {
	// Publish sends ev to the subscribers of ev.GameID.
	Publish(ctx context.Context, ev Event) error
	// Subscribe returns a channel of the events of game id from now on, and
	// a function that ends the subscription and closes the channel. A
	// subscriber that does not keep up loses its subscription (its channel
	// is closed) rather than hold the game up; it then asks for what it
	// missed.
	Subscribe(id string) (events <-chan Event, cancel func())
}

// NewEvent describes the game as it is now, as an event of type typ (seq is
// left for the runtime to fill). mv is the move of an EventMove, which the
// event copies: the caller may reuse *mv.
func (g *Game) NewEvent(typ EventType, mv *MoveRecord) Event {
	now := g.now()
	pos := g.history.Position()
	st := &g.rec.State // read only: what the event keeps of it is copied
	ev := Event{
		GameID:      g.rec.ID,
		Type:        typ,
		Ply:         g.history.Len(),
		FEN:         pos.FEN(),
		Turn:        SideOf(pos.Turn()),
		Status:      st.Status,
		Termination: st.Termination,
		Result:      st.Result,
		At:          now.UTC(),
	}
	if d := st.DrawOffer; d != nil {
		c := *d
		ev.DrawOffer = &c
	}
	if o := st.Takebacks.Offer; o != nil {
		by := *o
		ev.TakebackOffer = &by
	}
	if !st.ScheduledAt.IsZero() {
		ev.Schedule = &EventSchedule{StartAt: st.ScheduledAt.UTC(), Present: st.Present}
	}
	if typ == EventFull {
		ev.Moves = append([]MoveRecord(nil), g.rec.Moves...)
	}
	if !g.Over() {
		for _, side := range []Side{White, Black} {
			since := st.GoneSince[side]
			if since.IsZero() {
				continue
			}
			gone := EventGone{Side: side, Since: since.UTC()}
			if g.history.Len() >= 2 {
				gone.Until = since.Add(ReconnectWindow(g.rec.TimeControl)).UTC()
			}
			if at, ok := g.ClaimAt(side); ok {
				gone.ClaimAt = at.UTC()
			}
			ev.Gone = append(ev.Gone, gone)
		}
	}
	if mv != nil || g.clock != nil {
		// The move and both clocks in one allocation.
		kept := new(eventKept)
		if mv != nil {
			kept.move = *mv
			ev.Move = &kept.move
		}
		if g.clock != nil {
			kept.ms = [2]int64{g.clock.Remaining(White, now).Milliseconds(), g.clock.Remaining(Black, now).Milliseconds()}
			ev.WhiteMs, ev.BlackMs = &kept.ms[0], &kept.ms[1]
			ev.ClockRunning = g.clock.State() == ClockRunning
		}
	}
	if !g.Over() {
		if at, ok := g.movingDeadline(); ok {
			ev.MoveBy = at.UTC()
		}
	}
	if !g.Over() {
		var list chess.MoveList
		pos.GenerateLegal(&list)
		ev.Legal = make(LegalMoves, list.N)
		for i, m := range list.Slice() {
			ev.Legal[i] = uciOf(pos.UCI(m)) // a slice of a table: no allocation
		}
	}
	return ev
}

// eventKept holds what an event's pointers point at: its move's copy and
// its clocks, in milliseconds.
type eventKept struct {
	move MoveRecord
	ms   [2]int64
}

// movingDeadline is when the side on turn runs out of time for its move:
// the raw deadline of the running clock, else the first-move deadline.
func (g *Game) movingDeadline() (time.Time, bool) {
	if g.clock != nil {
		if at, ok := g.clock.ExpiresAt(); ok {
			return at, true
		}
	}
	if d := g.rec.State.FirstMoveDeadline; !d.IsZero() {
		return d, true
	}
	return time.Time{}, false
}
