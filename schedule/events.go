package schedule

import (
	"context"

	"github.com/joinpal/joinpal/internal/broadcast"
)

// EventType names what an [Event] tells.
type EventType string

// The events, each sent to both players.
const (
	// EventProposed: a game was proposed.
	EventProposed EventType = "proposed"
	// EventAccepted: the proposal was accepted; the game exists.
	EventAccepted EventType = "accepted"
	// EventArranged: an organiser (a tournament's arranged round) made
	// the game for both players, accepted from the start; the game
	// exists. No player did it: both are told.
	EventArranged EventType = "arranged"
	// EventDeclined, EventCanceled, EventExpired: the proposal is closed.
	EventDeclined EventType = "declined"
	EventCanceled EventType = "canceled"
	EventExpired  EventType = "expired"
	// EventPostponeAsked: a player asked to move the start.
	EventPostponeAsked EventType = "postponeAsked"
	// EventPostponed: the request was accepted; the start moved.
	EventPostponed EventType = "postponed"
	// EventPostponeDeclined, EventPostponeLapsed: the start stays.
	EventPostponeDeclined EventType = "postponeDeclined"
	EventPostponeLapsed   EventType = "postponeLapsed"
	// EventSuspended: a player suspended the game alone, with an hour's
	// notice; its game was called off and a new time is to be agreed.
	EventSuspended EventType = "suspended"
	// EventSoon: the game starts in Event.Minutes minutes (15, then 1).
	EventSoon EventType = "soon"
	// EventStarted: the game started, its clock running.
	EventStarted EventType = "started"
	// EventForfeited: a player (or both) lost by no-show; Event.Result.
	EventForfeited EventType = "forfeited"
	// EventCheckedIn: a player checked in.
	EventCheckedIn EventType = "checkedIn"
)

// Event is one thing that happened to an arrangement.
type Event struct {
	Type        EventType   `json:"type"`
	Arrangement Arrangement `json:"scheduled"`
	// Minutes before the start, for EventSoon.
	Minutes int `json:"minutes,omitempty"`
	// By is the user id of who did it, when a person did.
	By string `json:"by,omitempty"`
}

// Concerns reports whether the event is for userID.
func (e Event) Concerns(userID string) bool { return e.Arrangement.Involves(userID) }

// Events carries the service's events to the players' streams and sockets.
type Events interface {
	// Publish sends e to every subscriber, without waiting for slow ones.
	Publish(ctx context.Context, e Event) error
	// Subscribe returns the events from now on and a function that ends
	// the subscription; the channel closes if the subscriber falls behind.
	Subscribe() (<-chan Event, func())
}

// LocalEvents is [Events] in one process. The zero value is ready.
type LocalEvents = broadcast.Hub[Event]

var _ Events = (*LocalEvents)(nil)
