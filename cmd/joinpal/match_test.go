package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/chess/pgn"
)

func TestMatchUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"one engine", []string{"--engine", "joinpal", "--depth", "1"}, "exactly two --engine"},
		{"no time control", []string{"--engine", "joinpal", "--engine", "joinpal"}, "a time control is needed"},
		{"tc and st", []string{"--engine", "joinpal", "--engine", "joinpal", "--tc", "1", "--st", "1"}, "not both"},
		{"bad tc", []string{"--engine", "joinpal", "--engine", "joinpal", "--tc", "ten+1"}, "not a number of seconds"},
		{"NaN increment", []string{"--engine", "joinpal", "--engine", "joinpal", "--tc", "10+NaN"}, "not a number of seconds"},
		{"extra argument", []string{"--engine", "joinpal", "--engine", "joinpal", "--depth", "1", "fast"}, `unexpected argument "fast"`},
		{"zero st", []string{"--engine", "joinpal", "--engine", "joinpal", "--st", "0"}, "must be positive"},
		{"bad level", []string{"--engine", "joinpal:level=9", "--engine", "joinpal", "--depth", "1"}, "level must be"},
		{"bad spec", []string{"--engine", "cmd=sf,fast", "--engine", "joinpal", "--depth", "1"}, "is not KEY=VALUE"},
		{"unknown key", []string{"--engine", "cmd=sf,colour=red", "--engine", "joinpal", "--depth", "1"}, "unknown key"},
		{"bad sprt", []string{"--engine", "joinpal", "--engine", "joinpal", "--depth", "1", "--sprt", "elo0=10,elo1=0"}, "elo0 must be below elo1"},
		{"sprt without elo1", []string{"--engine", "joinpal", "--engine", "joinpal", "--depth", "1", "--sprt", "elo0=0"}, "elo0 and elo1 are needed"},
		{"concurrency", []string{"--engine", "joinpal", "--engine", "joinpal", "--depth", "1", "--concurrency", "3"}, "1 or 2"},
		{"games", []string{"--engine", "joinpal", "--engine", "joinpal", "--depth", "1", "--games", "0"}, "at least 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, "", append([]string{"match"}, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, errOut, tc.want)
			}
		})
	}
}

func TestEngineFromSpec(t *testing.T) {
	tests := []struct{ spec, name string }{
		{"joinpal", "joinpal"},
		{"joinpal:level=3", "joinpal:level=3"},
		{"joinpal:level=3,hash=8,name=Tres", "Tres"},
		{"joinpal:elo=1200", "joinpal:level=3"},
		{"cmd=/usr/games/stockfish,option.UCI_Elo=1800,option.UCI_LimitStrength=true", "stockfish"},
		{"cmd=stockfish,name=sf1800,arg=--x,dir=/tmp", "sf1800"},
		{"stockfish", "stockfish"},
	}
	for _, tc := range tests {
		e, err := engineFromSpec(tc.spec)
		if err != nil || e.Name != tc.name || e.Start == nil {
			t.Errorf("%s: %q %v, want %q", tc.spec, e.Name, err, tc.name)
		}
	}
}

// readGames reads the PGN a match wrote and replays every game by the rules.
func readGames(t *testing.T, path string) []*pgn.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pgn.NewReader(f)
	var games []*pgn.Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("PGN: %v", err)
		}
		h := chess.NewHistory(g.Start)
		for _, m := range g.Moves {
			if err := h.Play(m.Move); err != nil {
				t.Fatal(err)
			}
		}
		term := g.Tags.Get("Termination")
		if o := h.Outcome(chess.AutomaticDraws); o.Over() != (term == "normal") || (o.Over() && o.Result() != g.Result) {
			t.Errorf("game %s: %s %s, rules say %v", g.Tags.Get("Round"), g.Result, term, o)
		}
		games = append(games, g)
	}
}

// TestMatchBuiltinClock plays the built-in engine against itself, two
// games at once, with a clock kept by the runner.
func TestMatchBuiltinClock(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.pgn")
	code, stdout, stderr := runCLI(t, "", "match", "--engine", "joinpal:level=6", "--engine", "joinpal:level=2",
		"--games", "2", "--tc", "2+0.02", "--concurrency", "2", "--maxmoves", "20", "--timemargin", "500ms", "--pgn", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "Score of joinpal:level=6 vs joinpal:level=2: ") || !strings.Contains(stdout, "Elo difference: ") {
		t.Fatalf("report:\n%s", stdout)
	}
	if strings.Count(stderr, "Finished game") != 2 {
		t.Fatalf("progress:\n%s", stderr)
	}
	games := readGames(t, out)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	for _, g := range games {
		if g.Tags.Get("TimeControl") != "2+0.02" || !g.Moves[len(g.Moves)-1].HasClock {
			t.Errorf("game %s: no clock", g.Tags.Get("Round"))
		}
	}
}

// TestMatchStockfish plays the built-in engine against Debian's Stockfish
// at a fixed time per move, with Stockfish's options from the spec.
func TestMatchStockfish(t *testing.T) {
	if _, err := exec.LookPath(findEngine("stockfish")); err != nil {
		t.Skip("stockfish is not installed (apt-get install stockfish)")
	}
	out := filepath.Join(t.TempDir(), "games.pgn")
	code, stdout, stderr := runCLI(t, "", "match", "--engine", "joinpal:level=3",
		"--engine", "cmd=stockfish,name=sf1350,option.UCI_LimitStrength=true,option.UCI_Elo=1350,option.Hash=16",
		"--games", "2", "--st", "0.02", "--timemargin", "1s", "--maxmoves", "30", "--pgn", out, "--sprt", "elo0=-100,elo1=100")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"Score of joinpal:level=3 vs sf1350", "SPRT (elo0=-100, elo1=100, alpha=0.05, beta=0.05): llr", "sf1350: 0 time losses, 0 illegal moves, 0 crashes"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	games := readGames(t, out)
	if len(games) != 2 || games[0].Tags.Get("White") != "joinpal:level=3" || games[1].Tags.Get("White") != "sf1350" {
		t.Fatalf("%d games, colours not swapped", len(games))
	}
	// An option value the engine would silently ignore stops the match.
	code, _, stderr = runCLI(t, "", "match", "--engine", "joinpal", "--engine", "cmd=stockfish,option.UCI_Elo=1000", "--depth", "1")
	if code != 1 || !strings.Contains(stderr, "UCI_Elo wants a whole number from 1350 to 2850") {
		t.Errorf("out-of-range UCI_Elo: exit %d, %s", code, stderr)
	}
}

// TestMatchUCIProcessAndFaults plays the built-in engine served by "joinpal
// uci" in a process against a command that is not an engine at all: the
// match must fail to start, saying why.
func TestMatchUCIProcessAndFaults(t *testing.T) {
	self := "cmd=" + os.Args[0] + ",arg=uci,name=served"
	t.Setenv("JOINPAL_TEST_MAIN", "1")
	code, stdout, stderr := runCLI(t, "", "match", "--engine", self, "--engine", "joinpal:level=1", "--games", "2", "--depth", "2", "--maxmoves", "10")
	if code != 0 || !strings.Contains(stdout, "Score of served vs joinpal:level=1") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, _, stderr = runCLI(t, "", "match", "--engine", "cmd=/nonexistent/engine", "--engine", "joinpal", "--games", "2", "--depth", "1")
	if code != 1 || !strings.Contains(stderr, "starting engine") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "match", "--engine", self+",option.NoSuchOption=1", "--engine", "joinpal", "--games", "2", "--depth", "1")
	if code != 1 || !strings.Contains(stderr, "unknown option") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
