package lobby

import (
	"context"

	"github.com/joinpal/joinpal/internal/broadcast"
)

// EventType names what happened in the lobby.
type EventType string

// The lobby's events.
const (
	// SeekAdded: Event.Seek was placed and is open.
	SeekAdded EventType = "seekAdded"
	// SeekRemoved: Event.Seek is no longer open (cancelled, swept because
	// its owner left, or taken by a pairing, which EventPaired follows).
	SeekRemoved EventType = "seekRemoved"
	// Paired: two seeks were paired; Event.GameID started between
	// Event.White and Event.Black.
	Paired EventType = "paired"
	// ChallengeChanged: Event.Challenge was made or changed status
	// (accepted with its GameID, declined, cancelled, expired); rematch
	// offers included.
	ChallengeChanged EventType = "challenge"
)

// Event is one thing that happened in the lobby. Fields that do not belong
// to its Type are zero.
type Event struct {
	Type      EventType  `json:"type"`
	Seek      *Seek      `json:"seek,omitempty"`
	Challenge *Challenge `json:"challenge,omitempty"`
	GameID    string     `json:"gameId,omitempty"`
	White     *Player    `json:"white,omitempty"`
	Black     *Player    `json:"black,omitempty"`
}

// Concerns reports whether the event is about userID's own seeks, games or
// challenges (every subscriber may still show the seek list changing).
func (e Event) Concerns(userID string) bool {
	switch {
	case userID == "":
		return false
	case e.Seek != nil && e.Seek.Owner.ID == userID:
		return true
	case e.Challenge != nil && e.Challenge.Involves(userID):
		return true
	case e.White != nil && e.White.ID == userID, e.Black != nil && e.Black.ID == userID:
		return true
	}
	return false
}

// Events carries the lobby's events to whoever shows the lobby (the
// sockets that show it): LocalEvents in one process; package natsbus's
// Events carries them between the nodes that serve one lobby.
type Events interface {
	// Publish sends e to every subscriber. It does not wait for slow ones.
	Publish(ctx context.Context, e Event) error
	// Subscribe returns a channel of the events published from now on and
	// a function that ends the subscription (and closes the channel). The
	// channel is also closed if the subscriber falls too far behind: it
	// should then fetch the seek list again and subscribe anew.
	Subscribe() (events <-chan Event, cancel func())
}

// LocalEvents is an [Events] inside one process (its Buffer is how far a
// subscriber may fall behind before its channel is closed; 0 means 256).
// The zero value is ready to use.
type LocalEvents = broadcast.Hub[Event]

var _ Events = (*LocalEvents)(nil)
