package beat

import (
	"testing"
	"time"
)

func TestUntil(t *testing.T) {
	base := time.Date(2026, 12, 5, 21, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		now   time.Time
		every time.Duration
		want  time.Duration
	}{
		{"on a whole second: the next one", base, time.Second, time.Second},
		{"within a second", base.Add(300 * time.Millisecond), time.Second, 700 * time.Millisecond},
		{"just before a second", base.Add(time.Second - time.Nanosecond), time.Second, time.Nanosecond},
		{"a fifth of a second", base.Add(450 * time.Millisecond), 200 * time.Millisecond, 150 * time.Millisecond},
		{"a minute", base.Add(90 * time.Second), time.Minute, 30 * time.Second},
		{"zero period", base, 0, 0},
		{"negative period", base, -time.Second, -time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Until(tc.now, tc.every); got != tc.want {
				t.Errorf("Until(%v, %v) = %v, want %v", tc.now.Format(time.StampNano), tc.every, got, tc.want)
			}
		})
	}
}

// Two loops that wait for the same period land on the same instants
// whenever each starts: the next multiple of the period.
func TestUntilSameInstantForEveryCaller(t *testing.T) {
	base := time.Date(2026, 12, 5, 21, 0, 7, 0, time.UTC)
	for _, offset := range []time.Duration{0, time.Nanosecond, 123 * time.Millisecond, 999 * time.Millisecond} {
		now := base.Add(offset)
		if at := now.Add(Until(now, time.Second)); !at.Equal(base.Add(time.Second)) {
			t.Errorf("from %v the wait ends at %v, want %v", offset, at.Format(time.StampNano), base.Add(time.Second).Format(time.StampNano))
		}
	}
}

// The ticker's ticks come one to a multiple of its period, none before
// the first multiple after it started, each in a later period than the
// last (how long after its multiple depends on the machine).
func TestTickerTicksOnMultiples(t *testing.T) {
	const every = 20 * time.Millisecond
	first := time.Now().Truncate(every).Add(every)
	tick := NewTicker(every)
	defer tick.Stop()
	var last time.Time
	for i := range 3 {
		at := <-tick.C
		if at.Before(first) {
			t.Fatalf("tick %d at %v, before the first multiple %v", i, at.Format(time.StampNano), first.Format(time.StampNano))
		}
		if i > 0 && !at.Truncate(every).After(last.Truncate(every)) {
			t.Fatalf("tick %d at %v in the period of the last, %v", i, at.Format(time.StampNano), last.Format(time.StampNano))
		}
		last = at
		tick.Next()
	}
}

// After Stop no tick comes.
func TestTickerStop(t *testing.T) {
	tick := NewTicker(time.Millisecond)
	tick.Stop()
	select {
	case <-tick.C:
		t.Fatal("a tick came after Stop")
	case <-time.After(20 * time.Millisecond):
	}
}
