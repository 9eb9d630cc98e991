package tournament_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/joinpal/joinpal/tournament"
)

// costs is a cost table: c[i][j] for i < j, -1 where i and j may not meet.
type costs [][]int64

func (c costs) fn(i, j int) (int64, bool) { return c[i][j], c[i][j] >= 0 }

func TestMinCostPairs(t *testing.T) {
	const no = -1
	tests := []struct {
		name string
		n    int
		c    costs
		want []int
	}{
		{"nobody", 0, nil, []int{}},
		{"one alone", 1, costs{{no}}, []int{-1}},
		{"two", 2, costs{{no, 5}, {no, no}}, []int{1, 0}},
		{"two who may not meet", 2, costs{{no, no}, {no, no}}, []int{-1, -1}},
		// 0-1 and 2-3 cost 1+1; 0-2 and 1-3 cost 2+2; 0-3 and 1-2 cost 10+1.
		{"the cheapest of three perfect matchings", 4, costs{
			{no, 1, 2, 10},
			{no, no, 1, 2},
			{no, no, no, 1},
			{no, no, no, no}}, []int{1, 0, 3, 2}},
		// 0-1 is cheap, but leaves 2 and 3, who may not meet, alone:
		// two pairs at any cost come first.
		{"more pairs before less cost", 4, costs{
			{no, 0, 100, no},
			{no, no, no, 100},
			{no, no, no, no},
			{no, no, no, no}}, []int{2, 3, 0, 1}},
		// Of three, one waits: the one whose pairs cost most (2 pairs with
		// 1 at 3, with 0 at 4; 0-1 costs 1).
		{"odd: the dearest waits", 3, costs{
			{no, 1, 4},
			{no, no, 3},
			{no, no, no}}, []int{1, 0, -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tournament.MinCostPairs(tt.n, tt.c.fn)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("MinCostPairs = %v, want %v", got, tt.want)
			}
		})
	}
}

// bestBySearch returns the most pairs and their least cost, by search.
func bestBySearch(n int, c costs, used []bool, from int) (pairs int, cost int64) {
	for from < n && used[from] {
		from++
	}
	if from >= n {
		return 0, 0
	}
	used[from] = true
	pairs, cost = bestBySearch(n, c, used, from+1) // from waits
	for j := from + 1; j < n; j++ {
		if used[j] || c[from][j] < 0 {
			continue
		}
		used[j] = true
		p, x := bestBySearch(n, c, used, from+1)
		if p+1 > pairs || (p+1 == pairs && x+c[from][j] < cost) {
			pairs, cost = p+1, x+c[from][j]
		}
		used[j] = false
	}
	used[from] = false
	return pairs, cost
}

func TestMinCostPairsAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 3000 {
		n := 1 + rng.IntN(9)
		c := make(costs, n)
		density := rng.Float64()
		for i := range c {
			c[i] = make([]int64, n)
			for j := range c[i] {
				c[i][j] = -1
				if i < j && rng.Float64() < density {
					c[i][j] = rng.Int64N(1 + int64(rng.IntN(3000)))
				}
			}
		}
		mate := tournament.MinCostPairs(n, c.fn)
		pairs, cost := 0, int64(0)
		for i, j := range mate {
			if j < 0 {
				continue
			}
			if mate[j] != i || i == j {
				t.Fatalf("trial %d: %v is not a matching", trial, mate)
			}
			if i < j {
				if c[i][j] < 0 {
					t.Fatalf("trial %d: %d and %d may not meet", trial, i, j)
				}
				pairs, cost = pairs+1, cost+c[i][j]
			}
		}
		wantPairs, wantCost := bestBySearch(n, c, make([]bool, n), 0)
		if pairs != wantPairs || cost != wantCost {
			t.Fatalf("trial %d: %d pairs costing %d, want %d costing %d (%v)", trial, pairs, cost, wantPairs, wantCost, c)
		}
	}
}
