package arena_test

import (
	"fmt"

	"github.com/joinpal/joinpal/arena"
)

// A player's sheet in an arena: two wins light the fire, the third win
// scores double, a berserk win of seven moves each adds a point, and a
// loss puts the fire out.
func ExampleSheet() {
	var s arena.Sheet
	for _, r := range []arena.Result{
		{Outcome: arena.Win, Plies: 40},
		{Outcome: arena.Win, Plies: 40},
		{Outcome: arena.Win, Plies: 30, Berserk: true},
		{Outcome: arena.Loss, Plies: 50},
		{Outcome: arena.Draw, Plies: 12},
	} {
		s = s.Add(r, true)
		fmt.Println(s[len(s)-1].Points, s.Total(), s.OnFire())
	}
	// Output:
	// 2 2 false
	// 2 4 true
	// 5 9 true
	// 0 9 false
	// 0 9 false
}

// Pairing the players who wait, as lila does: of the matchings with the
// most pairs, the one of least rank distance and rating difference, never
// with the last opponent (ana and bea just met); white by colour history,
// the coin (heads: the higher ranked) deciding between equal ones.
func ExamplePair() {
	entries := []arena.Entry{
		{UserID: "ana", Rating: 1900, LastOpponent: "bea"},
		{UserID: "bea", Rating: 1800, LastOpponent: "ana"},
		{UserID: "cai", Rating: 1700},
		{UserID: "dan", Rating: 1600},
	}
	for _, m := range arena.Pair(entries, true, func() bool { return true }) {
		fmt.Println(m.White, "-", m.Black)
	}
	// Output:
	// ana - cai
	// bea - dan
}
