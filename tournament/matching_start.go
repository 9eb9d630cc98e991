package tournament

import "slices"

// Where a matching starts, and what a solved one leaves for the next: the
// greedy start from each vertex's heaviest edge, the warm start of a
// matching from another's dual variables, and the reduced costs of edges
// under a solution's duals.

// reducedCost is u(i) + u(j) + z(blossoms holding both) - w in the dual
// of the perfect matching problem, from the internal values (weights
// shifted left by scale bits, vertex duals doubled).
func (m *matcher) reducedCost(i, j int, w weight) weight {
	return m.reducedCostIn(i, j, w.shl(m.scale))
}

// reducedCostIn is [matcher.reducedCost] of an internal weight w.
func (m *matcher) reducedCostIn(i, j int, w weight) weight {
	s := m.dual[i].add(m.dual[j]).sub(w.add(w))
	var zs weight
	for b := m.blossomparent[i]; b != -1; b = m.blossomparent[b] {
		for c := m.blossomparent[j]; c != -1; c = m.blossomparent[c] {
			if c == b {
				zs = zs.add(m.dual[b])
				break
			}
		}
	}
	s = s.add(zs.shl(1))
	for range m.scale + 1 {
		s = s.half()
	}
	return s
}

// reducedCostOf is [matcher.reducedCost] of edge k with its weight as
// the matcher holds it (bonuses included).
func (m *matcher) reducedCostOf(k int) weight {
	e := m.edges[k]
	return m.reducedCostIn(e.i, e.j, e.w)
}

// addBonus adds b to the weight of edge k, in the graph m shares with the
// matchings warm started from it; the vertices' duals must then be
// raised (see [matcher.warmRaised]) for the next matching to start.
func (m *matcher) addBonus(k int, b weight) {
	b = b.shl(m.scale)
	m.edges[k].w = m.edges[k].w.add(b)
	m.w2[k] = m.w2[k].add(b).add(b)
}

// warm returns a maximum cardinality matching of maximum weight of the
// same graph less the edges off marks (read, not copied), started from m's
// dual variables, each blossom's added to its vertices' (which keeps
// every constraint, and the edges inside the blossom as tight as they
// were), and from the edges of mate that are tight with them. The graph
// is m's, already scaled: only the search's state is new.
func (m *matcher) warm(off []bool, mate []int) *matcher {
	return m.warmRaised(off, mate, -1, weight{})
}

// warmRaised is [matcher.warm] with vertex v's dual raised by twice
// bonus (in the given weights' units), which keeps every constraint of
// v's edges once bonuses of up to that much were added to them.
func (m *matcher) warmRaised(off []bool, mate []int, v int, bonus weight) *matcher {
	dual := make([]weight, m.n)
	for v := range dual {
		d := m.dual[v]
		for b := m.blossomparent[v]; b != -1; b = m.blossomparent[b] {
			d = d.add(m.dual[b])
		}
		dual[v] = d
	}
	if v >= 0 {
		dual[v] = dual[v].add(bonus.shl(m.scale + 1))
	}
	w := &matcher{n: m.n, edges: m.edges, w2: m.w2, endpoint: m.endpoint, neighbend: m.neighbend,
		maxcard: true, scale: m.scale, dual0: dual, mate0: mate, off: off}
	w.run()
	return w
}

// warmStart gives each vertex its heaviest edge's weight as its dual
// variable, which every edge's constraint then satisfies, and matches
// greedily the edges that are tight with it (heaviest for both ends);
// each vertex left free then lowers its dual to its tightest edge, and
// the matching is made one of the most edges among the tight ones. The
// weights are doubled first, so that the duals, all even, keep every
// free vertex's dual of the same parity and the halved slacks whole.
func (m *matcher) warmStart() {
	m.scaleWeights(1)
	seen := make([]bool, m.n)
	for k, e := range m.edges {
		if m.off != nil && m.off[k] {
			continue
		}
		for _, v := range [2]int{e.i, e.j} {
			if !seen[v] || m.dual[v].less(e.w) {
				m.dual[v] = e.w
				seen[v] = true
			}
		}
	}
	m.matchTight(nil)
	// Each vertex still free then lowers its dual as far as its edges
	// allow, which makes at least one of them tight, and is matched along
	// the first tight one whose other end is free.
	for v := range m.n {
		if m.mate[v] != -1 || !seen[v] {
			continue
		}
		first := true
		var d weight
		for _, p := range m.neighbend[v] {
			k := p / 2
			if m.off != nil && m.off[k] {
				continue
			}
			w := m.edges[k].w
			if x := w.add(w).sub(m.dual[m.endpoint[p]]); first || d.less(x) {
				d, first = x, false
			}
		}
		m.dual[v] = d
		for _, p := range m.neighbend[v] {
			k, u := p/2, m.endpoint[p]
			if (m.off == nil || !m.off[k]) && m.mate[u] == -1 && m.slack(k).isZero() {
				m.mate[v], m.mate[u] = p, p^1
				break
			}
		}
	}
	m.matchTightMost()
}

// matchTightMost makes the matching one of the most edges among the
// tight edges: with no blossom yet, any such matching and the duals
// satisfy complementary slackness, and every edge it adds is a stage the
// blossom algorithm does not run.
func (m *matcher) matchTightMost() {
	free := false
	for _, p := range m.mate {
		free = free || p == -1
	}
	if !free {
		return
	}
	adj := make([][]int32, m.n)
	ends := make([][]int32, m.n) // the endpoint of each neighbour
	for v := range m.n {
		for _, p := range m.neighbend[v] {
			if k := p / 2; (m.off == nil || !m.off[k]) && m.slack(k).isZero() {
				adj[v] = append(adj[v], int32(m.endpoint[p]))
				ends[v] = append(ends[v], int32(p))
			}
		}
	}
	mate := make([]int, m.n)
	for v, p := range m.mate {
		mate[v] = -1
		if p != -1 {
			mate[v] = m.endpoint[p]
		}
	}
	augmentMatching(adj, mate)
	for v, u := range mate {
		m.mate[v] = -1
		if u != -1 {
			m.mate[v] = int(ends[v][slices.Index(adj[v], int32(u))])
		}
	}
}

// scaleWeights shifts a copy of the weights left by k bits.
func (m *matcher) scaleWeights(k uint) {
	m.scale = k
	edges := make([]wedge, len(m.edges))
	for i, e := range m.edges {
		e.w = e.w.shl(k)
		edges[i] = e
	}
	m.edges = edges
	m.doubleWeights()
}

// doubleWeights sets w2 from the weights.
func (m *matcher) doubleWeights() {
	m.w2 = make([]weight, len(m.edges))
	for k, e := range m.edges {
		m.w2[k] = e.w.add(e.w)
	}
}

// matchTight matches greedily, in edge order, the tight edges between
// free vertices (only those of mate, if given).
func (m *matcher) matchTight(mate []int) {
	for k, e := range m.edges {
		if (m.off == nil || !m.off[k]) && (mate == nil || mate[e.i] == e.j) && m.mate[e.i] == -1 && m.mate[e.j] == -1 && m.slack(k).isZero() {
			m.mate[e.i], m.mate[e.j] = 2*k+1, 2*k
		}
	}
}

// startFrom sets the warm start of [matcher.warm]. A free vertex's dual
// may be raised, which keeps every constraint: one with an odd dual gets
// one more, so that all free vertices' duals are even and the halved
// slacks whole (a tree grows over tight edges of even doubled weight,
// so every vertex in it has its root's parity).
func (m *matcher) startFrom() {
	copy(m.dual, m.dual0)
	m.matchTight(m.mate0)
	for v, p := range m.mate {
		if p == -1 && m.dual[v].lo&1 == 1 {
			m.dual[v] = m.dual[v].add(weight{0, 1})
		}
	}
}
