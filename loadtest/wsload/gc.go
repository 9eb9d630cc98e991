package wsload

import (
	"os"
	"runtime/debug"
	"strconv"
)

// DefaultGeneratorGCPercent is the load generator's garbage collector
// target (as GOGC): at 9,900 games its heap holds some 250 MB live, and
// at Go's default of 100 it collected every 20 s or so, each time
// delaying the acks it was timing by tens of milliseconds, whichever
// server answered them. A generator that collects a quarter as often
// needs about twice the memory, which a machine that runs it has.
const DefaultGeneratorGCPercent = 400

// SetGeneratorGC sets this process's garbage collector target to percent
// (as GOGC; -1 leaves it as GOGC set it) and returns it as a report
// gives it: the percentage, or with -1 GOGC's value or Go's default.
// Percentages below -1 are the caller's to refuse.
func SetGeneratorGC(percent int) string {
	if percent >= 0 {
		debug.SetGCPercent(percent)
		return strconv.Itoa(percent)
	}
	if v := os.Getenv("GOGC"); v != "" {
		return v + " (GOGC)"
	}
	return "100 (Go's default)"
}
