package tournament

import (
	"math/bits"
	"slices"
)

func bitlen(x uint64) uint { return uint(bits.Len64(x)) }

// bracket is one step of the pairing: the players of the bracket (the
// moved-down players, then the residents) and the players below it.
type bracket struct {
	st   *swissState
	b    []*swissPlayer // the bracket
	rest []*swissPlayer // the players of the lower score groups
	bye  bool           // the round has a pairing-allocated bye
	lowB Points         // the lowest score in the bracket
	next int            // the next score group's index, -1 for none
	mdps int            // how many of b are moved-down players
	// full is the matching over the bracket and every player below it,
	// with the bye, of the most pairs: it keeps the rest of the round
	// pairable (C4). Otherwise the matching is over the bracket and the
	// next score group only, and a check of the rest follows.
	full bool
	// withNext puts the next score group in the graph (for C7); a
	// bracket whose players are all paired without it needs it not.
	withNext bool

	verts   []*swissPlayer // b, then the players below in the graph
	nv      int            // vertices: verts, then the bye or a filler vertex
	edges   []wedge
	crit    []weight // each edge's weight less the Dutch order's part
	real    []bool   // an edge that may be a game (not a filler)
	index   []int32  // the edge between two vertices, -1 for none
	widths  []uint
	ordBits uint // the lowest bits: the Dutch order's approximation
	ordMax  uint64
	// bonusBits are the bits between the criteria and the Dutch order's
	// approximation, for the candidate order's bonus (see
	// [bracket.solve]); 0 when the criteria need every bit.
	bonusBits uint
	base      weight // the constant part of every edge's weight

	// penalties has, for each edge, a bit for each criterion among C8–C11
	// that the pair breaks (penaltyBits): those criteria only ever lower
	// a matching's value, edge by edge.
	penalties []uint8
}

// Criteria fields, most important first; each edge's weight holds them
// in order, then the bits of the candidate order's bonus, then the Dutch
// order's approximation in the lowest bits.
const (
	fPairs     = iota // C5: a pair in the bracket
	fScoreDiff        // C6: score differences of pairs and downfloaters
	fNext             // C7: a pair in the next bracket
	fTopCD            // C8: topscorers' colour difference beyond ±2
	fTopThree         // C9: topscorers' third colour running
	fColour           // C10: colour preferences not granted
	fStrong           // C11: strong colour preferences not granted
	fDown1            // C12: no downfloat as in the previous round
	fUp1              // C13: upfloats as in the previous round
	fDown2            // C14: no downfloat as two rounds before
	fUp2              // C15: upfloats as two rounds before
	fDownSD1          // C16: score differences of C12's downfloats
	fUpSD1            // C17: score differences of C13's upfloats
	fDownSD2          // C18: score differences of C14's downfloats
	fUpSD2            // C19: score differences of C15's upfloats
	nFields
)

// penaltyBits are the criteria that count only what a pair breaks (each
// edge's value in them is zero or negative), as bits of
// [bracket.penalties].
var penaltyBits = [nFields]uint8{fTopCD: 1, fTopThree: 2, fColour: 4, fStrong: 8}

// maxExchanges is how many exchanges between S1 and S2 a remainder
// tries, in the rules' order, before its candidate lists go on with S1.
const maxExchanges = 64

// maxBits bounds the weights' bits, well inside 128 with the matching's
// doublings.
const maxBits = 119

// dfl is the score difference a player of the bracket would have as a
// downfloater: its score minus one point below the bracket's lowest.
func (br *bracket) dfl(p *swissPlayer) int64 { return int64(p.score - br.lowB + 2) }

// build makes the matching graph of the bracket and each edge's weight.
//
// A weight is a constant, the same for every edge (every matching of the
// graph has as many edges), plus each criterion's value on the edge, a
// signed number, at its field's place: the fields are as wide as the
// spread of the criterion's sum over a matching, so that no change in
// the fields below can outweigh one in a field above.
//
// The criteria are counted on the pairs inside the bracket; what a
// player of the bracket who floats down costs is counted as what a pair
// saves: with the number of pairs fixed by C5, the sums differ by a
// constant. So C6 rewards a pair with the cubed downfloat differences of
// its players less its own cubed difference (cubes make one large
// difference weigh more than several small ones, as the rules' comparison
// of the largest differences first does), and C12, C14, C16 and C18
// reward a pair for each player who had a downfloat and does not get one
// in it (C16 and C18 by the score difference it would float by).
func (br *bracket) build() {
	st := br.st
	nb := len(br.b)
	br.verts = slices.Clone(br.b)
	for _, p := range br.rest {
		if br.full || (br.withNext && p.group == br.next) {
			br.verts = append(br.verts, p)
		}
	}
	br.nv = len(br.verts)
	if (br.full && br.bye) || (!br.full && br.nv%2 == 1) {
		br.nv++ // the bye, or a filler vertex
	}
	nv := br.nv
	var spread [nFields]uint64
	spread[fPairs] = uint64(nb / 2)
	if br.next >= 0 && (br.full || br.withNext) {
		spread[fNext] = uint64(nv / 2)
	}
	if st.lastTurn {
		spread[fTopCD], spread[fTopThree] = uint64(nb), uint64(nb)
	}
	spread[fColour], spread[fStrong] = uint64(nb), uint64(nb)
	top := br.b[0].score
	for _, p := range br.b {
		top = max(top, p.score)
	}
	for _, p := range br.b {
		d := uint64(br.dfl(p))
		spread[fScoreDiff] += d * d * d
		up := uint64(top - p.score)
		if p.float1 == 1 {
			spread[fDown1]++
			spread[fDownSD1] += d
		}
		if p.float1 == -1 {
			spread[fUp1]++
			spread[fUpSD1] += up
		}
		if p.float2 == 1 {
			spread[fDown2]++
			spread[fDownSD2] += d
		}
		if p.float2 == -1 {
			spread[fUp2]++
			spread[fUpSD2] += up
		}
	}
	br.widths = make([]uint, nFields)
	total := uint(0)
	for k, m := range spread {
		br.widths[k] = bitlen(m)
		total += br.widths[k]
	}
	// Should the criteria not fit, the last ones are left out.
	for k := nFields - 1; total > maxBits && k > fStrong; k-- {
		total -= br.widths[k]
		br.widths[k] = 0
	}
	ordMax := uint64(2*nb+1) * uint64(nb+1) * uint64(nb+1)
	br.ordMax = ordMax
	br.ordBits = bitlen(ordMax * uint64(nb/2+1))
	br.bonusBits = bitlen(uint64(nb)) // a bonus of up to nb
	if total+br.bonusBits+br.ordBits > maxBits {
		br.ordBits = 0 // the candidate order alone decides
	}
	if total+br.bonusBits > maxBits {
		br.bonusBits = 0 // each candidate is checked by a matching of its own
	}
	low := br.bonusBits + br.ordBits
	br.base = weight{0, 1}.shl(total + low)
	if total+low >= 64 {
		br.base = weight{1 << (total + low - 64), 0}
	}
	most := nv * (nv - 1) / 2
	br.edges, br.crit = make([]wedge, 0, most), make([]weight, 0, most)
	br.real, br.penalties = make([]bool, 0, most), make([]uint8, 0, most)
	br.index = make([]int32, nv*nv)
	for i := range br.index {
		br.index[i] = -1
	}
	var vals [nFields]int64
	half := (nb - br.mdps) / 2
	for u := 0; u < len(br.verts); u++ {
		a := br.verts[u]
		for v := u + 1; v < len(br.verts); v++ {
			b := br.verts[v]
			ok := st.compatible(a, b)
			if !ok && br.full {
				continue
			}
			vals = [nFields]int64{}
			var ord uint64
			switch {
			case !ok: // a filler: both unpaired here
			case v < nb:
				vals[fPairs] = 1
				d := int64(abs(int(a.score - b.score)))
				da, db := br.dfl(a), br.dfl(b)
				vals[fScoreDiff] = da*da*da + db*db*db - d*d*d
				br.colourValues(a, b, &vals)
				br.floatValues(a, b, &vals)
				ord = br.order(u, v, half, ordMax)
			case b.group == br.next && (u < nb || a.group == br.next):
				vals[fNext] = 1
			}
			br.addEdge(u, v, vals, ord, ok)
		}
	}
	if nv > len(br.verts) {
		x := len(br.verts)
		for u, a := range br.verts {
			if br.full && !a.byeOK {
				continue
			}
			var ord uint64
			if u < nb {
				ord = uint64(u) // the lowest-ranked takes the bye
			}
			br.addEdge(u, x, [nFields]int64{}, ord, br.full)
		}
	}
}

// signed is x as a weight.
func signed(x int64) weight { return weight{x >> 63, uint64(x)} }

func (br *bracket) addEdge(u, v int, vals [nFields]int64, ord uint64, real bool) {
	var w weight
	var pen uint8
	for k, x := range vals {
		if br.widths[k] == 0 {
			x = 0
		}
		if x < 0 {
			pen |= penaltyBits[k]
		}
		w = w.shl(br.widths[k]).add(signed(x))
	}
	w = w.shl(br.bonusBits + br.ordBits).add(br.base)
	br.crit = append(br.crit, w)
	if br.ordBits > 0 {
		w = w.add(weight{0, ord})
	}
	k := int32(len(br.edges))
	br.index[u*br.nv+v], br.index[v*br.nv+u] = k, k
	br.edges = append(br.edges, wedge{u, v, w})
	br.real = append(br.real, real)
	br.penalties = append(br.penalties, pen)
}

// colourValues fills the colour criteria (C8–C11) of a pair in the bracket.
func (br *bracket) colourValues(a, b *swissPlayer, vals *[nFields]int64) {
	ca := br.st.colours(a, b)
	for _, x := range [2]struct {
		p *swissPlayer
		c int8
	}{{a, ca}, {b, -ca}} {
		p := x.p
		if p.pref != 0 && p.pref != x.c {
			vals[fColour]--
			if p.strength >= prefStrong {
				vals[fStrong]--
			}
		}
		if br.st.lastTurn && (a.top || b.top) {
			if cd := p.cd + int(x.c); cd > 2 || cd < -2 {
				vals[fTopCD]--
			}
			if n := len(p.colours); n >= 2 && p.colours[n-1] == x.c && p.colours[n-2] == x.c {
				vals[fTopThree]--
			}
		}
	}
}

// floatValues fills the float criteria (C12–C19) of a pair in the
// bracket: the higher score gets a downfloat, the lower an upfloat.
func (br *bracket) floatValues(a, b *swissPlayer, vals *[nFields]int64) {
	hi, lo := a, b
	if b.score > a.score {
		hi, lo = b, a
	}
	sd := int64(hi.score - lo.score)
	for _, p := range [2]*swissPlayer{hi, lo} {
		down := sd > 0 && p == hi
		// Not floating down saves the downfloat difference; floating
		// down in this pair saves that less the pair's difference.
		saved := br.dfl(p)
		if down {
			saved -= sd
		}
		if p.float1 == 1 {
			vals[fDownSD1] += saved
			if !down {
				vals[fDown1]++
			}
		}
		if p.float2 == 1 {
			vals[fDownSD2] += saved
			if !down {
				vals[fDown2]++
			}
		}
	}
	if sd > 0 && lo.float1 == -1 {
		vals[fUp1]--
		vals[fUpSD1] -= sd
	}
	if sd > 0 && lo.float2 == -1 {
		vals[fUp2]--
		vals[fUpSD2] -= sd
	}
}

// order is the Dutch order's approximation for a pair of bracket players
// u < v: a moved-down player with the resident of its own rank, a
// resident of S1 with the resident of S2 of its own rank; the larger the
// better.
func (br *bracket) order(u, v, half int, ordMax uint64) uint64 {
	m, nb := br.mdps, len(br.b)
	switch {
	case u < m && v >= m:
		return orderValue(u, v-m, nb, ordMax)
	case u < m:
		return ordMax - min(2*uint64(nb*nb*nb), ordMax)
	}
	a, b := u-m, v-m
	if a < half && b >= half {
		return orderValue(a, b-half, nb, ordMax)
	}
	return ordMax - min(uint64(nb*nb*nb+abs(b-a)), ordMax)
}

// orderValue is the order's value of the pair of the a-th player of S1
// with the b-th of S2: the pair a-a is the best, and every step away
// costs the more the higher S1's player stands, so that the top of S1
// comes nearer to getting the first opponent of S2 it can.
func orderValue(a, b, nb int, ordMax uint64) uint64 {
	cost := uint64(abs(b-a) * (nb - a) * (nb - a))
	return ordMax - min(cost, ordMax)
}

// reorder sets the order's values of the pairs of the remainder rem (the
// bracket positions of the residents left once the moved-down players
// are paired), whose first n1 players make S1.
func (br *bracket) reorder(rem []int, n1 int) {
	nb := len(br.b)
	for x, u := range rem {
		for y := x + 1; y < len(rem); y++ {
			v := rem[y]
			k := br.index[u*br.nv+v]
			if k < 0 || !br.real[k] {
				continue
			}
			ord := br.ordMax - min(uint64(nb*nb*nb+y-x), br.ordMax)
			if x < n1 && y >= n1 {
				ord = orderValue(x, y-n1, nb, br.ordMax)
			}
			br.edges[k].w = br.crit[k].add(weight{0, ord})
		}
	}
}

// value is the criteria's value of a matching; false if it leaves a
// vertex unmatched (every vertex is matched when the graph allows it).
func (br *bracket) value(mate []int) (weight, bool) {
	var s weight
	for u, v := range mate {
		if v < 0 {
			return s, false
		}
		if u < v {
			s = s.add(br.crit[br.index[u*br.nv+v]])
		}
	}
	return s, true
}

// paired is the bracket player matched with u inside the bracket by a
// game, or -1.
func (br *bracket) paired(mate []int, u int) int {
	v := mate[u]
	if v < 0 || v >= len(br.b) || !br.real[br.index[u*br.nv+v]] {
		return -1
	}
	return v
}
