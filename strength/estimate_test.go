package strength

import (
	"math"
	"testing"
)

// TestEstimateTwoPlayers: with one pairing the estimate is the logistic
// Elo of the score (the prior's virtual draw included).
func TestEstimateTwoPlayers(t *testing.T) {
	res := []Result{{A: "x", B: "sf", Wins: 14, Draws: 4, Losses: 2}}
	got, err := Estimate(res, map[string]float64{"sf": 1500})
	if err != nil {
		t.Fatal(err)
	}
	score := (14 + 0.5*(4+PriorDraws)) / (20 + PriorDraws)
	want := 1500 - 400*math.Log10(1/score-1)
	x := find(got, "x")
	if math.Abs(x.Elo-want) > 0.01 {
		t.Fatalf("Elo %.2f, want %.2f", x.Elo, want)
	}
	// The interval: 1.96 / sqrt(n p (1-p)) / scale.
	n := 20 + PriorDraws
	margin := 1.96 / math.Sqrt(n*score*(1-score)) / eloScale
	if math.Abs(x.Margin-margin) > 0.01 {
		t.Fatalf("margin %.2f, want %.2f", x.Margin, margin)
	}
	if sf := find(got, "sf"); !sf.Anchor || sf.Elo != 1500 || sf.Games != 20 {
		t.Fatalf("anchor %+v", sf)
	}
}

// TestEstimateChain: players linked only through each other get ratings
// that add up along the chain, and a player who lost every game stays
// finite.
func TestEstimateChain(t *testing.T) {
	res := []Result{
		{A: "L2", B: "L1", Wins: 10, Draws: 0, Losses: 0},
		{A: "L3", B: "L2", Wins: 5, Draws: 0, Losses: 5},
		{A: "L3", B: "sf1350", Wins: 5, Draws: 0, Losses: 5},
	}
	got, err := Estimate(res, map[string]float64{"sf1350": 1350})
	if err != nil {
		t.Fatal(err)
	}
	l1, l2, l3 := find(got, "L1"), find(got, "L2"), find(got, "L3")
	if math.Abs(l3.Elo-1350) > 1 || math.Abs(l2.Elo-1350) > 1 {
		t.Fatalf("L3 %.1f, L2 %.1f: want both near 1350", l3.Elo, l2.Elo)
	}
	if l1.Elo > l2.Elo-300 || math.IsInf(l1.Elo, 0) || l1.Margin <= l2.Margin {
		t.Fatalf("L1 %.1f ± %.1f (L2 %.1f ± %.1f)", l1.Elo, l1.Margin, l2.Elo, l2.Margin)
	}
	if got[0].Name != "L1" {
		t.Fatalf("not sorted by Elo: %+v", got)
	}
}

func TestEstimateErrors(t *testing.T) {
	res := []Result{{A: "a", B: "b", Wins: 1}, {A: "c", B: "d", Wins: 1}}
	if _, err := Estimate(res, map[string]float64{"a": 1000}); err == nil {
		t.Fatal("players cut off from every anchor were rated")
	}
	if _, err := Estimate(res, nil); err == nil {
		t.Fatal("no anchor accepted")
	}
}

func find(rs []Rating, name string) Rating {
	for _, r := range rs {
		if r.Name == name {
			return r
		}
	}
	return Rating{}
}
