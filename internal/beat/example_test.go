package beat_test

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/internal/beat"
)

// Every loop that waits for a second waits for the next whole second,
// whenever it started.
func ExampleUntil() {
	now := time.Date(2026, 12, 5, 21, 0, 7, 250_000_000, time.UTC)
	fmt.Println(beat.Until(now, time.Second))
	fmt.Println(now.Add(beat.Until(now, time.Second)).Format(time.TimeOnly))
	// Output:
	// 750ms
	// 21:00:08
}
