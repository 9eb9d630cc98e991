package codec

import (
	"errors"
	"testing"

	"github.com/joinpal/joinpal/game"
)

func TestGames(t *testing.T) {
	mv := func(ply int) game.MoveRecord { return game.MoveRecord{Ply: ply, UCI: "e2e4"} }
	tests := []struct {
		name    string
		build   func(gs *Games)
		wantErr bool
		want    []int // moves per game
	}{
		{"none", func(gs *Games) {}, false, nil},
		{"two games, moves in order", func(gs *Games) {
			gs.AddGame(game.Record{ID: "a"}, 2)
			gs.AddGame(game.Record{ID: "b"}, 0)
			gs.AddMove("a", mv(0))
			gs.AddMove("a", mv(1))
			gs.AddMove("x", mv(0)) // not a game added: ignored
		}, false, []int{2, 0}},
		{"fewer moves than counted", func(gs *Games) {
			gs.AddGame(game.Record{ID: "a"}, 2)
			gs.AddMove("a", mv(0))
		}, true, nil},
		{"a gap in the plies", func(gs *Games) {
			gs.AddGame(game.Record{ID: "a"}, 2)
			gs.AddMove("a", mv(0))
			gs.AddMove("a", mv(2))
		}, true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var gs Games
			tc.build(&gs)
			recs, err := gs.Records()
			if tc.wantErr {
				if !errors.Is(err, game.ErrBadRecord) {
					t.Fatalf("error %v, want %s", err, game.CodeBadRecord)
				}
				return
			}
			if err != nil || len(recs) != len(tc.want) {
				t.Fatalf("records %+v, %v", recs, err)
			}
			for i, n := range tc.want {
				if recs[i].Moves == nil || len(recs[i].Moves) != n {
					t.Errorf("game %d: moves %v, want %d (never nil)", i, recs[i].Moves, n)
				}
			}
		})
	}
}
