package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

// TestWSLoadtestAgainstServe plays a handful of games for a second against
// a real serve (SQLite) over HTTP and WebSockets: no errors, every socket
// open to the end, and every acknowledged move is in the game the HTTP API
// gives back (durable before its ack).
func TestWSLoadtestAgainstServe(t *testing.T) {
	srv := startServe(t, filepath.Join(t.TempDir(), "joinpal.db"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer func() {
		if err := srv.stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	var progress bytes.Buffer
	rep, err := wsload.Run(context.Background(), wsload.Config{
		Target: srv.base, Games: 6, Think: wsload.MinThink, Duration: time.Second, Guests: 4, Seed: 7, Log: &progress,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.ErrorCount() != 0 {
		t.Errorf("errors: %v", rep.Errors)
	}
	if rep.SocketsOpen != 12 {
		t.Errorf("%d sockets open at the end, want 12", rep.SocketsOpen)
	}
	if rep.Moves == 0 || rep.Ack.N != rep.Moves {
		t.Errorf("%d moves acked in the phase, %d ack times", rep.Moves, rep.Ack.N)
	}
	if rep.Server.Source != "metrics" || rep.Server.RSS <= 0 || rep.Server.SetupRSS <= 0 {
		t.Errorf("server use not read from /metrics: %+v", rep.Server)
	}
	if !strings.Contains(progress.String(), "sockets open") {
		t.Errorf("no progress: %q", progress.String())
	}
	total := 0
	for _, g := range rep.GameMoves {
		held, err := wsload.GameMoves(context.Background(), srv.base, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(held, g.Moves) {
			t.Errorf("game %s: the server holds %v, the bots were acked %v", g.ID, held, g.Moves)
		}
		total += len(g.Moves)
	}
	if total < 6*3 { // the two opening plies and at least one move each
		t.Errorf("only %d moves acked over %d games", total, len(rep.GameMoves))
	}
	rep.LoadGenGC = "400"
	var out bytes.Buffer
	if err := rep.WriteText(&out); err != nil || !strings.Contains(out.String(), "errors          none") || !strings.Contains(out.String(), ", GOGC 400\n") {
		t.Errorf("report %q, %v", out.String(), err)
	}
}

// TestWSLoadtestGeneratorsTogether: two generators against one serve,
// sharing a folder, measure one window: neither begins before both have
// their sockets open, neither closes them before both have ended, and both
// play without error.
func TestWSLoadtestGeneratorsTogether(t *testing.T) {
	srv := startServe(t, filepath.Join(t.TempDir(), "joinpal.db"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer func() {
		if err := srv.stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	dir := t.TempDir()
	type run struct {
		rep      *wsload.Report
		err      error
		progress bytes.Buffer
	}
	runs := make([]*run, 2)
	var wg sync.WaitGroup
	for i := range runs {
		runs[i] = new(run)
		r := runs[i]
		wg.Go(func() {
			r.rep, r.err = wsload.Run(context.Background(), wsload.Config{
				Target: srv.base, Games: 2 + 2*i, Think: wsload.MinThink, Duration: time.Second, Guests: 4,
				Seed: uint64(i + 1), Log: &r.progress, Barrier: wsload.FileBarrier(dir, 2),
			})
		})
	}
	wg.Wait()
	for i, r := range runs {
		if r.err != nil {
			t.Fatalf("generator %d: %v", i, r.err)
		}
		if r.rep.ErrorCount() != 0 || r.rep.Moves == 0 {
			t.Errorf("generator %d: %d moves, errors %v", i, r.rep.Moves, r.rep.Errors)
		}
		for _, stage := range []string{wsload.StageStart, wsload.StageEnd} {
			if !strings.Contains(r.progress.String(), "waiting for the other generators ("+stage+")") {
				t.Errorf("generator %d did not wait at %s: %q", i, stage, r.progress.String())
			}
		}
	}
	for _, stage := range []string{wsload.StageStart, wsload.StageEnd} {
		if files, _ := filepath.Glob(filepath.Join(dir, stage+".*")); len(files) != 2 {
			t.Errorf("%s: %d generators arrived, want 2", stage, len(files))
		}
	}
}

// TestLoadtestRefusesNonLoopbackTarget: only loopback servers are loaded.
func TestLoadtestRefusesNonLoopbackTarget(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--target", "http://example.com:8080", "--think", "1s"}, "loopback"},
		{[]string{"--target", "http://10.0.0.1:8080", "--think", "1s"}, "loopback"},
		{[]string{"--target", "http://127.0.0.1:8080", "--think", "10ms"}, "--think"},
		{[]string{"--target", "http://127.0.0.1:8080", "--serve", "--think", "1s"}, "not both"},
		{[]string{"--target", "http://127.0.0.1:8080", "--think", "1s", "--flags", "3"}, "runtime mode"},
		{[]string{"--target", "http://127.0.0.1:8080", "--think", "1s", "--generators", "2"}, "--generators-dir"},
		{[]string{"--serve", "--think", "1s", "--generators", "2", "--generators-dir", "d"}, "--target"},
		{[]string{"--target", "http://127.0.0.1:8080", "--think", "1s", "--generators-dir", "d"}, "--generators above 1"},
		{[]string{"--target", "http://127.0.0.1:8080", "--think", "1s", "--generators", "0"}, "at least 1"},
		{[]string{"--target", "http://127.0.0.1:8080", "--think", "1s", "--gen-gc-percent", "-2"}, "--gen-gc-percent"},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		code := runLoadtest(tt.args, nil, io.Discard, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%v: exit %d, stderr %q, want an error naming %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}

// TestMaxGames: the open-files limit bounds the games (2 sockets each, on
// each side, and a few files besides).
func TestMaxGames(t *testing.T) {
	tests := []struct{ limit, want uint64 }{
		{20000, 9968}, {1 << 20, 524256}, {64, 0}, {10, 0},
	}
	for _, tt := range tests {
		if got := maxGames(tt.limit); got != tt.want {
			t.Errorf("maxGames(%d) = %d, want %d", tt.limit, got, tt.want)
		}
		if g := maxGames(tt.limit); g > 0 && filesNeeded(int(g)) > tt.limit {
			t.Errorf("maxGames(%d) = %d needs %d files", tt.limit, g, filesNeeded(int(g)))
		}
	}
}
