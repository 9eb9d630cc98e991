package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
)

// line is a game's moves, none repeating a position.
var line = strings.Fields("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 b1c3 g8f6 d2d3 d7d6 c1g5 c8g4 h2h3 h7h6")

// TestBackupWhileServing: a backup taken while moves are being written
// holds every move acknowledged before it began, and a server started on
// the backup runs its games.
func TestBackupWhileServing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "joinpal.db")
	var logs syncLog
	log := slog.New(slog.NewTextHandler(&logs, nil))
	srv := startServeAs(t, db, "node-a", log)
	const games = 12
	acked := make([]atomic.Int64, games)
	for i := range games {
		createGame(t, srv, fmt.Sprint("g", i))
	}
	// Moves are written, one game after the other, until told to stop.
	var stop atomic.Bool
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	halfway := make(chan struct{})
	wg.Go(func() {
		defer close(errs)
		for ply, uci := range line {
			if ply == len(line)/2 {
				close(halfway)
			}
			for i := range games {
				if stop.Load() {
					return
				}
				player := "w"
				if ply%2 == 1 {
					player = "b"
				}
				if _, err := srv.parts.runtime.Move(context.Background(), fmt.Sprint("g", i), player,
					live.MoveRequest{UCI: uci, Ply: ply, ID: int64(ply + 1)}); err != nil {
					errs <- err
					return
				}
				acked[i].Store(int64(ply + 1))
			}
		}
	})
	<-halfway
	before := make([]int64, games)
	for i := range games {
		before[i] = acked[i].Load()
	}
	out := filepath.Join(dir, "backup.db")
	var stdout, stderr bytes.Buffer
	code := runBackup([]string{"--db", db, out}, nil, &stdout, &stderr)
	stop.Store(true)
	wg.Wait()
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
	if code != exitOK {
		t.Fatalf("backup: exit %d: %s", code, stderr.String())
	}
	if err := srv.stop(); err != nil {
		t.Fatal(err)
	}

	st, err := sqlite.Open(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		rec, err := st.LoadGame(context.Background(), fmt.Sprint("g", i))
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(rec.Moves)) < before[i] {
			t.Errorf("game g%d: the backup holds %d moves, %d were acknowledged before it began", i, len(rec.Moves), before[i])
		}
	}
	st.Close()
	restored := startServeAs(t, out, "node-b", log)
	if n := restored.parts.runtime.Len(); n != games {
		t.Errorf("a server on the backup runs %d games, want %d", n, games)
	}
	if err := restored.stop(); err != nil {
		t.Fatal(err)
	}
}

// TestBackupRefusals: no backup over an existing file, nor of PostgreSQL
// (pg_dump's job).
func TestBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "joinpal.db")
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"over an existing file", []string{"--db", db, db}, "exists"},
		{"of PostgreSQL", []string{"--db", "postgres://u@h/db", filepath.Join(dir, "x")}, "pg_dump"},
		{"no file", []string{"--db", db}, "OUT"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runBackup(tt.args, nil, &stdout, &stderr); code == exitOK || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, stderr %q; want a failure saying %q", code, stderr.String(), tt.want)
			}
		})
	}
}
