package coded

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/joinpal/joinpal/chess"
)

func TestClip(t *testing.T) {
	tests := []struct {
		name string
		in   string
		max  int
		want string
	}{
		{"short", "Ana", 40, "Ana"},
		{"exactly max", "abcde", 5, "abcde"},
		{"ascii cut", "abcdefgh", 6, "abc…"},
		{"ñ kept whole", "ññññ", 7, "ññ…"}, // 4 bytes of room
		{"ñ at the edge", "añññ", 6, "añ…"},
		{"emoji kept whole", "😀😀😀", 10, "😀…"},
		{"emoji too big", "😀😀", 5, "…"},
		{"combining mark stays with its letter", "cafe\u0301s y más", 8, "caf…"}, // e and its accent go together
		{"combining mark fits", "cafe\u0301s y más", 9, "cafe\u0301…"},
		{"skin tone stays with its hand", "ab👍🏽cdef", 12, "ab…"},
		{"zwj sequence", "a👩\u200d💻b", 12, "a…"},
		{"invalid bytes replaced", "ab\xffcd", 40, "ab\uFFFDcd"},
		{"invalid bytes then cut", "\xffa\xffb\xffc", 7, "\uFFFDa…"},
		{"cut name no longer ends in half a character", strings.Repeat("é", 30), 40, strings.Repeat("é", 18) + "…"},
		{"max below the ellipsis", "abcdef", 2, "ab"},
		{"max below the ellipsis, multi-byte", "ñab", 1, ""},
		{"max zero", "abc", 0, ""},
		{"empty", "", 3, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Clip(tt.in, tt.max)
			if got != tt.want {
				t.Errorf("Clip(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
			}
			checkClip(t, tt.in, tt.max, got)
		})
	}
}

// checkClip fails unless out, Clip's answer for in and max, is valid UTF-8
// within max bytes, and is in itself when in is valid and fits.
func checkClip(t *testing.T, in string, max int, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("Clip(%q, %d) = %q: not valid UTF-8", in, max, out)
	}
	if len(out) > max && max >= 0 {
		t.Errorf("Clip(%q, %d) = %q: %d bytes", in, max, out, len(out))
	}
	if utf8.ValidString(in) && len(in) <= max && out != in {
		t.Errorf("Clip(%q, %d) = %q: changed a text that fits", in, max, out)
	}
	if cut, ok := strings.CutSuffix(out, ellipsis); ok && utf8.ValidString(in) && !strings.HasPrefix(in, cut) {
		t.Errorf("Clip(%q, %d) = %q: not a prefix of the input", in, max, out)
	}
}

// FuzzClip: whatever the text and the size, Clip gives valid UTF-8 within
// the size, and chess.ClipParam (the rules core's own copy, which cannot
// import this package) agrees with ClipParam. The seeds are in
// testdata/fuzz/FuzzClip.
func FuzzClip(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string, max int) {
		max %= 200
		checkClip(t, s, max, Clip(s, max))
		if got, want := chess.ClipParam(s), ClipParam(s); got != want {
			t.Errorf("chess.ClipParam(%q) = %q, ClipParam = %q", s, got, want)
		}
	})
}
