package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
)

// The languages, the default first.
const (
	Spanish = "es"
	English = "en"
	// Default is the language of a request that asks for none we have.
	Default = Spanish
)

// The catalogue of a language is its file (es.json) and the browser's
// words, one file per area of the interface (ui/game.es.json ...), whose
// codes all start with "ui." (UIPrefix).
//
//go:embed es.json en.json ui/*.json
var files embed.FS

// UIPrefix starts every code of the browser interface's words, which live
// in ui/<area>.<lang>.json; package web's tests check that every one is used
// and that every one the browser uses has a text in each language.
const UIPrefix = "ui."

// catalogue is one language's templates, parsed.
type catalogue map[string]template

var catalogues, raws = mustLoad()

// mustLoad reads the embedded catalogues; a catalogue that does not parse,
// or a code written twice, is a bug in the source tree, caught by every
// test of the package.
func mustLoad() (map[string]catalogue, map[string][]byte) {
	out := map[string]catalogue{}
	rawOut := map[string][]byte{}
	for _, lang := range Languages() {
		merged, err := readLanguage(lang)
		if err != nil {
			panic(err)
		}
		c := make(catalogue, len(merged))
		for code, text := range merged {
			t, err := parseTemplate(text)
			if err != nil {
				panic(fmt.Sprintf("i18n: %s: %s: %v", lang, code, err))
			}
			c[code] = t
		}
		out[lang] = c
		rawOut[lang], _ = json.Marshal(merged)
	}
	return out, rawOut
}

// readLanguage reads and merges the files of lang's catalogue.
func readLanguage(lang string) (map[string]string, error) {
	names := []string{lang + ".json"}
	uiFiles, _ := files.ReadDir("ui")
	for _, f := range uiFiles {
		if strings.HasSuffix(f.Name(), "."+lang+".json") {
			names = append(names, path.Join("ui", f.Name()))
		}
	}
	merged := map[string]string{}
	for _, name := range names {
		data, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var part map[string]string
		if err := json.Unmarshal(data, &part); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		for code, text := range part {
			if _, dup := merged[code]; dup {
				return nil, fmt.Errorf("i18n: %s: %s is written twice", name, code)
			}
			if isUI := strings.HasPrefix(code, UIPrefix); isUI != strings.HasPrefix(name, "ui/") {
				return nil, fmt.Errorf("i18n: %s: %s: codes starting with %q live in ui/, and only they", name, code, UIPrefix)
			}
			merged[code] = text
		}
	}
	return merged, nil
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
	return raws[lang]
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
