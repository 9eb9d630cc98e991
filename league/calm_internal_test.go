package league

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/internal/broadcast"
)

// Run, alone and calm (no tournament running), sleeps until the first
// live start, within [interval, calmQuiet]; among several nodes, or with
// a tournament running, or after a change that the Tick may not have
// seen, it ticks every interval.
func TestNextTick(t *testing.T) {
	now := time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)
	const interval = 5 * time.Second
	tests := []struct {
		name    string
		alone   bool
		calm    bool
		startIn time.Duration // 0: no live start waiting
		changed bool          // a change while the Tick read
		want    time.Duration
	}{
		{"among several nodes", false, true, 0, false, interval},
		{"a tournament running", true, false, 0, false, interval},
		{"nothing to do", true, true, 0, false, calmQuiet},
		{"a start in 20 s", true, true, 20 * time.Second, false, 20 * time.Second},
		{"a start in 1 s", true, true, time.Second, false, interval},
		{"a start in 2 h", true, true, 2 * time.Hour, false, calmQuiet},
		{"a change during the tick", true, true, 0, true, interval},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Service{cfg: Config{Alone: tt.alone, Now: func() time.Time { return now },
				Changes: &broadcast.Hub[string]{}}, wake: make(chan struct{}, 1)}
			var next time.Time
			if tt.startIn != 0 {
				next = now.Add(tt.startIn)
			}
			begun := s.changes
			if tt.changed {
				s.changed("t1")
			}
			s.settle(begun, tt.calm, next)
			if got := s.nextTick(interval); got != tt.want {
				t.Errorf("nextTick = %v, want %v", got, tt.want)
			}
		})
	}
}
