package ai_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// TestStartAndResume: Start creates a game against the AI on the runtime
// as game.NewConfig configures it, the AI playing the other side; a level
// that is none of the engine's creates nothing; after the player is
// closed, another one takes the running game up through Resume.
func TestStartAndResume(t *testing.T) {
	rt, st, bus := newRuntime(t)
	pool := ai.NewPool(ai.Config{Workers: 1, Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }})
	t.Cleanup(func() { pool.Close() })
	newPlayer := func() *ai.Player {
		return ai.NewPlayer(ai.PlayerConfig{Pool: pool, Mover: liveMover(rt), Bus: bus, Snapshots: rt, Games: rt, Retry: 10 * time.Millisecond})
	}
	ctx := t.Context()
	tc, _ := game.ParseTimeControl("5+0")
	human := game.Player{ID: "alice", Name: "Alice"}
	first := newPlayer()
	if _, _, err := first.Start(ctx, human, game.Black, 99, tc); !errors.Is(err, ai.ErrBadLevel) {
		t.Fatalf("level 99: %v", err)
	}
	if n := rt.Len(); n != 0 {
		t.Fatalf("a refused level created %d games", n)
	}
	cfg, ev, err := first.Start(ctx, human, game.Black, 2, tc)
	if err != nil {
		t.Fatal(err)
	}
	machine, _ := ai.GamePlayer(2)
	if cfg.White != machine || cfg.Black != human || len(cfg.ID) != game.IDLen || ev.GameID != cfg.ID {
		t.Fatalf("config %+v, event %+v", cfg, ev)
	}
	// The AI has white: it moves first.
	waitPly(t, rt, bus, cfg.ID, 1)
	first.Close()
	second := newPlayer()
	defer second.Close()
	n, err := second.Resume(ctx, st)
	if err != nil || n != 1 {
		t.Fatalf("Resume: %d games, %v", n, err)
	}
	snap, _ := rt.Snapshot(ctx, cfg.ID)
	if _, err := rt.Move(ctx, cfg.ID, "alice", live.MoveRequest{UCI: snap.Legal[0].String(), Ply: 1, ID: 1}); err != nil {
		t.Fatal(err)
	}
	waitPly(t, rt, bus, cfg.ID, 3)
}

// waitPly waits for game id to reach ply, from its events (a minute at
// most: a bound on a broken test, not a measure).
func waitPly(t *testing.T, rt *live.Runtime, bus game.Bus, id string, ply int) {
	t.Helper()
	events, cancel := bus.Subscribe(id)
	defer cancel()
	if snap, err := rt.Snapshot(t.Context(), id); err == nil && snap.Ply >= ply {
		return
	}
	timeout := time.After(time.Minute)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the subscription to %s ended before ply %d", id, ply)
			}
			if ev.Ply >= ply {
				return
			}
		case <-timeout:
			t.Fatalf("game %s never reached ply %d", id, ply)
		}
	}
}
