package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestDirectEncounterNotAllMet: when the tied players have not all met
// (C.07 Article 6), a player goes above the rest only if its points beat
// what each of the others could still have with its missing games won.
func TestDirectEncounterNotAllMet(t *testing.T) {
	players := []Player{{1, "A", 0}, {2, "B", 0}, {3, "C", 0}}
	tests := []struct {
		name  string
		games []Game
		want  string // the groups DE leaves, by number
	}{
		// A beat B; C met neither and could have 2: nobody is separated.
		{"one game", []Game{{1, 1, 2, WhiteWins}}, "[[1 2 3]]"},
		// A beat B and C (2, more than anyone's 1 at most); B and C did not
		// meet, so they stay level.
		{"A beat both", []Game{{1, 1, 2, WhiteWins}, {2, 3, 1, BlackWins}}, "[[1] [2 3]]"},
		// All met: A 1½, B 1, C ½.
		{"all met", []Game{{1, 1, 2, WhiteWins}, {2, 2, 3, WhiteWins}, {3, 3, 1, Drawn}}, "[[1] [2] [3]]"},
		// All met, all drew: one group.
		{"all drew", []Game{{1, 1, 2, Drawn}, {2, 2, 3, Drawn}, {3, 3, 1, Drawn}}, "[[1 2 3]]"},
	}
	for _, tt := range tests {
		tab, err := newTable(players, tt.games, Rules{RoundRobin: true})
		if err != nil {
			t.Fatal(err)
		}
		var got [][]int
		for _, g := range tab.directEncounter([]int{0, 1, 2}) {
			var nums []int
			for _, i := range g {
				nums = append(nums, players[i].Number)
			}
			got = append(got, nums)
		}
		if fmt.Sprint(got) != tt.want {
			t.Errorf("%s: %v, want %s", tt.name, got, tt.want)
		}
	}
}

// TestStandingsRandomRoundRobins: on random complete round-robins of
// played games, the identities of a round-robin hold: the points add up
// to the games, each Buchholz is the others' points, SB is at most BH,
// Cut-1 is BH less the weakest opponent, and the ranks never go down.
func TestStandingsRandomRoundRobins(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 200; iter++ {
		n := 2 + rng.IntN(11)
		var players []Player
		for i := 1; i <= n; i++ {
			players = append(players, Player{i, fmt.Sprint("P", i), 1000 + rng.IntN(1500)})
		}
		rounds, err := RoundRobin(n, 1+rng.IntN(2))
		if err != nil {
			t.Fatal(err)
		}
		var games []Game
		for r, round := range rounds {
			for _, p := range round {
				if p.IsBye() {
					games = append(games, Game{r + 1, p.White, Bye, PairingBye})
					continue
				}
				games = append(games, Game{r + 1, p.White, p.Black, []Result{WhiteWins, Drawn, BlackWins}[rng.IntN(3)]})
			}
		}
		rules := Rules{ByePoints: 0, RoundRobin: true, TieBreaks: []TieBreak{Buchholz, SonnebornBerger, BuchholzCut1, DirectEncounter, Wins}}
		st, err := Standings(players, games, rules)
		if err != nil {
			t.Fatal(err)
		}
		var total Points
		for _, s := range st {
			total += s.Points
		}
		played := 0
		for _, g := range games {
			if g.Black != Bye {
				played++
			}
		}
		if total != Points(2*played) {
			t.Fatalf("n=%d: %v points for %d games", n, total, played)
		}
		if n%2 == 1 {
			continue // the byes' dummies break the identities below
		}
		cycles := len(rounds) / (n - 1)
		for k, s := range st {
			bh, sb, cut := s.TieBreaks[0], s.TieBreaks[1], s.TieBreaks[2]
			if want := float64(cycles) * (total - s.Points).Float(); bh != want {
				t.Fatalf("n=%d: BH %v, want %v", n, bh, want)
			}
			if sb > bh {
				t.Fatalf("n=%d: SB %v above BH %v", n, sb, bh)
			}
			weakest := total
			for _, o := range st {
				if o.Player.Number != s.Player.Number {
					weakest = min(weakest, o.Points)
				}
			}
			if cut != bh-weakest.Float() {
				t.Fatalf("n=%d: BH-C1 %v, BH %v, weakest %v", n, cut, bh, weakest)
			}
			if k > 0 && st[k-1].Rank > s.Rank {
				t.Fatalf("ranks go down: %+v", st)
			}
		}
	}
}
