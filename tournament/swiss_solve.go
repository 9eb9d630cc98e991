package tournament

import (
	"cmp"
	"slices"
)

// solve pairs the bracket: the pairs inside it, the players who float
// down to the next bracket, and, in the last bracket, the player who gets
// the pairing-allocated bye.
//
// A first matching gives the best value of the criteria C5–C19. Then the
// bracket's players are taken in the Dutch order (moved-down players,
// then S1 of the remainder, then S2) and each gets the first opponent of
// its candidate list (for S1, the players of S2 in order: the
// transpositions of S2 in their lexicographic order) with which the
// criteria's best value can still be reached. One matching finds it: the
// player's pairs with its candidates get a bonus, the larger the earlier
// the candidate, in the weights' low bits, which the criteria above
// outweigh; the best matching then keeps the criteria's best value and
// pairs the player with the first candidate that allows it (or with none
// when none does). A matching that already pairs it so saves even that,
// and so do candidates ruled out without one: by their reduced cost, or
// by breaking one of C8–C11 that the best matching keeps everywhere.
func (br *bracket) solve() (pairs [][2]*swissPlayer, float []*swissPlayer, bye *swissPlayer, err error) {
	br.build()
	nb := len(br.b)
	mate, sol := optimalMatching(br.nv, br.edges, nil)
	best, complete := br.value(mate)
	if !complete {
		return nil, nil, nil, ErrNoPairing
	}
	// A pair whose reduced cost reaches the Dutch order's bits cannot be
	// in a matching of the criteria's best value (the bonuses are those
	// of the pairs fixed, which every matching left holds alike).
	limit := weight{0, 1}.shl(br.ordBits)
	// Nor can a pair that breaks one of C8–C11 when a matching of the best
	// value breaks it nowhere: every matching of the best value has the
	// same sum in each criterion, and these sums only fall, pair by pair.
	var broken uint8
	for u, v := range mate {
		if u < v {
			broken |= br.penalties[br.index[u*br.nv+v]]
		}
	}
	unbroken := ^broken
	forced := make([]bool, br.nv) // paired already
	noPair := make([]bool, nb)    // floats down: no game in the bracket
	var leaveOut func(k int, e wedge, u, c int) bool
	// try returns the best matching with u paired with c, or without a
	// game in the bracket (c == -1), if it reaches the criteria's best.
	// off marks the edges that the pairs fixed so far, and u with c,
	// leave out (u == -1 for none).
	offBuf := make([]bool, len(br.edges))
	off := func(u, c int) []bool {
		o := offBuf // read by one matching at a time, during its run only
		for k, e := range br.edges {
			o[k] = leaveOut(k, e, u, c)
		}
		return o
	}
	// half is 1 for the remainder's S1, 2 for its S2, once known; with
	// transpositions, only the pairs of S1 with S2 are left in.
	half := make([]int8, br.nv)
	transpositions := false
	exchange := func(k int, e wedge) bool {
		i, j := e.i, e.j
		if half[i] == 1 || half[j] == 1 {
			return !br.real[k] || half[i]+half[j] != 3
		}
		return br.real[k] && half[i] == 2 && half[j] == 2
	}
	leaveOut = func(k int, e wedge, u, c int) bool {
		i, j := e.i, e.j
		if transpositions && exchange(k, e) {
			return true
		}
		if u >= 0 && (i == u || j == u) {
			if c == -1 {
				return br.real[k] && i < nb && j < nb
			}
			return i+j-u != c
		}
		if c >= 0 && (i == c || j == c) {
			return true
		}
		if (forced[i] || forced[j]) && !(forced[i] && forced[j] && mate[i] == j) {
			return true
		}
		return br.real[k] && i < nb && j < nb && (noPair[i] || noPair[j])
	}
	try := func(u, c int) *matcher {
		m2 := sol.warm(off(u, c), mate)
		if s, ok := br.value(m2.mate); ok && s == best {
			return m2
		}
		return nil
	}
	// ruledOut reports that u and c cannot meet in a matching of the best
	// value, as known without a matching.
	ruledOut := func(u, c int) bool {
		k := br.index[u*br.nv+c]
		return forced[c] || noPair[c] || k < 0 || !br.real[k] || br.penalties[k]&unbroken != 0 ||
			!sol.reducedCostOf(int(k)).less(limit)
	}
	// prefer makes the best matching the one with u's game in the
	// bracket, if any, with the first of cands that allows the best value
	// (see above), and returns it. It fails (nil) only should the bonuses
	// not let the criteria's best value through, which the bits left for
	// them keep from happening.
	prefer := func(u int, cands []int) *matcher {
		o := off(-1, -1)
		type added struct {
			k int
			b weight
		}
		var bonuses []added
		var kept []int // u's games left in: the candidates' not ruled out
		for i, c := range cands {
			if k := br.index[u*br.nv+c]; !ruledOut(u, c) && !o[k] {
				bonuses = append(bonuses, added{int(k), weight{0, uint64(len(cands) - i)}.shl(br.ordBits)})
				kept = append(kept, int(k))
			}
		}
		for _, p := range sol.neighbend[u] {
			if k := p / 2; br.real[k] && sol.endpoint[p] < nb {
				o[k] = true
			}
		}
		for _, k := range kept {
			o[k] = false
		}
		for _, a := range bonuses {
			sol.addBonus(a.k, a.b)
		}
		m2 := sol.warmRaised(o, mate, u, weight{0, uint64(len(cands))}.shl(br.ordBits))
		if s, ok := br.value(m2.mate); ok && s == best {
			mate, sol = m2.mate, m2
			return m2
		}
		for _, a := range bonuses {
			sol.addBonus(a.k, weight{}.sub(a.b))
		}
		return nil
	}
	m := br.mdps
	// assign gives u the first of cands (-1: no game in the bracket) with
	// which the criteria's best value can still be reached.
	assign := func(u int, cands []int) {
		first := -1
		for _, c := range cands {
			if !ruledOut(u, c) {
				first = c
				break
			}
		}
		switch {
		case first == br.paired(mate, u):
		case br.bonusBits > 0 && !br.st.checkEach && prefer(u, cands) != nil:
		default:
			for _, c := range append(cands, -1) {
				if c >= 0 && ruledOut(u, c) {
					continue
				}
				if c == br.paired(mate, u) {
					break
				}
				if m2 := try(u, c); m2 != nil {
					mate, sol = m2.mate, m2
					break
				}
			}
		}
		if v := br.paired(mate, u); v >= 0 {
			forced[u], forced[v] = true, true
		} else {
			noPair[u] = true
		}
	}
	// The moved-down players first, each with the residents in order.
	for u := 0; u < m; u++ {
		if forced[u] || noPair[u] {
			continue
		}
		var cands []int
		for v := m; v < nb; v++ {
			cands = append(cands, v)
		}
		for v := u + 1; v < m; v++ {
			cands = append(cands, v)
		}
		assign(u, cands)
	}
	// Then the remainder: S1, as many of its first players as it has
	// pairs, and S2.
	var rem []int
	pairsIn := 0
	for v := m; v < nb; v++ {
		if !forced[v] && !noPair[v] {
			rem = append(rem, v)
			if w := br.paired(mate, v); w > v {
				pairsIn++
			}
		}
	}
	s1, s2 := rem[:pairsIn], rem[pairsIn:]
	if m > 0 && br.ordBits > 0 && len(rem) > 0 {
		// The remainder is known: its S1 and S2 give the order's
		// approximation again, and a new solution.
		br.reorder(rem, pairsIn)
		mate2, sol2 := optimalMatching(br.nv, br.edges, off(-1, -1))
		if v, ok := br.value(mate2); ok && v == best {
			mate, sol = mate2, sol2
		}
	}
	// The transpositions of S2 come before any exchange between S1 and
	// S2: if one reaches the best value, the pairs are S1's with S2's.
	// Else the exchanges of one player of S1 with one of S2 are tried in
	// the rules' order (the smallest difference of their numbers, then
	// the highest of S1, the lowest of S2), up to maxExchanges of them.
	setHalves := func(a, b []int) {
		for _, v := range a {
			half[v] = 1
		}
		for _, v := range b {
			half[v] = 2
		}
	}
	// exchangeable reports whether an exchange may do, once the
	// transpositions do not: with one, a matching of the best value has
	// at most two of the pairs the transpositions leave out (the player of
	// S1 moved to S2 with one of S1, or with none in the bracket, and the
	// player of S2 moved to S1 with one of S2). One matching, those pairs
	// weighing a unit less (below the criteria), finds the fewest; if more
	// than two, no exchange is tried.
	exchangeable := func() bool {
		if br.bonusBits == 0 {
			return true
		}
		unit := weight{0, 1}.shl(br.ordBits)
		var left []int
		for k, e := range br.edges {
			if exchange(k, e) {
				left = append(left, k)
				sol.addBonus(k, weight{}.sub(unit))
			}
		}
		m2 := sol.warm(off(-1, -1), mate)
		for _, k := range left {
			sol.addBonus(k, unit)
		}
		if v, ok := br.value(m2.mate); !ok || v != best {
			return true
		}
		n := 0
		for _, k := range left {
			if e := br.edges[k]; m2.mate[e.i] == e.j {
				n++
			}
		}
		return n <= 2
	}
	transpositions = len(s1) > 0
	if transpositions {
		setHalves(s1, s2)
		if m2 := try(-1, -1); m2 != nil {
			mate, sol = m2.mate, m2
		} else if transpositions = false; br.st.checkEach || exchangeable() {
			type exch struct{ i, j int }
			var exs []exch
			for i := range s1 {
				for j := range s2 {
					exs = append(exs, exch{i, j})
				}
			}
			// Numbers inside the remainder: S1's are 0..len(s1)-1.
			slices.SortFunc(exs, func(x, y exch) int {
				dx, dy := len(s1)+x.j-x.i, len(s1)+y.j-y.i
				return cmp.Or(cmp.Compare(dx, dy), cmp.Compare(s1[y.i], s1[x.i]), cmp.Compare(s2[x.j], s2[y.j]))
			})
			for n, x := range exs {
				if n == maxExchanges {
					break
				}
				a := append(slices.Clone(s1[:x.i]), s1[x.i+1:]...)
				a = append(a, s2[x.j])
				b := append(slices.Clone(s2[:x.j]), s2[x.j+1:]...)
				b = append(b, s1[x.i])
				slices.Sort(a)
				slices.Sort(b)
				setHalves(a, b)
				transpositions = true
				if m2 := try(-1, -1); m2 != nil {
					mate, sol = m2.mate, m2
					s1, s2 = a, b
					break
				}
				transpositions = false
			}
			if !transpositions {
				setHalves(s1, s2)
			}
		}
	}
	for k, u := range s1 {
		if forced[u] || noPair[u] {
			continue
		}
		cands := slices.Clone(s2)
		for x := len(s1) - 1; x > k && !transpositions; x-- {
			cands = append(cands, s1[x])
		}
		assign(u, cands)
	}
	for k, u := range s2 {
		if forced[u] || noPair[u] {
			continue
		}
		var cands []int
		if !transpositions {
			cands = slices.Clone(s2[k+1:])
		}
		assign(u, cands)
	}
	for u := 0; u < nb; u++ {
		switch v := br.paired(mate, u); {
		case v >= 0:
			if u < v {
				pairs = append(pairs, [2]*swissPlayer{br.verts[u], br.verts[v]})
			}
		case br.full && len(br.rest) == 0:
			bye = br.verts[u]
		default:
			float = append(float, br.verts[u])
		}
	}
	return pairs, float, bye, nil
}
