package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

// PostgreSQL's checkpoints: after each, the first change to a page writes
// the whole page to the log, so the seconds after a checkpoint cost a
// server in proportion to the pages its moves touch. PostgreSQL starts one
// every checkpoint_timeout (5 minutes by default), which lands in one run's
// measured window and not in the next. The -checkpoint flag says what a run
// on PostgreSQL meets:
//
//	auto    PostgreSQL's own schedule, as a server meets in service
//	before  a checkpoint before each run's setup, so a window shorter than
//	        checkpoint_timeout less the setup holds none
//	mid     as before, and one more at the middle of each measured window,
//	        so every run pays for one
var checkpointModes = []string{"auto", "before", "mid"}

// checkpointer runs the checkpoints of one run under mode.
type checkpointer struct {
	mode string
	dsn  string
	// done receives the outcome of the checkpoint at the window's middle,
	// once one was started.
	done chan error
}

// validCheckpointMode reports whether m is one of checkpointModes.
func validCheckpointMode(m string) bool { return slices.Contains(checkpointModes, m) }

// beforeRun runs the checkpoint before a run's setup (modes before, mid).
func (c *checkpointer) beforeRun(ctx context.Context) error {
	if c.mode == "auto" {
		return nil
	}
	return checkpoint(ctx, c.dsn)
}

// barrier is the load generator's Barrier: at the start of the measured
// window in mode mid it schedules a checkpoint for the window's middle.
func (c *checkpointer) barrier(window time.Duration) func(context.Context, string) error {
	return func(ctx context.Context, stage string) error {
		if c.mode != "mid" || stage != wsload.StageStart {
			return nil
		}
		c.done = make(chan error, 1)
		go func() {
			select {
			case <-ctx.Done():
				c.done <- ctx.Err()
				return
			case <-time.After(window / 2):
			}
			c.done <- checkpoint(ctx, c.dsn)
		}()
		return nil
	}
}

// wait returns the error of the window's checkpoint, if one was started.
func (c *checkpointer) wait() error {
	if c.done == nil {
		return nil
	}
	return <-c.done
}

// checkpoint asks PostgreSQL for a checkpoint and waits for it.
func checkpoint(ctx context.Context, dsn string) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return fmt.Errorf("connecting to PostgreSQL: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CHECKPOINT"); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}
