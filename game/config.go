package game

import "github.com/joinpal/joinpal/internal/randid"

// IDLen is the length of a game id made by [NewID]: 8 lower-case letters
// and digits, as lichess's (36^8 ≈ 2.8×10^12 ids; a clash is refused by
// the store with CodeGameExists, never a game overwritten).
const IDLen = 8

// NewID returns a random game id.
func NewID() string { return randid.String(randid.LowerAlphanumeric, IDLen) }

// NewConfig returns the configuration of a new game of white against
// black under tc, with a fresh id ([NewID]). It is the one way the
// platform's games are configured, whoever starts them (the lobby, the
// schedule, the AI); the caller sets what its kind of game adds (Rated,
// ScheduledAt, DefaultTime).
func NewConfig(white, black Player, tc TimeControl) Config {
	return Config{ID: NewID(), White: white, Black: black, TimeControl: tc}
}
