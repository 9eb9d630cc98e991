package tournament

// wedge is an edge of the matching graph.
type wedge struct {
	i, j int
	w    weight
}

// maxWeightMatching returns a matching of maximum total weight in the
// general graph of n vertices and the given edges (weights >= 0): mate[v]
// is v's partner, or -1. It is Edmonds' blossom algorithm with the
// primal-dual method of Galil ("Efficient algorithms for finding maximum
// matching in graphs", 1986), O(n³): n stages, each growing alternating
// trees from the free vertices, shrinking odd cycles into blossoms and
// changing the dual variables until an augmenting path is found. Dual
// variables are kept doubled so that integer weights keep every
// computation integral. Ties between matchings of equal weight are broken
// deterministically (by the order of vertices and edges), never at random.
func maxWeightMatching(n int, edges []wedge) []int {
	m := &matcher{n: n, edges: edges}
	return m.run()
}

// maxCardinalityMatching returns, among the matchings with the most edges,
// one of maximum total weight when they are perfect (every vertex
// matched, as the pairing needs them); when vertices are left free, the
// weight may fall short of the best, for the free vertices' duals differ
// from the start on (the maximum weight matching would keep them equal).
// It starts from feasible dual variables (each
// vertex's heaviest edge, then lowered for each vertex left unmatched as
// far as its edges allow) and a matching of the most edges among those
// they make tight (see [matcher.warmStart]), which leaves few stages to
// run when, as in a Swiss bracket, most vertices' heaviest edges pair
// them up.
func maxCardinalityMatching(n int, edges []wedge) []int {
	m := &matcher{n: n, edges: edges, maxcard: true}
	return m.run()
}

// optimalMatching is [maxCardinalityMatching] of the graph less the edges
// off marks (if any) that also returns the
// solution's dual variables: reducedCost gives an edge's reduced cost (for
// a perfect matching, any other perfect matching that holds the edge
// weighs at least that much less than the optimum), and warm starts a
// matching of the same vertices with fewer edges from them.
func optimalMatching(n int, edges []wedge, off []bool) ([]int, *matcher) {
	m := &matcher{n: n, edges: edges, maxcard: true, off: off}
	mate := m.run()
	return mate, m
}

// singleFree is the fewest free vertices for which a stage may grow one
// tree only; singleProbe is how often (in stages) the way not chosen is
// tried again.
const (
	singleFree  = 16
	singleProbe = 8
)

type matcher struct {
	n       int
	edges   []wedge
	w2      []weight // each edge's weight doubled, shared as edges is
	maxcard bool
	scale   uint     // internal weights are the given ones shifted left by scale
	dual0   []weight // a warm start's duals (internal units), if any
	mate0   []int    // and the matching whose tight edges it starts from
	off     []bool   // the edges left out, if any

	endpoint       []int
	neighbend      [][]int
	mate           []int
	label          []int
	labelend       []int
	inblossom      []int
	blossomparent  []int
	blossomchilds  [][]int
	blossombase    []int
	blossomendps   [][]int
	bestedge       []int
	blossombestedg [][]int
	hasBestList    []bool
	bestedgeto     []int // addBlossom's work space
	unused         []int
	dual           []weight
	allowedge      []bool
	queue          []int
}

func (m *matcher) slack(k int) weight {
	e := m.edges[k]
	return m.dual[e.i].add(m.dual[e.j]).sub(m.w2[k])
}

// leaves calls f for every vertex in blossom b.
func (m *matcher) leaves(b int, f func(v int)) {
	if b < m.n {
		f(b)
		return
	}
	for _, t := range m.blossomchilds[b] {
		m.leaves(t, f)
	}
}

func (m *matcher) assignLabel(w, t, p int) {
	for {
		b := m.inblossom[w]
		m.label[w], m.label[b] = t, t
		m.labelend[w], m.labelend[b] = p, p
		m.bestedge[w], m.bestedge[b] = -1, -1
		if t == 1 {
			m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
			return
		}
		base := m.blossombase[b]
		w, t, p = m.endpoint[m.mate[base]], 1, m.mate[base]^1
	}
}

func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&4 != 0 {
			base = m.blossombase[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelend[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelend[b]]
			b = m.inblossom[v]
			v = m.endpoint[m.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

func (m *matcher) addBlossom(base, k int) {
	v, w := m.edges[k].i, m.edges[k].j
	bb, bv, bw := m.inblossom[base], m.inblossom[v], m.inblossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.blossombase[b] = base
	m.blossomparent[b] = -1
	m.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		m.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint[m.labelend[bv]]
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint[m.labelend[bw]]
		bw = m.inblossom[w]
	}
	m.blossomchilds[b] = path
	m.blossomendps[b] = endps
	m.label[b] = 1
	m.labelend[b] = m.labelend[bb]
	m.dual[b] = weight{}
	m.leaves(b, func(v int) {
		if m.label[m.inblossom[v]] == 2 {
			m.queue = append(m.queue, v)
		}
		m.inblossom[v] = b
	})
	if m.bestedgeto == nil {
		m.bestedgeto = fill(2*m.n, -1)
	}
	bestedgeto := m.bestedgeto // all -1 between calls
	consider := func(k int) {
		if m.off != nil && m.off[k] {
			return
		}
		i, j := m.edges[k].i, m.edges[k].j
		if m.inblossom[j] == b {
			i, j = j, i
		}
		_ = i
		bj := m.inblossom[j]
		if bj != b && m.label[bj] == 1 && (bestedgeto[bj] == -1 || m.slack(k).less(m.slack(bestedgeto[bj]))) {
			bestedgeto[bj] = k
		}
	}
	for _, bv := range path {
		if !m.hasBestList[bv] {
			m.leaves(bv, func(v int) {
				for _, p := range m.neighbend[v] {
					consider(p / 2)
				}
			})
		} else {
			for _, k := range m.blossombestedg[bv] {
				consider(k)
			}
		}
		m.blossombestedg[bv] = nil
		m.hasBestList[bv] = false
		m.bestedge[bv] = -1
	}
	var list []int
	for bj, k := range bestedgeto {
		if k != -1 {
			list = append(list, k)
			bestedgeto[bj] = -1
		}
	}
	m.blossombestedg[b] = list
	m.hasBestList[b] = true
	m.bestedge[b] = -1
	for _, k := range list {
		if m.bestedge[b] == -1 || m.slack(k).less(m.slack(m.bestedge[b])) {
			m.bestedge[b] = k
		}
	}
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// at indexes s as Python does: a negative j counts from the end.
func at(s []int, j int) int {
	if j < 0 {
		j += len(s)
	}
	return s[j]
}

func indexOf(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

func (m *matcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		switch {
		case s < m.n:
			m.inblossom[s] = s
		case endstage && m.dual[s].isZero():
			m.expandBlossom(s, endstage)
		default:
			m.leaves(s, func(v int) { m.inblossom[v] = s })
		}
	}
	if !endstage && m.label[b] == 2 {
		childs := m.blossomchilds[b]
		endps := m.blossomendps[b]
		entrychild := m.inblossom[m.endpoint[m.labelend[b]^1]]
		j := indexOf(childs, entrychild)
		var jstep, endptrick int
		if j&1 != 0 {
			j -= len(childs)
			jstep, endptrick = 1, 0
		} else {
			jstep, endptrick = -1, 1
		}
		p := m.labelend[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = 0
			m.label[m.endpoint[at(endps, j-endptrick)^endptrick^1]] = 0
			m.assignLabel(m.endpoint[p^1], 2, p)
			m.allowedge[at(endps, j-endptrick)/2] = true
			j += jstep
			p = at(endps, j-endptrick) ^ endptrick
			m.allowedge[p/2] = true
			j += jstep
		}
		bv := at(childs, j)
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.labelend[m.endpoint[p^1]], m.labelend[bv] = p, p
		m.bestedge[bv] = -1
		j += jstep
		for at(childs, j) != entrychild {
			bv := at(childs, j)
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			found := -1
			m.leaves(bv, func(v int) {
				if found == -1 && m.label[v] != 0 {
					found = v
				}
			})
			if found != -1 {
				v := found
				m.label[v] = 0
				m.label[m.endpoint[m.mate[m.blossombase[bv]]]] = 0
				m.assignLabel(v, 2, m.labelend[v])
			}
			j += jstep
		}
	}
	m.label[b], m.labelend[b] = -1, -1
	m.blossomchilds[b], m.blossomendps[b] = nil, nil
	m.blossombase[b] = -1
	m.blossombestedg[b] = nil
	m.hasBestList[b] = false
	m.bestedge[b] = -1
	m.unused = append(m.unused, b)
}

func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.blossomparent[t] != b {
		t = m.blossomparent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	childs := m.blossomchilds[b]
	endps := m.blossomendps[b]
	i := indexOf(childs, t)
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= len(childs)
		jstep, endptrick = 1, 0
	} else {
		jstep, endptrick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-endptrick) ^ endptrick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.blossomchilds[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	m.blossomendps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	m.blossombase[b] = m.blossombase[m.blossomchilds[b][0]]
}

func (m *matcher) augmentMatching(k int) {
	v, w := m.edges[k].i, m.edges[k].j
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inblossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelend[bs] == -1 {
				break
			}
			t := m.endpoint[m.labelend[bs]]
			bt := m.inblossom[t]
			s = m.endpoint[m.labelend[bt]]
			j := m.endpoint[m.labelend[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelend[bt]
			p = m.labelend[bt] ^ 1
		}
	}
}

func (m *matcher) run() []int {
	n := m.n
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	if n == 0 || len(m.edges) == 0 {
		return mate
	}
	var maxw weight
	for _, e := range m.edges {
		if maxw.less(e.w) {
			maxw = e.w
		}
	}
	if m.endpoint == nil {
		m.endpoint = make([]int, 2*len(m.edges))
		m.neighbend = make([][]int, n)
		for k, e := range m.edges {
			m.endpoint[2*k], m.endpoint[2*k+1] = e.i, e.j
			m.neighbend[e.i] = append(m.neighbend[e.i], 2*k+1)
			m.neighbend[e.j] = append(m.neighbend[e.j], 2*k)
		}
	}
	if m.w2 == nil {
		m.doubleWeights()
	}
	m.mate = mate
	m.label = make([]int, 2*n)
	m.labelend = fill(2*n, -1)
	m.inblossom = make([]int, n)
	for i := range m.inblossom {
		m.inblossom[i] = i
	}
	m.blossomparent = fill(2*n, -1)
	m.blossomchilds = make([][]int, 2*n)
	m.blossombase = make([]int, 2*n)
	for i := range m.blossombase {
		if i < n {
			m.blossombase[i] = i
		} else {
			m.blossombase[i] = -1
		}
	}
	m.blossomendps = make([][]int, 2*n)
	m.bestedge = fill(2*n, -1)
	m.blossombestedg = make([][]int, 2*n)
	m.hasBestList = make([]bool, 2*n)
	for b := 2*n - 1; b >= n; b-- {
		m.unused = append(m.unused, b)
	}
	m.dual = make([]weight, 2*n)
	m.allowedge = make([]bool, len(m.edges))
	switch {
	case m.dual0 != nil:
		m.startFrom()
	case m.maxcard:
		m.warmStart()
	default:
		for i := 0; i < n; i++ {
			m.dual[i] = maxw
		}
	}

	// In a matching of the most edges, a stage may grow the tree of one
	// free vertex only, the others left unlabelled, and stop at the first
	// free vertex it reaches: with many free vertices, each stage may then
	// cost that tree rather than every free vertex's, or (when every tree
	// needs many dual changes) cost more. The edges each way scanned in
	// its last stage choose the way of the next, the other way tried
	// again every singleProbe stages; the way changes only how fast the
	// optimum is found. Should a single tree stop short (no augmenting
	// path from its root), the stages go on with every free vertex as a
	// root.
	singleOK := m.maxcard
	var cost [2]int // edges scanned in the last stage of each way: all roots, one
	for stage := 0; stage < n; {
		free := 0
		for _, p := range m.mate {
			if p == -1 {
				free++
			}
		}
		single := singleOK && free > singleFree && (stage == 1 || stage > 1 && (cost[1] <= cost[0]) != (stage%singleProbe == 0))
		scanned := 0
		clear(m.label)
		for i := range m.bestedge {
			m.bestedge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			m.blossombestedg[b] = nil
			m.hasBestList[b] = false
		}
		clear(m.allowedge)
		m.queue = m.queue[:0]
		for v := 0; v < n; v++ {
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == 0 {
				m.assignLabel(v, 1, -1)
				if single {
					break
				}
			}
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				scanned += len(m.neighbend[v])
				for _, p := range m.neighbend[v] {
					k := p / 2
					if m.off != nil && m.off[k] {
						continue
					}
					w := m.endpoint[p]
					if m.inblossom[v] == m.inblossom[w] {
						continue
					}
					var kslack weight
					if !m.allowedge[k] {
						kslack = m.dual[v].add(m.dual[w]).sub(m.w2[k])
						if !weight.less(weight{}, kslack) {
							m.allowedge[k] = true
						}
					}
					switch {
					case m.allowedge[k]:
						switch {
						case m.label[m.inblossom[w]] == 0 && m.mate[m.blossombase[m.inblossom[w]]] == -1:
							// A free vertex outside the tree (single
							// stages only): a root of its own, and the
							// path to it augments.
							m.assignLabel(w, 1, -1)
							m.augmentMatching(k)
							augmented = true
						case m.label[m.inblossom[w]] == 0:
							m.assignLabel(w, 2, p^1)
						case m.label[m.inblossom[w]] == 1:
							if base := m.scanBlossom(v, w); base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augmentMatching(k)
								augmented = true
							}
						case m.label[w] == 0:
							m.label[w] = 2
							m.labelend[w] = p ^ 1
						}
					case m.label[m.inblossom[w]] == 1:
						b := m.inblossom[v]
						if m.bestedge[b] == -1 || kslack.less(m.slack(m.bestedge[b])) {
							m.bestedge[b] = k
						}
					case m.label[w] == 0:
						if m.bestedge[w] == -1 || kslack.less(m.slack(m.bestedge[w])) {
							m.bestedge[w] = k
						}
					}
					if augmented {
						break
					}
				}
			}
			if augmented {
				break
			}
			deltatype := -1
			var delta weight
			if !m.maxcard {
				deltatype = 1
				delta = m.dual[0]
				for v := 1; v < n; v++ {
					if m.dual[v].less(delta) {
						delta = m.dual[v]
					}
				}
			}
			deltaedge, deltablossom := -1, -1
			for v := 0; v < n; v++ {
				if m.label[m.inblossom[v]] == 0 && m.bestedge[v] != -1 {
					if d := m.slack(m.bestedge[v]); deltatype == -1 || d.less(delta) {
						delta, deltatype, deltaedge = d, 2, m.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if m.blossomparent[b] == -1 && m.label[b] == 1 && m.bestedge[b] != -1 {
					if d := m.slack(m.bestedge[b]).half(); deltatype == -1 || d.less(delta) {
						delta, deltatype, deltaedge = d, 3, m.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == 2 && (deltatype == -1 || m.dual[b].less(delta)) {
					delta, deltatype, deltablossom = m.dual[b], 4, b
				}
			}
			if deltatype == -1 {
				break // no augmenting path is left: the cardinality is maximum
			}
			for v := 0; v < n; v++ {
				switch m.label[m.inblossom[v]] {
				case 1:
					m.dual[v] = m.dual[v].sub(delta)
				case 2:
					m.dual[v] = m.dual[v].add(delta)
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dual[b] = m.dual[b].add(delta)
					case 2:
						m.dual[b] = m.dual[b].sub(delta)
					}
				}
			}
			if deltatype == 1 {
				break
			}
			switch deltatype {
			case 2:
				m.allowedge[deltaedge] = true
				i, j := m.edges[deltaedge].i, m.edges[deltaedge].j
				if m.label[m.inblossom[i]] == 0 {
					i = j
				}
				m.queue = append(m.queue, i)
			case 3:
				m.allowedge[deltaedge] = true
				m.queue = append(m.queue, m.edges[deltaedge].i)
			case 4:
				m.expandBlossom(deltablossom, false)
			}
		}
		if !augmented {
			if single {
				singleOK = false
				continue
			}
			break
		}
		cost[b2i(single)] = scanned
		stage++
		for b := n; b < 2*n; b++ {
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dual[b].isZero() {
				m.expandBlossom(b, true)
			}
		}
	}
	for v := range mate {
		if mate[v] >= 0 {
			mate[v] = m.endpoint[mate[v]]
		}
	}
	return mate
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}
