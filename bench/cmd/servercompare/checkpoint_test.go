package main

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

const testDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// redo reads the redo point of PostgreSQL's last checkpoint, which every
// checkpoint moves on.
func redo(t *testing.T, ctx context.Context) string {
	t.Helper()
	conn, err := pgx.Connect(ctx, testDSN)
	if err != nil {
		t.Skipf("no PostgreSQL at %s: %v", testDSN, err)
	}
	defer conn.Close(ctx)
	var lsn string
	if err := conn.QueryRow(ctx, "SELECT redo_lsn::text FROM pg_control_checkpoint()").Scan(&lsn); err != nil {
		t.Fatal(err)
	}
	return lsn
}

func TestCheckpointModes(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		mode string
		// before and mid: whether a run checkpoints before its setup and
		// at its window's middle.
		before, mid bool
	}{
		{"auto", false, false},
		{"before", true, false},
		{"mid", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			if !validCheckpointMode(tt.mode) {
				t.Fatalf("mode %q refused", tt.mode)
			}
			ck := &checkpointer{mode: tt.mode, dsn: testDSN}
			first := redo(t, ctx)
			if err := ck.beforeRun(ctx); err != nil {
				t.Fatal(err)
			}
			// A checkpoint PostgreSQL starts of its own may move the redo
			// point at any time, so only a move that must happen is
			// checked from it; the ones that must not, from the
			// checkpointer.
			second := redo(t, ctx)
			if tt.before && second == first {
				t.Errorf("no checkpoint before the setup")
			}
			barrier := ck.barrier(20 * time.Millisecond)
			for _, stage := range []string{wsload.StageStart, wsload.StageEnd} {
				if err := barrier(ctx, stage); err != nil {
					t.Fatal(err)
				}
			}
			if err := ck.wait(); err != nil {
				t.Fatal(err)
			}
			if tt.mid && redo(t, ctx) == second {
				t.Errorf("no checkpoint in the window")
			}
			if started := ck.done != nil; started != tt.mid {
				t.Errorf("a checkpoint in the window started: %v, want %v", started, tt.mid)
			}
		})
	}
	if validCheckpointMode("sometimes") {
		t.Error("an unknown mode was accepted")
	}
}
