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
