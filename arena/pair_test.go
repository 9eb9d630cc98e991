package arena

import (
	"fmt"
	"reflect"
	"testing"
)

// coloured is a sheet of losses to 1500-rated opponents with the colours
// given ('w', 'b').
func coloured(colours string) Sheet {
	var s Sheet
	for _, c := range colours {
		r := Result{Outcome: Loss, Plies: 40, OpponentRating: 1500, Colour: WithBlack}
		if c == 'w' {
			r.Colour = WithWhite
		}
		s = s.Add(r, true)
	}
	return s
}

// The costs below are worked by hand from pairCost: rank distance times
// rankFactor (2000 for the leader, 300 for the last, in between in
// proportion: for ranks 0 … 3, 2000, 1433, 866, 300), plus the rating
// difference.
func TestPair(t *testing.T) {
	tests := []struct {
		name    string
		entries []Entry
		heads   bool
		want    []Match
	}{
		{"nobody", nil, true, nil},
		{"one alone waits", []Entry{entry("ana", 1500)}, true, nil},
		// Ranks by rating: bea 0, cai 1, dan 2, ana 3. bea-cai 2200 +
		// dan-ana 966 = 3166, against bea-dan + cai-ana 7366 and
		// bea-ana + cai-dan 7933.
		{"by rating before any game", []Entry{entry("ana", 1500), entry("bea", 1900), entry("cai", 1700), entry("dan", 1600)}, true,
			[]Match{{"bea", "cai"}, {"dan", "ana"}}},
		// Ranks: cai 0 and ana 1 (2 points each, performance 2000, cai's
		// rating higher), bea 2, dan 3: cai-ana 2200 + bea-dan 1166.
		{"by score first", []Entry{entry("ana", 1500, win), entry("bea", 1900), entry("cai", 1700, win), entry("dan", 1600)}, true,
			[]Match{{"cai", "ana"}, {"bea", "dan"}}},
		{"tails gives white to the lower", []Entry{entry("ana", 1500), entry("bea", 1900)}, false, []Match{{"ana", "bea"}}},
		{"paused and playing wait", []Entry{entry("ana", 1500), {UserID: "bea", Paused: true}, {UserID: "cai", GameID: "g1"}, entry("dan", 1400)}, true,
			[]Match{{"ana", "dan"}}},
		// ana-bea may not meet: ana-cai 4200 + bea-dan 3066 = 7266, against
		// ana-dan + bea-cai 7833.
		{"never the last opponent", []Entry{
			{UserID: "ana", Rating: 1900, LastOpponent: "bea"}, {UserID: "bea", Rating: 1800, LastOpponent: "ana"},
			{UserID: "cai", Rating: 1700}, {UserID: "dan", Rating: 1600}}, true,
			[]Match{{"ana", "cai"}, {"bea", "dan"}}},
		// Greedily down the standings, ana-bea would leave cai and dan,
		// who just met, waiting: the most pairs come first.
		{"everyone plays though two just met", []Entry{
			{UserID: "ana", Rating: 1900}, {UserID: "bea", Rating: 1800},
			{UserID: "cai", Rating: 1700, LastOpponent: "dan"}, {UserID: "dan", Rating: 1600, LastOpponent: "cai"}}, true,
			[]Match{{"ana", "cai"}, {"bea", "dan"}}},
		// Ranks 0 … 2 (factors 2000, 1150, 300): ana-bea 2100, ana-cai
		// 4200, bea-cai 1250: the cheapest pair plays, the leader waits.
		{"odd: the cheapest pair plays", []Entry{{UserID: "ana", Rating: 1900}, {UserID: "bea", Rating: 1800}, {UserID: "cai", Rating: 1700}}, true,
			[]Match{{"bea", "cai"}}},
		{"the last opponent of the other counts too", []Entry{
			{UserID: "ana", Rating: 1900}, {UserID: "bea", Rating: 1800, LastOpponent: "ana"}, {UserID: "cai", GameID: "g1"}}, true, nil},
		{"two who just met wait for a third", []Entry{
			{UserID: "ana", LastOpponent: "bea"}, {UserID: "bea", LastOpponent: "ana"}, {UserID: "cai", GameID: "g1"}}, true, nil},
		{"the only two active players of a small arena meet again", []Entry{
			{UserID: "ana", LastOpponent: "bea"}, {UserID: "bea", LastOpponent: "ana"}}, true,
			[]Match{{"ana", "bea"}}},
		{"a paused player is not active", []Entry{
			{UserID: "ana", Rating: 1600, LastOpponent: "bea"}, {UserID: "bea", Rating: 1500, LastOpponent: "ana"}, {UserID: "cai", Paused: true}}, true,
			[]Match{{"ana", "bea"}}},
		{"an arena of thirty is not small", append(paused(28),
			Entry{UserID: "ana", LastOpponent: "bea"}, Entry{UserID: "bea", LastOpponent: "ana"}), true, nil},
		// ana (strike 1) and bea (strike -1): bea has had black.
		{"white to who had black running", []Entry{{UserID: "ana", Sheet: coloured("w")}, {UserID: "bea", Sheet: coloured("b")}}, true,
			[]Match{{"bea", "ana"}}},
		// ana: strike -1, balance +1; bea: strike +1, balance 0.
		{"the strike before the balance", []Entry{{UserID: "ana", Sheet: coloured("wwb")}, {UserID: "bea", Sheet: coloured("bw")}}, true,
			[]Match{{"ana", "bea"}}},
		// Both strike 2; bea's balance is 2, ana's 1.
		{"the balance when the strikes are equal", []Entry{{UserID: "ana", Rating: 1500, Sheet: coloured("bww")}, {UserID: "bea", Rating: 1600, Sheet: coloured("ww")}}, true,
			[]Match{{"ana", "bea"}}},
		// ana and bea have had black three times running and may not
		// meet: ana-cai 4200 + bea-dan 3066, against ana-dan + bea-cai
		// 7833; each has black running, so each gets white.
		{"not a fourth black in a row for both", []Entry{
			{UserID: "ana", Rating: 1900, Sheet: coloured("bbb")}, {UserID: "bea", Rating: 1800, Sheet: coloured("bbb")},
			{UserID: "cai", Rating: 1700, Sheet: coloured("w")}, {UserID: "dan", Rating: 1600, Sheet: coloured("w")}}, true,
			[]Match{{"ana", "cai"}, {"bea", "dan"}}},
		{"nor a fourth white", []Entry{{UserID: "ana", Sheet: coloured("www")}, {UserID: "bea", Sheet: coloured("bwww")}, {UserID: "cai", GameID: "g1"}}, true, nil},
		{"three whites and three blacks may meet", []Entry{{UserID: "ana", Sheet: coloured("www")}, {UserID: "bea", Sheet: coloured("bbb")}, {UserID: "cai", GameID: "g1"}}, true,
			[]Match{{"bea", "ana"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Pair(tt.entries, true, func() bool { return tt.heads })
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Pair = %v, want %v", got, tt.want)
			}
		})
	}
}

// paused returns n paused entries.
func paused(n int) []Entry {
	es := make([]Entry, n)
	for i := range es {
		es[i] = Entry{UserID: fmt.Sprintf("p%03d", i), Paused: true}
	}
	return es
}

func TestRankFactor(t *testing.T) {
	tests := []struct{ rank, maxRank, want int }{
		{0, 10, 2000}, {10, 10, 300}, {5, 10, 1150}, {1, 3, 1433}, {2, 3, 866}, {0, 1, 2000}, {1, 1, 300},
	}
	for _, tt := range tests {
		if got := rankFactor(tt.rank, tt.maxRank); got != tt.want {
			t.Errorf("rankFactor(%d, %d) = %d, want %d", tt.rank, tt.maxRank, got, tt.want)
		}
	}
}

func TestColourHistory(t *testing.T) {
	tests := []struct {
		colours string
		want    ColourHistory
	}{
		{"", ColourHistory{}},
		{"w", ColourHistory{1, 1}},
		{"wwb", ColourHistory{-1, 1}},
		{"bbwbb", ColourHistory{-2, -3}},
	}
	for _, tt := range tests {
		if got := coloured(tt.colours).Colours(); got != tt.want {
			t.Errorf("%q: %+v, want %+v", tt.colours, got, tt.want)
		}
	}
	unknown := append(coloured("w"), Score{Result: Result{Outcome: Win}})
	if got := unknown.Colours(); got != (ColourHistory{1, 1}) {
		t.Errorf("a game without its colour counted: %+v", got)
	}
	for _, tt := range []struct {
		a, b int
		want bool
	}{{3, 3, false}, {-3, -3, false}, {3, -3, true}, {2, 3, true}, {-4, -2, true}, {-4, -3, false}} {
		if got := (ColourHistory{Strike: tt.a}).CouldPlay(ColourHistory{Strike: tt.b}); got != tt.want {
			t.Errorf("strikes %d and %d could play: %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// An arena of more than MaxGroup waiting players pairs two groups of g =
// min(n/4×2, MaxGroup) by matching and the next 6g as neighbours; the
// rest wait.
func TestPairLargeArena(t *testing.T) {
	tests := []struct{ waiting, pairs int }{
		{100, 50}, // one matching
		{101, 50}, // g 50: two groups of 50, one left alone as neighbour
		{250, 125},
		{1001, 400}, // g 100: 200 matched, 600 as neighbours, 201 wait
	}
	for _, tt := range tests {
		var es []Entry
		for i := range tt.waiting {
			es = append(es, Entry{UserID: fmt.Sprintf("u%04d", i), Rating: 3000 - i})
		}
		ms := Pair(es, true, func() bool { return true })
		if len(ms) != tt.pairs {
			t.Errorf("%d waiting: %d pairs, want %d", tt.waiting, len(ms), tt.pairs)
		}
		seen := map[string]bool{}
		for _, m := range ms {
			if seen[m.White] || seen[m.Black] || m.White == m.Black {
				t.Fatalf("%d waiting: %v paired twice", tt.waiting, m)
			}
			seen[m.White], seen[m.Black] = true, true
		}
		if tt.waiting == 250 {
			// Ranks 200 … 249 are neighbours: u0200-u0201 …
			for k, m := range ms[100:] {
				if want := (Match{fmt.Sprintf("u%04d", 200+2*k), fmt.Sprintf("u%04d", 201+2*k)}); m != want {
					t.Fatalf("neighbour pair %d: %v, want %v", k, m, want)
				}
			}
		}
	}
}
