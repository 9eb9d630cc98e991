package match_test

import (
	"fmt"

	"github.com/joinpal/joinpal/match"
)

func ExampleTimeControlSpec_Parse() {
	tc, err := match.TimeControlSpec{Clock: "10+0.1", Margin: -1}.Parse()
	fmt.Println(tc.Base, tc.Inc, tc.Margin, err)
	tc, err = match.TimeControlSpec{PerMove: "0.1", Margin: -1}.Parse()
	fmt.Println(tc.MoveTime, tc.Margin, err)
	// Output:
	// 10s 100ms 0s <nil>
	// 100ms 100ms <nil>
}
