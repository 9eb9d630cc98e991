package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestQuickRunWithoutStockfish(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"-reps", "1", "-depth-offset", "-2", "-skip", "stockfish"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, errOut.String())
	}
	for _, want := range []string{"| start | 4 | 197281 |", "| pos4 | 2 | 264 |", "notnil s / JoinPal s", "**total**"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "Stockfish") {
		t.Errorf("stockfish was skipped but appears:\n%s", out.String())
	}
}

func TestMismatchIsLoud(t *testing.T) {
	saved := positions
	defer func() { positions = saved }()
	positions = append([]position(nil), saved...)
	bad := positions[0]
	bad.known = append([]uint64(nil), bad.known...)
	bad.known[2] = 8903 // perft(3) of the start position is 8902
	positions[0] = bad

	var out, errOut bytes.Buffer
	code := run([]string{"-reps", "1", "-depth-offset", "-3", "-skip", "stockfish,notnil"}, &out, &errOut)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), "MISMATCH: joinpal perft(3) of start = 8902, want 8903") {
		t.Errorf("stderr lacks the mismatch:\n%s", errOut.String())
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-skip", "dragon"},
		{"-reps", "0"},
		{"-depth-offset", "5"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// fakeStockfish answers the UCI commands perftcompare sends, as Stockfish
// does, and prints a time line after the nodes as some versions might.
const fakeStockfish = `#!/bin/sh
while read -r line; do
	case "$line" in
	uci) echo "id name FakeFish 1"; echo "uciok" ;;
	isready) echo "readyok" ;;
	"go perft"*) echo "a2a3: 20"; echo "b2b3: 22"; echo; echo "Nodes searched: 42"; echo "info time 17 ms" ;;
	quit) exit 0 ;;
	esac
done
`

func TestStockfishUCI(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fakefish")
	if err := os.WriteFile(path, []byte(fakeStockfish), 0o755); err != nil {
		t.Fatal(err)
	}
	sf, err := startStockfish(path, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer sf.close()
	if sf.name != "FakeFish 1" {
		t.Errorf("name %q", sf.name)
	}
	for range 2 {
		r, err := sf.perft(positions[0].fen, 2)
		if err != nil {
			t.Fatal(err)
		}
		if r.nodes != 42 || r.wall <= 0 || !r.hasSelf || r.selfTime != 17*time.Millisecond {
			t.Errorf("got %+v", r)
		}
	}
}
