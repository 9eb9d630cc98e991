package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStrengthCommand plays a tiny schedule (levels 2 and 3, two games a
// pairing, fast clocks) and checks the report and plot it writes.
func TestStrengthCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games against Stockfish")
	}
	if findEngine("stockfish") == "stockfish" {
		if _, err := os.Stat("/usr/games/stockfish"); err != nil {
			t.Fatal("stockfish is not installed: make test installs it (make deps)")
		}
	}
	dir := t.TempDir()
	out, svg := filepath.Join(dir, "STRENGTH.md"), filepath.Join(dir, "strength.svg")
	code, stdout, stderr := runCLI(t, "", "strength", "--levels", "2-3", "--anchors", "3=1350", "--games", "2",
		"--tc", "2+0.02", "--speed=false", "--out", out, "--svg", svg)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "level 2") || !strings.Contains(stdout, "level 3") {
		t.Fatalf("stdout:\n%s", stdout)
	}
	md, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| 2 | Fácil | Easy |", "| 3 | Aficionado |", "| L3 – SF1350 | 2 |", "| L3 – L2 | 2 |", "![level against Elo](strength.svg)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(b), "<svg") {
		t.Fatalf("plot: %v", err)
	}
}

func TestStrengthFlags(t *testing.T) {
	for _, args := range [][]string{
		{"strength", "--games", "3"},
		{"strength", "--anchors", "9=1500"},
		{"strength", "--anchors", "3=1000"},
		{"strength", "--levels", "5-2"},
	} {
		if code, _, _ := runCLI(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
