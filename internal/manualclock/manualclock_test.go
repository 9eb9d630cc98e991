package manualclock_test

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
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

// fires records the names of the timers that fired, in order.
type fires struct {
	mu  sync.Mutex
	got []string
}

// of returns a callback that records name.
func (r *fires) of(name string) func() {
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.got = append(r.got, name)
	}
}

func (r *fires) names() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// wantPending fails t unless a Stop or Reset reported pending as want.
func wantPending(t *testing.T, what string, got, want bool) {
	t.Helper()
	if got != want {
		t.Errorf("%s reported pending %v, want %v", what, got, want)
	}
}

func TestTimers(t *testing.T) {
	at := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name string
		// run sets timers on c, whose callbacks of returns, and moves c.
		run  func(t *testing.T, c *manualclock.Clock, of func(string) func())
		want []string
	}{
		{"none due", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(time.Minute, of("a"))
			c.Advance(time.Minute - time.Nanosecond)
		}, nil},
		{"due exactly", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(time.Minute, of("a"))
			c.Advance(time.Minute)
		}, []string{"a"}},
		{"by due time, ties as set", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(3*time.Second, of("c"))
			c.AfterFunc(time.Second, of("a1"))
			c.AfterFunc(2*time.Second, of("b"))
			c.AfterFunc(time.Second, of("a2"))
			c.AfterFunc(time.Hour, of("later"))
			c.Advance(time.Minute)
		}, []string{"a1", "a2", "b", "c"}},
		{"once only", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(time.Second, of("a"))
			c.Advance(time.Minute)
			c.Advance(time.Minute)
		}, []string{"a"}},
		{"not from AfterFunc: at the next move", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(0, of("now"))
			c.AfterFunc(-time.Second, of("past"))
			c.Advance(0)
		}, []string{"past", "now"}},
		{"Set forward", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(time.Hour, of("a"))
			c.Set(at.Add(time.Hour))
		}, []string{"a"}},
		{"Set back fires nothing", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(-time.Hour, of("overdue"))
			c.Set(at.Add(-time.Minute))
			c.Advance(-time.Second)
		}, nil},
		{"Set to the same time", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(0, of("a"))
			c.Set(at)
		}, []string{"a"}},
		{"Stop before", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			a := c.AfterFunc(time.Second, of("a"))
			wantPending(t, "Stop", a.Stop(), true)
			wantPending(t, "a second Stop", a.Stop(), false)
			c.Advance(time.Minute)
		}, nil},
		{"Stop after", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			a := c.AfterFunc(time.Second, of("a"))
			c.Advance(time.Minute)
			wantPending(t, "Stop", a.Stop(), false)
		}, []string{"a"}},
		{"Reset before", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			a := c.AfterFunc(time.Second, of("a"))
			c.AfterFunc(2*time.Second, of("b"))
			wantPending(t, "Reset", a.Reset(3*time.Second), true)
			c.Advance(2 * time.Second)
			c.AfterFunc(0, of("|"))
			c.Advance(time.Second)
		}, []string{"b", "|", "a"}},
		{"Reset earlier", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			a := c.AfterFunc(time.Hour, of("a"))
			wantPending(t, "Reset", a.Reset(time.Second), true)
			c.Advance(time.Second)
		}, []string{"a"}},
		{"Reset after firing", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			a := c.AfterFunc(time.Second, of("a"))
			c.Advance(time.Second)
			wantPending(t, "Reset", a.Reset(time.Second), false)
			c.Advance(time.Second)
		}, []string{"a", "a"}},
		{"Reset after Stop", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			a := c.AfterFunc(time.Second, of("a"))
			a.Stop()
			wantPending(t, "Reset", a.Reset(2*time.Second), false)
			c.Advance(time.Second)
			c.AfterFunc(0, of("|"))
			c.Advance(time.Second)
		}, []string{"|", "a"}},
		// Callbacks run with the clock at its new time: what one sets due
		// at once fires after the timers due earlier, and what it sets
		// later than that waits for the next move.
		{"a callback sets a due timer", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(time.Second, func() {
				of("a")()
				c.AfterFunc(0, of("set by a"))
				c.AfterFunc(time.Nanosecond, of("not due"))
			})
			c.AfterFunc(5*time.Second, of("b"))
			c.Advance(time.Minute)
		}, []string{"a", "b", "set by a"}},
		{"a callback resets its own timer", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			var a *manualclock.Timer
			n := 0
			a = c.AfterFunc(time.Second, func() {
				of("a")()
				if n++; n < 3 {
					wantPending(t, "Reset from the callback", a.Reset(0), false)
				}
			})
			c.Advance(time.Minute)
		}, []string{"a", "a", "a"}},
		{"a callback stops a due timer", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			var b *manualclock.Timer
			c.AfterFunc(time.Second, func() { of("a")(); wantPending(t, "Stop of b", b.Stop(), true) })
			b = c.AfterFunc(2*time.Second, of("b"))
			c.Advance(time.Minute)
		}, []string{"a"}},
		{"callbacks see the new time", func(t *testing.T, c *manualclock.Clock, of func(string) func()) {
			c.AfterFunc(time.Second, func() { of(c.Now().Sub(at).String())() })
			c.Advance(time.Minute)
		}, []string{"1m0s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := manualclock.New(at)
			var r fires
			tc.run(t, c, r.of)
			if got := r.names(); !slices.Equal(got, tc.want) {
				t.Fatalf("fired %q, want %q", got, tc.want)
			}
		})
	}
}

// The zero clock's timers fire too.
func TestZeroClockTimer(t *testing.T) {
	var c manualclock.Clock
	var r fires
	c.AfterFunc(time.Second, r.of("a"))
	c.Advance(time.Second)
	if got := r.names(); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("fired %q", got)
	}
}

// Timers set, reset and stopped on other goroutines while the clock
// moves fire once for each time they were set, unless stopped before, all
// those left pending at the last move (run with -race).
func TestTimersConcurrentUse(t *testing.T) {
	c := manualclock.New(time.Unix(0, 0))
	var fired atomic.Int64
	fire := func() { fired.Add(1) }
	var wg sync.WaitGroup
	var kept atomic.Int64
	for range 4 {
		wg.Go(func() {
			for i := range 100 {
				tm := c.AfterFunc(time.Duration(i)*time.Millisecond, fire)
				switch i % 3 {
				case 0:
					if tm.Stop() {
						continue
					}
				case 1:
					if !tm.Reset(time.Second) {
						kept.Add(1) // it fired, and fires again
					}
				}
				kept.Add(1)
			}
		})
	}
	wg.Go(func() {
		for range 100 {
			c.Advance(time.Millisecond)
		}
	})
	wg.Wait()
	c.Advance(time.Hour)
	if fired.Load() != kept.Load() {
		t.Fatalf("%d timers fired, want %d", fired.Load(), kept.Load())
	}
}

// For makes the live runtime's clock (here a stand-in with the same
// shape) of a Clock.
func TestFor(t *testing.T) {
	type timer interface{ Stop() bool }
	type clock interface {
		Now() time.Time
		AfterFunc(time.Duration, func()) timer
	}
	c := manualclock.New(time.Unix(0, 0))
	var lc clock = manualclock.For[timer]{c}
	var r fires
	tm := lc.AfterFunc(time.Second, r.of("a"))
	if _, resets := tm.(interface{ Reset(time.Duration) bool }); !resets {
		t.Fatal("For's timer cannot be reset")
	}
	c.Advance(time.Second)
	if got := r.names(); !slices.Equal(got, []string{"a"}) || !lc.Now().Equal(time.Unix(1, 0)) {
		t.Fatalf("fired %q, at %v", got, lc.Now())
	}
}

func Example() {
	c := manualclock.New(time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC))
	deadline := c.Now().Add(5 * time.Minute)
	c.Advance(5 * time.Minute)
	fmt.Println(!c.Now().Before(deadline), c.Now().Format("15:04"))
	// Output: true 09:05
}

func ExampleClock_AfterFunc() {
	c := manualclock.New(time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC))
	flag := c.AfterFunc(10*time.Minute, func() { fmt.Println("flag falls at", c.Now().Format("15:04")) })
	c.Advance(5 * time.Minute)
	fmt.Println("a move at", c.Now().Format("15:04"))
	flag.Reset(10 * time.Minute) // the mover's clock runs again
	c.Advance(9 * time.Minute)
	fmt.Println("nothing yet at", c.Now().Format("15:04"))
	c.Advance(time.Minute) // the timer runs before Advance returns
	fmt.Println("stopped after firing:", flag.Stop())
	// Output:
	// a move at 09:05
	// nothing yet at 09:14
	// flag falls at 09:15
	// stopped after firing: false
}
