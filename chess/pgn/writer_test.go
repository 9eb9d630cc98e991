package pgn

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/joinpal/joinpal/chess"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// uciGame builds a Game from the standard start with moves in UCI.
func uciGame(t *testing.T, uci ...string) *Game {
	t.Helper()
	g := &Game{Start: chess.StartingPosition(), Result: "*"}
	pos := g.Start
	for _, u := range uci {
		m, err := pos.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, Move{Move: m})
		if err := pos.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func writeString(t *testing.T, g *Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, g); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

const defaultRoster = `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
`

func TestWriteTags(t *testing.T) {
	g := uciGame(t, "e2e4")
	g.Result = "1-0"
	g.Tags = Tags{{"ECO", "B00"}, {"White", "Tal, Mikhail"}, {"Annotator", `say "hi" \o/`},
		{"Event", "Riga\nopen"}, {"ECO", "dup"}, {"Date", "1960.01.01"}}
	want := `[Event "Riga open"]
[Site "?"]
[Date "1960.01.01"]
[Round "?"]
[White "Tal, Mikhail"]
[Black "?"]
[Result "1-0"]
[ECO "B00"]
[Annotator "say \"hi\" \\o/"]

1. e4 1-0

`
	if got := writeString(t, g); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	g.Tags.Set("Result", "*") // kept as given
	if got := writeString(t, g); !strings.Contains(got, "[Result \"*\"]\n") || !strings.HasSuffix(got, "1. e4 1-0\n\n") {
		t.Errorf("got\n%s", got)
	}
}

func TestWriteEmptyGame(t *testing.T) {
	g := &Game{Start: chess.StartingPosition()}
	want := defaultRoster + "[Result \"*\"]\n\n*\n\n"
	if got := writeString(t, g); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	g.Comments = []string{"nothing yet"}
	if got := writeString(t, g); !strings.HasSuffix(got, "\n\n{nothing yet} *\n\n") {
		t.Errorf("got\n%s", got)
	}
}

func TestWriteMovetext(t *testing.T) {
	tests := []struct {
		name string
		edit func(g *Game)
		want string
	}{
		{"plain", func(g *Game) {}, "1. e4 e5 2. Nf3 Nc6 *"},
		{"NAGs", func(g *Game) { g.Moves[0].NAGs = []int{1, 14} }, "1. e4 $1 $14 e5 2. Nf3 Nc6 *"},
		{"comment forces the number", func(g *Game) { g.Moves[0].Comments = []string{" best\n by test "} },
			"1. e4 {best by test} 1... e5 2. Nf3 Nc6 *"},
		{"empty comment dropped", func(g *Game) { g.Moves[0].Comments = []string{" "} }, "1. e4 e5 2. Nf3 Nc6 *"},
		{"clock", func(g *Game) {
			g.Moves[0].Clock, g.Moves[0].HasClock = 3*time.Minute, true
			g.Moves[1].Clock, g.Moves[1].HasClock = 179*time.Second+500*time.Millisecond, true
			g.Moves[1].Comments = []string{"fast", "really"}
		}, "1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:02:59.5] fast} {really} 2. Nf3 Nc6 *"},
		{"comment with a brace", func(g *Game) { g.Moves[1].Comments = []string{"a } b"} }, "1. e4 e5 ; a } b\n2. Nf3 Nc6 *"},
		{"game comment", func(g *Game) { g.Comments = []string{"Intro"} }, "{Intro} 1. e4 e5 2. Nf3 Nc6 *"},
		{"variation", func(g *Game) {
			black := uciGame(t, "e2e4", "c7c5", "b1c3")
			g.Moves[1].Variations = []Variation{{Comments: []string{"Sicilian"}, Moves: black.Moves[1:]}}
		}, "1. e4 e5 ({Sicilian} 1... c5 2. Nc3) 2. Nf3 Nc6 *"},
		{"variation ending in a line comment", func(g *Game) {
			v := uciGame(t, "d2d4")
			v.Moves[0].Comments = []string{"}"}
			g.Moves[0].Variations = []Variation{{Moves: v.Moves}, {}}
		}, "1. e4 (1. d4 ; }\n) 1... e5 2. Nf3 Nc6 *"},
		{"null move", func(g *Game) {
			g.Moves = g.Moves[:2]
			g.Moves = append(g.Moves, Move{Move: chess.NullMove}, Move{Move: mustUCI(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "g8f6")})
		}, "1. e4 e5 2. -- Nf6 *"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := uciGame(t, "e2e4", "e7e5", "g1f3", "b8c6")
			tt.edit(g)
			got := writeString(t, g)
			want := defaultRoster + "[Result \"*\"]\n\n" + tt.want + "\n\n"
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
			roundTrip(t, readOne(t, got))
		})
	}
}

func mustUCI(t *testing.T, fen, uci string) chess.Move {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseUCI(uci)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestWriteWraps(t *testing.T) {
	g := readOne(t, "1. e4 {"+strings.Repeat("word ", 40)+"%notAtLineStart [%csl Gd4] "+
		strings.Repeat("x", 100)+"} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "+
		"8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 *")
	out := roundTrip(t, g)
	movetext := out[strings.Index(out, "\n\n")+2:]
	for _, line := range strings.Split(movetext, "\n") {
		if utf8.RuneCountInString(line) > maxLineWidth && line != "{"+strings.Repeat("x", 100) && line != strings.Repeat("x", 100)+"}" {
			t.Errorf("line too long: %q", line)
		}
		if strings.HasPrefix(line, "%") || strings.HasPrefix(line, "[") {
			t.Errorf("line starts with an escape or a tag: %q", line)
		}
		if strings.HasSuffix(line, ".") {
			t.Errorf("move number parted from its move: %q", line)
		}
	}
}

func TestWriteStartPosition(t *testing.T) {
	lucena, err := chess.ParseFEN("1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{Start: lucena, Tags: Tags{{"Variant", "Chess960"}}}
	got := writeString(t, g)
	if !strings.Contains(got, "[SetUp \"1\"]\n[FEN \"1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1\"]\n") || strings.Contains(got, "Variant") {
		t.Errorf("got\n%s", got)
	}
	g = &Game{Start: chess.StartingPosition(), Tags: Tags{{"FEN", "garbage"}, {"SetUp", "0"}}}
	got = writeString(t, g)
	if !strings.Contains(got, "[FEN \""+chess.StartingFEN+"\"]\n[SetUp \"1\"]\n") {
		t.Errorf("got\n%s", got)
	}
	setup, err := chess.ParseSetup("1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	c960, err := setup.Position(chess.Chess960)
	if err != nil {
		t.Fatal(err)
	}
	g = &Game{Start: c960}
	got = writeString(t, g)
	if !strings.Contains(got, "[Variant \"Chess960\"]") {
		t.Errorf("got\n%s", got)
	}
	roundTrip(t, readOne(t, got))
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(g *Game)
		msg  string
		code string
	}{
		{"zero start", func(g *Game) { g.Start = chess.Position{} }, "pgn: bad start position: ", CodeWriteBadStart},
		{"illegal move", func(g *Game) { g.Moves[0], g.Moves[1] = g.Moves[1], g.Moves[0] }, "pgn: move 1: ", CodeWriteIllegalMove},
		{"null move in check", func(g *Game) {
			g.Start, _ = chess.ParseFEN("4k3/8/8/8/8/8/8/4K2r w - - 0 1")
			g.Moves = []Move{{Move: chess.NullMove}}
		}, "pgn: move 1: a null move while in check", CodeWriteIllegalMove},
		{"bad NAG", func(g *Game) { g.Moves[0].NAGs = []int{256} }, "pgn: bad NAG 256: want 0 to 255", CodeWriteBadNAG},
		{"bad result", func(g *Game) { g.Result = "2-0" }, `pgn: bad result "2-0": want 1-0, 0-1, 1/2-1/2 or *`, CodeWriteBadResult},
		{"bad tag name", func(g *Game) { g.Tags = Tags{{"Bad Name", "x"}} }, `pgn: bad tag name "Bad Name"`, CodeWriteBadTag},
		{"empty tag name", func(g *Game) { g.Tags = Tags{{"", "x"}} }, `pgn: bad tag name ""`, CodeWriteBadTag},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := uciGame(t, "e2e4", "e7e5")
			tt.edit(g)
			var b bytes.Buffer
			err := Write(&b, g)
			if err == nil || !strings.HasPrefix(err.Error(), tt.msg) {
				t.Errorf("got %v, want %s...", err, tt.msg)
			}
			if e, ok := errors.AsType[*Error](err); !ok || e.Code != tt.code {
				t.Errorf("%v: code %q, want %q", err, e.ErrorCode(), tt.code)
			} else {
				checkParams(t, e)
			}
			if b.Len() != 0 {
				t.Errorf("wrote %q before the error", b.String())
			}
		})
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteIOError(t *testing.T) {
	boom := errors.New("boom")
	err := Write(failWriter{boom}, uciGame(t, "e2e4"))
	if !errors.Is(err, boom) || err.Error() != "pgn: boom" {
		t.Errorf("got %v", err)
	}
}

// TestWriteGolden checks the normalized form of the sample files against
// testdata/golden; go test -update rewrites them.
func TestWriteGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.pgn")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if filepath.Base(file) == "broken.pgn" {
			continue
		}
		in, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		for _, g := range readGames(t, string(in)) {
			if err := Write(&b, g); err != nil {
				t.Fatal(err)
			}
		}
		golden := filepath.Join("testdata", "golden", filepath.Base(file))
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if b.String() != string(want) {
			t.Errorf("%s: got\n%s\nwant\n%s", file, b.String(), want)
		}
	}
}
