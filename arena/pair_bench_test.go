package arena

import (
	"fmt"
	"testing"
)

// BenchmarkPair pairs the waiting players of a 1,000-player arena, each
// with ten games on their sheet: 100 waiting (one weighted matching of
// 100), and all 1,000 waiting (two matchings of 100, 600 as neighbours),
// as at its start.
//
//	go test -run '^$' -bench BenchmarkPair -benchtime 20x ./arena
func BenchmarkPair(b *testing.B) {
	for _, waiting := range []int{100, 1000} {
		b.Run(fmt.Sprintf("waiting=%d", waiting), func(b *testing.B) {
			es := make([]Entry, 1000)
			for i := range es {
				var s Sheet
				for g := range 10 {
					r := Result{Outcome: Outcome((i + g) % 3), Plies: 40, OpponentRating: 1500, Colour: WithWhite + Colour((i+g)%2)}
					s = s.Add(r, true)
				}
				es[i] = Entry{UserID: fmt.Sprintf("u%04d", i), Rating: 1200 + (i*37)%900, Sheet: s}
				if i >= waiting {
					es[i].GameID = "g"
				}
			}
			heads := func() bool { return true }
			for b.Loop() {
				if ms := Pair(es, true, heads); len(ms) == 0 {
					b.Fatal("no pairs")
				}
			}
		})
	}
}
