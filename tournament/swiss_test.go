package tournament_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
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
			return games // a small field can run out of pairings
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
// preference; the same input pairs the same way.
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

// BenchmarkPairSwiss pairs round 7 of a 9-round Swiss after six rounds
// of seeded random results, with 100 and 500 players.
func BenchmarkPairSwiss(b *testing.B) {
	for _, n := range []int{100, 500} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			players := make([]tournament.Player, n)
			for i := range players {
				players[i] = tournament.Player{Number: i + 1}
			}
			games := simulate(b, n, 6, 3, tournament.SwissOptions{}, nil)
			opts := tournament.SwissOptions{Rounds: 9}
			b.ResetTimer()
			for range b.N {
				if _, err := tournament.PairSwiss(players, games, 7, nil, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
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
