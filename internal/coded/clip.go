package coded

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxParam is how many bytes of user text (a name, a move, a field) an
// error's parameter or message keeps: [ClipParam] cuts to it.
const MaxParam = 40

// ellipsis ends a text that Clip cut.
const ellipsis = "…"

// ClipParam is Clip(s, MaxParam): user text cut for an error's parameter or
// message, so that a huge input does not make a huge error.
func ClipParam(s string) string { return Clip(s, MaxParam) }

// Clip returns s as valid UTF-8 of at most max bytes. Invalid bytes become
// U+FFFD. A text longer than max is cut before a whole character and ends
// with "…" (counted in max); the cut never splits a UTF-8 sequence, never
// leaves a letter without the combining marks that follow it, and never
// ends on a zero-width joiner, so an emoji sequence or an accented letter
// is kept whole or dropped whole. A max below the ellipsis's 3 bytes cuts
// without it; max <= 0 gives "".
func Clip(s string, max int) string {
	s = strings.ToValidUTF8(s, string(utf8.RuneError))
	if len(s) <= max {
		return s
	}
	if max <= 0 {
		return ""
	}
	end := ellipsis
	room := max - len(end)
	if room < 0 {
		room, end = max, ""
	}
	return s[:boundary(s, room)] + end
}

// boundary returns the largest cut of s at most n bytes long (n < len(s))
// that falls between two characters that may be parted: not inside a UTF-8
// sequence, not before a combining mark or after a zero-width joiner.
func boundary(s string, n int) int {
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	for cut > 0 {
		next, _ := utf8.DecodeRuneInString(s[cut:])
		prev, size := utf8.DecodeLastRuneInString(s[:cut])
		if !joins(next) && prev != zwj {
			break
		}
		cut -= size
	}
	return cut
}

// zwj is the zero-width joiner that glues emoji into one sequence.
const zwj = '\u200d'

// joins reports whether r belongs to the character before it: a combining
// mark (accents, variation selectors), an emoji modifier (skin tones) or a
// zero-width joiner.
func joins(r rune) bool {
	return unicode.Is(unicode.M, r) || r == zwj || (r >= 0x1F3FB && r <= 0x1F3FF)
}
