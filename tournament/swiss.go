package tournament

import (
	"cmp"
	"errors"
	"fmt"
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
	// checkEach turns the shortcuts off that find a pairing's answer
	// without a matching of its own (the completion known before a
	// bracket's pairing, the candidate bonus, the count before the
	// exchanges): the tests compare both ways.
	checkEach bool
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
