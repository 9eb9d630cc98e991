package tournament_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"syscall"
	"testing"

	"github.com/joinpal/joinpal/tournament"
)

// simulate plays a Swiss of n players over rounds rounds with random
// results (seeded), pairing each round with PairSwiss and checking the
// round with check. Some players ask for half-point byes, some games are
// forfeited and some players withdraw, as the seed decides.
func simulate(t testing.TB, n, rounds int, seed uint64, opts tournament.SwissOptions,
	check func(round int, games []tournament.Game, absent []int, requested map[int]bool, got []tournament.Pairing)) []tournament.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	players := make([]tournament.Player, n)
	for i := range players {
		players[i] = tournament.Player{Number: i + 1, Name: fmt.Sprint("P", i+1), Rating: 2500 - 10*i}
	}
	opts.Rounds = rounds
	withdrawn := map[int]bool{}
	var games []tournament.Game
	for r := 1; r <= rounds; r++ {
		requested := map[int]bool{}
		var absent []int
		if seed%3 != 0 {
			for p := 1; p <= n; p++ {
				switch x := rng.IntN(60); {
				case withdrawn[p]:
					absent = append(absent, p)
				case x == 0:
					withdrawn[p] = true
					absent = append(absent, p)
				case x == 1:
					requested[p] = true
					games = append(games, tournament.Game{Round: r, White: p, Black: tournament.Bye, Result: tournament.HalfPointBye})
				}
			}
		}
		got, err := tournament.PairSwiss(players, games, r, absent, opts)
		if errors.Is(err, tournament.ErrNoPairing) {
			// A small field can run out of pairings: before the last
			// round (no topscorers), a search must agree.
			var present []int
			for p := 1; p <= n; p++ {
				if !withdrawn[p] && !requested[p] && !slices.Contains(absent, p) {
					present = append(present, p)
				}
			}
			if r < rounds && len(present) <= 14 && pairable(present, games) {
				t.Fatalf("seed %d round %d: ErrNoPairing, yet %v can be paired", seed, r, present)
			}
			return games
		}
		if err != nil {
			t.Fatalf("seed %d round %d: %v", seed, r, err)
		}
		if check != nil {
			check(r, games, absent, requested, got)
		}
		for _, p := range got {
			if p.IsBye() {
				games = append(games, tournament.Game{Round: r, White: p.White, Black: tournament.Bye, Result: tournament.PairingBye})
				continue
			}
			res := []tournament.Result{tournament.WhiteWins, tournament.Drawn, tournament.BlackWins}[rng.IntN(3)]
			if seed%3 != 0 && rng.IntN(25) == 0 {
				res = []tournament.Result{tournament.WhiteWinsByForfeit, tournament.BlackWinsByForfeit, tournament.DoubleForfeit}[rng.IntN(3)]
			}
			games = append(games, tournament.Game{Round: r, White: p.White, Black: p.Black, Result: res})
		}
	}
	return games
}

// TestPairSwissProperties pairs random tournaments round after round and
// checks every round against the absolute rules: every present player
// paired exactly once, nobody else; no rematch of a game played over the
// board; at most one pairing-allocated bye per player, never to a player
// who won by forfeit; no two non-topscorers with the same absolute colour
// preference; the same input pairs the same way; and ErrNoPairing (before
// the last round, in a field of up to 14) only when a search finds no
// pairing either.
func TestPairSwissProperties(t *testing.T) {
	for seed := range uint64(60) {
		n := 3 + int(seed*7)%38
		rounds := 3 + int(seed)%7
		opts := tournament.SwissOptions{Accelerated: seed%4 == 1}
		var players []tournament.Player
		for i := 1; i <= n; i++ {
			players = append(players, tournament.Player{Number: i})
		}
		simulate(t, n, rounds, seed, opts, func(r int, games []tournament.Game, absent []int, requested map[int]bool, got []tournament.Pairing) {
			t.Helper()
			opts.Rounds = rounds
			again, err := tournament.PairSwiss(players, games, r, absent, opts)
			if err != nil || !slices.Equal(again, got) {
				t.Fatalf("seed %d round %d: not deterministic: %v then %v (%v)", seed, r, got, again, err)
			}
			seen := map[int]bool{}
			for _, p := range got {
				for _, x := range []int{p.White, p.Black} {
					if x == tournament.Bye {
						continue
					}
					if seen[x] || slices.Contains(absent, x) || requested[x] || x < 1 || x > n {
						t.Fatalf("seed %d round %d: player %d paired wrongly in %v", seed, r, x, got)
					}
					seen[x] = true
				}
			}
			if want := n - len(absent) - len(requested); len(seen) != want {
				t.Fatalf("seed %d round %d: %d players paired, want %d: %v", seed, r, len(seen), want, got)
			}
			met := map[[2]int]bool{}
			hadBye := map[int]bool{}
			cols := map[int][]int{}
			for _, g := range games {
				switch g.Result {
				case tournament.PairingBye, tournament.WhiteWinsByForfeit:
					hadBye[g.White] = true
				case tournament.BlackWinsByForfeit:
					hadBye[g.Black] = true
				}
				if g.Black != tournament.Bye && g.Result != tournament.WhiteWinsByForfeit &&
					g.Result != tournament.BlackWinsByForfeit && g.Result != tournament.DoubleForfeit {
					met[[2]int{g.White, g.Black}], met[[2]int{g.Black, g.White}] = true, true
					cols[g.White] = append(cols[g.White], 1)
					cols[g.Black] = append(cols[g.Black], -1)
				}
			}
			for _, p := range got {
				if p.IsBye() {
					if hadBye[p.White] {
						t.Fatalf("seed %d round %d: a second bye (or a bye after a forfeit win) for %d", seed, r, p.White)
					}
					continue
				}
				if met[[2]int{p.White, p.Black}] {
					t.Fatalf("seed %d round %d: %d and %d meet again", seed, r, p.White, p.Black)
				}
				if r < rounds {
					aw, ab := absolute(cols[p.White]), absolute(cols[p.Black])
					if aw != 0 && aw == ab {
						t.Fatalf("seed %d round %d: %d and %d both must have colour %d", seed, r, p.White, p.Black, aw)
					}
					if aw == -1 || ab == 1 {
						t.Fatalf("seed %d round %d: %d-%d breaks an absolute colour preference", seed, r, p.White, p.Black)
					}
				}
			}
		})
	}
}

// pairable reports whether the players can all be paired (one taking the
// bye if they are odd) with no rematch of a game played, no second bye
// nor a bye after a forfeit win, and no two players with the same
// absolute colour preference meeting: a search.
func pairable(players []int, games []tournament.Game) bool {
	met := map[[2]int]bool{}
	noBye := map[int]bool{}
	cols := map[int][]int{}
	for _, g := range games {
		switch g.Result {
		case tournament.PairingBye, tournament.WhiteWinsByForfeit:
			noBye[g.White] = true
		case tournament.BlackWinsByForfeit:
			noBye[g.Black] = true
		}
		if g.Black != tournament.Bye && g.Result != tournament.WhiteWinsByForfeit &&
			g.Result != tournament.BlackWinsByForfeit && g.Result != tournament.DoubleForfeit {
			met[[2]int{g.White, g.Black}], met[[2]int{g.Black, g.White}] = true, true
			cols[g.White] = append(cols[g.White], 1)
			cols[g.Black] = append(cols[g.Black], -1)
		}
	}
	var search func(left []int, byeGiven bool) bool
	search = func(left []int, byeGiven bool) bool {
		if len(left) == 0 {
			return true
		}
		a, rest := left[0], left[1:]
		if len(left)%2 == 1 && !byeGiven && !noBye[a] && search(rest, true) {
			return true
		}
		for i, b := range rest {
			ca, cb := absolute(cols[a]), absolute(cols[b])
			if met[[2]int{a, b}] || (ca != 0 && ca == cb) {
				continue
			}
			others := append(slices.Clone(rest[:i]), rest[i+1:]...)
			if search(others, byeGiven) {
				return true
			}
		}
		return false
	}
	return search(players, false)
}

// absolute is the colour a player must have next (+1 White, -1 Black)
// after the colours of its games played, or 0.
func absolute(cols []int) int {
	cd := 0
	for _, c := range cols {
		cd += c
	}
	n := len(cols)
	switch {
	case cd < -1:
		return 1
	case cd > 1:
		return -1
	case n >= 2 && cols[n-1] == cols[n-2]:
		return -cols[n-1]
	}
	return 0
}

// BenchmarkPairSwiss pairs a round of a 9-round Swiss after the rounds
// before it were played with seeded random results (with requested byes,
// forfeits and withdrawals): round 7 of 100 players, rounds 3 (large
// score groups) and 7 of 500; round 2 of a 20-round Swiss of 500
// players all rated alike after a first round of wins, draws and losses
// in turn (uniformRound1: three score groups of a third of the field
// each); and round 5 of a 7-round Swiss of 500 whose boards were won by
// White three in four, the fourth drawn (whole groups with the same
// absolute colour preference, many moved-down players, and exchanges).
// It reports the CPU time too.
func BenchmarkPairSwiss(b *testing.B) {
	random := func(n, round int) func(testing.TB) ([]tournament.Game, tournament.SwissOptions) {
		return func(t testing.TB) ([]tournament.Game, tournament.SwissOptions) {
			return simulate(t, n, round-1, 3, tournament.SwissOptions{}, nil), tournament.SwissOptions{Rounds: 9}
		}
	}
	for _, c := range []struct {
		name     string
		n, round int
		earlier  func(testing.TB) ([]tournament.Game, tournament.SwissOptions)
	}{
		{"100/round7", 100, 7, random(100, 7)},
		{"500/round3", 500, 3, random(500, 3)},
		{"500/round7", 500, 7, random(500, 7)},
		{"500/round2-uniform", 500, 2, func(t testing.TB) ([]tournament.Game, tournament.SwissOptions) {
			opts := tournament.SwissOptions{Rounds: 20}
			return uniformRound1(t, 500, opts), opts
		}},
		{"500/round5-white-draw", 500, 5, func(t testing.TB) ([]tournament.Game, tournament.SwissOptions) {
			opts := tournament.SwissOptions{Rounds: 7}
			return patterned(t, 500, 5, opts, func(r, b int) tournament.Result {
				return []tournament.Result{tournament.WhiteWins, tournament.WhiteWins, tournament.WhiteWins, tournament.Drawn}[(b+r)%4]
			}), opts
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			players := numbered(c.n)
			games, opts := c.earlier(b)
			var before, after syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &before)
			b.ResetTimer()
			for range b.N {
				if _, err := tournament.PairSwiss(players, games, c.round, nil, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			// CPU time (both cores, the collector's included) tells more
			// than wall time on a shared machine.
			syscall.Getrusage(syscall.RUSAGE_SELF, &after)
			cpu := after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano()
			b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// patterned plays the rounds before round of a Swiss of n players, each
// paired by PairSwiss, board b (from 0) of round r ending as res says
// (the bye is the pairing-allocated one).
func patterned(t testing.TB, n, round int, opts tournament.SwissOptions, res func(r, b int) tournament.Result) []tournament.Game {
	t.Helper()
	var games []tournament.Game
	for r := 1; r < round; r++ {
		got, err := tournament.PairSwiss(numbered(n), games, r, nil, opts)
		if err != nil {
			t.Fatal(err)
		}
		for b, p := range got {
			g := tournament.Game{Round: r, White: p.White, Black: p.Black, Result: res(r, b)}
			if p.IsBye() {
				g.Result = tournament.PairingBye
			}
			games = append(games, g)
		}
	}
	return games
}

// Round 1 of a Swiss of seven players: the top half meets the bottom half
// in order, the initial colour (White) going to the odd numbers of the
// top half, and the last player gets the pairing-allocated bye.
func ExamplePairSwiss() {
	var players []tournament.Player
	for n := 1; n <= 7; n++ {
		players = append(players, tournament.Player{Number: n})
	}
	boards, err := tournament.PairSwiss(players, nil, 1, nil, tournament.SwissOptions{Rounds: 5})
	if err != nil {
		panic(err)
	}
	for _, b := range boards {
		if b.IsBye() {
			fmt.Println(b.White, "bye")
			continue
		}
		fmt.Println(b.White, "-", b.Black)
	}
	// Output:
	// 1 - 4
	// 5 - 2
	// 3 - 6
	// 7 bye
}

func numbered(n int) []tournament.Player {
	ps := make([]tournament.Player, n)
	for i := range ps {
		ps[i] = tournament.Player{Number: i + 1}
	}
	return ps
}

func game(r, w, b int, res tournament.Result) tournament.Game {
	return tournament.Game{Round: r, White: w, Black: b, Result: res}
}

// topscorerGames are two rounds after which 1 and 2 lead with 2/2 and
// Black twice, 3 and 4 have 0/2 and White twice, 5 has 1½ and 6 ½.
var topscorerGames = []tournament.Game{
	game(1, 3, 1, tournament.BlackWins), game(1, 4, 2, tournament.BlackWins), game(1, 5, 6, tournament.WhiteWins),
	game(2, 4, 1, tournament.BlackWins), game(2, 3, 2, tournament.BlackWins), game(2, 6, 5, tournament.Drawn),
}

// TestPairSwissWorked holds small rounds worked by hand by the Dutch
// rules, each with its reasoning.
func TestPairSwissWorked(t *testing.T) {
	W, D, B := tournament.WhiteWins, tournament.Drawn, tournament.BlackWins
	bye := tournament.Bye
	tests := []struct {
		name    string
		players int
		games   []tournament.Game
		round   int
		absent  []int
		opts    tournament.SwissOptions
		want    []tournament.Pairing
	}{{
		// Round 1, eight players: S1 = 1..4 meets S2 = 5..8 in order; the
		// higher-ranked player gets the initial colour (White) with an odd
		// number, Black with an even one.
		name: "round 1", players: 8, round: 1, opts: tournament.SwissOptions{Rounds: 5},
		want: []tournament.Pairing{{1, 5}, {6, 2}, {3, 7}, {8, 4}},
	}, {
		// Five players: S1 = 1, 2 and S2 = 3, 4, 5; the last of S2 is
		// left unpaired and gets the pairing-allocated bye.
		name: "round 1 with a bye", players: 5, round: 1, opts: tournament.SwissOptions{Rounds: 5},
		want: []tournament.Pairing{{1, 3}, {4, 2}, {5, bye}},
	}, {
		// After 1-4 1-0, 5-2 0-1, 3-6 ½-½: the 1-point bracket pairs 1
		// and 2, 2 getting White (both mild preferences granted). 3 and 6
		// met, so both float down to the 0-point bracket as moved-down
		// players, paired in order with its residents 4 and 5; each game
		// grants both preferences. On the boards 4-3 comes before 6-5:
		// same scores, and 3 is ranked above 6.
		name: "moved-down players", players: 6, round: 2, opts: tournament.SwissOptions{Rounds: 5},
		games: []tournament.Game{game(1, 1, 4, W), game(1, 5, 2, B), game(1, 3, 6, D)},
		want:  []tournament.Pairing{{2, 1}, {4, 3}, {6, 5}},
	}, {
		// After 1-3 1-0, 4-2 0-1 and a bye for 5: the 1-point bracket
		// {1, 2, 5} pairs one game. Every choice pairs one game with
		// both preferences granted, so the floats decide (C12): 5's bye
		// was a downfloat, so 5 must not float again; 1-2 would float it,
		// 1-5 floats 2. 1 (strong Black preference) gets Black against
		// 5 (no preference). 2 meets 3, both with a strong White
		// preference: same strength, no round where their colours
		// differed, so the higher-ranked 2 gets its colour. 4 gets the
		// bye.
		name: "floats and the bye", players: 5, round: 2, opts: tournament.SwissOptions{Rounds: 5},
		games: []tournament.Game{game(1, 1, 3, W), game(1, 4, 2, B), game(1, 5, bye, tournament.PairingBye)},
		want:  []tournament.Pairing{{5, 1}, {2, 3}, {4, bye}},
	}, {
		// A forfeit is not a game played: 1 and 2 may meet again, and the
		// forfeit gives no colour, so 1 (higher-ranked, odd) gets White.
		// 3 and 4 drew. 1 won by forfeit: no bye for 1.
		name: "forfeit", players: 4, round: 2, opts: tournament.SwissOptions{Rounds: 3},
		games: []tournament.Game{game(1, 2, 1, tournament.BlackWinsByForfeit), game(1, 3, 4, D)},
		want:  []tournament.Pairing{{1, 3}, {4, 2}},
	}, {
		// Requested byes and absences are not paired: 2 asked for a
		// half-point bye, 5 is absent; 1, 3, 4, 6 are paired as round 1,
		// 3 (odd) with the initial colour.
		name: "requested bye and absent", players: 6, round: 1, absent: []int{5},
		opts:  tournament.SwissOptions{Rounds: 5},
		games: []tournament.Game{game(1, 2, bye, tournament.HalfPointBye)},
		want:  []tournament.Pairing{{1, 4}, {3, 6}},
	}, {
		// Baku acceleration, eight players, five rounds: GA is 1..4
		// (2 × ⌈8/4⌉) with a virtual point in round 1, so 1..4 and 5..8
		// are two score groups, each paired as a round 1.
		name: "Baku acceleration", players: 8, round: 1,
		opts: tournament.SwissOptions{Rounds: 5, Accelerated: true},
		want: []tournament.Pairing{{1, 3}, {4, 2}, {5, 7}, {8, 6}},
	}, {
		// The last round relaxes C3 for topscorers (more than half the
		// maximum score): 1 and 2, on 2/2 with Black twice, both must
		// have White, yet may meet; colours equal in every way, the
		// higher-ranked 1 gets White. 5 floats past 6, whom it met, to
		// the 0-point bracket and takes its first resident, 3; 6 meets
		// 4 (3 and 4, both bound to Black, may not meet). Not in the
		// last round, nothing can be paired (TestPairSwissRefusals).
		name: "topscorers in the last round", players: 6, round: 3,
		opts:  tournament.SwissOptions{Rounds: 3},
		games: topscorerGames,
		want:  []tournament.Pairing{{1, 2}, {5, 3}, {6, 4}},
	}, {
		// White for the odd numbers is the lot's colour by default; with
		// Black drawn, everything turns round.
		name: "initial colour Black", players: 4, round: 1,
		opts: tournament.SwissOptions{Rounds: 3, FirstBlack: true},
		want: []tournament.Pairing{{3, 1}, {2, 4}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tournament.PairSwiss(numbered(tc.players), tc.games, tc.round, tc.absent, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestPairSwissRefusals: input that makes no round to pair, and a round
// that cannot be paired.
func TestPairSwissRefusals(t *testing.T) {
	W := tournament.WhiteWins
	tests := []struct {
		name    string
		players []tournament.Player
		games   []tournament.Game
		round   int
		absent  []int
		opts    tournament.SwissOptions
		noPair  bool
	}{
		{name: "round 0", players: numbered(4), round: 0},
		{name: "past the last round", players: numbered(4), round: 4, opts: tournament.SwissOptions{Rounds: 3}},
		{name: "acceleration without rounds", players: numbered(4), round: 1, opts: tournament.SwissOptions{Accelerated: true}},
		{name: "number twice", players: []tournament.Player{{Number: 1}, {Number: 1}}, round: 1},
		{name: "unknown player", players: numbered(2), round: 2, games: []tournament.Game{game(1, 1, 3, W)}},
		{name: "unknown absent", players: numbered(2), round: 1, absent: []int{9}},
		{name: "two games a round", players: numbered(3), round: 2, games: []tournament.Game{game(1, 1, 2, W), game(1, 1, 3, W)}},
		{name: "round already paired", players: numbered(2), round: 1, games: []tournament.Game{game(1, 1, 2, W)}},
		{name: "a later round", players: numbered(2), round: 1, games: []tournament.Game{game(2, 1, 2, W)}},
		{name: "same absolute colour before the last round", players: numbered(6), round: 3,
			games: topscorerGames, opts: tournament.SwissOptions{Rounds: 5}, noPair: true},
		{name: "rematch only", players: numbered(2), round: 2, games: []tournament.Game{game(1, 1, 2, W)}, noPair: true},
		{name: "second bye", players: numbered(1), round: 2,
			games: []tournament.Game{game(1, 1, tournament.Bye, tournament.PairingBye)}, noPair: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tournament.PairSwiss(tc.players, tc.games, tc.round, tc.absent, tc.opts)
			if err == nil {
				t.Fatal("paired")
			}
			if errors.Is(err, tournament.ErrNoPairing) != tc.noPair {
				t.Fatalf("error %v: ErrNoPairing is %v, want %v", err, !tc.noPair, tc.noPair)
			}
		})
	}
}

// FuzzPairSwiss pairs the round after the last of a TRF tournament: it
// must not panic, and a pairing it returns must pair every player with a
// game in no round yet at most once and never two players who met.
func FuzzPairSwiss(f *testing.F) {
	for _, name := range []string{"league.trf", "swiss-11.trf", "swiss-24.trf"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, players, games, err := tournament.ParseTRF(data)
		if err != nil || len(players) > 64 {
			return
		}
		last := 0
		for _, g := range games {
			last = max(last, g.Round)
		}
		if last > 20 {
			return
		}
		round := last + 1
		got, err := tournament.PairSwiss(players, games, round, nil, tournament.SwissOptions{Rounds: max(rep.Rounds, round)})
		if err != nil {
			return
		}
		met := map[[2]int]bool{}
		for _, g := range games {
			if g.Black != tournament.Bye && g.Result != tournament.WhiteWinsByForfeit &&
				g.Result != tournament.BlackWinsByForfeit && g.Result != tournament.DoubleForfeit {
				met[[2]int{g.White, g.Black}], met[[2]int{g.Black, g.White}] = true, true
			}
		}
		seen := map[int]bool{}
		for _, p := range got {
			if met[[2]int{p.White, p.Black}] {
				t.Fatalf("%d and %d meet again", p.White, p.Black)
			}
			for _, x := range []int{p.White, p.Black} {
				if x != tournament.Bye && seen[x] {
					t.Fatalf("%d paired twice in %v", x, got)
				}
				seen[x] = true
			}
		}
		if len(seen)-btoi(seen[tournament.Bye]) != len(players) {
			t.Fatalf("%d of %d players paired: %v", len(seen), len(players), got)
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkCrosstable lays out the crosstable of a 500-player Swiss after
// its 9 rounds, the work the tournament page's JSON does on each request,
// and reports the size of its JSON.
func BenchmarkCrosstable(b *testing.B) {
	const n = 500
	players := make([]tournament.Player, n)
	for i := range players {
		players[i] = tournament.Player{Number: i + 1, Name: fmt.Sprintf("player %d", i+1), Rating: 2500 - i}
	}
	games := simulate(b, n, 9, 3, tournament.SwissOptions{}, nil)
	rules := tournament.Rules{ByePoints: tournament.Win, TieBreaks: []tournament.TieBreak{tournament.BuchholzCut1,
		tournament.Buchholz, tournament.DirectEncounter, tournament.Wins}}
	tab, err := tournament.Crosstable(players, games, rules)
	if err != nil {
		b.Fatal(err)
	}
	data, err := json.Marshal(tab)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := tournament.Crosstable(players, games, rules); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "json-bytes")
}
