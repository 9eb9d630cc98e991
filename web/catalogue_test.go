package web_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/i18n"
)

// uiCode matches a quoted catalogue code of the interface in the bundle's
// source: 'ui.game.resign', or a prefix the code completes at run time
// ('ui.lang.name.' + lang).
var uiCode = regexp.MustCompile(`['"` + "`" + `](ui\.[a-z0-9_.]+)['"` + "`$" + `]`)

// sourceCodes returns every ui.* code (and code prefix, ending in ".")
// that the TypeScript under src/ or the server's page shell
// (../server/*.go) names, with the file that names it.
func sourceCodes(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, dir := range []string{"src", "../server"} {
		walkCodes(t, dir, out)
	}
	return out
}

func walkCodes(t *testing.T, dir string, out map[string]string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(path, "_test.") || strings.Contains(path, ".test.") {
			return err
		}
		if !strings.HasSuffix(path, ".ts") && !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range uiCode.FindAllStringSubmatch(string(data), -1) {
			out[m[1]] = path
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEveryTextTheBrowserShowsIsTranslated: every ui.* code the
// interface's source names has a text in every language.
func TestEveryTextTheBrowserShowsIsTranslated(t *testing.T) {
	for code, file := range sourceCodes(t) {
		if strings.HasSuffix(code, ".") {
			continue
		}
		for _, lang := range i18n.Languages() {
			if !i18n.Has(lang, code) {
				t.Errorf("%s: %s has no text in %s (i18n/ui/*.%s.json)", file, code, lang, lang)
			}
		}
	}
}

// TestEveryUITextIsUsed: every ui.* code of the catalogues is named by the
// source, whole or by a prefix, so a catalogue keeps no dead text; and
// every language has the same ui.* codes.
func TestEveryUITextIsUsed(t *testing.T) {
	codes := sourceCodes(t)
	var prefixes []string
	for c := range codes {
		if strings.HasSuffix(c, ".") {
			prefixes = append(prefixes, c)
		}
	}
	uiKeys := func(lang string) []string {
		var out []string
		for _, k := range i18n.Keys(lang) {
			if strings.HasPrefix(k, i18n.UIPrefix) {
				out = append(out, k)
			}
		}
		return out
	}
	es := uiKeys(i18n.Spanish)
	for _, lang := range i18n.Languages()[1:] {
		if other := uiKeys(lang); !slices.Equal(es, other) {
			t.Errorf("the ui.* codes of %s differ from Spanish's", lang)
		}
	}
	for _, k := range es {
		if _, ok := codes[k]; ok {
			continue
		}
		if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
			t.Errorf("%s is in the catalogues but the interface never names it", k)
		}
	}
}

// tCall matches the start of a call of the interface's t() with a literal
// code: t('ui.game.resign') or t('ui.home.me.account', {...}).
var tCall = regexp.MustCompile(`\bt\(\s*['"]([a-z][a-z0-9_.]*[a-z0-9_])['"]\s*([,)])`)

// objectKeys returns the top-level keys of the object literal that src
// starts with ("{ name: x, minutes }"), and false when it is not one that
// can be read so (no literal, or a spread).
func objectKeys(src string) ([]string, bool) {
	src = strings.TrimLeft(src, " \t\n")
	if !strings.HasPrefix(src, "{") {
		return nil, false
	}
	var keys []string
	depth, start := 0, 1
	entry := func(s string) bool {
		s = strings.TrimSpace(s)
		if s == "" {
			return true
		}
		if strings.HasPrefix(s, "...") {
			return false
		}
		key, _, _ := strings.Cut(s, ":")
		keys = append(keys, strings.Trim(strings.TrimSpace(key), `'"`))
		return true
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '\'', '"', '`':
			end := strings.IndexByte(src[i+1:], c)
			if end < 0 {
				return nil, false
			}
			i += end + 1
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
			if depth == 0 {
				return keys, entry(src[start:i])
			}
		case ',':
			if depth == 1 {
				if !entry(src[start:i]) {
					return nil, false
				}
				start = i + 1
			}
		}
	}
	return nil, false
}

// TestCallsPassEveryParameter: every t() call of the interface's source
// whose parameters are an object literal passes every parameter its text
// asks for in every language, so no placeholder shows unfilled.
func TestCallsPassEveryParameter(t *testing.T) {
	checked := 0
	err := filepath.WalkDir("src", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".ts") || strings.Contains(path, ".test.") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		src := string(data)
		for _, m := range tCall.FindAllStringSubmatchIndex(src, -1) {
			code := src[m[2]:m[3]]
			var given []string
			if src[m[4]:m[5]] == "," {
				keys, ok := objectKeys(src[m[5]:])
				if !ok {
					continue // parameters built elsewhere
				}
				given = keys
			}
			for _, lang := range i18n.Languages() {
				if !i18n.Has(lang, code) {
					continue // TestEveryTextTheBrowserShowsIsTranslated says so
				}
				for _, p := range i18n.Placeholders(lang, code) {
					if !slices.Contains(given, p.Name) {
						line := 1 + strings.Count(src[:m[0]], "\n")
						t.Errorf("%s:%d: t(%q) passes %v; its text in %s asks for %s", path, line, code, given, lang, p.Name)
					}
				}
			}
			checked++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Errorf("only %d calls of t() read: the pattern no longer finds them", checked)
	}
}
