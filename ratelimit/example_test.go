package ratelimit_test

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/ratelimit"
)

// Five log-in attempts a minute per address.
func ExampleKeyed() {
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	logins := ratelimit.NewKeyed(5, time.Minute, func() time.Time { return now })
	for i := 1; i <= 6; i++ {
		ok, retry := logins.Allow("203.0.113.7")
		fmt.Println(i, ok, retry)
	}
	// Output:
	// 1 true 0s
	// 2 true 0s
	// 3 true 0s
	// 4 true 0s
	// 5 true 0s
	// 6 false 12s
}

// A socket may send at most 100 frames in any 20 seconds.
func ExampleWindow() {
	w := ratelimit.NewWindow(100, 20*time.Second)
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	n := 0
	for range 150 {
		if w.Allow(at) {
			n++
		}
		at = at.Add(100 * time.Millisecond)
	}
	fmt.Println(n, "of 150 frames in 15 s allowed")
	// Output: 100 of 150 frames in 15 s allowed
}
