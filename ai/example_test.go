package ai_test

import (
	"context"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// The budget of a move and the pause of the low levels, for a few clocks.
func ExampleTiming_Plan() {
	var t ai.Timing // the defaults
	now := time.Now()
	for _, c := range []ai.Clock{
		{Mode: game.ModeWholeGame, Remaining: 5 * time.Minute, Increment: 3 * time.Second},
		{Mode: game.ModeWholeGame, Remaining: 10 * time.Second},
		{Mode: game.ModeWholeGame, Remaining: 250 * time.Millisecond},
		{Mode: game.ModePerMove, Remaining: 30 * time.Second, PerMove: 30 * time.Second},
		{}, // untimed
	} {
		p := t.Plan(c, 5, now, 1)
		fmt.Println(c.Mode, c.Remaining, "→", p.Budget)
	}
	p := t.Plan(ai.Clock{}, 2, now, 1)
	fmt.Println("level 2 pauses between 0.5 and 2 s:", p.Delay >= 500*time.Millisecond && p.Delay <= 2*time.Second)
	// Output:
	// whole_game 5m0s → 12.25s
	// whole_game 10s → 333.333333ms
	// whole_game 250ms → 0s
	// per_move 30s → 15s
	// none 0s → 2s
	// level 2 pauses between 0.5 and 2 s: true
}

// Asking the pool for a move: the game so far, the level and the clock.
func ExamplePool_Think() {
	pool := ai.NewPool(ai.Config{Workers: 1})
	defer pool.Close()
	reply, err := pool.Think(context.Background(), ai.Request{
		Moves: []string{"e2e4", "e7e5", "g1f3"},
		Level: 5,
		Clock: ai.Clock{Mode: game.ModeWholeGame, Remaining: 3 * time.Minute, Increment: 2 * time.Second},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(reply.Engine, reply.UCI != "", reply.Budget)
	// Output:
	// joinpal true 7.5s
}

// Wiring a Player to the live runtime, as the server does: live.Runtime's
// Move through a MoverFunc, its bus and its snapshots.
func ExampleMoverFunc() {
	var store game.Store // the server's: store/sqlite or store/postgres
	rt := live.New(live.Config{Store: store})
	pool := ai.NewPool(ai.Config{})
	player := ai.NewPlayer(ai.PlayerConfig{
		Pool: pool,
		Mover: ai.MoverFunc(func(ctx context.Context, id, playerID string, m ai.Move) error {
			_, err := rt.Move(ctx, id, playerID, live.MoveRequest{UCI: m.UCI, Ply: m.Ply, ID: m.ID})
			return err
		}),
		Bus:       rt.Bus(),
		Snapshots: rt,
	})
	defer pool.Close()
	defer player.Close()
	// For every AI game created, and for every running AI game after a
	// restart: player.WatchRecord(rec), or
	// player.Watch(id, "ai:5", game.Black, 5, tc, "").
}
