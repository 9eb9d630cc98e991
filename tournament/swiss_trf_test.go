package tournament_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/joinpal/joinpal/tournament"
)

// swissFiles are Swiss tournaments kept as TRF-16 in testdata, each paired
// round by round by PairSwiss from seeded random results (with requested
// byes, forfeits and withdrawals) and the options each was paired with.
var swissFiles = []struct {
	file        string
	players     int
	rounds      int
	seed        uint64
	accelerated bool
}{
	{"swiss-11.trf", 11, 5, 2, false},
	{"swiss-24.trf", 24, 7, 5, false},
	{"swiss-40-baku.trf", 40, 7, 7, true},
	{"swiss-57.trf", 57, 9, 4, false},
}

// TestSwissTRFRoundTrip reads each tournament back with ParseTRF and pairs
// every round again from the rounds before it: the pairings must be the
// file's. Absent players and requested byes come from the file (a round
// without a game is written as a zero-point bye). "go test -update"
// rewrites the files.
func TestSwissTRFRoundTrip(t *testing.T) {
	update := flag.Lookup("update")
	for _, tc := range swissFiles {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", tc.file)
			if update != nil && update.Value.String() == "true" {
				players := make([]tournament.Player, tc.players)
				for i := range players {
					players[i] = tournament.Player{Number: i + 1, Name: fmt.Sprintf("Jugador %d", i+1), Rating: 2400 - 15*i}
				}
				games := simulate(t, tc.players, tc.rounds, tc.seed, tournament.SwissOptions{Accelerated: tc.accelerated}, nil)
				var b bytes.Buffer
				rep := tournament.Report{Name: "Suizo " + tc.file, Type: "Swiss Dutch", Rounds: tc.rounds}
				rules := tournament.Rules{ByePoints: tournament.Win, TieBreaks: []tournament.TieBreak{tournament.BuchholzCut1}}
				if err := tournament.WriteTRF(&b, rep, players, games, rules); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rep, players, games, err := tournament.ParseTRF(data)
			if err != nil {
				t.Fatal(err)
			}
			opts := tournament.SwissOptions{Rounds: rep.Rounds, Accelerated: tc.accelerated}
			for r := 1; r <= rep.Rounds; r++ {
				var before, want []tournament.Game
				for _, g := range games {
					switch {
					case g.Round < r:
						before = append(before, g)
					case g.Round == r && g.Black == tournament.Bye &&
						(g.Result == tournament.HalfPointBye || g.Result == tournament.ZeroPointBye):
						before = append(before, g)
					case g.Round == r:
						want = append(want, g)
					}
				}
				got, err := tournament.PairSwiss(players, before, r, nil, opts)
				if errors.Is(err, tournament.ErrNoPairing) && len(want) == 0 {
					break // the simulation stopped here
				}
				if err != nil {
					t.Fatalf("round %d: %v", r, err)
				}
				if w := boardsOf(want); !slices.Equal(sortedBoards(got), w) {
					t.Fatalf("round %d: paired %v, the file has %v", r, sortedBoards(got), w)
				}
			}
		})
	}
}

func boardsOf(games []tournament.Game) []tournament.Pairing {
	var ps []tournament.Pairing
	for _, g := range games {
		ps = append(ps, tournament.Pairing{White: g.White, Black: g.Black})
	}
	return sortedBoards(ps)
}

func sortedBoards(ps []tournament.Pairing) []tournament.Pairing {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b tournament.Pairing) int { return a.White*10000 + a.Black - b.White*10000 - b.Black })
	return ps
}

// TestPairSwissExchange pairs round 3 of testdata/swiss-24.trf, whose
// 1-point bracket needs an exchange between S1 and S2. Its players, by
// pairing number, with their colours so far and the colour they want:
// 3 WB (White), 5 WB (White), 11 WB (White), 14 WW (Black, absolute),
// 17 BW (Black), 19 BB (White, absolute), 21 BB (White, absolute),
// 23 BW (Black), 24 WW (Black, absolute); 5 and 11 have met 17 and 23.
// Nine players make four pairs and a downfloater, and every preference
// can be granted only if 5 and 11 get 14 and 24. S1 = 3 5 11 14 and
// S2 = 17 19 21 23 24 cannot do it (5 and 11 would both need 24), so
// the first exchange, 14 for 17, makes S1 = 3 5 11 17 and S2 = 14 19 21
// 23 24. Then 3 takes the first of S2 that leaves a solution: not 14
// (11 would be left without a partner), not 19 or 21 (both want White),
// but 23; 5 takes 14, 11 takes 24, 17 takes 19, and 21 floats down.
func TestPairSwissExchange(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "swiss-24.trf"))
	if err != nil {
		t.Fatal(err)
	}
	rep, players, games, err := tournament.ParseTRF(data)
	if err != nil {
		t.Fatal(err)
	}
	var before []tournament.Game
	for _, g := range games {
		if g.Round < 3 {
			before = append(before, g)
		}
	}
	got, err := tournament.PairSwiss(players, before, 3, nil, tournament.SwissOptions{Rounds: rep.Rounds})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []tournament.Pairing{{3, 23}, {5, 14}, {11, 24}, {19, 17}, {21, 10}} {
		if !slices.Contains(got, want) {
			t.Errorf("no board %v in %v", want, got)
		}
	}
}
