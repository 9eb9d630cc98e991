package loadtest

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

func TestSummarize(t *testing.T) {
	var d []time.Duration
	for i := 100; i >= 1; i-- {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	got := Summarize(d)
	want := Latency{N: 100, P50: 50 * time.Millisecond, P90: 90 * time.Millisecond, P99: 99 * time.Millisecond,
		Max: 100 * time.Millisecond, Mean: 50500 * time.Microsecond}
	if got != want {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
	if got := Summarize([]time.Duration{7}); got.P50 != 7 || got.P99 != 7 || got.Max != 7 {
		t.Errorf("one value: %+v", got)
	}
	if got := Summarize(nil); got != (Latency{}) {
		t.Errorf("no value: %+v", got)
	}
}

// The expiry is read back exactly from an event taken a fraction of a
// millisecond after a whole-millisecond instant.
func TestExpiry(t *testing.T) {
	turnStart := time.Date(2025, 5, 1, 12, 0, 0, 123_000_000, time.UTC)
	at := turnStart.Add(1234*time.Millisecond + 567_891)
	left := int64(5000 - 1234)
	ev := game.Event{Turn: game.White, WhiteMs: &left, At: at, ClockRunning: true}
	if got, want := expiry(ev), turnStart.Add(5*time.Second); !got.Equal(want) {
		t.Errorf("expiry = %v, want %v", got, want)
	}
	if got := expiry(game.Event{Turn: game.Black, WhiteMs: &left}); !got.IsZero() {
		t.Errorf("no black clock: expiry %v, want zero", got)
	}
}
