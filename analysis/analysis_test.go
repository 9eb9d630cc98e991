package analysis

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/chess/pgn"
)

func TestWinningChances(t *testing.T) {
	tests := []struct {
		cp   int
		want float64
	}{
		{0, 0},
		{100, 0.1820},
		{-100, -0.1820},
		{1000, 0.9509},
		{5000, 0.9509}, // capped at 1000
		{-5000, -0.9509},
	}
	for _, tt := range tests {
		if got := WinningChances(tt.cp); math.Abs(got-tt.want) > 0.0005 {
			t.Errorf("WinningChances(%d) = %.4f, want %.4f", tt.cp, got, tt.want)
		}
	}
}

func TestJudge(t *testing.T) {
	tests := []struct {
		before, after float64
		want          Judgement
	}{
		{0.5, 0.45, Good},
		{0.5, 0.4, Inaccuracy},
		{0.5, 0.3, Mistake},
		{0.5, 0.2, Blunder},
		{-0.2, 0.5, Good}, // an improvement
	}
	for _, tt := range tests {
		if got := Judge(tt.before, tt.after); got != tt.want {
			t.Errorf("Judge(%v, %v) = %q, want %q", tt.before, tt.after, got, tt.want)
		}
	}
	for j, nag := range map[Judgement]int{Good: 0, Inaccuracy: 6, Mistake: 2, Blunder: 4} {
		if j.NAG() != nag {
			t.Errorf("%q.NAG() = %d, want %d", j, j.NAG(), nag)
		}
	}
}

func TestMoveAccuracy(t *testing.T) {
	tests := []struct {
		before, after, want float64
	}{
		{50, 50, 100},
		{50, 60, 100},
		{50, 40, 64.6},
		{90, 10, 1}, // the floor is the one point of allowance
	}
	for _, tt := range tests {
		if got := MoveAccuracy(tt.before, tt.after); math.Abs(got-tt.want) > 0.1 {
			t.Errorf("MoveAccuracy(%v, %v) = %.2f, want %.1f", tt.before, tt.after, got, tt.want)
		}
	}
}

func TestEvalPGN(t *testing.T) {
	tests := []struct {
		e    Eval
		want string
	}{
		{Eval{CP: 35}, "0.35"},
		{Eval{CP: -120}, "-1.20"},
		{Eval{Mate: 3, CP: 31994}, "#3"},
		{Eval{Mate: -2}, "#-2"},
	}
	for _, tt := range tests {
		if got := tt.e.PGN(); got != tt.want {
			t.Errorf("%+v.PGN() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

func TestGameAccuracyPerfect(t *testing.T) {
	w, b := GameAccuracy([]float64{50, 50, 50, 50, 50}, true)
	if w != 100 || b != 100 {
		t.Fatalf("accuracies of a game without loss = %.1f, %.1f; want 100, 100", w, b)
	}
	w, b = GameAccuracy([]float64{50, 50, 90, 90, 90}, true)
	if w != 100 || b >= 50 {
		t.Fatalf("black's blunder: accuracies %.1f, %.1f; want 100 for white and under 50 for black", w, b)
	}
}

// playUCI plays moves from the standard start.
func playUCI(t *testing.T, moves ...string) []chess.Move {
	t.Helper()
	pos := chess.StartingPosition()
	out := make([]chess.Move, len(moves))
	for i, text := range moves {
		m, err := pos.ParseUCI(text)
		if err != nil {
			t.Fatalf("move %d %s: %v", i, text, err)
		}
		if err := pos.Play(m); err != nil {
			t.Fatalf("move %d %s: %v", i, text, err)
		}
		out[i] = m
	}
	return out
}

func TestAnalyseFindsTheBlunder(t *testing.T) {
	// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: Black's third move allows
	// mate in one.
	moves := playUCI(t, "e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7")
	var calls []int
	r, err := Analyse(context.Background(), NewBuiltin(20_000), chess.StartingPosition(), moves, func(done, total int) {
		calls = append(calls, done)
		if total != len(moves)+1 {
			t.Errorf("progress total %d, want %d", total, len(moves)+1)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != len(moves)+1 || calls[len(calls)-1] != len(moves)+1 {
		t.Errorf("progress calls %v, want 1 to %d", calls, len(moves)+1)
	}
	if len(r.Plies) != len(moves) {
		t.Fatalf("%d plies analysed, want %d", len(r.Plies), len(moves))
	}
	nf6 := r.Plies[5]
	if nf6.SAN != "Nf6" || nf6.Judgement != Blunder {
		t.Errorf("ply 6 = %s judged %q, want Nf6 judged a blunder", nf6.SAN, nf6.Judgement)
	}
	if nf6.Best == "" || nf6.Best == "g8f6" || len(nf6.Line) == 0 {
		t.Errorf("ply 6: best %q line %v, want another move with its line", nf6.Best, nf6.Line)
	}
	mate := r.Plies[6]
	if mate.SAN != "Qxf7#" || mate.Ended != chess.EndCheckmate || mate.Eval != nil || mate.Judgement != Good {
		t.Errorf("ply 7 = %+v, want Qxf7# ending the game by checkmate, no eval, no judgement", mate)
	}
	if r.Black.Blunders != 1 || r.White.Blunders != 0 {
		t.Errorf("blunders: white %d black %d, want 0 and 1", r.White.Blunders, r.Black.Blunders)
	}
	if r.Black.Accuracy >= r.White.Accuracy {
		t.Errorf("accuracy: white %.1f, black %.1f; want black's lower", r.White.Accuracy, r.Black.Accuracy)
	}
	if r.Black.ACPL <= r.White.ACPL {
		t.Errorf("ACPL: white %d, black %d; want black's higher", r.White.ACPL, r.Black.ACPL)
	}
}

func TestAnalyseStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Analyse(ctx, NewBuiltin(1000), chess.StartingPosition(), playUCI(t, "e2e4"), nil)
	if err == nil {
		t.Fatal("Analyse with a cancelled context returned no error")
	}
}

// scholarsMate is 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#, as UCI.
var scholarsMate = []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}

// annotatedPGN analyses the game of uci moves from the start and returns
// its PGN, annotated, with its moves.
func annotatedPGN(t *testing.T, uci []string) (string, []chess.Move) {
	t.Helper()
	moves := playUCI(t, uci...)
	r, err := Analyse(context.Background(), NewBuiltin(20_000), chess.StartingPosition(), moves, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := &pgn.Game{Start: chess.StartingPosition(), Result: "1-0"}
	pos := chess.StartingPosition()
	for _, m := range moves {
		g.Moves = append(g.Moves, pgn.Move{Move: m, SAN: pos.SAN(m)})
		_ = pos.Play(m)
	}
	Annotate(g, r)
	var b strings.Builder
	if err := pgn.Write(&b, g); err != nil {
		t.Fatal(err)
	}
	return b.String(), moves
}

func TestAnnotate(t *testing.T) {
	text, moves := annotatedPGN(t, scholarsMate)
	for _, want := range []string{"[%eval ", "Nf6 $4 {", "Blunder.", "was best.", "Qxf7#"} {
		if !strings.Contains(text, want) {
			t.Errorf("the annotated PGN lacks %q:\n%s", want, text)
		}
	}
	back, err := pgn.NewReader(strings.NewReader(text)).Next()
	if err != nil || len(back.Moves) != len(moves) {
		t.Fatalf("the annotated PGN does not read back: %v", err)
	}
	if nags := back.Moves[5].NAGs; len(nags) != 1 || nags[0] != 4 {
		t.Errorf("Nf6's NAGs read back as %v, want [4]", nags)
	}
}
