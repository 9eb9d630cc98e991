package chat

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean returns text as a line holds it: every run of spaces, line breaks
// and other control or invisible format characters becomes one space, and
// the ends are trimmed. Invalid UTF-8 becomes U+FFFD.
func Clean(text string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToValidUTF8(text, "\uFFFD") {
		if unicode.IsSpace(r) || unicode.IsControl(r) || (unicode.Is(unicode.Cf, r) && r != '\u200d') {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// mayWrite refuses who may not write in a room of kind k: nobody, anywhere;
// a guest anywhere but the players' room of their own game (the server
// lets only a game's players into it).
func mayWrite(k Kind, who Author) error {
	if who.ID == "" {
		return NewError(CodeReadOnly, "nobody may write", nil)
	}
	if who.Guest && k != KindPlayers {
		return NewError(CodeReadOnly, "a guest may write only to their opponent", nil)
	}
	if k == "" {
		return NewError(CodeReadOnly, "a room of no known kind", nil)
	}
	return nil
}

// Check returns the line text becomes (Clean), or its refusal:
// chat.empty, or chat.too_long past max characters.
func Check(text string, max int) (string, error) {
	text = Clean(text)
	if text == "" {
		return "", NewError(CodeEmpty, "an empty line", nil)
	}
	if n := utf8.RuneCountInString(text); n > max {
		return "", NewError(CodeTooLong, fmt.Sprintf("a line of %d characters", n), nil).With("max", strconv.Itoa(max))
	}
	return text, nil
}
