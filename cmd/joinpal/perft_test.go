package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   string // exact, or a prefix when prefix is set
		contains string // in stderr
	}{
		{"default depth is 5", []string{"perft"}, 0, "Nodes searched: 4865609\n", ""},
		{"depth", []string{"perft", "--depth", "3"}, 0, "Nodes searched: 8902\n", ""},
		{"fen as several words", []string{"perft", "--depth", "2", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8", "w", "-", "-", "0", "1"}, 0, "Nodes searched: 191\n", ""},
		{"bad fen", []string{"perft", "8/8/8 w - - 0 1"}, 1, "", "invalid FEN"},
		{"impossible position", []string{"perft", "4k3/8/8/8/8/8/8/4K2r b - - 0 1"}, 1, "", "position"},
		{"impossible check, as perft data has", []string{"perft", "--depth", "2", "3R4/8/q4k2/2B5/1NK5/3b4/8/8", "w", "-", "-"}, 0, "Nodes searched: 125\n", ""},
		{"zero depth", []string{"perft", "--depth", "0"}, 2, "", "at least 1"},
		{"unknown flag", []string{"perft", "--fast"}, 2, "", "flag provided but not defined"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || out != tc.stdout || !strings.Contains(errOut, tc.contains) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d, %q, stderr containing %q", code, out, errOut, tc.code, tc.stdout, tc.contains)
			}
		})
	}
}

// TestPerftDivide checks Stockfish's format: "move: nodes" lines, a blank
// line, then the total.
func TestPerftDivide(t *testing.T) {
	code, out, _ := runCLI(t, "", "perft", "--divide", "--depth", "2", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 4 || lines[len(lines)-1] != "" || lines[len(lines)-3] != "" {
		t.Fatalf("unexpected layout:\n%s", out)
	}
	var sum int
	seen := map[string]bool{}
	for _, l := range lines[:len(lines)-3] {
		var mv string
		var n int
		if _, err := fmtSscanf(l, &mv, &n); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		seen[mv] = true
		sum += n
	}
	if !seen["e1g1"] || !seen["e1c1"] {
		t.Errorf("castling not written as e1g1/e1c1:\n%s", out)
	}
	if want := "Nodes searched: " + itoa(sum); lines[len(lines)-2] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-2], want)
	}
	if sum != 568 {
		t.Errorf("total %d, want 568", sum)
	}
}

func TestUnknownCommand(t *testing.T) {
	code, _, errOut := runCLI(t, "", "fly")
	if code != 2 || !strings.Contains(errOut, `unknown command "fly"`) {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	code, out, _ := runCLI(t, "", "help")
	if code != 0 || !strings.Contains(out, "perft") {
		t.Fatalf("help: exit %d, %q", code, out)
	}
}
