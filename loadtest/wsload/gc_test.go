package wsload

import (
	"runtime/debug"
	"testing"
)

// TestSetGeneratorGC: a percentage is set and given as it is; -1 leaves
// the target and names GOGC's, or Go's default.
func TestSetGeneratorGC(t *testing.T) {
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
		{-1, "", "100 (Go's default)", 0},
		{-1, "200", "200 (GOGC)", 0},
	} {
		t.Setenv("GOGC", tc.gogc)
		debug.SetGCPercent(0)
		if got := SetGeneratorGC(tc.percent); got != tc.want {
			t.Errorf("SetGeneratorGC(%d) with GOGC=%q = %q, want %q", tc.percent, tc.gogc, got, tc.want)
		}
		if now := debug.SetGCPercent(0); now != tc.target {
			t.Errorf("SetGeneratorGC(%d): the target is %d, want %d", tc.percent, now, tc.target)
		}
	}
}
