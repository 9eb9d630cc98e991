package game_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/joinpal/joinpal/game"
)

func TestRatedIsKept(t *testing.T) {
	tc, err := game.ParseTimeControl("5+0")
	if err != nil {
		t.Fatal(err)
	}
	for _, rated := range []bool{false, true} {
		g, err := game.New(game.Config{ID: "g", White: game.Player{ID: "a"}, Black: game.Player{ID: "b"},
			TimeControl: tc, Rated: rated})
		if err != nil {
			t.Fatal(err)
		}
		rec := g.Record()
		if g.Rated() != rated || rec.Rated != rated {
			t.Errorf("Config.Rated %v: Game.Rated %v, Record.Rated %v", rated, g.Rated(), rec.Rated)
		}
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		var back game.Record
		if err := json.Unmarshal(data, &back); err != nil || back.Rated != rated {
			t.Errorf("Record.Rated %v after JSON: %v, %v", rated, back.Rated, err)
		}
		restored, err := game.Restore(rec, nil)
		if err != nil || restored.Rated() != rated {
			t.Errorf("Restore: Rated %v, %v; want %v", restored.Rated(), err, rated)
		}
	}
}

func TestSummarySideAndOpponent(t *testing.T) {
	s := game.Summary{White: game.Player{ID: "a", Name: "Ana"}, Black: game.Player{ID: "b", Name: "Bea"}}
	ai := game.Summary{White: game.Player{ID: "a", Name: "Ana"}, Black: game.Player{Name: "IA", AILevel: 2}}
	for _, tt := range []struct {
		s        game.Summary
		user     string
		side     game.Side
		opponent string
		ok       bool
	}{
		{s, "a", game.White, "Bea", true},
		{s, "b", game.Black, "Ana", true},
		{s, "c", game.White, "", false},
		{ai, "", game.White, "", false}, // the AI's empty id is nobody's
		{ai, "a", game.White, "IA", true},
	} {
		side, ok := tt.s.Side(tt.user)
		opp, ok2 := tt.s.Opponent(tt.user)
		if side != tt.side || ok != tt.ok || ok2 != tt.ok || opp.Name != tt.opponent {
			t.Errorf("Side/Opponent(%q) = %v %v, %q %v; want %v %v, %q", tt.user, side, ok, opp.Name, ok2, tt.side, tt.ok, tt.opponent)
		}
	}
}

func TestRatingChangeDiff(t *testing.T) {
	for _, tt := range []struct {
		before, after float64
		want          int
	}{
		{1500, 1662.31, 162},
		{1500, 1337.69, -162},
		{1500.4, 1500.6, 1}, // the rounded ratings differ, as shown
		{1500.6, 1500.9, 0},
		{1500, 1500, 0},
	} {
		if got := (game.RatingChange{Before: tt.before, After: tt.after}).Diff(); got != tt.want {
			t.Errorf("Diff(%v → %v) = %d, want %d", tt.before, tt.after, got, tt.want)
		}
	}
}

func TestClampListLimit(t *testing.T) {
	for in, want := range map[int]int{-3: 1, 0: 1, 1: 1, 50: 50, game.MaxListLimit: game.MaxListLimit, 1000: game.MaxListLimit} {
		if got := game.ClampListLimit(in); got != want {
			t.Errorf("ClampListLimit(%d) = %d, want %d", in, got, want)
		}
	}
}

// A history line as lichess shows it: the opponent and the rating change.
func ExampleSummary_Opponent() {
	s := game.Summary{
		White:   game.Player{ID: "u1", Name: "Ana"},
		Black:   game.Player{ID: "u2", Name: "Bea"},
		Rated:   true,
		Result:  game.WhiteWins,
		Ratings: [2]*game.RatingChange{{Speed: "blitz", Before: 1500, After: 1662.3}, {Speed: "blitz", Before: 1500, After: 1337.7}},
	}
	opp, _ := s.Opponent("u2")
	side, _ := s.Side("u2")
	fmt.Printf("vs %s, %s, %+d\n", opp.Name, s.Result, s.Ratings[side].Diff())
	// Output: vs Ana, 1-0, -162
}
