package beat_test

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/internal/beat"
)

// Every loop that waits for a second with the same phase waits for the
// same instant, whenever it started.
func ExamplePhase_Until() {
	phase := beat.Phase(100 * time.Millisecond)
	for _, now := range []time.Time{
		time.Date(2026, 12, 5, 21, 0, 7, 250_000_000, time.UTC),
		time.Date(2026, 12, 5, 21, 0, 7, 900_000_000, time.UTC),
	} {
		wait := phase.Until(now, time.Second)
		fmt.Println(wait, now.Add(wait).Format("15:04:05.000"))
	}
	// Output:
	// 850ms 21:00:08.100
	// 200ms 21:00:08.100
}
