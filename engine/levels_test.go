package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

func TestLevelsTable(t *testing.T) {
	ls := Levels()
	if len(ls) != 8 {
		t.Fatalf("%d levels, want 8", len(ls))
	}
	for i, l := range ls {
		if l.Number != i+1 || l.NameCode() != "level."+strconv.Itoa(i+1) {
			t.Errorf("level %d: %+v, name code %q", i, l, l.NameCode())
		}
		got, ok := LevelByNumber(i + 1)
		if !ok || got.Number != i+1 {
			t.Errorf("LevelByNumber(%d) = %+v, %v", i+1, got, ok)
		}
	}
	if c := fullStrength.NameCode(); c != "level.0" {
		t.Errorf("full strength's name code is %q", c)
	}
	for _, n := range []int{0, 9, -1} {
		if _, ok := LevelByNumber(n); ok {
			t.Errorf("LevelByNumber(%d) found a level", n)
		}
	}
	if ls[0].Book || !ls[1].Book {
		t.Error("level 1 must not use the book; the levels above it must")
	}
	ls[0].Elo = -1
	if l, _ := LevelByNumber(1); l.Elo == -1 {
		t.Error("Levels returned the package's own slice")
	}
}

// TestLevelsPlayLegalMoves: every level plays a legal move with 300 ms a
// move, never deeper than its depth cap, and the two lowest levels answer
// on their depth cap long before the clock would stop them. The clock is a
// stepClock, so the figures are the same on a busy machine.
func TestLevelsPlayLegalMoves(t *testing.T) {
	fens := []string{chess.StartingFEN, benchFENs[1], benchFENs[4], benchFENs[25], benchFENs[33]}
	for _, l := range Levels() {
		if testing.Short() && l.Number >= 7 {
			continue
		}
		clock := newStepClock(time.Millisecond)
		e := New(Options{HashMB: 4, Level: l.Number, Rand: rand.New(rand.NewPCG(uint64(l.Number), 2)), Now: clock.now})
		for _, fen := range fens {
			pos := mustFEN(t, fen)
			r := e.Search(context.Background(), pos, nil, Limits{MoveTime: 300 * time.Millisecond}, nil)
			if !pos.IsLegal(r.BestMove) {
				t.Errorf("level %d, %s: illegal move %v", l.Number, fen, r.BestMove)
			}
			if l.Depth > 0 && r.Info.Depth > l.Depth {
				t.Errorf("level %d, %s: searched to depth %d, beyond its cap %d", l.Number, fen, r.Info.Depth, l.Depth)
			}
			if l.Number <= 2 && r.Info.Time > 30*time.Millisecond {
				t.Errorf("level %d, %s: %v on the clock (%d nodes) for a move; it stops at depth %d", l.Number, fen, r.Info.Time, r.Info.Nodes, l.Depth)
			}
		}
	}
}

func TestLevelOneIsOutOfBook(t *testing.T) {
	pos := chess.StartingPosition()
	e := New(Options{HashMB: 1, Level: 1})
	r := e.Search(context.Background(), pos, nil, Limits{}, nil)
	if r.Info.Nodes == 0 {
		t.Error("level 1 played from the book")
	}
	e = New(Options{HashMB: 1, Level: 2})
	r = e.Search(context.Background(), pos, nil, Limits{}, nil)
	if r.Info.Nodes != 0 {
		t.Error("level 2 did not play from the book")
	}
}

// TestWeakLevelsVary checks that the lower levels, given different random
// sources, do not always play the same move out of the book.
func TestWeakLevelsVary(t *testing.T) {
	pos := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	for _, n := range []int{1, 3} {
		seen := map[chess.Move]bool{}
		for seed := uint64(0); seed < 12; seed++ {
			e := New(Options{HashMB: 1, Level: n, Rand: rand.New(rand.NewPCG(seed, 3))})
			r := e.Search(context.Background(), pos, nil, Limits{}, nil)
			seen[r.BestMove] = true
		}
		if len(seen) < 2 {
			t.Errorf("level %d played the same move with 12 seeds", n)
		}
	}
}

// TestLevelOneTakesAHangingQueen: even the beginner sees a queen en prise.
func TestLevelOneTakesAHangingQueen(t *testing.T) {
	pos := mustFEN(t, "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3")
	for seed := uint64(0); seed < 10; seed++ {
		e := New(Options{HashMB: 1, Level: 1, Rand: rand.New(rand.NewPCG(seed, 4))})
		r := e.Search(context.Background(), pos, nil, Limits{}, nil)
		if pos.UCI(r.BestMove) != "c1g5" {
			t.Errorf("seed %d: level 1 played %s, not Bxg5", seed, pos.UCI(r.BestMove))
		}
	}
}

func TestNilRandIsDeterministic(t *testing.T) {
	pos := mustFEN(t, benchFENs[4])
	var first chess.Move
	for i := 0; i < 3; i++ {
		e := New(Options{HashMB: 1, Level: 3})
		r := e.Search(context.Background(), pos, nil, Limits{}, nil)
		if i == 0 {
			first = r.BestMove
		} else if r.BestMove != first {
			t.Fatalf("level 3 with nil Rand played %v, then %v", first, r.BestMove)
		}
	}
}

// TestLevelsEloIsMeasured keeps each level's Elo true to the last
// measurement: the table of docs/STRENGTH.md (written by make strength),
// rounded to 10, and rising with the level.
func TestLevelsEloIsMeasured(t *testing.T) {
	report, err := os.ReadFile("../docs/STRENGTH.md")
	if err != nil {
		t.Fatal(err)
	}
	// A row: "| 3 | Aficionado | Amateur | 1174 | 136 | 48 |".
	row := regexp.MustCompile(`(?m)^\| (\d) \| [^|]+ \| [^|]+ \| (-?\d+) \| \d+ \| \d+ \|$`)
	measured := map[int]int{}
	for _, m := range row.FindAllStringSubmatch(string(report), -1) {
		n, _ := strconv.Atoi(m[1])
		elo, _ := strconv.Atoi(m[2])
		measured[n] = elo
	}
	previous := 0
	for _, l := range Levels() {
		elo, ok := measured[l.Number]
		if !ok {
			t.Errorf("docs/STRENGTH.md has no row for level %d", l.Number)
			continue
		}
		if want := int(math.Round(float64(elo)/10) * 10); l.Elo != want {
			t.Errorf("level %d: Elo %d, docs/STRENGTH.md measured %d (want %d)", l.Number, l.Elo, elo, want)
		}
		if l.Elo <= previous {
			t.Errorf("level %d: Elo %d is not above level %d's %d", l.Number, l.Elo, l.Number-1, previous)
		}
		previous = l.Elo
	}
}
