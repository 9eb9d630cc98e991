package randid

import (
	"math"
	"strings"
	"testing"
)

// TestString: ids have the length asked, only the alphabet's symbols, and
// every symbol about equally often.
func TestString(t *testing.T) {
	cases := []struct {
		alphabet string
		n        int
	}{
		{Alphanumeric, 8},
		{LowerAlphanumeric, 16},
		{"ab", 1},
		{"x", 5},
		{Alphanumeric, 0},
	}
	for _, tc := range cases {
		id := String(tc.alphabet, tc.n)
		if len(id) != tc.n || strings.Trim(id, tc.alphabet) != "" {
			t.Errorf("String(%q, %d) = %q", tc.alphabet, tc.n, id)
		}
	}
	// 62,000 symbols: each of the 62 about 1,000 times. A symbol favoured
	// by the modulo (as 256 % 62 = 8 would make the first eight) would be
	// seen about 1,200 times; the bound is five standard deviations.
	counts := map[rune]int{}
	for _, r := range String(Alphanumeric, 62000) {
		counts[r]++
	}
	sd := math.Sqrt(1000 * (1 - 1.0/62))
	for _, r := range Alphanumeric {
		if d := math.Abs(float64(counts[r]) - 1000); d > 5*sd {
			t.Errorf("%c drawn %d times in 62,000, want about 1,000", r, counts[r])
		}
	}
}

func TestStringRefusesABadAlphabet(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("an empty alphabet was taken")
		}
	}()
	String("", 3)
}
