package i18n

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Match returns the language of ours that a request asks for: lang is a
// language tag ("en", "en-GB", "ES") or an HTTP Accept-Language header
// ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5"). The tags are tried by quality,
// best first (in order of appearance on a tie); the first whose language is
// one we have wins. Anything else — no tag, only other languages, "*",
// garbage — gets the default, Spanish.
func Match(lang string) string {
	type choice struct {
		lang string
		q    float64
	}
	var choices []choice
	for part := range strings.SplitSeq(lang, ",") {
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				continue
			}
			q = f
		}
		base, _, _ := strings.Cut(strings.TrimSpace(tag), "-")
		base, _, _ = strings.Cut(base, "_")
		if q > 0 {
			choices = append(choices, choice{strings.ToLower(base), q})
		}
	}
	slices.SortStableFunc(choices, func(a, b choice) int { return cmp.Compare(b.q, a.q) })
	for _, c := range choices {
		if slices.Contains(Languages(), c.lang) {
			return c.lang
		}
	}
	return Default
}
