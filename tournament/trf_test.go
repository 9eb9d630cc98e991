package tournament

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// update rewrites testdata/league.trf from WriteTRF's output.
var update = flag.Bool("update", false, "rewrite testdata/league.trf")

var leagueReport = Report{
	Name: "Liga del club", City: "Sevilla", Federation: "ESP", Start: "2026/10/01", End: "2026/11/05",
	Type: "Round Robin", ChiefArbiter: "Ana Árbitro", TimeControl: "90'+30\"", Rounds: 5,
}

// TestWriteTRFLeague: the hand-worked league as TRF-16, column by column.
func TestWriteTRFLeague(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTRF(&b, leagueReport, leaguePlayers, leagueGames, DefaultRules()); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("testdata/league.trf", b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/league.trf")
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	// Spot checks of TRF-16's columns (1-based) on player 4's line.
	var line string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "001    4") {
			line = l
		}
	}
	col := func(from, to int) string { return line[from-1 : to] }
	checks := []struct {
		from, to int
		want     string
	}{
		{1, 3, "001"}, {5, 8, "   4"}, {15, 18, "Dani"}, {49, 52, "1700"}, {81, 84, " 3.5"}, {86, 89, "   2"},
		{92, 95, "0003"}, {97, 97, "b"}, {99, 99, "1"}, // round 1: 3-4 0-1
		{112, 115, "0005"}, {117, 117, "w"}, {119, 119, "+"}, // round 3: the forfeit
	}
	for _, c := range checks {
		if got := col(c.from, c.to); got != c.want {
			t.Errorf("columns %d-%d: %q, want %q", c.from, c.to, got, c.want)
		}
	}
}

func sortGames(gs []Game) []Game {
	gs = slices.Clone(gs)
	slices.SortFunc(gs, func(a, b Game) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.White, b.White))
	})
	return gs
}

// TestTRFRoundTrip: what WriteTRF writes, ParseTRF reads back as it was.
func TestTRFRoundTrip(t *testing.T) {
	three := []Player{{1, "A", 0}, {2, "B", 1200}, {3, "C", 0}}
	tests := []struct {
		name    string
		players []Player
		games   []Game
	}{
		{"league", leaguePlayers, leagueGames},
		{"byes, a double forfeit and a game to play", three, []Game{
			{1, 1, Bye, PairingBye}, {1, 2, 3, DoubleForfeit},
			{2, 3, Bye, HalfPointBye}, {2, 1, 2, BlackWinsByForfeit},
			{3, 2, Bye, ZeroPointBye}, {3, 3, 1, Pending},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteTRF(&b, leagueReport, tt.players, tt.games, DefaultRules()); err != nil {
				t.Fatal(err)
			}
			rep, players, games, err := ParseTRF(b.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, b.String())
			}
			if rep != leagueReport {
				t.Errorf("report %+v, want %+v", rep, leagueReport)
			}
			if !slices.Equal(players, tt.players) {
				t.Errorf("players %v, want %v", players, tt.players)
			}
			if got, want := sortGames(games), sortGames(tt.games); !slices.Equal(got, want) {
				t.Errorf("games\n%v\nwant\n%v", got, want)
			}
		})
	}
}

func TestParseTRFBad(t *testing.T) {
	tests := map[string]string{
		"bad rank":          "001 abcd",
		"rank twice":        "001    1      A\n001    1      B",
		"opponent missing":  "001    1      A                                                                          0002 w 1",
		"one-sided game":    "001    1      A                                                                          0002 w 1\n001    2      B",
		"colours":           "001    1      A                                                                          0002 w 1\n001    2      B                                                                          0001 w 0",
		"results":           "001    1      A                                                                          0002 w 1\n001    2      B                                                                          0001 b 1",
		"bye with a colour": "001    1      A                                                                          0000 w U",
		"bye result":        "001    1      A                                                                          0000 - 1",
		"bad XXR":           "XXR many",
		"not UTF-8":         "012 \xff",
		"bad rating":        "001    1      A                                  x",
	}
	for name, in := range tests {
		if _, _, _, err := ParseTRF([]byte(in)); err == nil || !strings.HasPrefix(err.Error(), "tournament: ") {
			t.Errorf("%s: err %v", name, err)
		}
	}
}

// FuzzParseTRF: ParseTRF never panics, and what it reads, written and
// read again, writes the same file: writing is a fixed point after one
// reading. The seeds are in testdata/fuzz/FuzzParseTRF.
func FuzzParseTRF(f *testing.F) {
	var b bytes.Buffer
	_ = WriteTRF(&b, leagueReport, leaguePlayers, leagueGames, DefaultRules())
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		rep, players, games, err := ParseTRF(data)
		if err != nil {
			return
		}
		var w1 bytes.Buffer
		if err := WriteTRF(&w1, rep, players, games, DefaultRules()); err != nil {
			return // read, but not a tournament Standings accepts
		}
		rep2, players2, games2, err := ParseTRF(w1.Bytes())
		if err != nil {
			t.Fatalf("reading what WriteTRF wrote: %v\n%s", err, w1.String())
		}
		var w2 bytes.Buffer
		if err := WriteTRF(&w2, rep2, players2, games2, DefaultRules()); err != nil {
			t.Fatalf("writing again: %v", err)
		}
		if w1.String() != w2.String() {
			t.Fatalf("not a fixed point:\n%s\n---\n%s", w1.String(), w2.String())
		}
	})
}

func ExampleWriteTRF() {
	players := []Player{{1, "Ana", 2000}, {2, "Bea", 1900}, {3, "Cris", 0}}
	games := []Game{{1, 1, Bye, PairingBye}, {1, 2, 3, Drawn}}
	_ = WriteTRF(os.Stdout, Report{Name: "Liga", Rounds: 3}, players, games, DefaultRules())
	fmt.Println("end")
	// Output:
	// 012 Liga
	// 062 3
	// XXR 3
	// 001    1      Ana                               2000                             1.0    1  0000 - U
	// 001    2      Bea                               1900                             0.5    3  0003 w =
	// 001    3      Cris                                                               0.5    2  0002 b =
	// end
}

func ExampleParseTRF() {
	file := "012 Liga\nXXR 3\n" +
		"001    1      Ana                               2000                             1.0    1  0000 - U\n" +
		"001    2      Bea                               1900                             0.5    3  0003 w =\n" +
		"001    3      Cris                                                               0.5    2  0002 b =\n"
	rep, players, games, err := ParseTRF([]byte(file))
	fmt.Println(rep.Name, rep.Rounds, len(players), err)
	for _, g := range games {
		fmt.Printf("%+v\n", g)
	}
	// Output:
	// Liga 3 3 <nil>
	// {Round:1 White:1 Black:0 Result:PairingBye}
	// {Round:1 White:2 Black:3 Result:Drawn}
}
