package rating

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

func TestIsRatedEnd(t *testing.T) {
	tc, _ := game.ParseTimeControl("5+3")
	person := func(id string) game.Player { return game.Player{ID: id, Name: id} }
	base := Stored{White: person("a"), Black: person("b"), TimeControl: tc, Rated: true, Status: game.StatusStarted}
	ended := game.State{Status: game.StatusEnded, Result: game.WhiteWins, Termination: game.Resignation}
	tests := []struct {
		name string
		edit func(g *Stored, st *game.State)
		want bool
	}{
		{"a rated win", func(*Stored, *game.State) {}, true},
		{"a rated draw", func(_ *Stored, st *game.State) { st.Result = game.Drawn }, true},
		{"a rated loss by white", func(_ *Stored, st *game.State) { st.Result = game.BlackWins }, true},
		{"ended from created", func(g *Stored, _ *game.State) { g.Status = game.StatusCreated }, true},
		// A first move not made, in a game made with NoStartLoses (an
		// arena's), is rated as lila rates a tournament game of fewer than
		// two plies.
		{"a first move not made", func(g *Stored, st *game.State) {
			g.Status, st.Termination, st.Result = game.StatusCreated, game.NoStart, game.BlackWins
		}, true},
		{"casual", func(g *Stored, _ *game.State) { g.Rated = false }, false},
		{"already ended", func(g *Stored, _ *game.State) { g.Status = game.StatusEnded }, false},
		{"not an end", func(_ *Stored, st *game.State) { st.Status = game.StatusStarted }, false},
		{"aborted", func(_ *Stored, st *game.State) { st.Status, st.Result = game.StatusAborted, game.NoResult }, false},
		{"both lose", func(_ *Stored, st *game.State) { st.Result = game.BothLose }, false},
		{"no result", func(_ *Stored, st *game.State) { st.Result = game.NoResult }, false},
		{"against the AI", func(g *Stored, _ *game.State) { g.Black = game.Player{Name: "IA", AILevel: 3} }, false},
		{"a player without id", func(g *Stored, _ *game.State) { g.White.ID = "" }, false},
		{"against oneself", func(g *Stored, _ *game.State) { g.Black = g.White }, false},
	}
	for _, tt := range tests {
		g, st := base, ended
		tt.edit(&g, &st)
		if got := IsRatedEnd(g, st); got != tt.want {
			t.Errorf("%s: IsRatedEnd = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestAfterGameIsGame(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	w, b := New(), New()
	w.Value = 1700
	for _, tt := range []struct {
		res   game.Result
		score Result
	}{{game.WhiteWins, Win}, {game.BlackWins, Loss}, {game.Drawn, Draw}} {
		gotW, gotB, err := AfterGame(w, b, tt.res, at)
		wantW, wantB, _ := Game(w, b, tt.score, at)
		if err != nil || gotW != wantW || gotB != wantB {
			t.Errorf("AfterGame(%v) = %+v, %+v, %v; want Game's %+v, %+v", tt.res, gotW, gotB, err, wantW, wantB)
		}
	}
}

func TestGameSpeed(t *testing.T) {
	for text, want := range map[string]Speed{
		// base + 40 × increment: 2:40, 3:00, 7:00, 8:00, 21:40, 25:00
		"2+1": Bullet, "3+0": Blitz, "5+3": Blitz, "8+0": Rapid,
		"15+10": Rapid, "25+0": Classical,
		// 40 × the allowance: 3:20, 20:00, 40:00
		"move:5s": Blitz, "move:30s": Rapid, "move:1m": Classical,
		// days per move: correspondence, whatever the days
		"days:1": Correspondence, "days:3": Correspondence, "days:14": Correspondence,
	} {
		tc, err := game.ParseTimeControl(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := GameSpeed(tc); got != want {
			t.Errorf("GameSpeed(%s) = %s, want %s", text, got, want)
		}
	}
}
