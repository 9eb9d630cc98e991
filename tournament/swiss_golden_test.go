package tournament_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/tournament"
)

// goldenRounds are rounds kept in testdata/golden, the inputs of the
// benchmarks among them: NAME.trf holds the rounds before (TRF-16, the
// tournament's number of rounds in XXR) and NAME.pairing the round's
// pairing as PairSwiss made it, board by board, White first ("12 -" for
// the bye). earlier makes the rounds before, for "go test -update" only.
// The 500-player rounds are left out with -short.
var goldenRounds = []struct {
	name    string
	n       int
	round   int
	rounds  int
	big     bool
	earlier func(t testing.TB, n, round, rounds int) []tournament.Game
}{
	{"white-wins-120-r3", 120, 3, 9, false, allResults(tournament.WhiteWins)},
	{"white-wins-120-r5", 120, 5, 9, false, allResults(tournament.WhiteWins)},
	{"black-wins-90-r4", 90, 4, 9, false, allResults(tournament.BlackWins)},
	{"random-100-r7", 100, 7, 9, false, randomEarlier},
	{"white-wins-500-r3", 500, 3, 20, true, allResults(tournament.WhiteWins)},
	{"uniform-500-r2", 500, 2, 20, true, func(t testing.TB, n, _, rounds int) []tournament.Game {
		return uniformRound1(t, n, tournament.SwissOptions{Rounds: rounds})
	}},
	{"random-500-r3", 500, 3, 9, true, randomEarlier},
	{"random-500-r7", 500, 7, 9, true, randomEarlier},
	{"white-draw-200-r5", 200, 5, 7, false, func(t testing.TB, n, round, rounds int) []tournament.Game {
		return patterned(t, n, round, tournament.SwissOptions{Rounds: rounds}, func(r, b int) tournament.Result {
			return []tournament.Result{tournament.WhiteWins, tournament.WhiteWins, tournament.WhiteWins, tournament.Drawn}[(b+r)%4]
		})
	}},
}

// randomEarlier are BenchmarkPairSwiss's rounds before: seeded random
// results with requested byes, forfeits and withdrawals.
func randomEarlier(t testing.TB, n, round, _ int) []tournament.Game {
	return simulate(t, n, round-1, 3, tournament.SwissOptions{}, nil)
}

// allResults plays every game of the rounds before with result res (a
// bye is the pairing-allocated one).
func allResults(res tournament.Result) func(t testing.TB, n, round, rounds int) []tournament.Game {
	return func(t testing.TB, n, round, rounds int) []tournament.Game {
		return patterned(t, n, round, tournament.SwissOptions{Rounds: rounds}, func(int, int) tournament.Result { return res })
	}
}

// TestPairSwissGolden pairs each golden round again from its file and
// compares the boards one by one with the kept pairing: a change of the
// pairing code that changes no pairing leaves them all equal.
// "go test -update" rewrites the files.
func TestPairSwissGolden(t *testing.T) {
	update := flag.Lookup("update")
	for _, tc := range goldenRounds {
		t.Run(tc.name, func(t *testing.T) {
			if tc.big && testing.Short() {
				t.Skip("500 players: not with -short")
			}
			base := filepath.Join("testdata", "golden", tc.name)
			if update != nil && update.Value.String() == "true" {
				writeGolden(t, base, tc.n, tc.round, tc.rounds, tc.earlier(t, tc.n, tc.round, tc.rounds))
			}
			data, err := os.ReadFile(base + ".trf")
			if err != nil {
				t.Fatal(err)
			}
			rep, players, games, err := tournament.ParseTRF(data)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(base + ".pairing")
			if err != nil {
				t.Fatal(err)
			}
			got, err := tournament.PairSwiss(players, games, tc.round, nil, tournament.SwissOptions{Rounds: rep.Rounds})
			if err != nil {
				t.Fatal(err)
			}
			wantLines := strings.Split(strings.TrimSpace(string(want)), "\n")
			gotLines := strings.Split(strings.TrimSpace(pairingText(got)), "\n")
			if len(gotLines) != len(wantLines) {
				t.Fatalf("%d boards, want %d", len(gotLines), len(wantLines))
			}
			for i := range wantLines {
				if gotLines[i] != wantLines[i] {
					t.Errorf("board %d: %s, want %s", i+1, gotLines[i], wantLines[i])
				}
			}
		})
	}
}

func writeGolden(t *testing.T, base string, n, round, rounds int, games []tournament.Game) {
	t.Helper()
	players := numbered(n)
	var b bytes.Buffer
	rep := tournament.Report{Name: "Golden " + filepath.Base(base), Type: "Swiss Dutch", Rounds: rounds}
	if err := tournament.WriteTRF(&b, rep, players, games, tournament.Rules{ByePoints: tournament.Win}); err != nil {
		t.Fatal(err)
	}
	got, err := tournament.PairSwiss(players, games, round, nil, tournament.SwissOptions{Rounds: rounds})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(base+".trf", b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(base+".pairing", []byte(pairingText(got)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// pairingText is a round's boards one a line, "White Black", the bye as
// "White -".
func pairingText(ps []tournament.Pairing) string {
	var b strings.Builder
	for _, p := range ps {
		black := "-"
		if !p.IsBye() {
			black = strconv.Itoa(p.Black)
		}
		fmt.Fprintf(&b, "%d %s\n", p.White, black)
	}
	return b.String()
}
