package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/rules"
)

// positionJSON is the shape `joinpal position --json` promises.
type positionJSON struct {
	FEN     string   `json:"fen"`
	Turn    string   `json:"turn"`
	Check   bool     `json:"check"`
	Legal   []string `json:"legal"`
	SAN     []string `json:"san"`
	Outcome *struct {
		Termination string  `json:"termination"`
		Winner      *string `json:"winner"`
	} `json:"outcome"`
	CanMate  map[string]string   `json:"can_mate"`
	Helpmate map[string][]string `json:"helpmate"`
	Dead     bool                `json:"dead"`
}

func TestPositionCommandJSON(t *testing.T) {
	tests := []struct {
		name        string
		fen         string
		turn        string
		check       bool
		legal       []string // nil: not compared
		termination string   // "" for no outcome
		winner      string
		white       string
		black       string
	}{
		{"locked pawns: dead", "k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K w - - 0 1",
			"white", false, []string{"h1g1", "h1g2", "h1h2"}, "dead_position", "", "no", "no"},
		{"the starting position", chess.StartingFEN, "white", false, nil, "", "", "yes", "yes"},
		{"fool's mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
			"white", true, []string{}, "checkmate", "black", "no", "yes"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "black", false, []string{}, "stalemate", "", "no", "no"},
		{"king and knight against king and queen", "8/8/8/4k3/8/8/2q5/1N2K3 b - - 0 1",
			"black", false, nil, "", "", "no", "yes"},
		{"fifty moves: the half-move clock at 100", "8/8/8/4k3/8/8/2q5/1N2K3 b - - 100 80",
			"black", false, nil, "fifty_moves", "", "no", "yes"},
		{"the half-move clock at 99: the game goes on", "8/8/8/4k3/8/8/2q5/1N2K3 b - - 99 80",
			"black", false, nil, "", "", "no", "yes"},
		{"checkmate on the hundredth half-move is a checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 100 3",
			"white", true, []string{}, "checkmate", "black", "no", "yes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "position", "--json", tc.fen)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			var r positionJSON
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			if strings.Count(strings.TrimSpace(out), "\n") != 0 {
				t.Errorf("not one line: %q", out)
			}
			if r.FEN != tc.fen || r.Turn != tc.turn || r.Check != tc.check {
				t.Errorf("fen %q turn %q check %v", r.FEN, r.Turn, r.Check)
			}
			if tc.legal != nil && !slices.Equal(r.Legal, tc.legal) {
				t.Errorf("legal %v, want %v", r.Legal, tc.legal)
			}
			if r.Legal == nil || len(r.SAN) != len(r.Legal) {
				t.Errorf("legal %v with SAN %v", r.Legal, r.SAN)
			}
			switch {
			case tc.termination == "" && r.Outcome != nil:
				t.Errorf("outcome %+v, want null", *r.Outcome)
			case tc.termination != "" && (r.Outcome == nil || r.Outcome.Termination != tc.termination):
				t.Errorf("outcome %+v, want %s", r.Outcome, tc.termination)
			case tc.termination != "" && (r.Outcome.Winner == nil) != (tc.winner == ""):
				t.Errorf("winner %v, want %q", r.Outcome.Winner, tc.winner)
			case tc.winner != "" && *r.Outcome.Winner != tc.winner:
				t.Errorf("winner %s, want %s", *r.Outcome.Winner, tc.winner)
			}
			if r.CanMate["white"] != tc.white || r.CanMate["black"] != tc.black {
				t.Errorf("can_mate %v, want white %s black %s", r.CanMate, tc.white, tc.black)
			}
			if r.Dead != (tc.white == "no" && tc.black == "no") {
				t.Errorf("dead %v", r.Dead)
			}
			for colour, verdict := range r.CanMate {
				line, ok := r.Helpmate[colour]
				if ok != (verdict == "yes") {
					t.Errorf("%s: can_mate %s with helpmate %v", colour, verdict, line)
				}
				if ok {
					checkUCIHelpmate(t, tc.fen, colour, line)
				}
			}
		})
	}
}

// checkUCIHelpmate replays a helpmate given in UCI and checks that it ends
// in mate by colour.
func checkUCIHelpmate(t *testing.T, fen, colour string, line []string) {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range line {
		m, err := p.ParseUCI(u)
		if err != nil {
			t.Fatalf("%s's helpmate %v: %v", colour, line, err)
		}
		p.PlayUnchecked(m)
	}
	if o := p.Outcome(); o.Ending != chess.EndCheckmate || o.Winner.String() != colour {
		t.Errorf("%s's helpmate %v ends in %+v", colour, line, o)
	}
}

// TestPositionCommandAgreesWithTheAPI: the command and the rules guide's
// API (rules.Describe) judge every position the same way.
func TestPositionCommandAgreesWithTheAPI(t *testing.T) {
	for _, fen := range []string{
		chess.StartingFEN,
		"k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K w - - 0 1",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
		"8/8/8/4k3/8/8/2q5/1N2K3 b - - 99 80",
		"8/8/8/4k3/8/8/2q5/1N2K3 b - - 100 80",
		"8/8/8/4k3/8/8/2q5/1N2K3 b - - 150 80",
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 100 3",
	} {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if o := describePosition(pos, 1000).Outcome; o != nil {
			got = o.Termination
		}
		if want := rules.Describe(pos).Ending; got != want {
			t.Errorf("%s: the command says %q, the API %q", fen, got, want)
		}
	}
}

func TestPositionCommandText(t *testing.T) {
	code, out, _ := runCLI(t, "", "position", "8/8/8/4k3/8/8/3q4/1N2K3", "w", "-", "-", "0", "1")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"Turn:     white\n",
		"Check:    yes\n",
		"Legal:    ",
		"e1d2 (Kxd2)",
		"Outcome:  none, the game goes on\n",
		"White can mate: no\n",
		"Black can mate: yes (helpmate: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

func TestPositionCommandErrors(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		contains string
	}{
		{"bad FEN", []string{"position", "8/8/8 w - - 0 1"}, exitFailure, "invalid FEN"},
		{"impossible position", []string{"position", "4k3/8/8/8/8/8/8/4K2r b - - 0 1"}, exitFailure, "position"},
		{"no FEN", []string{"position", "--json"}, exitUsage, "a FEN is needed"},
		{"zero nodes", []string{"position", "--nodes", "0", chess.StartingFEN}, exitUsage, "at least 1"},
		{"unknown flag", []string{"position", "--fast", chess.StartingFEN}, exitUsage, "flag provided but not defined"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || out != "" || !strings.Contains(errOut, tc.contains) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d, nothing, stderr with %q", code, out, errOut, tc.code, tc.contains)
			}
		})
	}
}
