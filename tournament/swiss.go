package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// SwissOptions are a Swiss tournament's pairing settings.
type SwissOptions struct {
	// Rounds is the tournament's total number of rounds: the Dutch rules
	// relax the colour criteria for the topscorers of the last round, and
	// the Baku acceleration counts its rounds from it.
	Rounds int
	// Accelerated pairs the first rounds by the Baku Acceleration Method
	// (FIDE Handbook C.04.5.1): the first half of the players, rounded up
	// to an even number, get virtual points for pairing purposes.
	Accelerated bool
	// ByePoints is what a pairing-allocated bye scores; 0 means a win's
	// points, as C.04.1 has it unless the tournament's regulations say
	// otherwise.
	ByePoints Points
	// FirstBlack makes Black the colour drawn by lot for the first round
	// (the "initial colour" given to the odd pairing numbers); White
	// otherwise.
	FirstBlack bool
}

// ErrNoPairing is returned (wrapped) by [PairSwiss] when no pairing of the
// round satisfies the absolute criteria: no two players meet twice, no
// player gets a second pairing-allocated bye, and no two players who are
// not topscorers meet while both must have the same colour.
var ErrNoPairing = errors.New("tournament: no pairing satisfies the absolute criteria")

// Colour preference strengths (C.04.3, colour preferences).
const (
	prefNone = iota
	prefMild
	prefStrong
	prefAbsolute
)

// swissPlayer is one player of the round being paired, as the Dutch rules
// see it.
type swissPlayer struct {
	num       int
	rank      int    // position in the pairing order (score, then number)
	score     Points // pairing score: points and virtual points
	colours   []int8 // +1 White, -1 Black, per game played, in round order
	colRounds []int  // the round of each entry of colours
	cd        int    // colour difference: Whites minus Blacks
	pref      int8   // +1 White, -1 Black, 0 none
	strength  int
	met       map[int]bool // opponents met over the board
	byeOK     bool         // may receive the pairing-allocated bye
	float1    int          // float of the previous round: +1 down, -1 up, 0 none
	float2    int          // float of the round before that
	top       bool         // topscorer of the last round
	group     int          // score group index, 0 the highest
}

// PairSwiss pairs round `round` (1-based) by the FIDE Dutch system
// (Handbook C.04.3, with the basic rules of C.04.1 and the handling rules
// of C.04.2).
//
// players are every entrant, Number being the pairing number (1..n, the
// initial ranking order). games are every game and bye of the rounds
// before round, plus this round's requested byes (HalfPointBye or
// ZeroPointBye with Round == round): those players are not paired, nor are
// the players whose numbers absent lists (withdrawn, or not present).
// A forfeited game was not played: its players may meet again and it
// gives neither a colour. A game of an earlier round still Pending counts
// as played.
//
// The result is the round's boards in board order (C.04.2: by the higher
// score of the pair, then the sum of the scores, then the rank of the
// higher-ranked player), White first; the pairing-allocated bye, if any,
// is the last, as Pairing{White: p, Black: Bye}. It fails with
// [ErrNoPairing] when no pairing satisfies the absolute criteria, and with
// an error prefixed "tournament: " on input that does not make a
// tournament.
func PairSwiss(players []Player, games []Game, round int, absent []int, opts SwissOptions) ([]Pairing, error) {
	st, err := newSwissState(players, games, round, absent, opts)
	if err != nil {
		return nil, err
	}
	return st.pair()
}

// swissState is a round to pair: the players to pair, best first.
type swissState struct {
	round    int
	opts     SwissOptions
	all      map[int]*swissPlayer // every player by number
	list     []*swissPlayer       // the players to pair, in pairing order
	lastTurn bool                 // pairing the last round
	initial  int8                 // the initial colour: +1 White, -1 Black
}

func newSwissState(players []Player, games []Game, round int, absent []int, opts SwissOptions) (*swissState, error) {
	if round < 1 {
		return nil, fmt.Errorf("tournament: round %d: rounds count from 1", round)
	}
	if opts.Rounds < 0 || (opts.Rounds > 0 && round > opts.Rounds) {
		return nil, fmt.Errorf("tournament: round %d of a tournament of %d rounds", round, opts.Rounds)
	}
	if opts.Accelerated && opts.Rounds == 0 {
		return nil, fmt.Errorf("tournament: the Baku acceleration needs the number of rounds")
	}
	byePoints := opts.ByePoints
	if byePoints == 0 {
		byePoints = Win
	}
	st := &swissState{round: round, opts: opts, all: map[int]*swissPlayer{}, initial: 1,
		lastTurn: opts.Rounds > 0 && round == opts.Rounds}
	if opts.FirstBlack {
		st.initial = -1
	}
	for _, p := range players {
		if p.Number < 1 {
			return nil, fmt.Errorf("tournament: pairing number %d: numbers count from 1", p.Number)
		}
		if st.all[p.Number] != nil {
			return nil, fmt.Errorf("tournament: pairing number %d given twice", p.Number)
		}
		st.all[p.Number] = &swissPlayer{num: p.Number, met: map[int]bool{}, byeOK: true}
	}
	// What each player did in each round before this one.
	type slot struct {
		set     bool
		played  bool   // over the board
		colour  int8   // when played
		opp     int    // when played
		points  Points // scored
		noGame  bool   // a bye, a forfeit: no game played
		pab     bool   // the pairing-allocated bye
		request bool   // this round's requested bye
	}
	hist := map[int][]slot{}
	for n := range st.all {
		hist[n] = make([]slot, round+1)
	}
	put := func(n, r int, s slot) error {
		h, ok := hist[n]
		if !ok {
			return fmt.Errorf("tournament: round %d names player %d, who is not an entrant", r, n)
		}
		if h[r].set {
			return fmt.Errorf("tournament: player %d has two games in round %d", n, r)
		}
		s.set = true
		h[r] = s
		return nil
	}
	for _, g := range games {
		if g.Round < 1 || g.Round > round {
			return nil, fmt.Errorf("tournament: a game of round %d given to pair round %d", g.Round, round)
		}
		if g.Black == Bye {
			var pts Points
			switch g.Result {
			case PairingBye:
				pts = byePoints
				if p := st.all[g.White]; p != nil {
					p.byeOK = false
				}
			case HalfPointBye:
				pts = Draw
			case ZeroPointBye, Pending:
			default:
				return nil, fmt.Errorf("tournament: round %d: a bye of player %d with result %v", g.Round, g.White, g.Result)
			}
			if g.Round == round && g.Result != HalfPointBye && g.Result != ZeroPointBye {
				return nil, fmt.Errorf("tournament: round %d: only requested byes are given for the round to pair", round)
			}
			s := slot{points: pts, noGame: true, request: g.Round == round, pab: g.Result == PairingBye}
			if err := put(g.White, g.Round, s); err != nil {
				return nil, err
			}
			continue
		}
		if g.Round == round {
			return nil, fmt.Errorf("tournament: round %d is already paired (%d-%d)", round, g.White, g.Black)
		}
		if g.White == g.Black {
			return nil, fmt.Errorf("tournament: round %d: player %d plays itself", g.Round, g.White)
		}
		w, b := slot{opp: g.Black}, slot{opp: g.White}
		switch g.Result {
		case WhiteWins:
			w.points = Win
		case BlackWins:
			b.points = Win
		case Drawn:
			w.points, b.points = Draw, Draw
		case WhiteWinsByForfeit:
			w.points = Win
			if p := st.all[g.White]; p != nil {
				p.byeOK = false
			}
		case BlackWinsByForfeit:
			b.points = Win
			if p := st.all[g.Black]; p != nil {
				p.byeOK = false
			}
		case DoubleForfeit, Pending:
		default:
			return nil, fmt.Errorf("tournament: round %d: game %d-%d with result %v", g.Round, g.White, g.Black, g.Result)
		}
		forfeit := g.Result == WhiteWinsByForfeit || g.Result == BlackWinsByForfeit || g.Result == DoubleForfeit
		w.played, b.played = !forfeit, !forfeit
		w.noGame, b.noGame = forfeit, forfeit
		w.colour, b.colour = 1, -1
		if err := put(g.White, g.Round, w); err != nil {
			return nil, err
		}
		if err := put(g.Black, g.Round, b); err != nil {
			return nil, err
		}
	}
	away := map[int]bool{}
	for _, n := range absent {
		if st.all[n] == nil {
			return nil, fmt.Errorf("tournament: absent player %d is not an entrant", n)
		}
		away[n] = true
	}
	// Baku acceleration (C.04.5.1): GA is the first 2*ceil(n/4) pairing
	// numbers; the accelerated rounds are the first half (rounded up) of
	// the tournament; GA has 1 virtual point before the first half
	// (rounded up) of them and ½ before the others.
	vp := func(n, r int) Points {
		if !opts.Accelerated {
			return 0
		}
		ga := 2 * ((len(players) + 3) / 4)
		acc := (opts.Rounds + 1) / 2
		if n > ga || r > acc {
			return 0
		}
		if r <= (acc+1)/2 {
			return Win
		}
		return Draw
	}
	// Scores before each round, for the floats.
	before := map[int][]Points{}
	for n, h := range hist {
		sc := make([]Points, round+1)
		for r := 1; r <= round; r++ {
			sc[r] = sc[r-1]
			if r > 1 {
				sc[r] += h[r-1].points
			}
		}
		before[n] = sc
	}
	floatOf := func(n, r int) int {
		if r < 1 {
			return 0
		}
		s := hist[n][r]
		if !s.played {
			// Without a game: a downfloat for the pairing-allocated bye
			// and for scoring more than a loss (C.04.3 1.4.3), else none.
			if s.pab || s.points > 0 {
				return 1
			}
			return 0
		}
		mine, theirs := before[n][r]+vp(n, r), before[s.opp][r]+vp(s.opp, r)
		switch {
		case mine > theirs:
			return 1
		case mine < theirs:
			return -1
		}
		return 0
	}
	for n, p := range st.all {
		h := hist[n]
		for r := 1; r < round; r++ {
			if h[r].played {
				p.colours = append(p.colours, h[r].colour)
				p.colRounds = append(p.colRounds, r)
				p.cd += int(h[r].colour)
				p.met[h[r].opp] = true
			}
		}
		p.score = before[n][round] + vp(n, round)
		p.float1 = floatOf(n, round-1)
		p.float2 = floatOf(n, round-2)
		p.pref, p.strength = colourPreference(p.colours, p.cd)
		// Topscorers: more than half the maximum possible score, when
		// pairing the last round.
		p.top = st.lastTurn && before[n][round] > Points(round-1)
		if !away[n] && !h[round].request {
			st.list = append(st.list, p)
		}
	}
	slices.SortFunc(st.list, func(a, b *swissPlayer) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.num, b.num))
	})
	g := 0
	for i, p := range st.list {
		p.rank = i
		if i > 0 && p.score != st.list[i-1].score {
			g++
		}
		p.group = g
	}
	return st, nil
}

// colourPreference is a player's colour preference and its strength from
// the colours of the games it played (C.04.3): absolute when the colour
// difference is beyond ±1 or the last two games had the same colour,
// strong at ±1, mild (alternation) at 0, none before any game.
func colourPreference(cols []int8, cd int) (int8, int) {
	n := len(cols)
	switch {
	case n == 0:
		return 0, prefNone
	case cd < -1:
		return 1, prefAbsolute
	case cd > 1:
		return -1, prefAbsolute
	case n >= 2 && cols[n-1] == cols[n-2]:
		return -cols[n-1], prefAbsolute
	case cd == -1:
		return 1, prefStrong
	case cd == 1:
		return -1, prefStrong
	}
	return -cols[n-1], prefMild
}

// compatible reports whether two players may meet under the absolute
// criteria C1 and C3.
func (st *swissState) compatible(a, b *swissPlayer) bool {
	if a.met[b.num] {
		return false
	}
	if a.strength == prefAbsolute && b.strength == prefAbsolute && a.pref == b.pref && !a.top && !b.top {
		return false
	}
	return true
}

// colours returns the colour of a, the first argument, in a game against
// b by the colour allocation rules (C.04.3): +1 White, -1 Black.
func (st *swissState) colours(a, b *swissPlayer) int8 {
	// Both preferences granted.
	if a.pref != 0 && b.pref != 0 && a.pref != b.pref {
		return a.pref
	}
	if a.pref == 0 && b.pref != 0 {
		return -b.pref
	}
	if b.pref == 0 && a.pref != 0 {
		return a.pref
	}
	if a.pref != 0 { // same preference
		// The stronger preference; both absolute: the wider colour difference.
		if a.strength != b.strength {
			if a.strength > b.strength {
				return a.pref
			}
			return -b.pref
		}
		if a.strength == prefAbsolute {
			da, db := abs(a.cd), abs(b.cd)
			if da != db {
				if da > db {
					return a.pref
				}
				return -b.pref
			}
		}
		// Alternate to the most recent round with different colours.
		i, j := len(a.colours)-1, len(b.colours)-1
		for i >= 0 && j >= 0 {
			switch {
			case a.colRounds[i] > b.colRounds[j]:
				i--
			case a.colRounds[i] < b.colRounds[j]:
				j--
			default:
				if a.colours[i] != b.colours[j] {
					return -a.colours[i]
				}
				i--
				j--
			}
		}
		// The higher-ranked player's preference.
		if a.rank < b.rank {
			return a.pref
		}
		return -b.pref
	}
	// No preference at all: the higher-ranked player gets the initial
	// colour with an odd pairing number, the other colour with an even.
	hi, sign := a, int8(1)
	if b.rank < a.rank {
		hi, sign = b, -1
	}
	c := st.initial
	if hi.num%2 == 0 {
		c = -c
	}
	return c * sign
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pair pairs the round bracket by bracket, from the highest score group
// down. Each bracket takes the pairs of a maximum weight matching whose
// weights put the quality criteria in order, over the bracket and the
// next score group; if the players left could then not all be paired
// (C4), the bracket is paired again over itself and every player below
// it, with the bye, the matching having the most pairs first.
func (st *swissState) pair() ([]Pairing, error) {
	needBye := len(st.list)%2 == 1
	var out [][2]*swissPlayer
	var byeTo *swissPlayer
	var mdps []*swissPlayer
	i := 0
	for i < len(st.list) || len(mdps) > 0 {
		j := i
		for j < len(st.list) && st.list[j].score == st.list[i].score {
			j++
		}
		br := &bracket{st: st, rest: st.list[j:], bye: needBye, next: -1, mdps: len(mdps)}
		br.b = append(slices.Clone(mdps), st.list[i:j]...)
		if j < len(st.list) {
			br.next = st.list[j].group
		}
		br.lowB = br.b[len(br.b)-1].score
		br.full = len(br.rest) == 0
		br.withNext = len(br.b)%2 == 1
		pairs, float, bye, err := br.solve()
		if err == nil && !br.full && !br.withNext && len(float) > 0 {
			br.withNext = true
			pairs, float, bye, err = br.solve()
		}
		if err == nil && !br.full && !st.completes(append(slices.Clone(float), br.rest...), needBye) {
			br.full = true
			pairs, float, bye, err = br.solve()
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pairs...)
		if bye != nil {
			byeTo = bye
		}
		mdps = float
		i = j
		if i >= len(st.list) && len(mdps) > 0 && bye == nil {
			return nil, fmt.Errorf("%w: %d players left unpaired", ErrNoPairing, len(mdps))
		}
		if i >= len(st.list) {
			break
		}
	}
	// Colours, then board order (C.04.2).
	boards := make([]Pairing, 0, len(out)+1)
	slices.SortFunc(out, func(x, y [2]*swissPlayer) int {
		hx, hy := x[0], y[0]
		return cmp.Or(cmp.Compare(max(y[0].score, y[1].score), max(x[0].score, x[1].score)),
			cmp.Compare(y[0].score+y[1].score, x[0].score+x[1].score),
			cmp.Compare(min(hx.rank, x[1].rank), min(hy.rank, y[1].rank)))
	})
	for _, pr := range out {
		a, b := pr[0], pr[1]
		if st.colours(a, b) > 0 {
			boards = append(boards, Pairing{White: a.num, Black: b.num})
		} else {
			boards = append(boards, Pairing{White: b.num, Black: a.num})
		}
	}
	if byeTo != nil {
		boards = append(boards, Pairing{White: byeTo.num, Black: Bye})
	}
	return boards, nil
}

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
	crit    []weight // the criteria part of each edge's weight
	real    []bool   // an edge that may be a game (not a filler)
	index   []int32  // the edge between two vertices, -1 for none
	widths  []uint
	ordBits uint
	ordMax  uint64
	base    weight // the constant part of every edge's weight

	// penalties has, for each edge, a bit for each criterion among C8–C11
	// that the pair breaks (penaltyBits): those criteria only ever lower
	// a matching's value, edge by edge.
	penalties []uint8
}

// Criteria fields, most important first; each edge's weight holds them
// in order, then the Dutch order's approximation in the lowest bits.
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
	if total+br.ordBits > maxBits {
		br.ordBits = 0 // the check of the Dutch order alone decides
	}
	br.base = weight{0, 1}.shl(total + br.ordBits)
	if total+br.ordBits >= 64 {
		br.base = weight{1 << (total + br.ordBits - 64), 0}
	}
	br.edges, br.crit, br.real, br.penalties = br.edges[:0], br.crit[:0], br.real[:0], br.penalties[:0]
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
	w = w.shl(br.ordBits).add(br.base)
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

// solve pairs the bracket: the pairs inside it, the players who float
// down to the next bracket, and, in the last bracket, the player who gets
// the pairing-allocated bye.
//
// A first matching gives the best value of the criteria C5–C15. Then the
// bracket's players are taken in the Dutch order (moved-down players,
// then S1 of the remainder, then S2) and each gets the first opponent of
// its candidate list (for S1, the players of S2 in order: the
// transpositions of S2 in their lexicographic order) with which the
// criteria's best value can still be reached; a matching that already
// pairs it so saves the check, and so does a candidate ruled out without
// one: by its reduced cost, or by breaking one of C8–C11 that the best
// matching keeps everywhere.
func (br *bracket) solve() (pairs [][2]*swissPlayer, float []*swissPlayer, bye *swissPlayer, err error) {
	br.build()
	nb := len(br.b)
	mate, sol := optimalMatching(br.nv, br.edges, nil)
	best, complete := br.value(mate)
	if !complete {
		return nil, nil, nil, ErrNoPairing
	}
	// A pair whose reduced cost reaches the Dutch order's bits cannot be
	// in a matching of the criteria's best value.
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
	m := br.mdps
	// assign gives u the first of cands (-1: no game in the bracket) with
	// which the criteria's best value can still be reached.
	assign := func(u int, cands []int) {
		cands = append(cands, -1)
		for _, c := range cands {
			if c >= 0 {
				k := br.index[u*br.nv+c]
				if forced[c] || noPair[c] || k < 0 || !br.real[k] || br.penalties[k]&unbroken != 0 ||
					!sol.reducedCost(u, c, br.edges[k].w).less(limit) {
					continue
				}
			}
			if c == br.paired(mate, u) {
				break
			}
			if m2 := try(u, c); m2 != nil {
				mate, sol = m2.mate, m2
				break
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
	transpositions = len(s1) > 0
	if transpositions {
		setHalves(s1, s2)
		if m2 := try(-1, -1); m2 != nil {
			mate, sol = m2.mate, m2
		} else {
			transpositions = false
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

// completes reports whether the players who float down and every player
// below the bracket can all be paired (one of them taking the bye).
func (st *swissState) completes(players []*swissPlayer, bye bool) bool {
	if st.greedyCompletes(players, bye) {
		return true
	}
	n := len(players)
	var edges []wedge
	one := weight{0, 1}
	for i, a := range players {
		for j := i + 1; j < n; j++ {
			if st.compatible(a, players[j]) {
				edges = append(edges, wedge{i, j, one})
			}
		}
		if bye && a.byeOK {
			edges = append(edges, wedge{i, n, one})
		}
	}
	if bye {
		n++
	}
	for _, v := range maxCardinalityMatching(n, edges) {
		if v < 0 {
			return false
		}
	}
	return true
}

// greedyCompletes pairs each player with the next one it may meet, the
// last one left taking the bye: a quick proof that the players can all be
// paired, when it works.
func (st *swissState) greedyCompletes(players []*swissPlayer, bye bool) bool {
	used := make([]bool, len(players))
	left := 0
	for i, a := range players {
		if used[i] {
			continue
		}
		used[i] = true
		j := i + 1
		for j < len(players) && (used[j] || !st.compatible(a, players[j])) {
			j++
		}
		if j < len(players) {
			used[j] = true
			continue
		}
		if left++; !bye || left > 1 || !a.byeOK {
			return false
		}
	}
	return !bye || left == 1
}
