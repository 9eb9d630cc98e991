package live

import "time"

// Clock is the runtime's source of time and timers. Tests give a fake one
// so that they never sleep.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f after d, never from within AfterFunc: the
	// system clock on a goroutine of its own, a test's clock on the
	// goroutine that moves it past d.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a timer started by Clock.AfterFunc.
type Timer interface {
	// Stop prevents the timer from firing; false if it fired already.
	Stop() bool
}

// resettable is a Timer that can be set to fire again, d from now, as a
// stopped or fired time.Timer made by time.AfterFunc can: its function
// then runs once more. A Timer without it is replaced by a new one.
type resettable interface {
	Reset(d time.Duration) bool
}

// SystemClock's timers are set again, not made anew.
var _ resettable = (*time.Timer)(nil)

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (SystemClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }
