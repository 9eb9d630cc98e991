package rated

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

func TestChanges(t *testing.T) {
	tc, _ := game.ParseTimeControl("5+3")
	person := func(id string) game.Player { return game.Player{ID: id, Name: id} }
	base := Game{White: person("a"), Black: person("b"), TimeControl: tc, Rated: true, Status: game.StatusStarted}
	ended := game.State{Status: game.StatusEnded, Result: game.WhiteWins, Termination: game.Resignation}
	tests := []struct {
		name string
		edit func(g *Game, st *game.State)
		want bool
	}{
		{"a rated win", func(*Game, *game.State) {}, true},
		{"a rated draw", func(_ *Game, st *game.State) { st.Result = game.Drawn }, true},
		{"a rated loss by white", func(_ *Game, st *game.State) { st.Result = game.BlackWins }, true},
		{"ended from created", func(g *Game, _ *game.State) { g.Status = game.StatusCreated }, true},
		{"casual", func(g *Game, _ *game.State) { g.Rated = false }, false},
		{"already ended", func(g *Game, _ *game.State) { g.Status = game.StatusEnded }, false},
		{"not an end", func(_ *Game, st *game.State) { st.Status = game.StatusStarted }, false},
		{"aborted", func(_ *Game, st *game.State) { st.Status, st.Result = game.StatusAborted, game.NoResult }, false},
		{"both lose", func(_ *Game, st *game.State) { st.Result = game.BothLose }, false},
		{"no result", func(_ *Game, st *game.State) { st.Result = game.NoResult }, false},
		{"against the AI", func(g *Game, _ *game.State) { g.Black = game.Player{Name: "IA", AILevel: 3} }, false},
		{"a player without id", func(g *Game, _ *game.State) { g.White.ID = "" }, false},
		{"against oneself", func(g *Game, _ *game.State) { g.Black = g.White }, false},
	}
	for _, tt := range tests {
		g, st := base, ended
		tt.edit(&g, &st)
		if got := Changes(g, st); got != tt.want {
			t.Errorf("%s: Changes = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestUpdateIsRatingGame(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	w, b := rating.New(), rating.New()
	w.Value = 1700
	for _, tt := range []struct {
		res   game.Result
		score rating.Result
	}{{game.WhiteWins, rating.Win}, {game.BlackWins, rating.Loss}, {game.Drawn, rating.Draw}} {
		gotW, gotB, err := Update(w, b, tt.res, at)
		wantW, wantB, _ := rating.Game(w, b, tt.score, at)
		if err != nil || gotW != wantW || gotB != wantB {
			t.Errorf("Update(%v) = %+v, %+v, %v; want rating.Game's %+v, %+v", tt.res, gotW, gotB, err, wantW, wantB)
		}
	}
}

func TestSpeed(t *testing.T) {
	for text, want := range map[string]rating.Speed{
		// base + 40 × increment: 2:40, 3:00, 7:00, 8:00, 21:40, 25:00
		"2+1": rating.Bullet, "3+0": rating.Blitz, "5+3": rating.Blitz, "8+0": rating.Rapid,
		"15+10": rating.Rapid, "25+0": rating.Classical,
		// 40 × the allowance: 3:20, 20:00, 40:00
		"move:5s": rating.Blitz, "move:30s": rating.Rapid, "move:1m": rating.Classical,
	} {
		tc, err := game.ParseTimeControl(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := Speed(tc); got != want {
			t.Errorf("Speed(%s) = %s, want %s", text, got, want)
		}
	}
}
