package pgn

import (
	"strconv"
	"strings"
	"time"
)

// maxClockHours bounds the hours of a [%clk] so that the time fits in a
// time.Duration with room to spare.
const maxClockHours = 2_500_000

// normalizeComment returns the text of a comment with its white space runs
// (newlines included) made single spaces and its ends trimmed.
func normalizeComment(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// takeClock finds the first well-formed [%clk h:mm:ss] or [%clk h:mm:ss.f]
// command in comments and removes it. It returns the comments normalized,
// without those left empty, and the clock if one was found.
func takeClock(comments []string) (out []string, clock time.Duration, ok bool) {
	for _, c := range comments {
		c = normalizeComment(c)
		if !ok {
			if i, j, d, found := findClock(c); found {
				c = normalizeComment(c[:i] + " " + c[j:])
				clock, ok = d, true
			}
		}
		if c != "" {
			out = append(out, c)
		}
	}
	return out, clock, ok
}

// findClock returns the byte span [i, j) of the first well-formed [%clk]
// command in s, a normalized comment, and its time.
func findClock(s string) (i, j int, d time.Duration, ok bool) {
	for off := 0; ; {
		k := strings.Index(s[off:], "[%clk")
		if k < 0 {
			return 0, 0, 0, false
		}
		i = off + k
		rest := s[i+len("[%clk"):]
		trimmed := strings.TrimLeft(rest, " ")
		// A clock is short: look for its ']' nearby only, so that text full
		// of "[%clk" costs linear time.
		end := strings.IndexByte(trimmed[:min(len(trimmed), 32)], ']')
		if len(trimmed) < len(rest) && end > 0 {
			if d, ok := parseClock(strings.TrimRight(trimmed[:end], " ")); ok {
				return i, len(s) - len(trimmed) + end + 1, d, true
			}
		}
		off = i + 1
	}
}

// parseClock reads h:mm:ss with an optional fraction of a second of up to
// nine digits.
func parseClock(s string) (time.Duration, bool) {
	hs, rest, ok1 := strings.Cut(s, ":")
	ms, ss, ok2 := strings.Cut(rest, ":")
	if !ok1 || !ok2 {
		return 0, false
	}
	ss, frac, hasFrac := strings.Cut(ss, ".")
	h, okh := number(hs, 1, 7)
	m, okm := number(ms, 1, 2)
	sec, oks := number(ss, 1, 2)
	if !okh || !okm || !oks || h > maxClockHours || m > 59 || sec > 59 {
		return 0, false
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second
	if hasFrac {
		f, ok := number(frac, 1, 9)
		if !ok {
			return 0, false
		}
		for range 9 - len(frac) {
			f *= 10
		}
		d += time.Duration(f)
	}
	return d, true
}

// number reads a decimal number of minLen to maxLen digits.
func number(s string, minLen, maxLen int) (int, bool) {
	if len(s) < minLen || len(s) > maxLen {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// formatClock writes d as h:mm:ss, with as many digits of a fraction of a
// second as it needs. Negative durations are written as 0:00:00.
func formatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	h := d / time.Hour
	m := d % time.Hour / time.Minute
	s := d % time.Minute / time.Second
	ns := d % time.Second
	var b []byte
	b = strconv.AppendInt(b, int64(h), 10)
	b = append(b, ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+s/10), byte('0'+s%10))
	if ns != 0 {
		frac := strings.TrimRight(strconv.FormatInt(int64(ns)+1e9, 10)[1:], "0")
		b = append(b, '.')
		b = append(b, frac...)
	}
	return string(b)
}
