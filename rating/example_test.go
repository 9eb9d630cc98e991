package rating_test

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/rating"
)

// Two new players meet in a rated blitz game (5+3) and White wins.
func Example() {
	speed := rating.SpeedOf(rating.Estimate(5*time.Minute, 3*time.Second))
	at := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	white, black, err := rating.Game(rating.New(), rating.New(), rating.Win, at)
	if err != nil {
		panic(err)
	}
	fmt.Println(speed)
	fmt.Printf("white %.0f (RD %.0f), black %.0f (RD %.0f), provisional %v\n",
		white.Value, white.Deviation, black.Value, black.Deviation, white.Provisional())
	// Output:
	// blitz
	// white 1742 (RD 397), black 1258 (RD 397), provisional true
}
