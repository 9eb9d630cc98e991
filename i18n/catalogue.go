package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
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

var catalogues, raws, texts = mustLoad()

// mustLoad reads the embedded catalogues; a catalogue that does not parse,
// or a code written twice, is a bug in the source tree, caught by every
// test of the package.
func mustLoad() (map[string]catalogue, map[string][]byte, map[string]map[string]string) {
	out := map[string]catalogue{}
	rawOut := map[string][]byte{}
	textOut := map[string]map[string]string{}
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
		textOut[lang] = merged
	}
	return out, rawOut, textOut
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

// Template returns the text of code in lang's catalogue as it is written,
// placeholders and all, or "" when it has none.
func Template(lang, code string) string {
	return texts[lang][code]
}

// Reader is who a message is written for: the language (a tag or an
// Accept-Language header, matched by [Match]) and the time zone instants
// are shown in — nil when it is not known, and then they are shown in UTC
// and the zone is named.
type Reader struct {
	Lang string
	Zone *time.Location
}

// Render returns the text of code for r, with the parameters put in. A
// code without a text in r's language gets the default language's text,
// and a code without any text comes back as it is. A placeholder without a
// parameter, or with one not of its kind, is rendered as [Unfilled] (or
// the value as it is) and reported by a *[RenderError] beside the text.
func Render(r Reader, code string, params map[string]string) (string, error) {
	lang := Match(r.Lang)
	c := catalogues[lang]
	t, ok := c[code]
	if !ok {
		if c, t, ok = fallback(code); !ok {
			return code, nil
		}
	}
	rr := renderer{lang: lang, zone: r.Zone, c: c, params: params}
	var sb strings.Builder
	rr.render(&sb, t, "")
	if len(rr.err.Missing) > 0 || len(rr.err.Malformed) > 0 {
		rr.err.Lang, rr.err.Code = lang, code
		return sb.String(), &rr.err
	}
	return sb.String(), nil
}

// Message is [Render] for production: a placeholder left unfilled is
// reported (see [OnRenderError]) and the text is still given.
func (r Reader) Message(code string, params map[string]string) string {
	text, err := Render(r, code, params)
	if err != nil {
		reportRenderError(err)
	}
	return text
}

// Message returns the text of code in the language lang asks for, with
// the parameters put in, for a reader whose time zone is not known (see
// [Reader.Message]).
func Message(lang, code string, params map[string]string) string {
	return Reader{Lang: lang}.Message(code, params)
}

var (
	reportMu sync.Mutex
	reporter = func(err error) { slog.Warn("i18n: message rendered with a placeholder unfilled", "err", err) }
)

func reportRenderError(err error) {
	reportMu.Lock()
	f := reporter
	reportMu.Unlock()
	f(err)
}

// OnRenderError makes f hear of every message rendered with a placeholder
// unfilled (by default they go to the log, slog's default logger, as a
// warning) and returns the function that puts the previous one back. Tests
// of the packages that produce messages use it to fail on any.
func OnRenderError(f func(error)) (restore func()) {
	reportMu.Lock()
	defer reportMu.Unlock()
	prev := reporter
	reporter = f
	return func() {
		reportMu.Lock()
		defer reportMu.Unlock()
		reporter = prev
	}
}

// fallback finds code's text in the default language.
func fallback(code string) (catalogue, template, bool) {
	c := catalogues[Default]
	t, ok := c[code]
	return c, t, ok
}

// Placeholder is one parameter a template asks for.
type Placeholder struct {
	// Name is the parameter's name.
	Name string
	// Kind is how the value is read: "" as it is; "word" a code of Family;
	// "plural" a whole number that chooses a branch; "number" a whole
	// number; "datetime" an RFC 3339 instant; "duration" whole seconds.
	Kind string
	// Family is the code family of a word ("piece" for {piece:piece}).
	Family string
}

// Placeholders returns the parameters that code's text in lang asks for,
// in order of first appearance.
func Placeholders(lang, code string) []Placeholder {
	t := catalogues[lang][code]
	kinds := t.kindOf()
	var out []Placeholder
	for _, name := range t.params() {
		p := Placeholder{Name: name, Kind: kinds[name]}
		t.walk(func(s segment) {
			if s.param == name && s.family != "" && p.Family == "" {
				p.Family = s.family
			}
		})
		out = append(out, p)
	}
	return out
}
