package rating

import "time"

// Speed is a class of time controls that keeps a rating of its own.
type Speed string

// The speeds, named as lichess names them.
const (
	Bullet    Speed = "bullet"
	Blitz     Speed = "blitz"
	Rapid     Speed = "rapid"
	Classical Speed = "classical"
	// Correspondence is the speed of games of days per move
	// (game.ModeCorrespondence), whatever the number of days.
	Correspondence Speed = "correspondence"
)

// Speeds lists every speed, fastest first.
func Speeds() []Speed { return []Speed{Bullet, Blitz, Rapid, Classical, Correspondence} }

// SpeedOf classifies a game by its estimated duration per player: for a
// whole-game clock, base + 40 × increment; for a per-move clock, the time
// per move × 40. Under 3 minutes is bullet, under 8 blitz, under 25 rapid,
// and anything longer classical.
func SpeedOf(estimate time.Duration) Speed {
	switch {
	case estimate < 3*time.Minute:
		return Bullet
	case estimate < 8*time.Minute:
		return Blitz
	case estimate < 25*time.Minute:
		return Rapid
	default:
		return Classical
	}
}

// Estimate is the estimated duration per player of a whole-game clock of
// base time and increment: base + 40 × increment.
func Estimate(base, increment time.Duration) time.Duration { return base + 40*increment }

// EstimatePerMove is the estimated duration per player of a per-move clock:
// 40 moves at the time allowed for each.
func EstimatePerMove(perMove time.Duration) time.Duration { return 40 * perMove }
