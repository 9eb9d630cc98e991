package live

import (
	"time"

	"github.com/joinpal/joinpal/internal/manualclock"
)

// fakeClock is the runtime's Clock in its tests: its time moves only when
// a test advances it, and the timers due then fire, in order, before
// Advance returns.
type fakeClock = manualclock.For[Timer]

func newFakeClock() *fakeClock {
	return &fakeClock{Clock: manualclock.New(time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC))}
}
