package tournament

import (
	"fmt"
	"strings"
	"testing"
)

// handbook holds the Berger tables as FIDE Handbook C.05 Annex 1 prints
// them: one line a round, White first on every board.
var handbook = map[int][]string{
	4: {
		"1-4 2-3",
		"4-3 1-2",
		"2-4 3-1",
	},
	6: {
		"1-6 2-5 3-4",
		"6-4 5-3 1-2",
		"2-6 3-1 4-5",
		"6-5 1-4 2-3",
		"3-6 4-2 5-1",
	},
	8: {
		"1-8 2-7 3-6 4-5",
		"8-5 6-4 7-3 1-2",
		"2-8 3-1 4-7 5-6",
		"8-6 7-5 1-4 2-3",
		"3-8 4-2 5-1 6-7",
		"8-7 1-6 2-5 3-4",
		"4-8 5-3 6-2 7-1",
	},
	10: {
		"1-10 2-9 3-8 4-7 5-6",
		"10-6 7-5 8-4 9-3 1-2",
		"2-10 3-1 4-9 5-8 6-7",
		"10-7 8-6 9-5 1-4 2-3",
		"3-10 4-2 5-1 6-9 7-8",
		"10-8 9-7 1-6 2-5 3-4",
		"4-10 5-3 6-2 7-1 8-9",
		"10-9 1-8 2-7 3-6 4-5",
		"5-10 6-4 7-3 8-2 9-1",
	},
}

// line writes a round as the handbook map does, a bye as "3-bye".
func line(round []Pairing) string {
	var b strings.Builder
	for i, p := range round {
		if i > 0 {
			b.WriteByte(' ')
		}
		if p.IsBye() {
			fmt.Fprintf(&b, "%d-bye", p.White)
		} else {
			fmt.Fprintf(&b, "%d-%d", p.White, p.Black)
		}
	}
	return b.String()
}

func TestBergerRoundHandbook(t *testing.T) {
	for n, want := range handbook {
		for r, w := range want {
			got, err := BergerRound(n, r+1)
			if err != nil {
				t.Fatalf("BergerRound(%d, %d): %v", n, r+1, err)
			}
			if line(got) != w {
				t.Errorf("%d players, round %d: got %q, the Handbook has %q", n, r+1, line(got), w)
			}
		}
	}
}

// TestBergerOdd: an odd number of players plays the table of one more, the
// pairing with the extra number a bye; each player has exactly one bye.
func TestBergerOdd(t *testing.T) {
	tests := []struct {
		n    int
		want []string
	}{
		{3, []string{"1-bye 2-3", "3-bye 1-2", "2-bye 3-1"}},
		{5, []string{"1-bye 2-5 3-4", "4-bye 5-3 1-2", "2-bye 3-1 4-5", "5-bye 1-4 2-3", "3-bye 4-2 5-1"}},
	}
	for _, tt := range tests {
		rounds, err := RoundRobin(tt.n, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(rounds) != len(tt.want) {
			t.Fatalf("%d players: %d rounds, want %d", tt.n, len(rounds), len(tt.want))
		}
		for r, w := range tt.want {
			if got := line(rounds[r]); got != w {
				t.Errorf("%d players, round %d: got %q, want %q", tt.n, r+1, got, w)
			}
		}
	}
	for n := 3; n <= 21; n += 2 {
		rounds, _ := RoundRobin(n, 1)
		byes := map[int]int{}
		for _, round := range rounds {
			k := 0
			for _, p := range round {
				if p.IsBye() {
					byes[p.White]++
					k++
				}
			}
			if k != 1 {
				t.Fatalf("%d players: a round with %d byes", n, k)
			}
		}
		for p := 1; p <= n; p++ {
			if byes[p] != 1 {
				t.Errorf("%d players: player %d has %d byes", n, p, byes[p])
			}
		}
	}
}

// TestRoundRobinProperties: in every cycle each pair meets exactly once,
// each player plays once a round, and over a cycle of an even n no player
// has more than one White more than Black (nor the other way). Over two
// cycles each pair meets once with each colour, and no one has the same
// colour three rounds running.
func TestRoundRobinProperties(t *testing.T) {
	for n := 2; n <= 24; n++ {
		for cycles := 1; cycles <= 2; cycles++ {
			rounds, err := RoundRobin(n, cycles)
			if err != nil {
				t.Fatal(err)
			}
			per := n + n%2 - 1
			if len(rounds) != per*cycles {
				t.Fatalf("n=%d cycles=%d: %d rounds", n, cycles, len(rounds))
			}
			met := map[[2]int]int{}
			whites := map[[2]int]int{}
			colours := make(map[int][]byte)
			for r, round := range rounds {
				seen := map[int]bool{}
				for _, p := range round {
					for _, x := range []int{p.White, p.Black} {
						if x == Bye {
							continue
						}
						if x < 1 || x > n || seen[x] {
							t.Fatalf("n=%d round %d: player %d out of range or twice", n, r+1, x)
						}
						seen[x] = true
					}
					if p.IsBye() {
						colours[p.White] = append(colours[p.White], '-')
						continue
					}
					a, b := min(p.White, p.Black), max(p.White, p.Black)
					met[[2]int{a, b}]++
					whites[[2]int{p.White, p.Black}]++
					colours[p.White] = append(colours[p.White], 'w')
					colours[p.Black] = append(colours[p.Black], 'b')
				}
				if len(seen) != n {
					t.Fatalf("n=%d round %d: %d players paired", n, r+1, len(seen))
				}
			}
			for a := 1; a <= n; a++ {
				for b := a + 1; b <= n; b++ {
					if met[[2]int{a, b}] != cycles {
						t.Errorf("n=%d cycles=%d: %d and %d meet %d times", n, cycles, a, b, met[[2]int{a, b}])
					}
					if cycles == 2 && (whites[[2]int{a, b}] != 1 || whites[[2]int{b, a}] != 1) {
						t.Errorf("n=%d: %d and %d do not have White once each", n, a, b)
					}
				}
			}
			for p, cs := range colours {
				if n%2 == 0 {
					w := strings.Count(string(cs[:per]), "w")
					if d := 2*w - per; d > 1 || d < -1 {
						t.Errorf("n=%d: player %d has %d Whites in %d rounds", n, p, w, per)
					}
				}
				if cycles == 2 {
					plain := strings.ReplaceAll(string(cs), "-", "")
					if strings.Contains(plain, "www") || strings.Contains(plain, "bbb") {
						t.Errorf("n=%d double: player %d has colours %s", n, p, cs)
					}
				}
			}
		}
	}
}

// TestRoundRobinDouble: the second cycle is the table with colours
// reversed, the first cycle's last two rounds swapped.
func TestRoundRobinDouble(t *testing.T) {
	rounds, err := RoundRobin(4, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1-4 2-3", "2-4 3-1", "4-3 1-2", // the first cycle, rounds 2 and 3 swapped
		"4-1 3-2", "3-4 2-1", "4-2 1-3", // the second, colours reversed
	}
	for r, w := range want {
		if got := line(rounds[r]); got != w {
			t.Errorf("round %d: got %q, want %q", r+1, got, w)
		}
	}
}

func TestRoundRobinBadInput(t *testing.T) {
	tests := []struct{ n, cycles int }{{1, 1}, {0, 1}, {-4, 1}, {MaxPlayers + 1, 1}, {4, 0}, {4, 5}}
	for _, tt := range tests {
		if _, err := RoundRobin(tt.n, tt.cycles); err == nil || !strings.HasPrefix(err.Error(), "tournament: ") {
			t.Errorf("RoundRobin(%d, %d): err %v", tt.n, tt.cycles, err)
		}
	}
	for _, r := range []int{0, 4, -1} {
		if _, err := BergerRound(4, r); err == nil {
			t.Errorf("BergerRound(4, %d) gave no error", r)
		}
	}
}

func ExampleRoundRobin() {
	rounds, _ := RoundRobin(6, 1)
	for i, round := range rounds {
		fmt.Println(i+1, line(round))
	}
	// Output:
	// 1 1-6 2-5 3-4
	// 2 6-4 5-3 1-2
	// 3 2-6 3-1 4-5
	// 4 6-5 1-4 2-3
	// 5 3-6 4-2 5-1
}

func ExampleBergerRound() {
	round, _ := BergerRound(5, 2) // five players: the table for six, 6 a bye
	for _, p := range round {
		if p.IsBye() {
			fmt.Println(p.White, "has the bye")
			continue
		}
		fmt.Println(p.White, "-", p.Black)
	}
	// Output:
	// 4 has the bye
	// 5 - 3
	// 1 - 2
}
