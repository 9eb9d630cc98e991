package rating

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"
)

// textbook is Glickman's example system: τ 0.5 and no bounds on the
// deviation.
var textbook = System{Tau: 0.5, MinDeviation: 0, MaxDeviation: math.Inf(1), PeriodsPerDay: 1}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f ± %g", what, got, want, tol)
	}
}

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a 1500 (RD 200, σ 0.06) player beats a 1400 (RD 30)
// and loses to a 1550 (RD 100) and a 1700 (RD 300); the paper gives
// r' = 1464.06, RD' = 151.52, σ' = 0.05999.
func TestGlickmanExample(t *testing.T) {
	player := Rating{Value: 1500, Deviation: 200, Volatility: 0.06}
	games := []Outcome{
		{Opponent: Rating{Value: 1400, Deviation: 30, Volatility: 0.06}, Score: Win},
		{Opponent: Rating{Value: 1550, Deviation: 100, Volatility: 0.06}, Score: Loss},
		{Opponent: Rating{Value: 1700, Deviation: 300, Volatility: 0.06}, Score: Loss},
	}
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	got, err := textbook.Update(player, games, 1, at)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "rating", got.Value, 1464.06, 0.01)
	near(t, "deviation", got.Deviation, 151.52, 0.01)
	near(t, "volatility", got.Volatility, 0.05999, 0.00001)
	if got.Games != 3 || !got.LastPlayed.Equal(at) {
		t.Errorf("games %d, last played %v", got.Games, got.LastPlayed)
	}
}

// TestGlickmanIntermediates checks the paper's intermediate quantities:
// g(φj) = 0.9955, 0.9531, 0.7242; E = 0.639, 0.432, 0.303; v = 1.7785;
// Δ = −0.4834.
func TestGlickmanIntermediates(t *testing.T) {
	mu := 0.0
	opps := []struct{ r, rd, g, e float64 }{{1400, 30, 0.9955, 0.639}, {1550, 100, 0.9531, 0.432}, {1700, 300, 0.7242, 0.303}}
	scores := []float64{1, 0, 0}
	var invV, sum float64
	for i, o := range opps {
		g := gFactor(o.rd / scale)
		e := expected(mu, (o.r-1500)/scale, g)
		near(t, "g", g, o.g, 0.0001)
		near(t, "E", e, o.e, 0.001)
		invV += g * g * e * (1 - e)
		sum += g * (scores[i] - e)
	}
	// The paper rounds its intermediates: v and Δ agree to three places.
	near(t, "v", 1/invV, 1.7785, 0.001)
	near(t, "Δ", sum/invV, -0.4834, 0.001)
}

func TestNoGamesWidensDeviation(t *testing.T) {
	r := Rating{Value: 1500, Deviation: 200, Volatility: 0.06}
	got, err := textbook.Update(r, nil, 1, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	phi := 200 / scale
	want := math.Sqrt(phi*phi+0.06*0.06) * scale
	near(t, "deviation", got.Deviation, want, 1e-9)
	if got.Value != 1500 || got.Volatility != 0.06 || got.Games != 0 {
		t.Errorf("a period without games changed %+v", got)
	}
}

func TestLichessBounds(t *testing.T) {
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	// Many games between two established players: the deviation never
	// drops below 45.
	a, b := New(), New()
	for i := range 300 {
		var err error
		a, b, err = Game(a, b, Result(float64(i%2)), at.Add(time.Duration(i)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
	}
	if a.Deviation < Lichess.MinDeviation-1e-9 || b.Deviation < Lichess.MinDeviation-1e-9 {
		t.Errorf("deviations %v %v below the floor", a.Deviation, b.Deviation)
	}
	near(t, "floor reached", a.Deviation, 45, 1e-9)
	// Years away: the deviation grows back, to 500 at most.
	later, err := Update(a, nil, Periods(a.LastPlayed, a.LastPlayed.Add(100*365*24*time.Hour)), at)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "ceiling", later.Deviation, 500, 1e-9)
}

func TestGame(t *testing.T) {
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		score Result
		// wantWhiteUp: +1 white gains, -1 white loses, 0 unchanged.
		wantWhiteUp int
	}{
		{"white wins", Win, 1},
		{"draw", Draw, 0},
		{"black wins", Loss, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, b, err := Game(New(), New(), tt.score, at)
			if err != nil {
				t.Fatal(err)
			}
			// Equal players: the changes mirror each other.
			near(t, "symmetry", w.Value-1500, 1500-b.Value, 1e-9)
			switch tt.wantWhiteUp {
			case 1:
				if w.Value <= 1500 {
					t.Errorf("winner %v", w.Value)
				}
			case -1:
				if w.Value >= 1500 {
					t.Errorf("loser %v", w.Value)
				}
			default:
				near(t, "draw", w.Value, 1500, 1e-9)
			}
			if w.Deviation >= 500 || b.Deviation >= 500 {
				t.Errorf("a game did not narrow the deviations: %v %v", w.Deviation, b.Deviation)
			}
			if w.Games != 1 || !w.LastPlayed.Equal(at) || b.Games != 1 {
				t.Errorf("games %d %d", w.Games, b.Games)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	good := New()
	tests := []struct {
		name    string
		r       Rating
		games   []Outcome
		periods float64
	}{
		{"zero deviation", Rating{Value: 1500, Volatility: 0.09}, nil, 1},
		{"NaN rating", Rating{Value: math.NaN(), Deviation: 100, Volatility: 0.09}, nil, 1},
		{"bad opponent", good, []Outcome{{Opponent: Rating{Value: 1500, Deviation: -1, Volatility: 0.09}, Score: Win}}, 1},
		{"bad score", good, []Outcome{{Opponent: good, Score: 0.7}}, 1},
		{"negative periods", good, nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Update(tt.r, tt.games, tt.periods, time.Time{})
			if !errors.Is(err, ErrBadRating) {
				t.Fatalf("err = %v, want ErrBadRating", err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.r) {
				t.Errorf("a refused update changed the rating: %+v", got)
			}
		})
	}
}

func TestPeriods(t *testing.T) {
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	near(t, "never played", Periods(time.Time{}, now), 1, 0)
	near(t, "ten days", Periods(now.Add(-240*time.Hour), now), 2.1436, 1e-9)
	near(t, "clock skew", Periods(now.Add(time.Hour), now), 0, 0)
}

func TestSpeedOf(t *testing.T) {
	tests := []struct {
		est  time.Duration
		want Speed
	}{
		{Estimate(time.Minute, 0), Bullet},
		{Estimate(2*time.Minute, time.Second), Bullet},  // 2:40
		{Estimate(3*time.Minute, 0), Blitz},             // 3:00 exactly
		{Estimate(3*time.Minute, 2*time.Second), Blitz}, // 4:20
		{Estimate(5*time.Minute, 3*time.Second), Blitz}, // 7:00
		{Estimate(10*time.Minute, 0), Rapid},
		{Estimate(15*time.Minute, 10*time.Second), Rapid},     // 21:40
		{Estimate(20*time.Minute, 5*time.Second), Rapid},      // 23:20
		{Estimate(20*time.Minute, 10*time.Second), Classical}, // 26:40
		{Estimate(30*time.Minute, 0), Classical},
		{EstimatePerMove(10 * time.Second), Blitz}, // 6:40
		{EstimatePerMove(30 * time.Second), Rapid}, // 20:00
		{EstimatePerMove(time.Minute), Classical},  // 40:00
		{EstimatePerMove(4 * time.Second), Bullet}, // 2:40
	}
	for _, tt := range tests {
		if got := SpeedOf(tt.est); got != tt.want {
			t.Errorf("SpeedOf(%v) = %s, want %s", tt.est, got, tt.want)
		}
	}
}
