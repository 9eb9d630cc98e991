package tournament

import (
	"fmt"
	"slices"
	"strconv"
)

// Points is a score counted in half points: 2 is one point, 1 a draw's
// half point. Whole numbers keep sums exact.
type Points int

// Win and Draw are what a won and a drawn game give.
const (
	Win  Points = 2
	Draw Points = 1
)

// Float returns p in points: 2.5 for Points(5).
func (p Points) Float() float64 { return float64(p) / 2 }

// String writes p as a crosstable does: "2½", "½", "3", "0".
func (p Points) String() string {
	s := ""
	if p < 0 {
		s, p = "-", -p
	}
	switch {
	case p%2 == 0:
		return s + strconv.Itoa(int(p/2))
	case p == 1:
		return s + "½"
	default:
		return s + strconv.Itoa(int(p/2)) + "½"
	}
}

// Player is a participant: its pairing number (1..n, the Berger table's
// number), its name and its rating (0 for none).
type Player struct {
	Number int
	Name   string
	Rating int
}

// Result is how a game or a bye of a round ended.
type Result int

// The results. A forfeit is a game not played: the winner scores a win
// (TRF "+"), the loser nothing ("-"). The byes are a [Game] whose Black is
// [Bye]: the pairing-allocated bye (a round-robin of an odd number of
// players gives one each round; TRF "U") scores [Rules].ByePoints, and the
// byes a player asks for score a half point ("H") or nothing ("Z").
const (
	Pending Result = iota // not decided yet: counts for nothing
	WhiteWins
	Drawn
	BlackWins
	WhiteWinsByForfeit
	BlackWinsByForfeit
	DoubleForfeit
	PairingBye
	HalfPointBye
	ZeroPointBye
)

// resultNames are the results' names, in the order of the constants.
var resultNames = [...]string{"Pending", "WhiteWins", "Drawn", "BlackWins", "WhiteWinsByForfeit",
	"BlackWinsByForfeit", "DoubleForfeit", "PairingBye", "HalfPointBye", "ZeroPointBye"}

// String is the result's Go name, "Drawn" for Drawn; "Result(n)" for an
// unknown one.
func (r Result) String() string {
	if r >= 0 && int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "Result(" + strconv.Itoa(int(r)) + ")"
}

// Game is one board of a round: the players' numbers and the result.
// Black is [Bye] for a bye, whose Result is PairingBye, HalfPointBye or
// ZeroPointBye.
type Game struct {
	Round        int
	White, Black int
	Result       Result
}

// TieBreak names a tie-break of the FIDE Tie-Break Regulations (C.07,
// 2023) by the acronym the Regulations give it.
type TieBreak string

// The tie-breaks [Standings] computes.
const (
	// DirectEncounter (DE, C.07 Article 6): the points scored in the games
	// among the tied players.
	DirectEncounter TieBreak = "DE"
	// Wins (WIN, C.07 Article 7.1): the rounds in which the player scored
	// a win's points, played or not (forfeit wins and full-point byes
	// count).
	Wins TieBreak = "WIN"
	// SonnebornBerger (SB): the sum, over the rounds, of the opponent's
	// score times the player's points in that game.
	SonnebornBerger TieBreak = "SB"
	// Buchholz (BH, C.07 Article 8.1): the sum of the opponents' scores.
	Buchholz TieBreak = "BH"
	// BuchholzCut1 (BH-C1, with the Cut-1 modifier of C.07 Article 14.1):
	// Buchholz without its least significant value.
	BuchholzCut1 TieBreak = "BH-C1"
	// AverageRatingOfOpponents (ARO, C.07 Article 10.1): the opponents'
	// mean rating over the games played, rounded to the nearest whole
	// number (a half up).
	AverageRatingOfOpponents TieBreak = "ARO"
)

// Rules are what an organiser chooses for the standings.
type Rules struct {
	// ByePoints is what the pairing-allocated bye scores (a win's, 2,
	// in [DefaultRules]).
	ByePoints Points
	// RoundRobin makes a forfeit count in the tie-breaks as a game played
	// against the scheduled opponent with its scored result, as C.07 has
	// it for round-robins; otherwise a forfeit is an unplayed round
	// (the dummy opponent of C.07 Article 16).
	RoundRobin bool
	// TieBreaks are applied in order to players level on points.
	TieBreaks []TieBreak
}

// DefaultRules are a round-robin's: a bye scores a win, and the
// tie-breaks are DE, WIN, SB, BH, BH-C1 and ARO in that order.
func DefaultRules() Rules {
	return Rules{
		ByePoints:  Win,
		RoundRobin: true,
		TieBreaks:  []TieBreak{DirectEncounter, Wins, SonnebornBerger, Buchholz, BuchholzCut1, AverageRatingOfOpponents},
	}
}

// Standing is one line of the standings: the rank (players still level
// after every tie-break share it), the player, the points and the value
// of each of the Rules' tie-breaks, in their order. DE's value is the
// points scored against the players level with it on points and on the
// tie-breaks before DE.
type Standing struct {
	Rank      int
	Player    Player
	Points    Points
	TieBreaks []float64
}

// entry is one round of one player, as the tie-breaks see it.
type entry struct {
	round    int
	opp      int    // the opponent's number, or Bye
	points   Points // what the player scored
	played   bool   // played over the board
	forfeit  bool   // a game lost or won by forfeit (not played)
	vur      bool   // a voluntarily unplayed round: forfeit loss, asked-for bye, absence
	absent   bool   // no game or bye at all that round
	resolved bool
}

// table is the tournament read from the players and games.
type table struct {
	rules   Rules
	players []Player
	index   map[int]int // number → index in players
	rounds  [][]entry   // by player index, then round-1
	nrounds int
	score   []Points
	adj     []Points // the score opponents see (C.07 Article 16)
}

// Standings ranks players by points and then by the Rules' tie-breaks,
// computed from games as the FIDE Tie-Break Regulations (C.07, 2023)
// define them, unplayed rounds included. Pending games count for nothing;
// a player with no game at all in a round up to the last one with a
// result is taken as absent that round (a voluntarily unplayed round,
// no points). It fails, with the "tournament: " prefix, on a player number
// given twice, a game naming an unknown player, a player in two games of
// a round, a result that does not fit its game, or an unknown tie-break.
func Standings(players []Player, games []Game, rules Rules) ([]Standing, error) {
	t, err := newTable(players, games, rules)
	if err != nil {
		return nil, err
	}
	values := make([][]float64, len(players))
	for i := range players {
		values[i] = make([]float64, len(rules.TieBreaks))
		for k, tb := range rules.TieBreaks {
			if tb != DirectEncounter {
				values[i][k] = t.value(tb, i)
			}
		}
	}
	// Groups of players level so far, best first.
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if t.score[a] != t.score[b] {
			return int(t.score[b] - t.score[a])
		}
		return players[a].Number - players[b].Number
	})
	groups := splitBy(order, func(i int) float64 { return float64(t.score[i]) })
	for k, tb := range rules.TieBreaks {
		var next [][]int
		for _, g := range groups {
			if len(g) == 1 {
				if tb == DirectEncounter {
					values[g[0]][k] = 0
				}
				next = append(next, g)
				continue
			}
			if tb == DirectEncounter {
				for _, i := range g {
					values[i][k] = t.encounterScore(i, g)
				}
				next = append(next, t.directEncounter(g)...)
				continue
			}
			slices.SortStableFunc(g, func(a, b int) int {
				switch va, vb := values[a][k], values[b][k]; {
				case va > vb:
					return -1
				case va < vb:
					return 1
				}
				return 0
			})
			next = append(next, splitBy(g, func(i int) float64 { return values[i][k] })...)
		}
		groups = next
	}
	out := make([]Standing, 0, len(players))
	for _, g := range groups {
		rank := len(out) + 1
		slices.SortFunc(g, func(a, b int) int { return players[a].Number - players[b].Number })
		for _, i := range g {
			out = append(out, Standing{Rank: rank, Player: players[i], Points: t.score[i], TieBreaks: values[i]})
		}
	}
	return out, nil
}

// splitBy cuts an ordered list into runs of equal key.
func splitBy(order []int, key func(int) float64) [][]int {
	var out [][]int
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && key(order[j]) == key(order[i]) {
			j++
		}
		out = append(out, slices.Clone(order[i:j]))
		i = j
	}
	return out
}

func newTable(players []Player, games []Game, rules Rules) (*table, error) {
	for _, tb := range rules.TieBreaks {
		switch tb {
		case DirectEncounter, Wins, SonnebornBerger, Buchholz, BuchholzCut1, AverageRatingOfOpponents:
		default:
			return nil, fmt.Errorf("tournament: no tie-break %q", tb)
		}
	}
	t := &table{rules: rules, players: players, index: make(map[int]int, len(players))}
	for i, p := range players {
		if p.Number < 1 {
			return nil, fmt.Errorf("tournament: player number %d is below 1", p.Number)
		}
		if _, dup := t.index[p.Number]; dup {
			return nil, fmt.Errorf("tournament: player number %d given twice", p.Number)
		}
		t.index[p.Number] = i
	}
	for _, g := range games {
		if g.Round < 1 || g.Round > 10000 {
			return nil, fmt.Errorf("tournament: round %d out of range", g.Round)
		}
		if g.Result != Pending {
			t.nrounds = max(t.nrounds, g.Round)
		}
	}
	t.rounds = make([][]entry, len(players))
	for i := range t.rounds {
		t.rounds[i] = make([]entry, t.nrounds)
	}
	busy := map[[2]int]bool{} // (round, number) paired, pending or not
	set := func(num, round int, e entry) error {
		if busy[[2]int{round, num}] {
			return fmt.Errorf("tournament: player %d is in two games of round %d", num, round)
		}
		busy[[2]int{round, num}] = true
		if e.resolved {
			e.round = round
			t.rounds[t.index[num]][round-1] = e
		}
		return nil
	}
	for _, g := range games {
		if _, ok := t.index[g.White]; !ok {
			return nil, fmt.Errorf("tournament: round %d names player %d, who is not in the tournament", g.Round, g.White)
		}
		bye := g.Black == Bye
		if !bye {
			if _, ok := t.index[g.Black]; !ok || g.Black == g.White {
				return nil, fmt.Errorf("tournament: round %d pairs %d with %d", g.Round, g.White, g.Black)
			}
		}
		isBye := g.Result == PairingBye || g.Result == HalfPointBye || g.Result == ZeroPointBye
		if g.Result != Pending && bye != isBye || g.Result < Pending || g.Result > ZeroPointBye {
			return nil, fmt.Errorf("tournament: round %d, player %d: result %d does not fit the game", g.Round, g.White, g.Result)
		}
		res := g.Result != Pending
		if bye {
			e := entry{opp: Bye, resolved: res}
			switch g.Result {
			case PairingBye:
				e.points = rules.ByePoints
			case HalfPointBye:
				e.points, e.vur = Draw, true
			case ZeroPointBye:
				e.vur = true
			}
			if err := set(g.White, g.Round, e); err != nil {
				return nil, err
			}
			continue
		}
		w := entry{opp: g.Black, resolved: res}
		b := entry{opp: g.White, resolved: res}
		switch g.Result {
		case WhiteWins:
			w.points, w.played, b.played = Win, true, true
		case Drawn:
			w.points, b.points, w.played, b.played = Draw, Draw, true, true
		case BlackWins:
			b.points, w.played, b.played = Win, true, true
		case WhiteWinsByForfeit:
			w.points, w.forfeit, b.forfeit, b.vur = Win, true, true, true
		case BlackWinsByForfeit:
			b.points, w.forfeit, b.forfeit, w.vur = Win, true, true, true
		case DoubleForfeit:
			w.forfeit, b.forfeit, w.vur, b.vur = true, true, true, true
		}
		if err := set(g.White, g.Round, w); err != nil {
			return nil, err
		}
		if err := set(g.Black, g.Round, b); err != nil {
			return nil, err
		}
	}
	t.score = make([]Points, len(players))
	t.adj = make([]Points, len(players))
	for i, p := range players {
		last := 0 // the last round that is not voluntarily unplayed
		for r := range t.rounds[i] {
			e := &t.rounds[i][r]
			if !e.resolved && !busy[[2]int{r + 1, p.Number}] {
				*e = entry{round: r + 1, opp: Bye, vur: true, absent: true, resolved: true}
			}
			if e.resolved && !e.vur {
				last = r + 1
			}
			t.score[i] += e.points
		}
		// C.07 Article 16: for the opponents' tie-breaks, the voluntarily
		// unplayed rounds after a player's last round that is not one
		// (a withdrawal, byes asked for at the end) count as draws; a
		// forfeit keeps its result, as it had an opponent.
		for r, e := range t.rounds[i] {
			if !e.resolved {
				continue
			}
			if r+1 > last && e.opp == Bye {
				t.adj[i] += Draw
			} else {
				t.adj[i] += e.points
			}
		}
	}
	return t, nil
}

// counts reports whether the round counts as a game against e.opp: played
// over the board, or a forfeit in a round-robin.
func (t *table) counts(e entry) bool {
	if e.opp == Bye || !e.resolved {
		return false
	}
	return e.played || (e.forfeit && t.rules.RoundRobin)
}

// contribution is one round's value in a Buchholz: the opponent's score as
// opponents see it, or, for a round that does not count as a game, the
// player's own score, the dummy opponent of C.07 Article 16.
func (t *table) contribution(i int, e entry) Points {
	if t.counts(e) {
		return t.adj[t.index[e.opp]]
	}
	return t.score[i]
}

func (t *table) value(tb TieBreak, i int) float64 {
	rounds := t.rounds[i]
	switch tb {
	case Wins:
		n := 0
		for _, e := range rounds {
			if e.resolved && e.points == Win {
				n++
			}
		}
		return float64(n)
	case Buchholz, BuchholzCut1:
		var sum Points
		cut := -1 // index of the value Cut-1 drops
		for k, e := range rounds {
			if !e.resolved {
				continue
			}
			c := t.contribution(i, e)
			sum += c
			// C.07 Article 14: the least significant value is cut, a
			// voluntarily unplayed round's before any other.
			vur := e.vur && !t.counts(e)
			if cut < 0 {
				cut = k
				continue
			}
			prev := rounds[cut]
			pv := prev.vur && !t.counts(prev)
			if vur && !pv || vur == pv && c < t.contribution(i, prev) {
				cut = k
			}
		}
		if tb == BuchholzCut1 && cut >= 0 {
			sum -= t.contribution(i, rounds[cut])
		}
		return sum.Float()
	case SonnebornBerger:
		// Opponent's score (or the dummy's) times the points scored,
		// in quarter points.
		q := 0
		for _, e := range rounds {
			if e.resolved {
				q += int(t.contribution(i, e)) * int(e.points)
			}
		}
		return float64(q) / 4
	case AverageRatingOfOpponents:
		sum, n := 0, 0
		for _, e := range rounds {
			if e.resolved && e.played {
				if r := t.players[t.index[e.opp]].Rating; r > 0 {
					sum += r
					n++
				}
			}
		}
		if n == 0 {
			return 0
		}
		return float64((2*sum + n) / (2 * n)) // a half rounds up
	}
	return 0
}

// met returns, for player i and each member of group it met in a game
// that counts, the mean of its points against that member (C.07 Article
// 6: players who met more than once count the mean of their games).
func (t *table) met(i int, group []int) map[int]float64 {
	sum := map[int]Points{}
	n := map[int]int{}
	in := map[int]bool{}
	for _, j := range group {
		in[t.players[j].Number] = true
	}
	for _, e := range t.rounds[i] {
		if t.counts(e) && in[e.opp] {
			sum[e.opp] += e.points
			n[e.opp]++
		}
	}
	out := make(map[int]float64, len(n))
	for opp, k := range n {
		out[opp] = sum[opp].Float() / float64(k)
	}
	return out
}

// encounterScore is player i's points against the rest of group.
func (t *table) encounterScore(i int, group []int) float64 {
	s := 0.0
	for _, v := range t.met(i, group) {
		s += v
	}
	return s
}

// directEncounter splits a group level on everything before DE, C.07
// Article 6: when all of them have met each other, by the points scored
// in those games; when not, a player goes above the rest only if its
// points are more than any of the others could have with the games it did
// not play won. The players it leaves level are compared again among
// themselves, until nothing changes.
func (t *table) directEncounter(group []int) [][]int {
	if len(group) < 2 {
		return [][]int{group}
	}
	type de struct {
		i        int
		val, top float64
	}
	all := true
	ds := make([]de, len(group))
	for k, i := range group {
		m := t.met(i, group)
		v := 0.0
		for _, x := range m {
			v += x
		}
		missing := len(group) - 1 - len(m)
		if missing > 0 {
			all = false
		}
		ds[k] = de{i: i, val: v, top: v + float64(missing)*Win.Float()}
	}
	slices.SortStableFunc(ds, func(a, b de) int {
		if a.val != b.val {
			if a.val > b.val {
				return -1
			}
			return 1
		}
		if a.top != b.top {
			if a.top > b.top {
				return -1
			}
			return 1
		}
		return t.players[a.i].Number - t.players[b.i].Number
	})
	var parts [][]int
	cur := []int{ds[0].i}
	unique := true
	for k := 1; k < len(ds); k++ {
		split := ds[k-1].val != ds[k].val
		if !all {
			split = unique && ds[k-1].val > ds[k].top
			if !split {
				unique = false
			}
		}
		if split {
			parts = append(parts, cur)
			cur = nil
		}
		cur = append(cur, ds[k].i)
	}
	parts = append(parts, cur)
	if len(parts) == 1 {
		slices.SortFunc(parts[0], func(a, b int) int { return t.players[a].Number - t.players[b].Number })
		return parts
	}
	var out [][]int
	for _, p := range parts {
		out = append(out, t.directEncounter(p)...)
	}
	return out
}
