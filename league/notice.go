package league

import (
	"context"
	"time"
)

// Paired tells the two players of a live round's game that it was made:
// their tournament, round and board, who plays whom, and when the game
// starts (its clocks run from then). The service publishes one for each
// game it creates; an arranged round's games are told by the schedule
// instead.
type Paired struct {
	TournamentID string    `json:"tournamentId"`
	Tournament   string    `json:"tournament"`
	Round        int       `json:"round"`
	Board        int       `json:"board"`
	GameID       string    `json:"gameId"`
	White        Player    `json:"white"`
	Black        Player    `json:"black"`
	StartAt      time.Time `json:"startAt"`
}

// Player is a player of a Paired game: user id and name.
type Player struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Concerns reports whether userID plays the game.
func (p Paired) Concerns(userID string) bool { return p.White.ID == userID || p.Black.ID == userID }

// Opponent returns the name of userID's opponent.
func (p Paired) Opponent(userID string) string {
	if p.White.ID == userID {
		return p.Black.Name
	}
	return p.White.Name
}

// PairedNotices carries the live rounds' new games to the players'
// notifications: a broadcast.Hub of this process when Config.Paired is
// nil; package natsbus's Events carries them between the nodes.
type PairedNotices interface {
	// Publish sends p to every subscriber, without waiting for slow ones.
	Publish(ctx context.Context, p Paired) error
	// Subscribe returns the notices published from now on and a function
	// that ends the subscription; the channel is closed if the subscriber
	// falls too far behind.
	Subscribe() (<-chan Paired, func())
}

// SubscribePaired returns the live rounds' games made from now on (on
// any node when Config.Paired carries them between nodes), for the
// players' notifications, and the function that ends the subscription;
// the channel is closed if the subscriber falls too far behind.
func (s *Service) SubscribePaired() (<-chan Paired, func()) { return s.cfg.Paired.Subscribe() }

func (s *Service) publishPaired(p Paired) { _ = s.cfg.Paired.Publish(context.Background(), p) }
