package schedule

import (
	"fmt"
	"strings"
	"time"
)

// ICS returns the arrangement as an iCalendar file (RFC 5545) with one
// event: its start in UTC, lasting an estimate of the game (both players'
// time plus the default time, at least 30 minutes), a UID stable for the
// arrangement (so a calendar updates it when downloaded again after a
// postponement), DTSTAMP now, text escaped and lines folded at 75 octets.
// host names the site in the UID; url is the waiting room's address.
func (a Arrangement) ICS(now time.Time, host, url, summary, description string) string {
	const stamp = "20060102T150405Z"
	end := a.StartAt.Add(max(30*time.Minute, 2*a.TimeControl.Base()+80*a.TimeControl.Increment()+40*a.TimeControl.PerMove()))
	var b strings.Builder
	line := func(s string) { b.WriteString(fold(s)) }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//JoinPal//Scheduled games//EN")
	line("CALSCALE:GREGORIAN")
	line("METHOD:PUBLISH")
	line("BEGIN:VEVENT")
	line("UID:" + escapeText(a.ID+"@"+host))
	line("DTSTAMP:" + now.UTC().Format(stamp))
	line("DTSTART:" + a.StartAt.UTC().Format(stamp))
	line("DTEND:" + end.UTC().Format(stamp))
	line(fmt.Sprintf("SEQUENCE:%d", len(a.Postponements)))
	line("SUMMARY:" + escapeText(summary))
	line("DESCRIPTION:" + escapeText(description))
	if url != "" {
		line("URL:" + url)
	}
	line("BEGIN:VALARM")
	line("ACTION:DISPLAY")
	line("DESCRIPTION:" + escapeText(summary))
	line("TRIGGER:-PT15M")
	line("END:VALARM")
	line("END:VEVENT")
	line("END:VCALENDAR")
	return b.String()
}

// escapeText escapes an RFC 5545 TEXT value: backslash, semicolon, comma,
// and newlines as \n.
func escapeText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)
	return r.Replace(s)
}

// fold ends a content line with CRLF, folding it into lines of at most 75
// octets (continuations start with a space), never inside a UTF-8
// character.
func fold(s string) string {
	var b strings.Builder
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74
	}
	b.WriteString(s)
	b.WriteString("\r\n")
	return b.String()
}
