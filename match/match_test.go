package match

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/chess/pgn"
)

func TestOpeningsAreLegalAndShort(t *testing.T) {
	openings := Openings()
	if len(openings) != 50 {
		t.Fatalf("%d openings, want 50", len(openings))
	}
	names := map[string]bool{}
	lines := map[string]bool{}
	for _, o := range openings {
		if n := len(o.Moves); n < 2 || n > 8 {
			t.Errorf("%s: %d plies", o.Name, n)
		}
		if names[o.Name] {
			t.Errorf("%s twice", o.Name)
		}
		names[o.Name] = true
		h := chess.NewHistory(o.Start)
		for _, m := range o.Moves {
			if err := h.Play(m); err != nil {
				t.Errorf("%s: %v", o.Name, err)
			}
		}
		end := h.Position()
		fen := end.FEN()
		if lines[fen] {
			t.Errorf("%s: same position as another opening", o.Name)
		}
		lines[fen] = true
	}
}

func TestParseOpening(t *testing.T) {
	tests := []struct {
		fen, moves string
		plies      int
		err        string
	}{
		{chess.StartingFEN, "e4 e5 Nf3", 3, ""},
		{chess.StartingFEN, "e2e4 e7e5 g1f3", 3, ""},
		{chess.StartingFEN, "e4 e4", 0, "move \"e4\""},
		{chess.StartingFEN, "f3 e5 g4 Qh4#", 0, "game is over"},
		{"8/8/8 w - -", "", 0, "invalid FEN"},
	}
	for _, tc := range tests {
		o, err := ParseOpening("x", tc.fen, tc.moves)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), "match: ") {
				t.Errorf("%q: error %v, want %q", tc.moves, err, tc.err)
			}
			continue
		}
		if err != nil || len(o.Moves) != tc.plies {
			t.Errorf("%q: %d plies, %v", tc.moves, len(o.Moves), err)
		}
	}
}

func TestScoreElo(t *testing.T) {
	tests := []struct {
		s            Score
		elo, margin  float64
		infiniteDiff bool
	}{
		{Score{50, 0, 50}, 0, 69.0, false},
		{Score{60, 20, 20}, 147.2, 66.0, false},
		{Score{20, 60, 20}, 0, 43.3, false},
		{Score{10, 0, 0}, math.Inf(1), 0, true},
		{Score{}, 0, math.Inf(1), false},
	}
	for _, tc := range tests {
		elo, margin := tc.s.Elo()
		if tc.infiniteDiff {
			if !math.IsInf(elo, 1) {
				t.Errorf("%v: elo %v, want +inf", tc.s, elo)
			}
			continue
		}
		if math.Abs(elo-tc.elo) > 0.1 || (math.IsInf(tc.margin, 1) != math.IsInf(margin, 1)) || (!math.IsInf(margin, 1) && math.Abs(margin-tc.margin) > 0.1) {
			t.Errorf("%v: %.2f ± %.2f, want %.1f ± %.1f", tc.s, elo, margin, tc.elo, tc.margin)
		}
	}
}

func TestSPRT(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, hi := sprt.Bounds()
	if math.Abs(lo+2.944) > 0.001 || math.Abs(hi-2.944) > 0.001 {
		t.Fatalf("bounds %v %v", lo, hi)
	}
	tests := []struct {
		s        Score
		llr      float64
		decision string
	}{
		{Score{}, 0, ""},
		{Score{100, 0, 100}, -0.083, ""},
		{Score{1200, 1600, 1000}, 7.26, "H1"},
		{Score{1000, 1600, 1200}, -12.72, "H0"},
		{Score{5, 0, 0}, 0, ""}, // no variance yet
	}
	for _, tc := range tests {
		llr := sprt.LLR(tc.s)
		if math.Abs(llr-tc.llr) > 0.05 || sprt.Decide(tc.s) != tc.decision {
			t.Errorf("%v: llr %.3f (%q), want %.3f (%q)", tc.s, llr, sprt.Decide(tc.s), tc.llr, tc.decision)
		}
	}
	for _, bad := range []SPRT{{0, 10, 0, 0.05}, {0, 10, 0.05, 1}, {10, 0, 0.05, 0.05}} {
		if bad.Check() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// readPGN reads back every game the match wrote.
func readPGN(t *testing.T, text string) []*pgn.Game {
	t.Helper()
	r := pgn.NewReader(strings.NewReader(text))
	var games []*pgn.Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("reading the PGN back: %v\n%s", err, text)
		}
		games = append(games, g)
	}
}

// TestMatchFaults: each fault loses. The clocks of the time losses are
// long enough for the good engine's instant replies on a busy machine; the
// slow engine waits out any clock.
func TestMatchFaults(t *testing.T) {
	tests := []struct {
		name        string
		a, b        Engine
		tc          TimeControl
		games       int
		score       Score
		faults      Faults // of b
		termination string
		comment     string
		restarts    int32 // of b after a crash or a time loss (the last game's is not needed)
	}{
		{"illegal moves lose", engineOf("good", nil, nil, random), engineOf("bad", nil, nil, illegal), TimeControl{Depth: 1}, 4, Score{4, 0, 0}, Faults{IllegalMoves: 4}, "rules infraction", "makes an illegal move: (none)", 0},
		{"crashes lose", engineOf("good", nil, nil, random), engineOf("dead", nil, nil, crashing), TimeControl{Depth: 1}, 2, Score{2, 0, 0}, Faults{Crashes: 2}, "abandoned", "engine failed: uci: engine exited", 1},
		{"time losses", engineOf("good", nil, nil, random), slowEngine("slow"), TimeControl{Base: 500 * time.Millisecond}, 2, Score{2, 0, 0}, Faults{TimeLosses: 2}, "time forfeit", "loses on time", 1},
		{"fixed time per move", engineOf("good", nil, nil, random), slowEngine("slow"), TimeControl{MoveTime: 200 * time.Millisecond, Margin: 100 * time.Millisecond}, 2, Score{2, 0, 0}, Faults{TimeLosses: 2}, "time forfeit", "loses on time (took", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var starts atomic.Int32
			b := tc.b
			inner := b.Start
			b.Start = func(ctx context.Context) (Player, error) { starts.Add(1); return inner(ctx) }
			var out bytes.Buffer
			sum, err := Run(context.Background(), Config{Engines: [2]Engine{tc.a, b}, Games: tc.games, TimeControl: tc.tc, PGN: &out, MaxMoves: 200})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Score != tc.score || sum.Faults[1] != tc.faults || sum.Faults[0] != (Faults{}) {
				t.Fatalf("score %v, faults %+v, want %v %+v", sum.Score, sum.Faults, tc.score, tc.faults)
			}
			if got := starts.Load() - 1; got != tc.restarts {
				t.Errorf("%d restarts, want %d", got, tc.restarts)
			}
			games := readPGN(t, out.String())
			if len(games) != tc.games {
				t.Fatalf("%d games in the PGN", len(games))
			}
			for _, g := range games {
				last := g.Moves[len(g.Moves)-1].Comments
				if g.Tags.Get("Termination") != tc.termination || !strings.Contains(strings.Join(last, " "), tc.comment) {
					t.Errorf("termination %q, comments %q", g.Tags.Get("Termination"), last)
				}
			}
		})
	}
}

// TestMatchRules plays whole games between scripted engines: every result
// must be the one the rules give, and the PGN must say so.
func TestMatchRules(t *testing.T) {
	var out, progress bytes.Buffer
	sum, err := Run(context.Background(), Config{
		Engines:     [2]Engine{engineOf("greedy", nil, nil, greedy), engineOf("random", nil, nil, random)},
		Games:       12,
		TimeControl: TimeControl{Base: time.Minute, Inc: time.Second},
		Concurrency: 2,
		PGN:         &out,
		Progress:    &progress,
		Event:       "Test",
		Now:         func() time.Time { return time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Score.Games() != 12 || sum.Score.Wins <= sum.Score.Losses {
		t.Fatalf("score %v: greedy should beat random", sum.Score)
	}
	games := readPGN(t, out.String())
	if len(games) != 12 {
		t.Fatalf("%d games in the PGN", len(games))
	}
	rounds := map[string]bool{}
	for _, g := range games {
		rounds[g.Tags.Get("Round")] = true
		h := chess.NewHistory(g.Start)
		for _, m := range g.Moves {
			if err := h.Play(m.Move); err != nil {
				t.Fatal(err)
			}
		}
		o := h.Outcome(chess.AutomaticDraws)
		if !o.Over() || o.Result() != g.Result || g.Tags.Get("Termination") != "normal" {
			t.Errorf("game %s: result %s, termination %s, but the rules say %v", g.Tags.Get("Round"), g.Result, g.Tags.Get("Termination"), o)
		}
		if g.Tags.Get("Date") != "2026.05.01" || g.Tags.Get("Event") != "Test" || g.Tags.Get("TimeControl") != "60+1" {
			t.Errorf("tags %v", g.Tags)
		}
		if !g.Moves[len(g.Moves)-1].HasClock || g.Moves[0].Comments[0] != "book" {
			t.Errorf("want book comments and clocks: %+v", g.Moves[0])
		}
	}
	if len(rounds) != 12 {
		t.Errorf("rounds %v", rounds)
	}
	if strings.Count(progress.String(), "Finished game") != 12 || !strings.Contains(progress.String(), "Elo difference") {
		t.Errorf("progress:\n%s", progress.String())
	}
	var rep bytes.Buffer
	sum.WriteReport(&rep, nil)
	if !strings.Contains(rep.String(), "Score of greedy vs random") {
		t.Errorf("report:\n%s", rep.String())
	}
}

func TestMatchColoursAndOpenings(t *testing.T) {
	var out bytes.Buffer
	_, err := Run(context.Background(), Config{
		Engines: [2]Engine{engineOf("a", nil, nil, random), engineOf("b", nil, nil, random)},
		Games:   6, TimeControl: TimeControl{Depth: 1}, MaxMoves: 5, PGN: &out,
	})
	if err != nil {
		t.Fatal(err)
	}
	games := readPGN(t, out.String())
	want := Openings()
	for i, g := range games {
		white, black := "a", "b"
		if i%2 == 1 {
			white, black = "b", "a"
		}
		if g.Tags.Get("White") != white || g.Tags.Get("Black") != black || g.Tags.Get("Opening") != want[i/2].Name {
			t.Errorf("game %d: %s vs %s, %s", i+1, g.Tags.Get("White"), g.Tags.Get("Black"), g.Tags.Get("Opening"))
		}
		if g.Result != "1/2-1/2" || g.Tags.Get("Termination") != "adjudication" || len(g.Moves) != len(want[i/2].Moves)+10 {
			t.Errorf("game %d: %s %s after %d plies", i+1, g.Result, g.Tags.Get("Termination"), len(g.Moves))
		}
	}
}

// TestMatchFIDE69 checks that a flag fall against a bare king is a draw.
func TestMatchFIDE69(t *testing.T) {
	o, err := ParseOpening("lone king", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), Config{
		Engines:     [2]Engine{slowEngine("slow"), engineOf("b", nil, nil, random)},
		Games:       1,
		Openings:    []Opening{o},
		TimeControl: TimeControl{Base: 10 * time.Millisecond},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Score != (Score{0, 1, 0}) || sum.Faults[0].TimeLosses != 1 {
		t.Fatalf("score %v faults %+v: white's flag fell but black cannot mate", sum.Score, sum.Faults)
	}
}

func TestMatchSPRTStops(t *testing.T) {
	sprt := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	sum, err := Run(context.Background(), Config{
		Engines:     [2]Engine{engineOf("greedy", nil, nil, greedy), engineOf("random", nil, nil, random)},
		Games:       400,
		TimeControl: TimeControl{Depth: 1},
		SPRT:        sprt,
		MaxMoves:    150,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.SPRT != "H1" || sum.Score.Games() >= 400 {
		t.Fatalf("SPRT %q after %d games (llr %.2f)", sum.SPRT, sum.Score.Games(), sum.LLR)
	}
}

func TestMatchErrors(t *testing.T) {
	good := engineOf("good", nil, nil, random)
	broken := Engine{Name: "broken", Start: func(context.Context) (Player, error) { return nil, errors.New("no such file") }}
	if _, err := Run(context.Background(), Config{Engines: [2]Engine{good, broken}, Games: 2, TimeControl: TimeControl{Depth: 1}}); err == nil || !strings.Contains(err.Error(), "starting broken") {
		t.Errorf("engine that does not start: %v", err)
	}
	if _, err := Run(context.Background(), Config{Engines: [2]Engine{good, good}, Games: 0}); err == nil {
		t.Error("no games accepted")
	}
	if _, err := Run(context.Background(), Config{Engines: [2]Engine{good, {}}, Games: 2}); err == nil {
		t.Error("missing engine accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Engines: [2]Engine{good, good}, Games: 2, TimeControl: TimeControl{Depth: 1}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled match: %v", err)
	}
}
