package main

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// TestSecondNodeRefusesABusyDatabase: every process is a node of its own,
// so a second serve on the PostgreSQL database of a first that runs games
// refuses to start (live.node_busy, naming the first), and starts once the
// first has stopped.
func TestSecondNodeRefusesABusyDatabase(t *testing.T) {
	ctx := context.Background()
	db := postgresSchema(t)
	var logs syncLog
	log := slog.New(slog.NewTextHandler(&logs, nil))
	first := startServeAs(t, db, "node-a", log)
	tc, _ := game.ParseTimeControl("5+0")
	if _, err := first.parts.runtime.Create(ctx, game.Config{ID: "g1", TimeControl: tc,
		White: game.Player{ID: "w", Name: "W"}, Black: game.Player{ID: "b", Name: "B"}}); err != nil {
		first.stop()
		t.Fatal(err)
	}

	// Were it to start, it would serve until the deadline and return nil.
	sctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	second := serve(sctx, serveOptions{addr: "127.0.0.1:0", db: db, node: "node-b", stopTimeout: 10 * time.Second}, log, serveHooks{})
	if live.CodeOf(second) != live.CodeNodeBusy {
		t.Errorf("a second node beside a running one: %v, want %s", second, live.CodeNodeBusy)
	}
	if err := first.stop(); err != nil {
		t.Fatal(err)
	}
	again := startServeAs(t, db, "node-b", log)
	if n := again.parts.runtime.Len(); n != 1 {
		t.Errorf("the second node runs %d games once the first stopped, want 1", n)
	}
	if err := again.stop(); err != nil {
		t.Fatal(err)
	}
}
