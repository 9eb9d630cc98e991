package opening_test

import (
	"fmt"
	"strings"

	"github.com/joinpal/joinpal/opening"
)

// A game that reaches the Nimzo-Indian Defense and goes on: the last named
// position names it, in English and in Spanish.
func ExampleFromUCI() {
	moves := strings.Fields("d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 a2a4 a7a5")
	o, ok := opening.FromUCI("", moves)
	fmt.Println(ok, o.ECO)
	fmt.Println(o.In(opening.English))
	fmt.Println(o.In(opening.Spanish))
	// Output:
	// true E20
	// Nimzo-Indian Defense
	// Defensa Nimzoindia
}
