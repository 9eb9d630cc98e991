package analysis

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pgnExtract finds Debian's pgn-extract (in /usr/games), which make deps
// installs.
func pgnExtract(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract"
	}
	t.Skip("pgn-extract is not installed (make deps installs it)")
	return ""
}

// TestPGNExtractReadsTheAnnotatedPGN: an independent PGN program reads the
// annotated PGN without a complaint, replays the same moves, and keeps the
// [%eval] comments and the NAGs.
func TestPGNExtractReadsTheAnnotatedPGN(t *testing.T) {
	tool := pgnExtract(t)
	uci := scholarsMate
	text0, _ := annotatedPGN(t, uci)
	b := []byte(text0)
	file := filepath.Join(t.TempDir(), "annotated.pgn")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// -Wlalg writes the moves again in long algebraic notation, as read.
	out, err := exec.Command(tool, "--quiet", "-Wlalg", file).CombinedOutput()
	if err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	text := string(out)
	for _, bad := range []string{"Unknown", "Illegal", "rror", "Missing"} {
		if strings.Contains(text, bad) {
			t.Fatalf("pgn-extract complains (%q):\n%s\nof:\n%s", bad, text, text0)
		}
	}
	if !strings.Contains(text, "1 game matched out of 1") && !strings.Contains(text, "1-0") {
		t.Fatalf("pgn-extract read no game:\n%s", text)
	}
	fields := strings.Fields(strings.Join(commentless(text), " "))
	var got []string
	for _, f := range fields {
		f = strings.TrimRight(f, "#+")
		if len(f) >= 4 && f[0] >= 'a' && f[0] <= 'h' && f[1] >= '1' && f[1] <= '8' {
			got = append(got, f)
		}
	}
	if strings.Join(got, " ") != strings.Join(uci, " ") {
		t.Errorf("pgn-extract replayed %v, want %v", got, uci)
	}
	for _, want := range []string{"[%eval ", "$4", "Blunder."} {
		if !strings.Contains(text, want) {
			t.Errorf("pgn-extract's output lost %q:\n%s", want, text)
		}
	}
}

// commentless returns the lines of a PGN's movetext with its comments
// removed.
func commentless(text string) []string {
	var out []string
	depth := 0
	var cur strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[") && depth == 0 {
			continue
		}
		for _, c := range line {
			switch {
			case c == '{':
				depth++
			case c == '}':
				depth--
			case depth == 0:
				cur.WriteRune(c)
			}
		}
		out = append(out, cur.String())
		cur.Reset()
	}
	return out
}
