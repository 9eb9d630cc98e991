package main

import (
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/loadtest"
	"github.com/joinpal/joinpal/loadtest/wsload"
)

// runResult is a result of moves acknowledged at p99, its server's heap
// allocations in the phase (-1: not counted) and CPU.
func runResult(moves int, p99 time.Duration, allocs, allocBytes int64, cpu float64) result {
	return result{rep: &wsload.Report{Moves: moves, MovesPerSecond: float64(moves) / 10,
		Ack: loadtest.Latency{P99: p99}, Server: wsload.ServerUse{CPU: cpu, Allocs: allocs, AllocBytes: allocBytes}}}
}

// TestWriteTable: each run's line has its heap allocations a move, "?"
// where the server did not count them; the medians and their ratio count
// only the runs that did.
func TestWriteTable(t *testing.T) {
	for _, tt := range []struct {
		name string
		runs [2][]result
		want []string
	}{
		{
			name: "both counted",
			runs: [2][]result{
				{runResult(1000, 8*time.Millisecond, 45_000, 2_700_000, 0.5), runResult(1000, 10*time.Millisecond, 47_000, 2_900_000, 0.6)},
				{runResult(1000, 6*time.Millisecond, 20_000, 1_000_000, 0.4), runResult(1000, 6*time.Millisecond, 22_000, 1_200_000, 0.4)},
			},
			want: []string{"| 45.0 (2700 B) |", "| 22.0 (1200 B) |", "46.0 heap allocations per move", "21.0 heap allocations per move",
				"heap allocations per move 2.19×", "ack p99 1.50×"},
		},
		{
			name: "the bare server's not counted",
			runs: [2][]result{
				{runResult(1000, 8*time.Millisecond, 45_000, 2_700_000, 0.5)},
				{runResult(1000, 6*time.Millisecond, -1, -1, 0.4)},
			},
			want: []string{"| 45.0 (2700 B) |", "| ? |", "? heap allocations per move", "heap allocations per move n/a"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			writeTable(&b, "sqlite", scenario{games: 10, duration: 10 * time.Second, think: time.Second}, tt.runs)
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("the table lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}
