package manualclock_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/internal/manualclock"
)

func TestClockMovesOnlyWhenTold(t *testing.T) {
	at := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name string
		move func(c *manualclock.Clock)
		want time.Time
	}{
		{"untouched", func(*manualclock.Clock) {}, at},
		{"advanced", func(c *manualclock.Clock) { c.Advance(90 * time.Second) }, at.Add(90 * time.Second)},
		{"advanced twice", func(c *manualclock.Clock) { c.Advance(time.Hour); c.Advance(time.Minute) }, at.Add(time.Hour + time.Minute)},
		{"set back", func(c *manualclock.Clock) { c.Set(at.Add(-time.Hour)) }, at.Add(-time.Hour)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := manualclock.New(at)
			tc.move(c)
			if got := c.Now(); !got.Equal(tc.want) {
				t.Fatalf("Now = %v, want %v", got, tc.want)
			}
		})
	}
	var zero manualclock.Clock
	if !zero.Now().IsZero() {
		t.Fatalf("the zero clock stands at %v, want the zero time", zero.Now())
	}
}

// Readers on other goroutines see every advance (run with -race).
func TestClockConcurrentUse(t *testing.T) {
	c := manualclock.New(time.Unix(0, 0))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 100 {
				c.Advance(time.Second)
				_ = c.Now()
			}
		})
	}
	wg.Wait()
	if got := c.Now(); !got.Equal(time.Unix(400, 0)) {
		t.Fatalf("after 400 advances of a second: %v", got)
	}
}

func Example() {
	c := manualclock.New(time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC))
	deadline := c.Now().Add(5 * time.Minute)
	c.Advance(5 * time.Minute)
	fmt.Println(!c.Now().Before(deadline), c.Now().Format("15:04"))
	// Output: true 09:05
}
