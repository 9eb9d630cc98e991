package lobby_test

import (
	"context"
	"fmt"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
)

// The live runtime is the lobby's GameStarter as it is, without an
// adapter: `joinpal serve` wires them so.
func ExampleGameStarter() {
	ctx := context.Background()
	st, done := openExampleStore()
	defer done()
	rt := live.New(live.Config{Store: st})
	if err := rt.Start(ctx); err != nil {
		fmt.Println(err)
		return
	}
	defer rt.Stop(ctx)
	lb, _ := lobby.New(lobby.Config{Store: st, Games: rt})
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
	fmt.Println(rec.White.Name, "-", rec.Black.Name, rec.TimeControl, rec.State.Status, len(rec.ID) == game.IDLen)
	// Output: alba - bruno 5+3 created true
}
