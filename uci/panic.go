package uci

import "fmt"

// panicText describes a recovered panic value in one line.
func panicText(r any) string {
	return oneLine(fmt.Sprint(r))
}
