package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// bruteMatching is the best total weight over all matchings, by search.
func bruteMatching(n int, w [][]int64, used []bool, from int) int64 {
	for from < n && used[from] {
		from++
	}
	if from >= n {
		return 0
	}
	used[from] = true
	best := bruteMatching(n, w, used, from+1) // from stays single
	for j := from + 1; j < n; j++ {
		if !used[j] && w[from][j] > 0 {
			used[j] = true
			best = max(best, w[from][j]+bruteMatching(n, w, used, from+1))
			used[j] = false
		}
	}
	used[from] = false
	return best
}

func TestMaxWeightMatchingAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 6000 {
		n := 1 + rng.IntN(10)
		w := make([][]int64, n)
		for i := range w {
			w[i] = make([]int64, n)
		}
		var edges []wedge
		density := rng.Float64()
		maxW := int64(1 + rng.IntN(20))
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					x := 1 + rng.Int64N(maxW)
					w[i][j], w[j][i] = x, x
					edges = append(edges, wedge{i, j, weight{0, uint64(x)}})
				}
			}
		}
		card := trial%2 == 1
		var mate []int
		if card {
			// The most edges first: a weight above any matching's.
			for a := range w {
				for b := range w[a] {
					if w[a][b] > 0 {
						w[a][b] += 1000
					}
				}
			}
			mate = maxCardinalityMatching(n, edges)
		} else {
			mate = maxWeightMatching(n, edges)
		}
		var got int64
		for v, u := range mate {
			if u >= 0 {
				if mate[u] != v || w[v][u] == 0 {
					t.Fatalf("trial %d: mate %v is not a matching of the graph", trial, mate)
				}
				if v < u {
					got += w[v][u]
				}
			}
		}
		want := bruteMatching(n, w, make([]bool, n), 0)
		if card && 2*(want/1000) < int64(n) {
			// Short of a perfect matching, only the cardinality is sure:
			// the warm start leaves the free vertices' duals unequal.
			want, got = want/1000, got/1000
		}
		if got != want {
			t.Fatalf("trial %d: n=%d weight %d, best is %d (edges %v)", trial, n, got, want, edges)
		}
	}
}

func TestWeightArithmetic(t *testing.T) {
	one := weight{0, 1}
	big := one.shl(63).shl(10) // 2^73
	if got := big.sub(one).add(one); got != big {
		t.Fatalf("2^73-1+1 = %+v", got)
	}
	if got := big.half(); got != one.shl(63).shl(9) {
		t.Fatalf("2^73/2 = %+v", got)
	}
	if !one.less(big) || big.less(one) {
		t.Fatal("order of 1 and 2^73")
	}
	neg := weight{}.sub(big)
	if !neg.less(weight{}) || neg.add(big) != (weight{}) {
		t.Fatalf("-2^73 = %+v", neg)
	}
}

func BenchmarkMatchingDense(b *testing.B) {
	for _, n := range []int{100, 250} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			var edges []wedge
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					if rng.IntN(10) > 0 {
						edges = append(edges, wedge{i, j, weight{0, uint64(1<<40 + rng.IntN(1000))}})
					}
				}
			}
			for range b.N {
				maxCardinalityMatching(n, edges)
			}
		})
	}
}

// TestWarmStart checks that a matching warm started from another one's
// duals weighs what a cold start does, on graphs with edges taken away,
// and that reduced costs bound the weight of matchings holding an edge.
func TestWarmStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	total := func(mate []int, edges []wedge) (weight, bool) {
		var s weight
		for _, e := range edges {
			if mate[e.i] == e.j {
				s = s.add(e.w)
			}
		}
		for _, v := range mate {
			if v < 0 {
				return s, false
			}
		}
		return s, true
	}
	for trial := range 400 {
		n := 2 * (1 + rng.IntN(7))
		var edges []wedge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.IntN(4) > 0 {
					edges = append(edges, wedge{i, j, weight{0, uint64(rng.IntN(50))}.shl(uint(rng.IntN(3)))})
				}
			}
		}
		mate, sol := optimalMatching(n, edges, nil)
		best, perfect := total(mate, edges)
		if !perfect {
			continue
		}
		for _, e := range edges {
			// Any perfect matching with e weighs at most best - reduced cost.
			var kept []wedge
			off := make([]bool, len(edges))
			for k, f := range edges {
				if f == e || (f.i != e.i && f.j != e.i && f.i != e.j && f.j != e.j) {
					kept = append(kept, f)
				} else {
					off[k] = true
				}
			}
			cold := maxCardinalityMatching(n, kept)
			warm := sol.warm(off, mate).mate
			cw, cok := total(cold, kept)
			ww, wok := total(warm, kept)
			if cok != wok || (cok && cw != ww) {
				t.Fatalf("trial %d: warm start %v (%v) differs from cold %v (%v)", trial, ww, wok, cw, cok)
			}
			if cok && best.sub(sol.reducedCost(e.i, e.j, e.w)).less(cw) {
				t.Fatalf("trial %d: edge %v reduced cost %v, yet a matching with it weighs %v of %v", trial, e, sol.reducedCost(e.i, e.j, e.w), cw, best)
			}
		}
	}
}

// TestCardinalityMatching checks the matching without weights against the
// weighted one's maximum cardinality on random graphs, sparse and dense,
// and that it is a matching of the graph's edges.
func TestCardinalityMatching(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 3000 {
		n := 1 + rng.IntN(24)
		density := rng.Float64()
		adj := make([][]int32, n)
		has := map[[2]int]bool{}
		var edges []wedge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					adj[i] = append(adj[i], int32(j))
					adj[j] = append(adj[j], int32(i))
					has[[2]int{i, j}], has[[2]int{j, i}] = true, true
					edges = append(edges, wedge{i, j, weight{0, 1}})
				}
			}
		}
		for i := range adj {
			rng.Shuffle(len(adj[i]), func(a, b int) { adj[i][a], adj[i][b] = adj[i][b], adj[i][a] })
		}
		size := func(mate []int) int {
			k := 0
			for v, w := range mate {
				if w >= 0 {
					if mate[w] != v || !has[[2]int{v, w}] {
						t.Fatalf("trial %d: %d-%d is not a matching's edge", trial, v, w)
					}
					k++
				}
			}
			return k / 2
		}
		got, want := size(cardinalityMatching(n, adj)), size(maxCardinalityMatching(n, edges))
		if got != want {
			t.Fatalf("trial %d: %d edges, want %d", trial, got, want)
		}
	}
}

// TestMaxCardinalityLarge checks perfect matchings on graphs large enough
// that stages grow a single tree (more than singleFree free vertices
// after the warm start) against the weighted algorithm with every weight
// raised above any matching's sum, which puts the number of edges first:
// the same total weight. Few distinct weights make many ties, and a few
// hubs, whose edges all weigh more, make most vertices' heaviest edges
// go to the same vertices, as a Swiss bracket's moved-down players do,
// which leaves the warm start many vertices free. (Only
// perfect matchings: with free vertices of different duals, a matching
// of the most edges that leaves vertices free need not be the heaviest
// of them; the pairing uses only perfect ones.)
func TestMaxCardinalityLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	checked, trials := 0, 80
	if testing.Short() {
		trials = 24
	}
	for trial := range trials {
		n := 2 * (15 + rng.IntN(30))
		density := 0.3 + rng.Float64()*0.7
		spread := 1 + rng.IntN(40)
		hubs := rng.IntN(n / 4)
		var edges, raised []wedge
		big := weight{0, uint64(n * spread * 10)}.shl(62)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					w := weight{0, uint64(rng.IntN(spread))}.shl(uint(rng.IntN(3)) * 20)
					if i < hubs {
						w = w.add(weight{0, uint64(1 + rng.IntN(spread))}.shl(61))
					}
					edges = append(edges, wedge{i, j, w})
					raised = append(raised, wedge{i, j, w.add(big)})
				}
			}
		}
		sum := func(mate []int) (int, weight) {
			var s weight
			k := 0
			for _, e := range edges {
				if mate[e.i] == e.j {
					if mate[e.j] != e.i {
						t.Fatalf("trial %d: not a matching", trial)
					}
					s = s.add(e.w)
					k++
				}
			}
			return k, s
		}
		wk, ww := sum(maxWeightMatching(n, raised))
		if 2*wk != n {
			continue
		}
		checked++
		if gk, gw := sum(maxCardinalityMatching(n, edges)); gk != wk || gw != ww {
			t.Fatalf("trial %d (n %d): %d edges weighing %v, want %d weighing %v", trial, n, gk, gw, wk, ww)
		}
	}
	if checked < trials/2 {
		t.Fatalf("only %d perfect matchings checked", checked)
	}
}
