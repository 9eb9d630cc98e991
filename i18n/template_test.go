package i18n

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseTemplate(t *testing.T) {
	tests := []struct {
		text     string
		ok       bool
		params   []string
		families []string
	}{
		{"plain text", true, nil, nil},
		{"", true, nil, nil},
		{"{square}", true, []string{"square"}, nil},
		{"{piece:piece} de {from} no puede llegar a {to}", true, []string{"piece", "from", "to"}, []string{"piece"}},
		{"{side:chess.castling}", true, []string{"side"}, []string{"chess.castling"}},
		{"$ {nag} ok", true, []string{"nag"}, nil},
		{"{at:datetime} {n:number} {left:duration}", true, []string{"at", "n", "left"}, nil},
		{"{n, plural, one {# día} other {# días}}", true, []string{"n"}, nil},
		{"{n,plural,=0{nada}other{#}}", true, []string{"n"}, nil},
		{"{n, plural, one {{who:piece} y #} other {{who:piece}}}", true, []string{"n", "who"}, []string{"piece", "piece"}},
		{"# sin plural", true, nil, nil},
		{"{", false, nil, nil},
		{"}", false, nil, nil},
		{"a {b", false, nil, nil},
		{"a {b{c}}", false, nil, nil},
		{"{}", false, nil, nil},
		{"{Square}", false, nil, nil},
		{"{a b}", false, nil, nil},
		{"{a:}", false, nil, nil},
		{"{:a}", false, nil, nil},
		{"{a:.b}", false, nil, nil},
		{"{a:b.}", false, nil, nil},
		{"{n, plural, one {#}}", false, nil, nil},
		{"{n, select, a {x} other {y}}", false, nil, nil},
		{"{n, plural, several {x} other {y}}", false, nil, nil},
		{"{n, plural, =x {x} other {y}}", false, nil, nil},
		{"{n, plural, one x other {y}}", false, nil, nil},
		{"{n, plural, other {y}", false, nil, nil},
		{"{n, plural, other {y", false, nil, nil},
		{"{N, plural, other {y}}", false, nil, nil},
		{"{n, plural}", false, nil, nil},
	}
	for _, tt := range tests {
		tpl, err := parseTemplate(tt.text)
		if (err == nil) != tt.ok {
			t.Errorf("parseTemplate(%q) error %v, want ok=%v", tt.text, err, tt.ok)
			continue
		}
		if !tt.ok {
			continue
		}
		if !slices.Equal(tpl.params(), tt.params) || !slices.Equal(tpl.families(), tt.families) {
			t.Errorf("parseTemplate(%q): params %v families %v, want %v %v", tt.text, tpl.params(), tpl.families(), tt.params, tt.families)
		}
	}
}

// corpusCase is one case of testdata/render.json, the corpus that the
// browser's renderer (web/src/lib/i18n.test.ts) passes too.
type corpusCase struct {
	Lang, Template, Zone, Want string
	Params                     map[string]string
	Missing, Malformed         []string
}

func readCorpus(t *testing.T) (map[string]map[string]string, []corpusCase) {
	t.Helper()
	b, err := os.ReadFile("testdata/render.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus struct {
		Words map[string]map[string]string
		Cases []corpusCase
	}
	if err := json.Unmarshal(b, &corpus); err != nil {
		t.Fatal(err)
	}
	return corpus.Words, corpus.Cases
}

// renderText renders text as a template of lang, with words from words.
func renderText(text, lang string, zone *time.Location, words map[string]string, params map[string]string) (string, RenderError, error) {
	tpl, err := parseTemplate(text)
	if err != nil {
		return "", RenderError{}, err
	}
	c := catalogue{}
	for code, w := range words {
		c[code] = template{{text: w}}
	}
	r := renderer{lang: lang, zone: zone, c: c, params: params}
	var sb strings.Builder
	r.render(&sb, tpl, "")
	return sb.String(), r.err, nil
}

func TestRenderCorpus(t *testing.T) {
	words, cases := readCorpus(t)
	for _, tc := range cases {
		var zone *time.Location
		if tc.Zone != "" {
			var err error
			if zone, err = time.LoadLocation(tc.Zone); err != nil {
				t.Fatal(err)
			}
		}
		got, rerr, err := renderText(tc.Template, tc.Lang, zone, words[tc.Lang], tc.Params)
		if err != nil {
			t.Errorf("%q: %v", tc.Template, err)
			continue
		}
		if got != tc.Want || !slices.Equal(rerr.Missing, tc.Missing) || !slices.Equal(rerr.Malformed, tc.Malformed) {
			t.Errorf("%s %q %v = %q (missing %v, malformed %v), want %q (%v, %v)", tc.Lang, tc.Template, tc.Params,
				got, rerr.Missing, rerr.Malformed, tc.Want, tc.Missing, tc.Malformed)
		}
	}
}

// An instant for a reader whose zone is not known is shown in UTC, named.
func TestDatetimeWithoutZone(t *testing.T) {
	at := time.Date(2026, 12, 1, 8, 5, 0, 0, time.UTC)
	for lang, want := range map[string]string{"es": "1 dic 2026, 8:05 UTC", "en": "1 Dec 2026, 08:05 UTC"} {
		if got := formatDatetime(lang, at, nil); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

func TestPluralCategory(t *testing.T) {
	tests := []struct {
		lang string
		n    int
		want string
	}{
		{"es", 0, "other"}, {"es", 1, "one"}, {"es", 2, "other"}, {"es", -1, "one"},
		{"en", 0, "other"}, {"en", 1, "one"}, {"en", 21, "other"},
	}
	for _, tt := range tests {
		if got := pluralCategory(tt.lang, tt.n); got != tt.want {
			t.Errorf("pluralCategory(%s, %d) = %s, want %s", tt.lang, tt.n, got, tt.want)
		}
	}
}

func TestParseCatalogueErrors(t *testing.T) {
	for _, data := range []string{`[]`, `{"a": 1}`, `{"a": "{b"}`, `not json`, `{"a": "{n, plural, one {x}}"}`} {
		if _, err := parseCatalogue([]byte(data)); err == nil {
			t.Errorf("parseCatalogue(%s) accepted", data)
		}
	}
}

// sample is a parameter value of kind, as templateKinds names them.
func sample(kind string) string {
	switch kind {
	case "plural", kindNumber, kindDuration:
		return "2"
	case kindDatetime:
		return "2026-12-01T18:30:00Z"
	}
	return "x"
}

// FuzzTemplate: parsing never panics; a template that parses and asks for
// parameters reports some of them missing when rendered without any, and
// nothing when rendered with every one given.
func FuzzTemplate(f *testing.F) {
	f.Add("{piece:piece} de {from} no puede llegar a {to}")
	f.Add("{a:b.c}")
	f.Add("}{")
	f.Add("{n, plural, =0 {nada} one {# cosa {a}} other {# cosas}}")
	f.Add("{at:datetime} {left:duration}")
	f.Fuzz(func(t *testing.T, text string) {
		tpl, err := parseTemplate(text)
		if err != nil {
			return
		}
		r := renderer{lang: "es"}
		var sb strings.Builder
		r.render(&sb, tpl, "")
		for _, m := range r.err.Missing {
			if !slices.Contains(tpl.params(), m) {
				t.Fatalf("%q without parameters reports %s missing, which it does not ask for", text, m)
			}
		}
		if (len(r.err.Missing) == 0) != (len(tpl.params()) == 0) {
			t.Fatalf("%q without parameters reports %v missing, asks for %v", text, r.err.Missing, tpl.params())
		}
		params := map[string]string{}
		for name, kind := range tpl.kindOf() {
			params[name] = sample(kind)
		}
		r = renderer{lang: "es", params: params}
		sb.Reset()
		r.render(&sb, tpl, "")
		if len(r.err.Missing)+len(r.err.Malformed) > 0 {
			t.Fatalf("%q with parameters %v: %v", text, params, r.err.Error())
		}
	})
}
