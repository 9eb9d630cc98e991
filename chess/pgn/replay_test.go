package pgn

import (
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

func sans(ms []Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.SAN)
	}
	return strings.Join(s, " ")
}

func TestReplayNormalizesSAN(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0", "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 O-O"},
		{"1. Nb1-c3 d7-d5 2. e2-e4 d5xe4", "Nc3 d5 e4 dxe4"},
		{"1. f3 e5 2. g4 Qh4", "f3 e5 g4 Qh4#"},
		{"1. e4 f5 2. Qh5 g6", "e4 f5 Qh5+ g6"},
		{"1. e4+ e5", "e4 e5"},
		{"1. e4 e5 2. Nc3 Nc6 3. Nc3-e2 Nf6 4. Ng1f3", "e4 e5 Nc3 Nc6 Nce2 Nf6 Nf3"},
	}
	for _, tt := range tests {
		g := readOne(t, tt.in+" *")
		if got := sans(g.Moves); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestReplayPromotion(t *testing.T) {
	g := readOne(t, `[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"] 1. a8Q Kg6 *`)
	if g.Moves[0].SAN != "a8=Q" || g.Moves[0].Move.String() != "a7a8q" {
		t.Errorf("got %s (%s), want a8=Q (a7a8q)", g.Moves[0].SAN, g.Moves[0].Move)
	}
}

func TestReplayTree(t *testing.T) {
	g := readOne(t, `{Game} 1. e4 {best by test} $1 (1. d4 {or} d5 (1... Nf6 2. c4) 2. c4) 1... e5 `+
		`(1... c5 2. Nf3 (2. c3 d5)) 2. Nf3 {[%clk 0:01:02.5] develops} Nc6 {[%clk 0:01:00]} 1-0`)
	if !reflect.DeepEqual(g.Comments, []string{"Game"}) || g.Result != "1-0" {
		t.Errorf("comments %q, result %q", g.Comments, g.Result)
	}
	want := "e4(e2e4) $1 {best by test} (d4(d2d4) {or} d5(d7d5) (Nf6(g8f6) c4(c2c4) ) c4(c2c4) ) " +
		"e5(e7e5) (c5(c7c5) Nf3(g1f3) (c3(c2c3) d5(d7d5) ) ) " +
		"Nf3(g1f3)[clk 1m2.5s] {develops} Nc6(b8c6)[clk 1m0s] "
	if got := dumpMoves(g.Moves); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestReplayStartPosition(t *testing.T) {
	g := readOne(t, `[SetUp "1"] [FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"] 2... Nc6 *`)
	if g.Start.Turn() != chess.Black || g.Start.FullmoveNumber() != 2 || g.Moves[0].SAN != "Nc6" {
		t.Errorf("start %s, moves %s", g.Start.FEN(), sans(g.Moves))
	}
	g = readOne(t, `[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"] 1. e4 *`)
	if g.Start.FEN() != chess.StartingFEN {
		t.Errorf("four-field FEN: start %s", g.Start.FEN())
	}
	g = readOne(t, `[FEN ""] 1. e4 *`)
	if g.Start.FEN() != chess.StartingFEN {
		t.Errorf("empty FEN: start %s", g.Start.FEN())
	}
	g = readOne(t, `[Variant "Chess960"] [FEN "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R w KQkq - 0 1"] 1. O-O-O O-O *`)
	if !g.Start.Chess960() || sans(g.Moves) != "O-O-O O-O" {
		t.Errorf("Chess960: start %s 960=%v, moves %s", g.Start.FEN(), g.Start.Chess960(), sans(g.Moves))
	}
	g = readOne(t, `[Variant "From Position"] [FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"] 1. Kd2 *`)
	if g.Start.Chess960() || sans(g.Moves) != "Kd2" {
		t.Errorf("From Position: %s", sans(g.Moves))
	}
}

func TestReplayResult(t *testing.T) {
	tests := []struct{ in, want string }{
		{`[Result "1-0"] 1. e4 0-1`, "0-1"},
		{"[Result \"1-0\"]\n1. e4", "1-0"},
		{"[Result \"?\"]\n1. e4", "*"},
		{"1. e4", "*"},
		{"1. e4 1/2-1/2", "1/2-1/2"},
	}
	for _, tt := range tests {
		if g := readOne(t, tt.in); g.Result != tt.want {
			t.Errorf("%q: result %q, want %q", tt.in, g.Result, tt.want)
		}
	}
}

func TestReplayNullMove(t *testing.T) {
	g := readOne(t, "1. e4 -- 2. d4 Z0 3. c4 0000 *")
	if sans(g.Moves) != "e4 -- d4 -- c4 --" || g.Moves[1].Move != chess.NullMove {
		t.Errorf("got %s", dumpMoves(g.Moves))
	}
}

func TestReplayErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
		code, msg string
		is        error
	}{
		{"illegal", "1. e4 e5 2. Ke3 *", 1, 13, CodeIllegalMove, "illegal move Ke3: ", chess.ErrIllegalMove},
		{"not a move", "1. e4 Event *", 1, 7, CodeIllegalMove, "illegal move Event: ", nil},
		{"after mate", "1. f3 e5 2. g4 Qh4# 3. a3 *", 1, 24, CodeIllegalMove, "illegal move a3: ", chess.ErrIllegalMove},
		{"in a variation", "1. e4 e5 (1... e4) *", 1, 16, CodeIllegalMove, "illegal move e4: ", chess.ErrIllegalMove},
		{"variation from the wrong position", "1. e4 e5 2. Nf3 (2... Nc6) *", 1, 23, CodeIllegalMove, "illegal move Nc6: ", chess.ErrIllegalMove},
		{"ambiguous", "[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *", 2, 4, CodeAmbiguousMove, "ambiguous move Nd2: ", chess.ErrAmbiguousMove},
		{"null move in check", "1. e4 f5 2. Qh5+ -- *", 1, 18, CodeIllegalMove, "illegal move --: a null move while in check", nil},
		{"bad FEN", "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *", 2, 6, CodeBadFEN, `bad FEN "8/8/8/8/8/8/8/8 w - - 0 1": `, chess.ErrInvalidPosition},
		{"malformed FEN", "[FEN \"rnbqkbnr w\"] *", 1, 6, CodeBadFEN, `bad FEN "rnbqkbnr w": `, chess.ErrInvalidFEN},
		{"variant", "[Event \"x\"]\n[Variant \"Crazyhouse\"]\n1. e4 *", 2, 10, CodeUnsupportedVariant, `unsupported variant "Crazyhouse"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			_, err := r.Next()
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want *Error", err)
			}
			if e.Game != 1 || e.Line != tt.line || e.Column != tt.col || e.Code != tt.code || !strings.HasPrefix(e.Err.Error(), tt.msg) {
				t.Errorf("got game %d, %d:%d %s %q; want game 1, %d:%d %s %q...",
					e.Game, e.Line, e.Column, e.Code, e.Err, tt.line, tt.col, tt.code, tt.msg)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("%v is not %v", err, tt.is)
			}
			checkParams(t, e)
			if strings.Contains(err.Error(), "chess: ") {
				t.Errorf("message repeats the chess prefix: %v", err)
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("then %v, want io.EOF", err)
			}
		})
	}
}

func TestReadBrokenFile(t *testing.T) {
	f, err := os.Open("testdata/broken.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got []string
	r := NewReader(f)
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var e *Error
		switch {
		case errors.As(err, &e):
			got = append(got, e.Code+" "+strings.TrimPrefix(strings.SplitN(e.Error(), ": ", 3)[1], "pgn: "))
		case err != nil:
			t.Fatal(err)
		default:
			got = append(got, "ok "+g.Tags.Get("Event"))
		}
	}
	want := []string{
		"ok good 1",
		"pgn.illegal_move game 2, line 7, column 13",
		"pgn.syntax game 3, line 11, column 7",
		"ok good 2",
		"pgn.syntax game 5, line 18, column 8",
		"pgn.ambiguous_move game 6, line 25, column 4",
		"pgn.bad_fen game 7, line 28, column 6",
		"pgn.syntax game 8, line 34, column 7",
		"ok good 3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestReadSampleFiles(t *testing.T) {
	counts := map[string]int{"annotated.pgn": 1, "fen.pgn": 4, "fischer-spassky.pgn": 1, "lichess.pgn": 2}
	for name, n := range counts {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		games := readGames(t, string(b))
		if len(games) != n {
			t.Errorf("%s: %d games, want %d", name, len(games), n)
		}
		for _, g := range games {
			roundTrip(t, g)
		}
	}
}

func TestReadLichessClocks(t *testing.T) {
	b, err := os.ReadFile("testdata/lichess.pgn")
	if err != nil {
		t.Fatal(err)
	}
	g := readGames(t, string(b))[0]
	want := []time.Duration{180 * time.Second, 180 * time.Second, 178 * time.Second,
		179500 * time.Millisecond, 175 * time.Second, 170 * time.Second, 174200 * time.Millisecond}
	for i, m := range g.Moves {
		if !m.HasClock || m.Clock != want[i] {
			t.Errorf("move %d %s: clock %v (%v), want %v", i, m.SAN, m.Clock, m.HasClock, want[i])
		}
	}
	if c := g.Moves[0].Comments; !reflect.DeepEqual(c, []string{"[%eval 0.36]"}) {
		t.Errorf("comments of e4: %q", c)
	}
	if m := g.Moves[5]; m.SAN != "Nf6" || !reflect.DeepEqual(m.NAGs, []int{4}) ||
		!reflect.DeepEqual(m.Comments, []string{"Mistake. Qxf7# was possible."}) {
		t.Errorf("move 3... Nf6: %s", dumpMoves([]Move{m}))
	}
}

func TestReadSkipVariations(t *testing.T) {
	r := NewReader(strings.NewReader("1. e4 (1. d4 (1. c4)) e5 (1... Zz9) 2. Nf3 *"))
	r.SkipVariations = true
	g, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if got := dumpMoves(g.Moves); got != "e4(e2e4) e5(e7e5) Nf3(g1f3) " {
		t.Errorf("got %s", got)
	}
}
