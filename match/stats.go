package match

import (
	"fmt"
	"math"
)

// Score is a match score from the first engine's point of view.
type Score struct {
	Wins, Draws, Losses int
}

// Games returns the number of games scored.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Ratio returns the points per game, 0 to 1 (0.5 with no games).
func (s Score) Ratio() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(n)
}

// variance returns the variance of a single game's points (1, ½ or 0)
// around the mean, from the trinomial distribution of the results.
func (s Score) variance() float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	r := s.Ratio()
	return (float64(s.Wins)*(1-r)*(1-r) + float64(s.Draws)*(0.5-r)*(0.5-r) + float64(s.Losses)*r*r) / n
}

// EloFromRatio returns the logistic Elo difference that gives the expected
// score r: -400·log10(1/r - 1); ±Inf at 1 and 0.
func EloFromRatio(r float64) float64 {
	switch {
	case r <= 0:
		return math.Inf(-1)
	case r >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/r-1)
}

// ratioFromElo is the expected score of a side diff Elo stronger.
func ratioFromElo(diff float64) float64 {
	return 1 / (1 + math.Pow(10, -diff/400))
}

// Elo returns the Elo difference the score gives and the half-width of its
// 95 % confidence interval: the score's standard error from the trinomial
// variance, ±1.96 of it mapped through EloFromRatio, half the distance
// between the two ends. Either may be infinite (a clean sweep, or no
// variance to measure).
func (s Score) Elo() (diff, margin float64) {
	n := s.Games()
	if n == 0 {
		return 0, math.Inf(1)
	}
	r := s.Ratio()
	se := math.Sqrt(s.variance() / float64(n))
	lo, hi := EloFromRatio(r-1.959964*se), EloFromRatio(r+1.959964*se)
	if margin = (hi - lo) / 2; math.IsNaN(margin) {
		margin = math.Inf(1) // a clean sweep: no upper end
	}
	return EloFromRatio(r), margin
}

// String writes the score as "W-D-L".
func (s Score) String() string {
	return fmt.Sprintf("%d-%d-%d", s.Wins, s.Draws, s.Losses)
}

// SPRT is a sequential probability ratio test of H0: the Elo difference is
// Elo0 against H1: it is Elo1, with error rates Alpha (accepting H1 when
// H0 holds) and Beta (accepting H0 when H1 holds).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds returns the log-likelihood ratios at which the test stops:
// ln(β/(1-α)), below which H0 is accepted, and ln((1-β)/α), above which H1
// is.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 to H0 given the score, in the
// normal approximation of the trinomial model used by chess engine testing
// (the generalized SPRT): N·(s1-s0)·(2r - s0 - s1) / (2σ²), with s0 and s1
// the expected scores at Elo0 and Elo1, r the observed score and σ² the
// per-game variance. It is 0 while the variance is 0.
func (t SPRT) LLR(s Score) float64 {
	v := s.variance()
	if v == 0 {
		return 0
	}
	s0, s1 := ratioFromElo(t.Elo0), ratioFromElo(t.Elo1)
	return float64(s.Games()) * (s1 - s0) * (2*s.Ratio() - s0 - s1) / (2 * v)
}

// Decide returns "H1" or "H0" once the LLR of s crosses a bound, else "".
func (t SPRT) Decide(s Score) string {
	lo, hi := t.Bounds()
	switch llr := t.LLR(s); {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}

// Check reports whether the test's parameters make sense.
func (t SPRT) Check() error {
	if !(t.Alpha > 0 && t.Alpha < 1 && t.Beta > 0 && t.Beta < 1) {
		return fmt.Errorf("match: sprt: alpha and beta must be between 0 and 1")
	}
	if math.IsInf(t.Elo0, 0) || math.IsInf(t.Elo1, 0) || !(t.Elo0 < t.Elo1) {
		// !(<) also refuses NaN, which every comparison is false for.
		return fmt.Errorf("match: sprt: elo0 must be below elo1, both finite")
	}
	return nil
}

// formatElo writes an Elo difference and margin as "+35.2 ± 40.1".
func formatElo(diff, margin float64) string {
	f := func(x float64, sign bool) string {
		switch {
		case math.IsInf(x, 1):
			if sign {
				return "+inf"
			}
			return "inf"
		case math.IsInf(x, -1):
			return "-inf"
		case math.IsNaN(x):
			return "nan"
		}
		if sign {
			return fmt.Sprintf("%+.1f", x)
		}
		return fmt.Sprintf("%.1f", x)
	}
	return f(diff, true) + " ± " + f(margin, false)
}
