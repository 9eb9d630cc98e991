package wsload

import (
	"runtime/debug"
	"testing"
)

// TestSetGeneratorGC: a percentage is set and given as it is; -1 leaves
// the target and names GOGC's, or Go's default.
func TestSetGeneratorGC(t *testing.T) {
	const untouched = 77 // a target no case sets
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	for _, tc := range []struct {
		percent int
		gogc    string
		want    string
		target  int
	}{
		{400, "", "400", 400},
		{0, "", "0", 0},
		{-1, "", "100 (Go's default)", untouched},
		{-1, "200", "200 (GOGC)", untouched},
	} {
		t.Setenv("GOGC", tc.gogc)
		debug.SetGCPercent(untouched)
		if got := SetGeneratorGC(tc.percent); got != tc.want {
			t.Errorf("SetGeneratorGC(%d) with GOGC=%q = %q, want %q", tc.percent, tc.gogc, got, tc.want)
		}
		if now := debug.SetGCPercent(untouched); now != tc.target {
			t.Errorf("SetGeneratorGC(%d): the target is %d, want %d", tc.percent, now, tc.target)
		}
	}
}
