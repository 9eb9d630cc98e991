package tournament

// cardinalityMatching returns a matching with the most edges of the
// general graph of n vertices whose neighbours adj lists (each edge in
// both lists): mate[v] is v's partner, or -1. It is Edmonds' blossom
// algorithm without weights: a greedy matching first, then, from each
// vertex left free, a breadth-first search for an augmenting path that
// shrinks odd cycles by relabelling their vertices' bases. A vertex from
// which no augmenting path starts never gets one later, so one search
// per free vertex is enough: O(n³) at worst, and much less when the
// greedy matching leaves few vertices free. It answers the feasibility
// questions of the pairing (can these players all be paired?) that need
// no weights, far faster than the weighted algorithm.
func cardinalityMatching(n int, adj [][]int32) []int {
	mate := make([]int, n)
	for v := range mate {
		mate[v] = -1
	}
	augmentMatching(adj, mate)
	return mate
}

// augmentMatching makes mate, a matching of the graph whose neighbours
// adj lists, one with the most edges: greedily, then by augmenting paths
// (see [cardinalityMatching]).
func augmentMatching(adj [][]int32, mate []int) {
	n := len(mate)
	for v := range n {
		if mate[v] != -1 {
			continue
		}
		for _, w := range adj[v] {
			if mate[w] == -1 && int(w) != v {
				mate[v], mate[w] = int(w), v
				break
			}
		}
	}
	s := cardSearch{
		adj: adj, mate: mate,
		parent: make([]int, n), base: make([]int, n),
		used: make([]bool, n), blossom: make([]bool, n), onPath: make([]bool, n),
		queue: make([]int, 0, n),
	}
	for v := range n {
		if mate[v] == -1 {
			if end := s.find(v); end != -1 {
				s.augment(end)
			}
		}
	}
}

// cardSearch is the state of one search for an augmenting path.
type cardSearch struct {
	adj     [][]int32
	mate    []int
	parent  []int // the vertex before an odd vertex on its alternating path
	base    []int // the base of the blossom holding the vertex
	used    []bool
	blossom []bool
	onPath  []bool
	queue   []int
}

// find searches for an augmenting path from the free vertex root and
// returns its other end (a free vertex whose parent chain leads back to
// root), or -1.
func (s *cardSearch) find(root int) int {
	for v := range s.parent {
		s.parent[v], s.base[v], s.used[v] = -1, v, false
	}
	s.used[root] = true
	s.queue = append(s.queue[:0], root)
	for head := 0; head < len(s.queue); head++ {
		v := s.queue[head]
		for _, t := range s.adj[v] {
			to := int(t)
			if s.base[v] == s.base[to] || s.mate[v] == to {
				continue
			}
			if to == root || (s.mate[to] != -1 && s.parent[s.mate[to]] != -1) {
				// An even vertex: the edge closes an odd cycle.
				b := s.commonBase(v, to)
				clear(s.blossom)
				s.markPath(v, b, to)
				s.markPath(to, b, v)
				for i := range s.base {
					if s.blossom[s.base[i]] {
						s.base[i] = b
						if !s.used[i] {
							s.used[i] = true
							s.queue = append(s.queue, i)
						}
					}
				}
				continue
			}
			if s.parent[to] == -1 {
				s.parent[to] = v
				if s.mate[to] == -1 {
					return to
				}
				s.used[s.mate[to]] = true
				s.queue = append(s.queue, s.mate[to])
			}
		}
	}
	return -1
}

// commonBase is the base of the blossom where the alternating paths of
// a and b from the root first meet.
func (s *cardSearch) commonBase(a, b int) int {
	clear(s.onPath)
	for {
		a = s.base[a]
		s.onPath[a] = true
		if s.mate[a] == -1 {
			break
		}
		a = s.parent[s.mate[a]]
	}
	for {
		b = s.base[b]
		if s.onPath[b] {
			return b
		}
		b = s.parent[s.mate[b]]
	}
}

// markPath marks the blossoms on the path from v down to the base b and
// points their odd vertices back across the closing edge, to child.
func (s *cardSearch) markPath(v, b, child int) {
	for s.base[v] != b {
		s.blossom[s.base[v]], s.blossom[s.base[s.mate[v]]] = true, true
		s.parent[v] = child
		child = s.mate[v]
		v = s.parent[s.mate[v]]
	}
}

// augment flips the matching along the path found, from its free end.
func (s *cardSearch) augment(v int) {
	for v != -1 {
		pv := s.parent[v]
		next := s.mate[pv]
		s.mate[v], s.mate[pv] = pv, v
		v = next
	}
}
