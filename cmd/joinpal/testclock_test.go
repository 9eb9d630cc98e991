package main

import (
	"testing"
	"time"
)

// A test clock's timer fires once the clock reads its due time: by the
// real time passing or by the clock moved forward; set again (Reset) while
// waiting, after firing or after being stopped, it fires once more, at the
// new time only; stopped, it does not fire.
func TestTestClockTimers(t *testing.T) {
	c := newTestClock()
	fired := make(chan string, 8)
	timer := func(name string, d time.Duration) *testTimer {
		return c.AfterFunc(d, func() { fired <- name }).(*testTimer)
	}
	expect := func(want string) {
		t.Helper()
		if got := <-fired; got != want {
			t.Fatalf("fired %q, want %q", got, want)
		}
	}
	quiet := func() {
		t.Helper()
		select {
		case got := <-fired:
			t.Fatalf("%q fired, want none", got)
		default:
		}
	}

	soon := timer("soon", time.Millisecond)
	expect("soon")
	if soon.Reset(time.Hour) {
		t.Error("Reset of a timer that fired = true, want false")
	}
	later := timer("later", 2*time.Hour)
	if !later.Reset(3 * time.Hour) {
		t.Error("Reset of a waiting timer = false, want true")
	}
	// Its due time moved: the clock reads it 3 h from now, not 2.
	c.mu.Lock()
	left := later.due.Sub(time.Now().Add(c.offset))
	c.mu.Unlock()
	if left <= 2*time.Hour+59*time.Minute || left > 3*time.Hour {
		t.Fatalf("a timer set again to 3 h is due in %v", left)
	}
	c.advance(time.Hour)
	expect("soon") // set again after firing: fires at its new time
	quiet()
	c.advance(90 * time.Minute) // 2.5 h: later's first time, not its new one
	quiet()
	c.advance(time.Hour)
	expect("later")

	stopped := timer("stopped", time.Hour)
	if !stopped.Stop() {
		t.Error("Stop of a waiting timer = false, want true")
	}
	c.advance(2 * time.Hour)
	quiet()
	if stopped.Reset(time.Minute) {
		t.Error("Reset of a stopped timer = true, want false")
	}
	c.advance(time.Minute)
	expect("stopped")
	if len(c.timers) != 0 {
		t.Errorf("%d timers kept after all fired", len(c.timers))
	}
}
