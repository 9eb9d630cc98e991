package beat

import (
	"testing"
	"time"
)

func TestPhaseUntil(t *testing.T) {
	base := time.Date(2026, 12, 5, 21, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		phase Phase
		now   time.Time
		every time.Duration
		want  time.Duration
	}{
		{"on a whole second: the next one", 0, base, time.Second, time.Second},
		{"within a second", 0, base.Add(300 * time.Millisecond), time.Second, 700 * time.Millisecond},
		{"just before a second", 0, base.Add(time.Second - time.Nanosecond), time.Second, time.Nanosecond},
		{"a fifth of a second", 0, base.Add(450 * time.Millisecond), 200 * time.Millisecond, 150 * time.Millisecond},
		{"a minute", 0, base.Add(90 * time.Second), time.Minute, 30 * time.Second},
		{"shifted, before the shift", Phase(400 * time.Millisecond), base.Add(100 * time.Millisecond), time.Second, 300 * time.Millisecond},
		{"shifted, after the shift", Phase(400 * time.Millisecond), base.Add(700 * time.Millisecond), time.Second, 700 * time.Millisecond},
		{"shifted, on the instant", Phase(400 * time.Millisecond), base.Add(400 * time.Millisecond), time.Second, time.Second},
		{"a phase over the period counts modulo it", Phase(42*time.Minute + 250*time.Millisecond), base, time.Second, 250 * time.Millisecond},
		{"zero period", Phase(time.Second), base, 0, 0},
		{"negative period", 0, base, -time.Second, -time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.phase.Until(tc.now, tc.every); got != tc.want {
				t.Errorf("Phase(%v).Until(%v, %v) = %v, want %v",
					time.Duration(tc.phase), tc.now.Format(time.StampNano), tc.every, got, tc.want)
			}
		})
	}
}

// Loops that wait for the same period land on the same instant whenever
// each starts within the period before it, whatever the phase.
func TestUntilSameInstantForEveryCaller(t *testing.T) {
	base := time.Date(2026, 12, 5, 21, 0, 7, 0, time.UTC)
	for _, phase := range []Phase{0, Phase(time.Nanosecond), Phase(37 * time.Minute), process} {
		start := base.Add(phase.Until(base, time.Second)) // an instant
		want := start.Add(time.Second)
		for _, offset := range []time.Duration{0, time.Nanosecond, 123 * time.Millisecond, time.Second - time.Nanosecond} {
			now := start.Add(offset)
			if at := now.Add(phase.Until(now, time.Second)); !at.Equal(want) {
				t.Errorf("phase %v: from %v after an instant the wait ends at %v, want %v",
					time.Duration(phase), offset, at.Format(time.StampNano), want.Format(time.StampNano))
			}
		}
	}
}

// The ticker's ticks come one to an instant of its period: none before
// the first instant after it started, each in a later period than the
// last (how long after its instant depends on the machine).
func TestTickerTicksOnInstants(t *testing.T) {
	const every = 20 * time.Millisecond
	now := time.Now()
	first := now.Add(Until(now, every))
	period := func(at time.Time) time.Time {
		shift := time.Duration(process) % every
		return at.Add(-shift).Truncate(every)
	}
	tick := NewTicker(every)
	defer tick.Stop()
	var last time.Time
	for i := range 3 {
		at := <-tick.C
		if at.Before(first) {
			t.Fatalf("tick %d at %v, before the first instant %v", i, at.Format(time.StampNano), first.Format(time.StampNano))
		}
		if i > 0 && !period(at).After(period(last)) {
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

// firstInstant returns the process's first instant of period every at or
// after at, counted apart from the ticker's own arithmetic.
func firstInstant(at time.Time, every time.Duration) time.Time {
	shift := time.Duration(process) % every
	i := at.Add(-shift).Truncate(every).Add(shift)
	if i.Before(at) {
		i = i.Add(every)
	}
	return i
}

// At arms the ticker for the first instant at or after the time asked,
// or the next after now when that time has passed; Defer pushes it back
// only, and keeps Next and At from arming it before the time deferred to;
// the tick comes no sooner than the instant armed.
func TestTickerAtAndDefer(t *testing.T) {
	const every = 10 * time.Millisecond
	tick := NewTicker(time.Hour)
	defer tick.Stop()
	tick.every = every // a long first wait: the test arms it itself

	now := time.Now()
	later := now.Add(7*every + every/2)
	tick.At(later)
	if got, want := tick.Armed(), firstInstant(later, every); !got.Equal(want) {
		t.Fatalf("At(+7.5 periods) armed for %v, want %v", got, want)
	}

	tick.At(now.Add(-time.Hour))
	if got := tick.Armed(); !got.After(now) || got.After(time.Now().Add(every)) {
		t.Fatalf("At(an hour ago) armed for %v, want the next instant after %v", got, now)
	}

	deferred := time.Now().Add(20 * every)
	tick.Defer(deferred)
	want := firstInstant(deferred, every)
	if got := tick.Armed(); !got.Equal(want) {
		t.Fatalf("Defer(+20 periods) armed for %v, want %v", got, want)
	}
	tick.Defer(deferred.Add(-5 * every))
	if got := tick.Armed(); !got.Equal(want) {
		t.Errorf("an earlier Defer armed for %v, want %v kept", got, want)
	}
	tick.Next()
	if got := tick.Armed(); !got.Equal(want) {
		t.Errorf("Next after Defer armed for %v, want %v", got, want)
	}
	tick.At(deferred.Add(-3 * every))
	if got := tick.Armed(); !got.Equal(want) {
		t.Errorf("At before the time deferred to armed for %v, want %v", got, want)
	}
	beyond := deferred.Add(4*every + every/3)
	tick.At(beyond)
	if got, want := tick.Armed(), firstInstant(beyond, every); !got.Equal(want) {
		t.Errorf("At past the time deferred to armed for %v, want %v", got, want)
	}

	tick.At(deferred)
	at := <-tick.C
	if at.Before(want) {
		t.Errorf("tick at %v, before the instant armed %v", at.Format(time.StampNano), want.Format(time.StampNano))
	}
}

// Defer from another goroutine pushes back a tick the receiver waits for.
func TestTickerDeferWhileWaiting(t *testing.T) {
	const every = time.Millisecond
	tick := NewTicker(time.Hour)
	defer tick.Stop()
	tick.every = every
	tick.At(time.Now().Add(100 * every))
	got := make(chan time.Time)
	go func() { got <- <-tick.C }()
	begun := time.Now()
	deferred := begun.Add(200 * every)
	tick.Defer(deferred)
	// A machine slow enough may let the first tick come before Defer.
	if at := <-got; !at.Before(begun) && at.Before(firstInstant(deferred, every)) {
		t.Errorf("tick at %v, before the instant deferred to %v", at.Format(time.StampNano),
			firstInstant(deferred, every).Format(time.StampNano))
	}
}

// After Stop, neither At nor Defer arms the ticker again.
func TestTickerStoppedStaysStopped(t *testing.T) {
	tick := NewTicker(time.Millisecond)
	tick.Stop()
	tick.At(time.Now())
	tick.Defer(time.Now().Add(time.Millisecond))
	tick.Next()
	select {
	case <-tick.C:
		t.Fatal("a tick came after Stop")
	case <-time.After(20 * time.Millisecond):
	}
}
