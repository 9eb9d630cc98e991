package rating

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Lichess's Glicko-2 parameters.
const (
	// DefaultRating is a new player's rating.
	DefaultRating = 1500.0
	// DefaultDeviation is a new player's rating deviation.
	DefaultDeviation = 500.0
	// DefaultVolatility is a new player's volatility.
	DefaultVolatility = 0.09
)

// System holds the constants of a Glicko-2 rating system.
type System struct {
	// Tau is the system constant that limits how fast volatility changes.
	Tau float64
	// MinDeviation and MaxDeviation bound the rating deviation.
	MinDeviation, MaxDeviation float64
	// PeriodsPerDay is how many rating periods pass in a day without a
	// game: a player's deviation grows by that much of their volatility.
	PeriodsPerDay float64
}

// Lichess is the system JoinPal rates with: τ 0.75, deviations between 45
// and 500, 0.21436 rating periods a day.
var Lichess = System{Tau: 0.75, MinDeviation: 45, MaxDeviation: 500, PeriodsPerDay: 0.21436}

// scale converts between the Glicko scale (ratings around 1500) and the
// Glicko-2 scale (μ around 0).
const scale = 173.7178

// convergence is the precision of the volatility iteration (Glickman's ε).
const convergence = 0.000001

// ErrBadRating is returned for a rating that cannot be used: a deviation or
// volatility that is not positive, or a value that is not finite.
var ErrBadRating = errors.New("rating: bad rating")

// Rating is one player's Glicko-2 rating in one speed.
type Rating struct {
	// Value is the rating on the Glicko scale (1500 for a new player).
	Value float64 `json:"rating"`
	// Deviation is the rating deviation (RD) on the Glicko scale.
	Deviation float64 `json:"deviation"`
	// Volatility is σ, the expected fluctuation of the rating.
	Volatility float64 `json:"volatility"`
	// Games counts the rated games played.
	Games int `json:"games"`
	// LastPlayed is when the last rated game ended (zero if none).
	LastPlayed time.Time `json:"lastPlayed"`
}

// New returns a new player's rating.
func New() Rating {
	return Rating{Value: DefaultRating, Deviation: DefaultDeviation, Volatility: DefaultVolatility}
}

// Provisional reports whether the rating is still uncertain, as lichess
// marks it with a "?": a deviation above 110.
func (r Rating) Provisional() bool { return r.Deviation > 110 }

// Valid reports whether r can take part in a rating update.
func (r Rating) Valid() bool {
	ok := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	return ok(r.Value) && ok(r.Deviation) && ok(r.Volatility) && r.Deviation > 0 && r.Volatility > 0
}

// Result is the score of a game from one player's side.
type Result float64

// The three scores.
const (
	Loss Result = 0
	Draw Result = 0.5
	Win  Result = 1
)

// Outcome is one game of a rating period as one player saw it: the
// opponent's rating before the game and the player's score.
type Outcome struct {
	Opponent Rating
	Score    Result
}

// Update returns r after a rating period in the Lichess system; see
// [System.Update].
func Update(r Rating, games []Outcome, periods float64, at time.Time) (Rating, error) {
	return Lichess.Update(r, games, periods, at)
}

// Update returns r after a rating period holding the given games, which
// ended at the moment at. A period with no games only widens the
// deviation. The deviation is kept between MinDeviation and MaxDeviation.
// periods is the number of rating periods since the player's last update:
// pass Periods(r.LastPlayed, at) for lichess's behaviour, or 1 for
// Glickman's textbook calculation.
func (s System) Update(r Rating, games []Outcome, periods float64, at time.Time) (Rating, error) {
	if !r.Valid() {
		return r, fmt.Errorf("%w: %+v", ErrBadRating, r)
	}
	if periods < 0 || math.IsNaN(periods) || math.IsInf(periods, 0) {
		return r, fmt.Errorf("%w: %v rating periods", ErrBadRating, periods)
	}
	mu := (r.Value - DefaultRating) / scale
	phi := r.Deviation / scale
	sigma := r.Volatility
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + periods*sigma*sigma)
		r.Deviation = s.clampDeviation(phiStar * scale)
		return r, nil
	}
	var invV, sum float64
	for _, g := range games {
		if !g.Opponent.Valid() {
			return r, fmt.Errorf("%w: opponent %+v", ErrBadRating, g.Opponent)
		}
		if g.Score != Loss && g.Score != Draw && g.Score != Win {
			return r, fmt.Errorf("%w: score %v", ErrBadRating, g.Score)
		}
		muJ := (g.Opponent.Value - DefaultRating) / scale
		gJ := gFactor(g.Opponent.Deviation / scale)
		e := expected(mu, muJ, gJ)
		invV += gJ * gJ * e * (1 - e)
		sum += gJ * (float64(g.Score) - e)
	}
	v := 1 / invV
	delta := v * sum
	sigma = s.newVolatility(phi, sigma, v, delta)
	phiStar := math.Sqrt(phi*phi + periods*sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{
		Value:      muNew*scale + DefaultRating,
		Deviation:  s.clampDeviation(phiNew * scale),
		Volatility: sigma,
		Games:      r.Games + len(games),
		LastPlayed: at,
	}, nil
}

// Periods returns the rating periods between a player's last rated game
// and now in the Lichess system; see [System.Periods].
func Periods(last, now time.Time) float64 { return Lichess.Periods(last, now) }

// Periods returns the rating periods between a player's last rated game
// and now: PeriodsPerDay a day, and one period for a player who never
// played.
func (s System) Periods(last, now time.Time) float64 {
	if last.IsZero() {
		return 1
	}
	days := now.Sub(last).Hours() / 24
	return max(days, 0) * s.PeriodsPerDay
}

// Game updates both players of one rated game in the Lichess system; see
// [System.Game].
func Game(white, black Rating, whiteScore Result, at time.Time) (Rating, Rating, error) {
	return Lichess.Game(white, black, whiteScore, at)
}

// Game updates both players of one rated game that ended at the moment at,
// white's score being whiteScore; it returns their new ratings. Each
// player's update uses the other's rating from before the game.
func (s System) Game(white, black Rating, whiteScore Result, at time.Time) (Rating, Rating, error) {
	w, err := s.Update(white, []Outcome{{Opponent: black, Score: whiteScore}}, s.Periods(white.LastPlayed, at), at)
	if err != nil {
		return white, black, err
	}
	b, err := s.Update(black, []Outcome{{Opponent: white, Score: 1 - whiteScore}}, s.Periods(black.LastPlayed, at), at)
	if err != nil {
		return white, black, err
	}
	return w, b, nil
}

// gFactor is Glickman's g(φ).
func gFactor(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is Glickman's E(μ, μj, φj): the expected score against j.
func expected(mu, muJ, gJ float64) float64 { return 1 / (1 + math.Exp(-gJ*(mu-muJ))) }

// newVolatility finds σ' by the Illinois algorithm (step 5 of Glickman's
// paper).
func (s System) newVolatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(s.Tau*s.Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*s.Tau) < 0 {
			k++
		}
		B = a - k*s.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergence && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

func (s System) clampDeviation(rd float64) float64 {
	return min(max(rd, s.MinDeviation), s.MaxDeviation)
}
