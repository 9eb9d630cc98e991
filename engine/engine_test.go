package engine

import (
	"context"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

func mustFEN(t testing.TB, fen string) chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func uci(pos chess.Position, m chess.Move) string { return pos.UCI(m) }

// stepClock is a clock for Options.Now that moves on by step each time it
// is read. The search reads it every 1024 nodes, so a timed search on it
// stops after the same nodes on any machine, busy or not: a step of 1 ms
// is a machine of about a million nodes a second.
type stepClock struct {
	t     time.Time
	step  time.Duration
	reads int
}

func newStepClock(step time.Duration) *stepClock {
	return &stepClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), step: step}
}

func (c *stepClock) now() time.Time {
	c.reads++
	c.t = c.t.Add(c.step)
	return c.t
}

func TestTactics(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		depth int
		want  string // UCI of the best move
		mate  int    // expected Score.Mate, 0 for none
	}{
		{"mate in 1", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4, "d1d8", 1},
		{"mate in 2", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 6, "d5f6", 2},
		{"mate in 3", "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 8, "f8c5", 3},
		{"hanging queen", "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3", 6, "c1g5", 0},
		{"promotion", "8/5P1k/8/8/8/8/6K1/8 w - - 0 1", 6, "f7f8q", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustFEN(t, tc.fen)
			e := New(Options{HashMB: 4})
			r := e.Search(context.Background(), pos, nil, Limits{Depth: tc.depth}, nil)
			if !pos.IsLegal(r.BestMove) {
				t.Fatalf("illegal best move %v", r.BestMove)
			}
			if tc.want != "" && uci(pos, r.BestMove) != tc.want {
				t.Errorf("best move %s, want %s (score %v, pv %v)", uci(pos, r.BestMove), tc.want, r.Info.Score, r.Info.PV)
			}
			if tc.mate != 0 && r.Info.Score.Mate != tc.mate {
				t.Errorf("score %v, want mate %d", r.Info.Score, tc.mate)
			}
		})
	}
}

func TestMatedInOneScore(t *testing.T) {
	// White can only push the h-pawn, and then ...Qb2 is mate.
	pos := mustFEN(t, "8/8/8/8/8/1qk5/7P/K7 w - - 0 1")
	e := New(Options{HashMB: 4})
	r := e.Search(context.Background(), pos, nil, Limits{Depth: 4}, nil)
	if r.Info.Score.Mate != -1 {
		t.Errorf("score %v, want mate -1", r.Info.Score)
	}
}

func TestNoLegalMoves(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		cp        int
	}{
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0},
		{"checkmate", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", -scoreMate},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := New(Options{HashMB: 1})
			r := e.Search(context.Background(), mustFEN(t, tc.fen), nil, Limits{Depth: 3}, nil)
			if r.BestMove != chess.NullMove {
				t.Errorf("best move %v, want none", r.BestMove)
			}
			if r.Info.Score.CP != tc.cp || r.Info.Score.Mate != 0 {
				t.Errorf("score %+v, want cp %d", r.Info.Score, tc.cp)
			}
		})
	}
}

func TestDrawScores(t *testing.T) {
	t.Run("perpetual check", func(t *testing.T) {
		// White is a queen and rook down but checks forever: Qg5+ Kh8 Qf6+.
		pos := mustFEN(t, "r4rk1/pp3p1p/8/8/8/8/q2Q1PPP/6K1 w - - 0 1")
		e := New(Options{HashMB: 4})
		r := e.Search(context.Background(), pos, nil, Limits{Depth: 10}, nil)
		if uci(pos, r.BestMove) != "d2g5" || r.Info.Score.Mate != 0 || abs(r.Info.Score.CP) > 10 {
			t.Errorf("got %s %v, want d2g5 with a draw score", uci(pos, r.BestMove), r.Info.Score)
		}
	})
	t.Run("repetition in the game history", func(t *testing.T) {
		// The position after 1.Nf3 Nf6 2.Ng1 Ng8 is the start again; with
		// the start twice in the history, Nf3 ... Ng8 once more would be a
		// third repetition. White, a pawn up in this material-free
		// setting, must still see that returning is a draw: check that a
		// search with history scores the repetition line as 0.
		start := chess.StartingPosition()
		h := chess.NewHistory(start)
		var keys []uint64
		for _, san := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"} {
			p := h.Position()
			keys = append(keys, p.RepetitionKey())
			m, err := p.ParseSAN(san)
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		pos := h.Position() // black to move; ...Ng8 repeats the start a third time
		e := New(Options{HashMB: 4, MultiPV: 40})
		var infos []Info
		e.Search(context.Background(), pos, keys, Limits{Depth: 3}, func(i Info) {
			if i.Depth == 3 {
				infos = append(infos, i)
			}
		})
		found := false
		for _, i := range infos {
			if len(i.PV) > 0 && uci(pos, i.PV[0]) == "f6g8" {
				found = true
				if i.Score.CP != 0 || i.Score.Mate != 0 {
					t.Errorf("...Ng8 scores %v, want a draw (0)", i.Score)
				}
			}
		}
		if !found {
			t.Errorf("no line for f6g8 among %d", len(infos))
		}
	})
}

func TestFiftyMoveAndMaterialDraws(t *testing.T) {
	e := New(Options{HashMB: 1})
	// A rook up, but the fifty-move counter runs out on the next move.
	pos := mustFEN(t, "8/8/4k3/8/8/3K4/8/R7 w - - 99 120")
	r := e.Search(context.Background(), pos, nil, Limits{Depth: 5}, nil)
	if r.Info.Score.CP != 0 {
		t.Errorf("fifty moves: score %v, want 0", r.Info.Score)
	}
	// King and bishop against king: no mate possible.
	pos = mustFEN(t, "8/8/4k3/8/8/3KB3/8/8 w - - 0 1")
	r = e.Search(context.Background(), pos, nil, Limits{Depth: 5}, nil)
	if r.Info.Score.CP != 0 {
		t.Errorf("insufficient material: score %v, want 0", r.Info.Score)
	}
}

func TestDeterministicNodeLimit(t *testing.T) {
	fens := []string{chess.StartingFEN, benchFENs[1], benchFENs[3]}
	for _, fen := range fens {
		pos := mustFEN(t, fen)
		var got [3]Result
		e := New(Options{HashMB: 8})
		for i := range got {
			if i == 2 {
				e.NewGame() // after NewGame the engine must behave as new
			} else {
				e = New(Options{HashMB: 8})
			}
			got[i] = e.Search(context.Background(), pos, nil, Limits{Nodes: 30000}, nil)
		}
		for i := 1; i < len(got); i++ {
			if got[i].BestMove != got[0].BestMove || got[i].Info.Nodes != got[0].Info.Nodes ||
				got[i].Info.Score != got[0].Info.Score {
				t.Errorf("%s: run %d gave %v %d nodes %v, run 0 gave %v %d nodes %v", fen, i,
					got[i].BestMove, got[i].Info.Nodes, got[i].Info.Score,
					got[0].BestMove, got[0].Info.Nodes, got[0].Info.Score)
			}
		}
	}
}

func TestLimits(t *testing.T) {
	pos := mustFEN(t, benchFENs[1])
	t.Run("depth", func(t *testing.T) {
		e := New(Options{HashMB: 4})
		maxDepth := 0
		r := e.Search(context.Background(), pos, nil, Limits{Depth: 5}, func(i Info) { maxDepth = max(maxDepth, i.Depth) })
		if maxDepth != 5 || r.Info.Depth != 5 {
			t.Errorf("reported depth %d, result depth %d; want 5", maxDepth, r.Info.Depth)
		}
	})
	t.Run("nodes", func(t *testing.T) {
		e := New(Options{HashMB: 4})
		r := e.Search(context.Background(), pos, nil, Limits{Nodes: 5000}, nil)
		if e.nodes > 5001 || !pos.IsLegal(r.BestMove) {
			t.Errorf("searched %d nodes with a limit of 5000, move %v", e.nodes, r.BestMove)
		}
	})
	t.Run("context", func(t *testing.T) {
		// Cancelled once depth 4 is reported, an infinite search stops
		// within depth 5 and answers with depth 4's move.
		e := New(Options{HashMB: 4})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		r := e.Search(ctx, pos, nil, Limits{Infinite: true}, func(i Info) {
			if i.Depth == 4 {
				cancel()
			}
		})
		if r.Info.Depth != 4 || !pos.IsLegal(r.BestMove) {
			t.Errorf("cancelled after depth 4: depth %d, move %v", r.Info.Depth, r.BestMove)
		}
	})
	t.Run("cancelled before the start", func(t *testing.T) {
		e := New(Options{HashMB: 4})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r := e.Search(ctx, pos, nil, Limits{}, nil)
		if !pos.IsLegal(r.BestMove) {
			t.Errorf("illegal move %v", r.BestMove)
		}
	})
	t.Run("movetime", func(t *testing.T) {
		// 200 ms less 20 ms of overhead: the search stops at the first
		// reading of the clock at or past 180 ms.
		clock := newStepClock(time.Millisecond)
		e := New(Options{HashMB: 4, Now: clock.now})
		r := e.Search(context.Background(), pos, nil, Limits{MoveTime: 200 * time.Millisecond, MoveOverhead: 20 * time.Millisecond}, nil)
		if r.Info.Time < 180*time.Millisecond || r.Info.Time > 182*time.Millisecond {
			t.Errorf("movetime 200ms, overhead 20ms: stopped at %v on the clock", r.Info.Time)
		}
		if !pos.IsLegal(r.BestMove) {
			t.Errorf("illegal move %v", r.BestMove)
		}
	})
	t.Run("mate", func(t *testing.T) {
		e := New(Options{HashMB: 4})
		p := mustFEN(t, "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
		r := e.Search(context.Background(), p, nil, Limits{Mate: 2}, nil)
		if r.Info.Score.Mate != 2 {
			t.Errorf("go mate 2: score %v", r.Info.Score)
		}
	})
}

// TestClockDoesNotFlag plays a game against itself on a short clock with no
// increment and checks that no move takes longer than its clock allows. The
// clock is a stepClock, so each move's time is the engine's own doing and
// the same on any machine.
func TestClockDoesNotFlag(t *testing.T) {
	moves := 40
	if testing.Short() {
		moves = 16
	}
	clk := newStepClock(time.Millisecond)
	e := New(Options{HashMB: 4, Now: clk.now})
	h := chess.NewHistory(chess.StartingPosition())
	clock := [2]time.Duration{time.Second, time.Second}
	var keys []uint64
	for i := 0; i < moves && !h.Outcome(chess.AutomaticDraws).Over(); i++ {
		pos := h.Position()
		us := pos.Turn()
		start := clk.now()
		r := e.Search(context.Background(), pos, keys, Limits{WTime: clock[0], BTime: clock[1], MoveOverhead: 10 * time.Millisecond}, nil)
		used := clk.now().Sub(start)
		clock[us] -= used
		if clock[us] <= 0 {
			t.Fatalf("move %d: flagged (used %v)", i+1, used)
		}
		keys = append(keys, pos.RepetitionKey())
		if err := h.Play(r.BestMove); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
}

func TestMultiPV(t *testing.T) {
	pos := chess.StartingPosition()
	e := New(Options{HashMB: 4, MultiPV: 3})
	lines := map[int]Info{}
	e.Search(context.Background(), pos, nil, Limits{Depth: 6}, func(i Info) {
		if i.Depth == 6 {
			lines[i.MultiPV] = i
		}
	})
	if len(lines) != 3 {
		t.Fatalf("got %d lines at depth 6, want 3", len(lines))
	}
	seen := map[chess.Move]bool{}
	for k := 1; k <= 3; k++ {
		l := lines[k]
		if len(l.PV) == 0 || seen[l.PV[0]] {
			t.Fatalf("line %d: bad or repeated first move %v", k, l.PV)
		}
		seen[l.PV[0]] = true
		if k > 1 && l.Score.CP > lines[k-1].Score.CP {
			t.Errorf("line %d scores %v, more than line %d (%v)", k, l.Score, k-1, lines[k-1].Score)
		}
	}
}

func TestPVIsLegal(t *testing.T) {
	for _, fen := range benchFENs[:8] {
		pos := mustFEN(t, fen)
		e := New(Options{HashMB: 4})
		r := e.Search(context.Background(), pos, nil, Limits{Depth: 7}, nil)
		p := pos
		for i, m := range r.Info.PV {
			if err := p.Play(m); err != nil {
				t.Errorf("%s: PV move %d (%v) illegal: %v", fen, i, m, err)
				break
			}
		}
		if len(r.Info.PV) > 1 && r.PonderMove != r.Info.PV[1] {
			t.Errorf("%s: ponder move %v is not the PV's second move %v", fen, r.PonderMove, r.Info.PV[1])
		}
	}
}

func TestSearchAgain(t *testing.T) {
	// The same engine searches several positions of a game in a row.
	e := New(Options{HashMB: 4})
	h := chess.NewHistory(chess.StartingPosition())
	for i := 0; i < 10; i++ {
		pos := h.Position()
		r := e.Search(context.Background(), pos, nil, Limits{Depth: 5}, nil)
		if err := h.Play(r.BestMove); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
}
