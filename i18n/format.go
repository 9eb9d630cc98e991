package i18n

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// The formats below are those the browser's Intl gives for the page's
// locales (es-ES, en-GB; see web/src/lib/i18n.ts), so that a message reads
// the same whether the server or the browser rendered it; the shared
// corpus i18n/testdata/render.json holds the two to it.

// pluralCategory is CLDR's cardinal plural category of n in lang ("one",
// "other", ...).
func pluralCategory(lang string, n int) string {
	tag := language.Spanish
	if lang == English {
		tag = language.English
	}
	if n < 0 {
		n = -n
	}
	switch plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// formatInt writes n with the language's grouping of thousands: "1,500"
// in English; in Spanish "1500" but "15.000" (CLDR groups Spanish numbers
// only from five digits on).
func formatInt(lang string, n int) string {
	digits := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	sep, minDigits := ",", 4
	if lang != English {
		sep, minDigits = ".", 5
	}
	if len(digits) < minDigits {
		return sign + digits
	}
	var sb strings.Builder
	sb.WriteString(sign)
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			sb.WriteString(sep)
		}
		sb.WriteRune(d)
	}
	return sb.String()
}

var months = map[string][12]string{
	Spanish: {"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"},
	English: {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"},
}

// formatDatetime writes at as a medium date and a short time in zone, as
// Intl.DateTimeFormat(locale, {dateStyle: "medium", timeStyle: "short"})
// does: "1 dic 2026, 9:30" (es), "1 Dec 2026, 09:30" (en). With no zone
// it is written in UTC, and says so: "1 dic 2026, 9:30 UTC".
func formatDatetime(lang string, at time.Time, zone *time.Location) string {
	named := zone == nil
	if named {
		zone = time.UTC
	}
	at = at.In(zone)
	m, ok := months[lang]
	if !ok {
		m = months[Default]
	}
	hour := strconv.Itoa(at.Hour())
	if lang == English {
		hour = fmt.Sprintf("%02d", at.Hour())
	}
	out := fmt.Sprintf("%d %s %d, %s:%02d", at.Day(), m[at.Month()-1], at.Year(), hour, at.Minute())
	if named {
		out += " UTC"
	}
	return out
}

// formatDuration writes d, rounded down, in its two largest units, with
// the abbreviations both languages share: "45 s", "59 min", "2 h 5 min",
// "3 d 4 h".
func formatDuration(d time.Duration) string {
	secs := int(d / time.Second)
	days, hours, mins := secs/86400, secs/3600%24, secs/60%60
	pair := func(a int, ua string, b int, ub string) string {
		if b == 0 {
			return fmt.Sprintf("%d %s", a, ua)
		}
		return fmt.Sprintf("%d %s %d %s", a, ua, b, ub)
	}
	switch {
	case days > 0:
		return pair(days, "d", hours, "h")
	case hours > 0:
		return pair(hours, "h", mins, "min")
	case mins > 0:
		return fmt.Sprintf("%d min", mins)
	}
	return fmt.Sprintf("%d s", secs)
}
