package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const pgnGood = `[Event "One"]
[Result "1-0"]

1. e4 e5 2. Nb1-c3 Nc6 3. Bc4 Bc5 4. Ng1f3 Nf6 5. 0-0 1-0
`

const pgnTwoGames = `[Event "Good"]
[White "A"]

1. e4 e5 2. Nf3 {[%clk 0:01:00]} (2. f4) 2... Nc6 *

[Event "Bad"]

1. e4 e5 2. Ke3 *

[Event "Also good"]

1. d4 0-1
`

const normalizedTwoGames = `[Event "Good"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "?"]
[Result "*"]

1. e4 e5 2. Nf3 {[%clk 0:01:00]} (2. f4) 2... Nc6 *

[Event "Also good"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]

1. d4 0-1

`

func runPGNTest(t *testing.T, stdin io.Reader, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = runPGN(args, stdin, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPGNCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(file, []byte(pgnTwoGames), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string // exact, unless "-" (not checked)
		stderr string // contained
	}{
		{"stdin", nil, pgnTwoGames, 1, normalizedTwoGames,
			"game 2, line 8, column 13: illegal move Ke3: "},
		{"file", []string{file}, "", 1, normalizedTwoGames, "game 2, line 8, column 13: illegal move Ke3: "},
		{"dash is stdin", []string{"-"}, pgnTwoGames, 1, normalizedTwoGames, "game 2"},
		{"all good", nil, pgnGood, 0, "-", ""},
		{"empty input", nil, "", 0, "", ""},
		{"skip variations", []string{"--skip-variations"}, pgnTwoGames, 1,
			strings.Replace(normalizedTwoGames, " (2. f4)", "", 1), "game 2"},
		{"syntax error", nil, "1. e4 ) e5 *\n\n[Event \"B\"]\n1. d4 *", 1, "-", "game 1, line 1, column 7: unexpected ')'"},
		{"missing file", []string{filepath.Join(dir, "nope.pgn")}, "", 2, "", "joinpal pgn: open "},
		{"two files", []string{file, file}, "", 2, "", "at most one argument"},
		{"unknown flag", []string{"--fast"}, "", 2, "", "flag provided but not defined"},
		{"help", []string{"-h"}, "", 0, "", "Usage: joinpal pgn"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runPGNTest(t, strings.NewReader(tc.stdin), tc.args...)
			if code != tc.code || (tc.stdout != "-" && out != tc.stdout) || !strings.Contains(errOut, tc.stderr) {
				t.Fatalf("exit %d, stdout:\n%s\nstderr %q\nwant exit %d, stdout:\n%s\nstderr containing %q",
					code, out, errOut, tc.code, tc.stdout, tc.stderr)
			}
			if tc.code == 0 && errOut != "" && tc.name != "help" {
				t.Errorf("stderr %q on success", errOut)
			}
		})
	}
}

func TestPGNCommandNormalizes(t *testing.T) {
	code, out, errOut := runPGNTest(t, strings.NewReader(pgnGood))
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "\n1. e4 e5 2. Nc3 Nc6 3. Bc4 Bc5 4. Nf3 Nf6 5. O-O 1-0\n") {
		t.Errorf("not normalized:\n%s", out)
	}
	// Its output is a fixed point.
	code, again, errOut := runPGNTest(t, strings.NewReader(out))
	if code != 0 || again != out || errOut != "" {
		t.Errorf("second pass: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, again, out)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestPGNCommandReadError(t *testing.T) {
	code, out, errOut := runPGNTest(t, failingReader{})
	if code != 1 || out != "" || !strings.Contains(errOut, "joinpal pgn: disk on fire") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestPGNCommandViaRun(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"pgn"}, strings.NewReader(pgnGood), &out, &errOut)
	if code != 0 || !strings.Contains(out.String(), "5. O-O 1-0") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}
