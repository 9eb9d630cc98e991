package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// The languages, the default first.
const (
	Spanish = "es"
	English = "en"
	// Default is the language of a request that asks for none we have.
	Default = Spanish
)

//go:embed es.json en.json
var files embed.FS

// catalogue is one language's templates, parsed.
type catalogue map[string]template

var catalogues = mustLoad()

// mustLoad reads the embedded catalogues; a catalogue that does not parse
// is a bug in the source tree, caught by every test of the package.
func mustLoad() map[string]catalogue {
	out := map[string]catalogue{}
	for _, lang := range Languages() {
		data, err := files.ReadFile(lang + ".json")
		if err != nil {
			panic(err)
		}
		c, err := parseCatalogue(data)
		if err != nil {
			panic(fmt.Sprintf("i18n: %s.json: %v", lang, err))
		}
		out[lang] = c
	}
	return out
}

// parseCatalogue reads a JSON object of code → template.
func parseCatalogue(data []byte) (catalogue, error) {
	var raw map[string]string
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	c := make(catalogue, len(raw))
	for code, text := range raw {
		t, err := parseTemplate(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", code, err)
		}
		c[code] = t
	}
	return c, nil
}

// Languages lists the languages that have a catalogue, the default first.
func Languages() []string { return []string{Spanish, English} }

// Catalogue returns the raw JSON catalogue of lang ("es" or "en"), as the
// browser reads it, or nil for a language we do not have.
func Catalogue(lang string) []byte {
	if !slices.Contains(Languages(), lang) {
		return nil
	}
	data, _ := files.ReadFile(lang + ".json")
	return data
}

// Keys returns every code that the catalogue of lang has a text for, in
// order.
func Keys(lang string) []string {
	return slices.Sorted(maps.Keys(catalogues[lang]))
}

// Has reports whether lang's catalogue has a text for code.
func Has(lang, code string) bool {
	_, ok := catalogues[lang][code]
	return ok
}

// Message returns the text of code in the language lang asks for, with the
// parameters put in. lang is a language tag ("es", "en-GB") or an
// Accept-Language header ("en-US,en;q=0.9"), matched by [Match]. A code
// without a text in that language gets the default language's text, and a
// code without any text comes back as it is; a placeholder without a
// parameter is left as it is.
func Message(lang, code string, params map[string]string) string {
	lang = Match(lang)
	c := catalogues[lang]
	t, ok := c[code]
	if !ok {
		if c, t, ok = fallback(code); !ok {
			return code
		}
	}
	return t.render(c, params)
}

// fallback finds code's text in the default language.
func fallback(code string) (catalogue, template, bool) {
	c := catalogues[Default]
	t, ok := c[code]
	return c, t, ok
}
