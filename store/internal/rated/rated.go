// Package rated is what both stores share in updating ratings when a rated
// game ends: which ends change ratings, the speed of a game, and the
// Glicko-2 update of both players (package rating), so that SQLite and
// PostgreSQL compute the same numbers in the transaction that records the
// end.
package rated

import (
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
)

// Game is what a store reads of a game, in the transaction that records its
// end, to decide whether the end changes ratings.
type Game struct {
	White, Black game.Player
	TimeControl  game.TimeControl
	Rated        bool
	// Status is the status stored before this write.
	Status game.Status
}

// Changes reports whether recording st as g's new state changes the
// players' ratings, before the store checks that both are accounts: g is
// rated, it was not ended before (an end is rated once), st ends it with a
// win or a draw (an aborted game, or one both players lost, changes
// nothing), and both sides are people with ids of their own.
func Changes(g Game, st game.State) bool {
	if !g.Rated || g.Status == game.StatusEnded || st.Status != game.StatusEnded {
		return false
	}
	if _, ok := score(st.Result); !ok {
		return false
	}
	return !g.White.IsAI() && !g.Black.IsAI() && g.White.ID != "" && g.Black.ID != "" && g.White.ID != g.Black.ID
}

// Speed returns the speed whose rating a game with time control tc changes.
func Speed(tc game.TimeControl) rating.Speed { return lobby.SpeedOf(tc) }

// score returns white's score for result r, and false for a result that
// rates nobody.
func score(r game.Result) (rating.Result, bool) {
	switch r {
	case game.WhiteWins:
		return rating.Win, true
	case game.BlackWins:
		return rating.Loss, true
	case game.Drawn:
		return rating.Draw, true
	}
	return 0, false
}

// Update returns both players' ratings after a game with result r that
// ended at the moment at (rating.Game in lichess's system).
func Update(white, black rating.Rating, r game.Result, at time.Time) (rating.Rating, rating.Rating, error) {
	s, _ := score(r)
	return rating.Game(white, black, s, at)
}

// Change returns the RatingChange of one side, for the stored game's list.
func Change(speed rating.Speed, before, after rating.Rating) game.RatingChange {
	return game.RatingChange{Speed: string(speed), Before: before.Value, After: after.Value,
		BeforeDeviation: before.Deviation, AfterDeviation: after.Deviation}
}
