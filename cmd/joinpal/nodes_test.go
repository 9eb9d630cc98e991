package main

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
)

// TestSecondNodeRefusesABusyDatabase: every process is a node of its own,
// so a second serve on the PostgreSQL database of a first that runs games
// refuses to start (live.node_busy, naming the first), and starts once the
// first has stopped.
func TestSecondNodeRefusesABusyDatabase(t *testing.T) {
	db := postgresSchema(t)
	first, second, log := serveBeside(t, db)
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

// TestSecondProcessOnASQLiteFile: a second serve on the SQLite file of a
// running one is refused (sqlite.locked, naming the running node and the
// file); once that one has ended, it starts, whatever heartbeat a process
// that ended without a word (a crash) left behind.
func TestSecondProcessOnASQLiteFile(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "joinpal.db")
	first, second, log := serveBeside(t, db)
	var e *sqlite.Error
	if !errors.As(second, &e) || e.Code != sqlite.CodeLocked || !strings.Contains(e.Params["holder"], "node-a") || e.Params["file"] != db {
		t.Errorf("a second process on the file: %v, want %s naming node-a and %s", second, sqlite.CodeLocked, db)
	}
	if err := first.stop(); err != nil {
		t.Fatal(err)
	}

	// A process that crashed a moment ago left its heartbeat.
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Heartbeat(ctx, "crashed", time.Now()); err != nil {
		t.Fatal(err)
	}
	st.Close()
	again := startServeAs(t, db, "node-b", log)
	if n := again.parts.runtime.Len(); n != 1 {
		t.Errorf("the second process runs %d games once the first ended, want 1", n)
	}
	if err := again.stop(); err != nil {
		t.Fatal(err)
	}
}

// serveBeside starts serve on db as node-a with a running game, then
// serve again on db as node-b, and returns the first, what the second
// returned, and the log both write to. Were the second to start, it would
// serve until a deadline and return nil.
func serveBeside(t *testing.T, db string) (first running, second error, log *slog.Logger) {
	t.Helper()
	var logs syncLog
	log = slog.New(slog.NewTextHandler(&logs, nil))
	first = startServeAs(t, db, "node-a", log)
	createGame(t, first, "g1")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	second = serve(ctx, serveOptions{addr: "127.0.0.1:0", db: db, node: "node-b", stopTimeout: 10 * time.Second}, log, serveHooks{})
	return first, second, log
}

// createGame creates a game of two guests, id, on the runtime of r.
func createGame(t *testing.T, r running, id string) {
	t.Helper()
	tc, _ := game.ParseTimeControl("5+0")
	if _, err := r.parts.runtime.Create(context.Background(), game.Config{ID: id, TimeControl: tc,
		White: game.Player{ID: "w", Name: "W"}, Black: game.Player{ID: "b", Name: "B"}}); err != nil {
		r.stop()
		t.Fatal(err)
	}
}
