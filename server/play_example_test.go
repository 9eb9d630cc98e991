package server_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/server"
	"github.com/joinpal/joinpal/store/sqlite"
)

// The lobby starts the games it pairs in the runtime through GameStarter,
// as `joinpal serve` wires them.
func ExampleGameStarter() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "joinpal-example")
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(ctx, filepath.Join(dir, "joinpal.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	rt := live.New(live.Config{Store: st})
	if err := rt.Start(ctx); err != nil {
		fmt.Println(err)
		return
	}
	defer rt.Stop(ctx)
	lb, _ := lobby.New(lobby.Config{Store: st, Games: server.GameStarter(rt)})
	tc, _ := game.ParseTimeControl("5+3")
	alba := lobby.Player{ID: "alba", Name: "alba", Rating: 1500}
	bruno := lobby.Player{ID: "bruno", Name: "bruno", Rating: 1500}
	lb.AddSeek(ctx, lobby.SeekRequest{Owner: alba, TimeControl: tc, Color: lobby.White})
	res, err := lb.AddSeek(ctx, lobby.SeekRequest{Owner: bruno, TimeControl: tc, Color: lobby.Black})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, _ := st.LoadGame(ctx, res.GameID)
	fmt.Println(rec.White.Name, "-", rec.Black.Name, rec.TimeControl, rec.State.Status)
	// Output: alba - bruno 5+3 created
}
