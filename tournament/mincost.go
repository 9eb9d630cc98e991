package tournament

import "math/bits"

// MinCostPairs pairs players 0 … n-1 as lichess pairs an arena's waiting
// players: among the matchings with the most pairs, over the pairs that
// cost allows, one of least total cost. cost(i, j), called for i < j,
// returns what pairing i with j costs (negative costs count as 0) and
// whether i and j may meet at all. mate[i] is i's partner, or -1 for a
// player left out. It is the blossom algorithm of [maxWeightMatching] on
// weights K - cost, where K, above (n/2 + 1) times the highest cost,
// makes one pair more outweigh any difference of costs; O(n³). Matchings
// of equal cost are told apart by the order of the players, never at
// random.
func MinCostPairs(n int, cost func(i, j int) (int64, bool)) []int {
	type pair struct {
		i, j int
		c    uint64
	}
	var ps []pair
	var most uint64
	for j := 1; j < n; j++ {
		for i := range j {
			c, ok := cost(i, j)
			if !ok {
				continue
			}
			ps = append(ps, pair{i, j, uint64(max(c, 0))})
			most = max(most, uint64(max(c, 0)))
		}
	}
	hi, lo := bits.Mul64(most, uint64(n/2+1))
	lo, carry := bits.Add64(lo, 1, 0)
	k := weight{int64(hi + carry), lo}
	edges := make([]wedge, len(ps))
	for x, p := range ps {
		edges[x] = wedge{p.i, p.j, k.sub(weight{0, p.c})}
	}
	return maxWeightMatching(n, edges)
}
