package rating

import (
	"time"

	"github.com/joinpal/joinpal/game"
)

// GameSpeed returns the speed whose rating a game with time control tc
// counts for: base + 40 × increment for a whole-game clock, 40 × the
// allowance for a per-move clock; days per move count as correspondence.
// An untimed or zero time control counts
// as classical.
func GameSpeed(tc game.TimeControl) Speed {
	switch tc.Mode() {
	case game.ModeWholeGame:
		return SpeedOf(Estimate(tc.Base(), tc.Increment()))
	case game.ModePerMove:
		return SpeedOf(EstimatePerMove(tc.PerMove()))
	case game.ModeCorrespondence:
		return Correspondence
	}
	return Classical
}

// Stored is what a store reads of a game, in the transaction that records
// its end, to decide whether the end changes ratings.
type Stored struct {
	White, Black game.Player
	TimeControl  game.TimeControl
	Rated        bool
	// Status is the status stored before this write.
	Status game.Status
}

// IsRatedEnd reports whether recording st as g's new state changes the
// players' ratings, before the store checks that both are accounts: g is
// rated, it was not ended before (an end is rated once), st ends it with a
// win or a draw (an aborted game, or one both players lost, changes
// nothing), and both sides are people with ids of their own.
func IsRatedEnd(g Stored, st game.State) bool {
	if !g.Rated || g.Status == game.StatusEnded || st.Status != game.StatusEnded {
		return false
	}
	if _, ok := whiteScore(st.Result); !ok {
		return false
	}
	return !g.White.IsAI() && !g.Black.IsAI() && g.White.ID != "" && g.Black.ID != "" && g.White.ID != g.Black.ID
}

// whiteScore returns white's score for result r, and false for a result
// that rates nobody.
func whiteScore(r game.Result) (Result, bool) {
	switch r {
	case game.WhiteWins:
		return Win, true
	case game.BlackWins:
		return Loss, true
	case game.Drawn:
		return Draw, true
	}
	return 0, false
}

// AfterGame returns both players' ratings after a game with result r that
// ended at the moment at (Game with white's score).
func AfterGame(white, black Rating, r game.Result, at time.Time) (Rating, Rating, error) {
	s, _ := whiteScore(r)
	return Game(white, black, s, at)
}
