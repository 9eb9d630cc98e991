package live_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
)

// A runtime on a SQLite store: a game is created, a move is acknowledged
// once durable, and the same move resent is answered again, not replayed.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "joinpal-example-")
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(ctx, filepath.Join(dir, "joinpal.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	rt := live.New(live.Config{Store: st}) // the store is also the NodeRegistry
	if err := rt.Start(ctx); err != nil {
		fmt.Println(err)
		return
	}
	defer rt.Stop(ctx)

	tc, _ := game.ParseTimeControl("5+3")
	if _, err := rt.Create(ctx, game.Config{ID: "g1", TimeControl: tc,
		White: game.Player{ID: "ana", Name: "Ana"}, Black: game.Player{ID: "luis", Name: "Luis"}}); err != nil {
		fmt.Println(err)
		return
	}
	ack, err := rt.Move(ctx, "g1", "ana", live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1})
	fmt.Println(ack.Move.SAN, ack.Seq, ack.Resent, err)
	again, err := rt.Move(ctx, "g1", "ana", live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1})
	fmt.Println(again.Move.SAN, again.Seq, again.Resent, err)
	_, err = rt.Move(ctx, "g1", "ana", live.MoveRequest{UCI: "d2d4", Ply: 1, ID: 2})
	fmt.Println(game.CodeOf(err))
	stats := rt.Stats()
	fmt.Println(stats.Games, stats.FailedWrites, stats.Refused, stats.StoreDownSince.IsZero())
	// Output:
	// e4 2 false <nil>
	// e4 2 true <nil>
	// game.not_your_turn
	// 1 0 0 true
}
