package game

import "strconv"

func itoa(n int) string { return strconv.Itoa(n) }

// quote quotes user text for an error message, cutting it short so that a
// huge input does not make a huge message.
func quote(s string) string {
	const max = 40
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}

// clip cuts user text short for a message or a parameter, so that a huge
// input does not make a huge message; it never splits a UTF-8 sequence.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
