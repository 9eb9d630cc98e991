package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
)

// A node renews its lease while the group commit's writer is stuck behind
// a game's locked row: the heartbeat is a write of its own, not one queued
// behind the game writes, so a slow queue cannot let the lease pass.
func TestHeartbeatPassesBlockedGameWrites(t *testing.T) {
	const writers = 1
	s := openFor(t, postgres.WithWriters(writers), postgres.WithMaxBatch(1))
	ctx := t.Context()
	rec := createGame(t, s, "locked")
	created := rec.CreatedAt

	// Another connection holds the game's row until the test lets go.
	conn, err := connect(ctx, schemaDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "SELECT id FROM games WHERE id = 'locked' FOR UPDATE"); err != nil {
		t.Fatal(err)
	}

	// The writer waits on the lock with the first write; the second
	// waits in the queue.
	done := make(chan error, writers+1)
	for i := range writers + 1 {
		st := rec.State
		st.Seq = int64(i + 1)
		go func() { done <- s.SaveState(ctx, "locked", st) }()
	}
	waitForLockWaiters(t, conn, writers)

	hb, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := s.Heartbeat(hb, "n1", created); err != nil {
		t.Fatalf("heartbeat behind blocked game writes: %v", err)
	}
	select {
	case err := <-done:
		t.Fatalf("a game write finished while its row was locked: %v", err)
	default:
	}

	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	for range writers + 1 {
		if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("game write after the lock was let go: %v", err)
		}
	}
}

// waitForLockWaiters waits until n sessions wait for a lock that conn's
// session holds, as PostgreSQL's pg_blocking_pids tells.
func waitForLockWaiters(t *testing.T, conn *pgx.Conn, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	pid := conn.PgConn().PID()
	for {
		var waiting int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
			int32(pid)).Scan(&waiting); err != nil {
			t.Fatalf("sessions waiting on the lock (%d last seen): %v", waiting, err)
		}
		if waiting >= n {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%d of %d writers wait on the locked row after 30 s", waiting, n)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// createGame stores a new 3+2 game of id, not yet started, and returns it.
func createGame(t *testing.T, s *postgres.Store, id string) game.Record {
	t.Helper()
	tc, err := game.ParseTimeControl("3+2")
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{
		ID:          id,
		White:       game.Player{ID: "w", Name: "White"},
		Black:       game.Player{ID: "b", Name: "Black"},
		TimeControl: tc,
		CreatedAt:   time.Date(2026, 12, 2, 7, 0, 0, 0, time.UTC),
		State: game.State{Status: game.StatusCreated, Clock: &game.ClockSnapshot{TimeControl: tc,
			State: game.ClockWaiting, Turn: game.White, WhiteMs: tc.Initial().Milliseconds(),
			BlackMs: tc.Initial().Milliseconds()}},
	}
	if err := s.CreateGame(t.Context(), rec); err != nil {
		t.Fatal(err)
	}
	return rec
}
