package rating

import "context"

// Store is the read side of the store that keeps ratings: one Rating per
// user per speed, updated by the store itself in the transaction that
// records the end of a rated game between two accounts. store/sqlite and
// store/postgres implement it.
type Store interface {
	// Ratings returns userID's rating in every speed of Speeds: a speed
	// in which the user has played no rated game holds New(). A user
	// unknown to the store has New() everywhere.
	Ratings(ctx context.Context, userID string) (map[Speed]Rating, error)
}

// Defaults returns New() for every speed: the ratings of a new player.
func Defaults() map[Speed]Rating {
	out := make(map[Speed]Rating, len(Speeds()))
	for _, sp := range Speeds() {
		out[sp] = New()
	}
	return out
}
