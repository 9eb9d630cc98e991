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
	for trial := range 3000 {
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
		mate := maxWeightMatching(n, edges)
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
		if want := bruteMatching(n, w, make([]bool, n), 0); got != want {
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
				maxWeightMatching(n, edges)
			}
		})
	}
}
