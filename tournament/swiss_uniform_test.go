package tournament_test

import (
	"fmt"
	"syscall"
	"testing"

	"github.com/joinpal/joinpal/tournament"
)

// uniformRound1 pairs round 1 of a Swiss of n players all rated alike and
// plays it as league's benchmark does: board b (from 1) is won by White,
// drawn or won by Black as (b+1)%3 is 0, 1 or 2. After it, each score
// group holds a third of the field, White's winners and Black's alike.
func uniformRound1(t testing.TB, n int, opts tournament.SwissOptions) []tournament.Game {
	t.Helper()
	got, err := tournament.PairSwiss(numbered(n), nil, 1, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	var games []tournament.Game
	for i, p := range got {
		if p.IsBye() {
			games = append(games, tournament.Game{Round: 1, White: p.White, Black: tournament.Bye, Result: tournament.PairingBye})
			continue
		}
		res := []tournament.Result{tournament.WhiteWins, tournament.Drawn, tournament.BlackWins}[(i+2)%3]
		games = append(games, tournament.Game{Round: 1, White: p.White, Black: p.Black, Result: res})
	}
	return games
}

// TestPairSwissUniform pairs round 2 after such a first round in smaller
// fields (an even and an odd one): every player is paired exactly once,
// nobody meets the first round's opponent, and the bye, if any, goes to
// a player who has not had one.
func TestPairSwissUniform(t *testing.T) {
	for _, n := range []int{60, 101} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			opts := tournament.SwissOptions{Rounds: 20}
			games := uniformRound1(t, n, opts)
			got, err := tournament.PairSwiss(numbered(n), games, 2, nil, opts)
			if err != nil {
				t.Fatal(err)
			}
			met := map[[2]int]bool{}
			hadBye := map[int]bool{}
			for _, g := range games {
				if g.Black == tournament.Bye {
					hadBye[g.White] = true
				}
				met[[2]int{g.White, g.Black}], met[[2]int{g.Black, g.White}] = true, true
			}
			seen := map[int]bool{}
			for _, p := range got {
				for _, x := range []int{p.White, p.Black} {
					if x != tournament.Bye && seen[x] {
						t.Fatalf("player %d paired twice in %v", x, got)
					}
					seen[x] = true
				}
				switch {
				case p.IsBye() && hadBye[p.White]:
					t.Errorf("a second bye for %d", p.White)
				case !p.IsBye() && met[[2]int{p.White, p.Black}]:
					t.Errorf("rematch %d-%d", p.White, p.Black)
				}
			}
			for x := 1; x <= n; x++ {
				if !seen[x] {
					t.Errorf("player %d not paired", x)
				}
			}
		})
	}
}

// BenchmarkPairSwissWhiteWins pairs round 3 of a 20-round Swiss of 500
// players after two rounds in which White won every game: the 125
// players on 2 points all had White twice, so their absolute preference
// for Black (C3) keeps every one of them from meeting another, and they
// all float down into a bracket paired with everyone below it.
func BenchmarkPairSwissWhiteWins(b *testing.B) {
	opts := tournament.SwissOptions{Rounds: 20}
	var games []tournament.Game
	for r := 1; r <= 2; r++ {
		got, err := tournament.PairSwiss(numbered(500), games, r, nil, opts)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range got {
			games = append(games, tournament.Game{Round: r, White: p.White, Black: p.Black, Result: tournament.WhiteWins})
		}
	}
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	b.ResetTimer()
	for range b.N {
		if _, err := tournament.PairSwiss(numbered(500), games, 3, nil, opts); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	cpu := after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano()
	b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
}
