package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

func testCanceledContext(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	rec := newRecord(t, "g")
	mustCreate(t, s, rec)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	calls := []struct {
		name string
		call func() error
	}{
		{"CreateGame", func() error { return s.CreateGame(ctx, newRecord(t, "h")) }},
		{"AppendMove", func() error { return s.AppendMove(ctx, "g", move(0), stateAfter(rec, 0)) }},
		{"SaveState", func() error { return s.SaveState(ctx, "g", stateAfter(rec, 5)) }},
		{"Heartbeat", func() error { return s.Heartbeat(ctx, "n", at(1)) }},
		{"MarkStopped", func() error { return s.MarkStopped(ctx, "n", at(1)) }},
		{"LoadGame", func() error { _, err := s.LoadGame(ctx, "g"); return err }},
		{"ActiveGames", func() error { _, err := s.ActiveGames(ctx); return err }},
		{"NodeStatus", func() error { _, _, err := s.NodeStatus(ctx, "n"); return err }},
		{"LiveNodes", func() error { _, err := s.LiveNodes(ctx, at(0)); return err }},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a canceled context: %v, want context.Canceled", c.name, err)
		}
	}
	checkRecord(t, "LoadGame", mustLoad(t, s, "g"), rec)
	if _, err := s.LoadGame(t.Context(), "h"); !errors.Is(err, game.ErrGameNotFound) {
		t.Errorf("CreateGame with a canceled context stored the game: %v", err)
	}
	if seen, stopped, err := s.NodeStatus(t.Context(), "n"); err != nil || !seen.IsZero() || stopped {
		t.Errorf("NodeStatus after canceled writes = %v, %v, %v; want nothing", seen, stopped, err)
	}
}

// testReopen closes the store and opens it again: everything is there.
func testReopen(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	full := fullRecord(t, "full")
	mustCreate(t, s, full)
	played := newRecord(t, "played")
	mustCreate(t, s, played)
	for ply := range 6 {
		played.State = stateAfter(played, ply)
		played.Moves = append(played.Moves, move(ply))
		if err := s.AppendMove(t.Context(), "played", move(ply), played.State); err != nil {
			t.Fatal(err)
		}
	}
	ended := newRecord(t, "ended")
	mustCreate(t, s, ended)
	ended.State.Status, ended.State.EndedAt = game.StatusAborted, at(77)
	if err := s.SaveState(t.Context(), "ended", ended.State); err != nil {
		t.Fatal(err)
	}
	if err := s.Heartbeat(t.Context(), "n1", at(5)); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkStopped(t.Context(), "n2", at(6)); err != nil {
		t.Fatal(err)
	}
	mustClose(t, s)

	for round := range 2 {
		s = open(t)
		for _, rec := range []game.Record{full, played, ended} {
			checkRecord(t, fmt.Sprintf("reopen %d: LoadGame", round), mustLoad(t, s, rec.ID), rec)
		}
		active, err := s.ActiveGames(t.Context())
		if err != nil || len(active) != 2 {
			t.Fatalf("reopen %d: ActiveGames = %d games, %v; want 2", round, len(active), err)
		}
		for id, rec := range map[string]game.Record{"full": full, "played": played} {
			checkRecord(t, fmt.Sprintf("reopen %d: ActiveGames", round), byID(active)[id], rec)
		}
		for node, want := range map[string]nodeStatus{
			"n1": {LastSeen: at(5).UTC()}, "n2": {LastSeen: at(6).UTC(), Stopped: true},
		} {
			seen, stopped, err := s.NodeStatus(t.Context(), node)
			if got := (nodeStatus{seen, stopped}); err != nil || got != want {
				t.Errorf("reopen %d: NodeStatus(%s) = %+v, %v; want %+v", round, node, got, err, want)
			}
		}
		// The reopened store takes writes.
		mv := move(len(played.Moves))
		if err := s.AppendMove(t.Context(), "played", mv, played.State); err != nil {
			t.Fatalf("reopen %d: AppendMove: %v", round, err)
		}
		played.Moves = append(played.Moves, mv)
		mv = move(len(played.Moves) + 1)
		wantCode(t, "AppendMove at a wrong ply after reopening", s.AppendMove(t.Context(), "played", mv, played.State), game.CodePlyConflict)
		wantCode(t, "CreateGame of an existing id after reopening", s.CreateGame(t.Context(), full), game.CodeGameExists)
		mustClose(t, s)
	}
}

// testCloseFlushes closes the store while writers are busy: every write
// acknowledged before or during Close is there after reopening, and every
// call after Close fails.
func testCloseFlushes(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	const games = 24
	for g := range games {
		mustCreate(t, s, newRecord(t, fmt.Sprintf("g%02d", g)))
	}
	var acked [games]atomic.Int64 // moves acknowledged per game
	var total atomic.Int64
	var wg sync.WaitGroup
	for g := range games {
		wg.Go(func() {
			id := fmt.Sprintf("g%02d", g)
			rec := newRecord(t, id)
			for ply := 0; ply < 200; ply++ {
				if err := s.AppendMove(context.Background(), id, move(ply), stateAfter(rec, ply)); err != nil {
					return // closed
				}
				acked[g].Add(1)
				total.Add(1)
			}
		})
	}
	for deadline := time.Now().Add(30 * time.Second); total.Load() < 3*games; {
		if time.Now().After(deadline) {
			t.Fatalf("only %d moves acknowledged in 30 s", total.Load())
		}
		time.Sleep(time.Millisecond)
	}
	mustClose(t, s)
	wg.Wait()

	if err := s.Heartbeat(t.Context(), "n", at(1)); err == nil {
		t.Errorf("Heartbeat after Close: no error")
	}
	if _, err := s.LoadGame(t.Context(), "g00"); err == nil {
		t.Errorf("LoadGame after Close: no error")
	}
	s.Close() // a second Close does not panic

	s = open(t)
	for g := range games {
		rec := mustLoad(t, s, fmt.Sprintf("g%02d", g))
		if n := int64(len(rec.Moves)); n != acked[g].Load() {
			t.Errorf("game %d: %d moves stored, %d acknowledged", g, n, acked[g].Load())
		}
	}
}
