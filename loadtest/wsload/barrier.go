package wsload

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// The stages at which Config.Barrier is called.
const (
	// StageStart: every socket of this generator is open; the measured
	// phase begins when the call returns.
	StageStart = "start"
	// StageEnd: the measured phase is over and its last answers are in;
	// the sockets close when the call returns.
	StageEnd = "end"
)

// FileBarrier returns a Config.Barrier shared by n load generators —
// separate processes — through the folder dir: at each stage a generator
// leaves a file of its own there and waits until n generators have left
// one. So their measured phases begin together, once every generator's
// sockets are open, and none closes its sockets (or goes on to check the
// server) while another still measures. dir must be new to the run (a file
// left by another run counts). It fails if ctx ends first.
func FileBarrier(dir string, n int) func(ctx context.Context, stage string) error {
	me := strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	return func(ctx context.Context, stage string) error {
		if err := os.WriteFile(filepath.Join(dir, stage+"."+me), nil, 0o644); err != nil {
			return fmt.Errorf("wsload: barrier %s: %w", stage, err)
		}
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			arrived, err := filepath.Glob(filepath.Join(dir, stage+".*"))
			if err != nil {
				return fmt.Errorf("wsload: barrier %s: %w", stage, err)
			}
			if len(arrived) >= n {
				return nil
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("wsload: barrier %s: %d of %d generators arrived: %w", stage, len(arrived), n, ctx.Err())
			case <-tick.C:
			}
		}
	}
}
