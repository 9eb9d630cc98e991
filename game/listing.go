package game

import (
	"context"
	"math"
	"time"
)

// MaxListLimit is the most games one call of a [Listing] returns; a larger
// limit is lowered to it, and a limit below 1 is raised to 1.
const MaxListLimit = 100

// Listing is the read side of the store that lists games: a player's
// finished games (their history), the games being played now (the
// lobby's "watch" list) and those of one player (their profile's).
// Package game declares it; store/sqlite and store/postgres implement it.
type Listing interface {
	// PlayerGames returns the finished games (status ended or aborted) in
	// which userID played either side, newest first (by EndedAt, then by
	// id, descending), skipping offset games and returning at most limit
	// (see MaxListLimit). Paging is by offset: a game that ends between
	// two calls shifts the later pages by one, as lichess's numbered pages
	// do. An empty userID lists nothing.
	PlayerGames(ctx context.Context, userID string, offset, limit int) ([]Summary, error)
	// PlayingNow returns the games being played (status started), newest
	// first (by CreatedAt, then by id, descending), at most limit.
	PlayingNow(ctx context.Context, limit int) ([]Summary, error)
	// PlayerPlaying returns the games being played (status started) in
	// which userID plays either side, in PlayingNow's order, at most limit
	// (see MaxListLimit): a player's games in progress however many others
	// the server runs. An empty userID lists nothing.
	PlayerPlaying(ctx context.Context, userID string, limit int) ([]Summary, error)
}

// Summary is one game as a list shows it: who played, the clock, whether it
// was rated, how it ended and what it did to the players' ratings, without
// its moves.
type Summary struct {
	ID          string      `json:"id"`
	White       Player      `json:"white"`
	Black       Player      `json:"black"`
	TimeControl TimeControl `json:"timeControl"`
	Rated       bool        `json:"rated"`
	Status      Status      `json:"status"`
	Termination Termination `json:"termination"`
	Result      Result      `json:"result"`
	// Plies is the number of moves played (half-moves).
	Plies     int       `json:"plies"`
	CreatedAt time.Time `json:"createdAt"`
	EndedAt   time.Time `json:"endedAt,omitzero"`
	// Ratings holds, per side (index White, Black), the rating change the
	// game's end made; both nil for a game that changed no rating (casual,
	// aborted, running, or with a guest or the AI on a side).
	Ratings [2]*RatingChange `json:"ratings"`
}

// Side returns the side userID played in the game, if any.
func (s Summary) Side(userID string) (Side, bool) {
	switch {
	case userID == "":
		return White, false
	case s.White.ID == userID:
		return White, true
	case s.Black.ID == userID:
		return Black, true
	}
	return White, false
}

// Opponent returns the player who faced userID in the game, if userID
// played in it.
func (s Summary) Opponent(userID string) (Player, bool) {
	side, ok := s.Side(userID)
	if !ok {
		return Player{}, false
	}
	if side == White {
		return s.Black, true
	}
	return s.White, true
}

// RatingChange is one player's rating in one speed before and after a
// rated game, on the Glicko scale.
type RatingChange struct {
	// Speed is the rating's speed (rating.Speed's text: "bullet", "blitz",
	// "rapid", "classical").
	Speed           string  `json:"speed"`
	Before          float64 `json:"before"`
	After           float64 `json:"after"`
	BeforeDeviation float64 `json:"beforeDeviation"`
	AfterDeviation  float64 `json:"afterDeviation"`
}

// Diff returns the change as lichess shows it (+12, −12): the rounded
// rating after less the rounded rating before.
func (c RatingChange) Diff() int {
	return int(math.Round(c.After)) - int(math.Round(c.Before))
}

// ClampListLimit returns limit within 1 and MaxListLimit.
func ClampListLimit(limit int) int { return min(max(limit, 1), MaxListLimit) }
