package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSwissShortcutsChangeNothing pairs every round of tournaments two
// ways, with the shortcuts that find an answer without a matching of its
// own and with each answer checked by its own matching (checkEach), and
// wants the same boards: random results, and results that make whole
// score groups float (White or Black winning every game, or most).
func TestSwissShortcutsChangeNothing(t *testing.T) {
	pairBoth := func(players []Player, games []Game, round int, opts SwissOptions) ([]Pairing, error) {
		fast, err := PairSwiss(players, games, round, nil, opts)
		st, err2 := newSwissState(players, games, round, nil, opts)
		if err2 != nil {
			t.Fatal(err2)
		}
		st.checkEach = true
		slow, err2 := st.pair()
		if (err == nil) != (err2 == nil) || !slices.Equal(fast, slow) {
			t.Fatalf("round %d: with the shortcuts %v (%v), without %v (%v)", round, fast, err, slow, err2)
		}
		return fast, err
	}
	W, D, B := WhiteWins, Drawn, BlackWins
	patterns := map[string]func(rng *rand.Rand, r, b int) Result{
		"random":      func(rng *rand.Rand, _, _ int) Result { return []Result{W, D, B}[rng.IntN(3)] },
		"white":       func(*rand.Rand, int, int) Result { return W },
		"black":       func(*rand.Rand, int, int) Result { return B },
		"white-draw":  func(_ *rand.Rand, r, b int) Result { return []Result{W, W, W, D}[(b+r)%4] },
		"white-black": func(_ *rand.Rand, r, b int) Result { return []Result{W, B}[(r+b/3)%2] },
	}
	for _, name := range []string{"random", "white", "black", "white-draw", "white-black"} {
		for _, n := range []int{9, 20, 33, 48} {
			t.Run(fmt.Sprint(name, n), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(n), 11))
				players := make([]Player, n)
				for i := range players {
					players[i] = Player{Number: i + 1}
				}
				opts := SwissOptions{Rounds: 7}
				var games []Game
				for r := 1; r <= opts.Rounds; r++ {
					got, err := pairBoth(players, games, r, opts)
					if err != nil {
						return
					}
					for b, p := range got {
						g := Game{Round: r, White: p.White, Black: p.Black, Result: patterns[name](rng, r, b)}
						if p.IsBye() {
							g.Result = PairingBye
						}
						games = append(games, g)
					}
				}
			})
		}
	}
}
