package i18n

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Unfilled is what a placeholder without a usable parameter renders as in
// production: a neutral mark, never the raw template text.
const Unfilled = "…"

// RenderError tells that a message was rendered with placeholders that
// had no parameter (Missing) or a parameter that is not of the
// placeholder's kind (Malformed: a plural's count that is no whole number,
// a datetime that is no RFC 3339 instant, a duration that is no whole
// number of seconds). The text rendered beside it is still safe to show.
type RenderError struct {
	Lang, Code         string
	Missing, Malformed []string
}

func (e *RenderError) Error() string {
	var parts []string
	if len(e.Missing) > 0 {
		parts = append(parts, "no parameter "+strings.Join(e.Missing, ", "))
	}
	if len(e.Malformed) > 0 {
		parts = append(parts, "malformed parameter "+strings.Join(e.Malformed, ", "))
	}
	return fmt.Sprintf("i18n: %s in %s: %s", e.Code, e.Lang, strings.Join(parts, "; "))
}

// renderer renders templates of one language for one reader.
type renderer struct {
	lang   string
	zone   *time.Location // nil: UTC, and the zone is named
	c      catalogue
	params map[string]string
	err    RenderError
}

// render writes t to sb; number is the formatted count of the enclosing
// plural, for "#".
func (r *renderer) render(sb *strings.Builder, t template, number string) {
	for _, s := range t {
		switch {
		case s.hash:
			sb.WriteString(number)
		case s.param == "":
			sb.WriteString(s.text)
		case s.plural != nil:
			r.plural(sb, s)
		default:
			sb.WriteString(r.value(s))
		}
	}
}

// value is the text of a placeholder other than a plural.
func (r *renderer) value(s segment) string {
	v, ok := r.params[s.param]
	if !ok {
		r.missing(s.param)
		return Unfilled
	}
	switch s.kind {
	case kindNumber:
		n, err := strconv.Atoi(v)
		if err != nil {
			r.malformed(s.param)
			return v
		}
		return formatInt(r.lang, n)
	case kindDatetime:
		at, err := time.Parse(time.RFC3339, v)
		if err != nil {
			r.malformed(s.param)
			return v
		}
		return formatDatetime(r.lang, at, r.zone)
	case kindDuration:
		secs, err := strconv.Atoi(v)
		if err != nil || secs < 0 {
			r.malformed(s.param)
			return v
		}
		return formatDuration(time.Duration(secs) * time.Second)
	}
	if s.family != "" {
		return word(r.c, s.family+"."+v, v)
	}
	return v
}

// plural writes the branch of s that its count selects: an exact =N, else
// the count's CLDR category in the language, else other.
func (r *renderer) plural(sb *strings.Builder, s segment) {
	v, ok := r.params[s.param]
	if !ok {
		r.missing(s.param)
		r.render(sb, s.plural.forms["other"], Unfilled)
		return
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.malformed(s.param)
		r.render(sb, s.plural.forms["other"], v)
		return
	}
	branch, ok := s.plural.exact[n]
	if !ok {
		branch, ok = s.plural.forms[pluralCategory(r.lang, n)]
	}
	if !ok {
		branch = s.plural.forms["other"]
	}
	r.render(sb, branch, formatInt(r.lang, n))
}

func (r *renderer) missing(name string) {
	if !slices.Contains(r.err.Missing, name) {
		r.err.Missing = append(r.err.Missing, name)
	}
}

func (r *renderer) malformed(name string) {
	if !slices.Contains(r.err.Malformed, name) {
		r.err.Malformed = append(r.err.Malformed, name)
	}
}

// word returns the text of a word code without placeholders, or def.
func word(c catalogue, code, def string) string {
	t, ok := c[code]
	if !ok {
		if _, t, ok = fallback(code); !ok {
			return def
		}
	}
	var sb strings.Builder
	(&renderer{c: c}).render(&sb, t, "")
	return sb.String()
}
