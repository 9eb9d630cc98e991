package i18n

import (
	"slices"
	"strings"
	"testing"
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

func TestRender(t *testing.T) {
	c, err := parseCatalogue([]byte(`{
		"piece.knight": "el caballo",
		"unreachable": "{piece:piece} de {from} no puede llegar a {to}"
	}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		params map[string]string
		want   string
	}{
		{map[string]string{"piece": "knight", "from": "g1", "to": "g3"}, "el caballo de g1 no puede llegar a g3"},
		{map[string]string{"piece": "dragon", "from": "g1", "to": "g3"}, "dragon de g1 no puede llegar a g3"},
		{map[string]string{"from": "g1"}, "{piece:piece} de g1 no puede llegar a {to}"},
		{map[string]string{"piece": "knight", "from": "{to}", "to": "g3"}, "el caballo de {to} no puede llegar a g3"},
	}
	for _, tt := range tests {
		if got := c["unreachable"].render(c, tt.params); got != tt.want {
			t.Errorf("render(%v) = %q, want %q", tt.params, got, tt.want)
		}
	}
}

func TestParseCatalogueErrors(t *testing.T) {
	for _, data := range []string{`[]`, `{"a": 1}`, `{"a": "{b"}`, `not json`} {
		if _, err := parseCatalogue([]byte(data)); err == nil {
			t.Errorf("parseCatalogue(%s) accepted", data)
		}
	}
}

// FuzzTemplate: parsing never panics; a template that parses renders as
// itself without parameters, and with every parameter given has no braces
// left.
func FuzzTemplate(f *testing.F) {
	f.Add("{piece:piece} de {from} no puede llegar a {to}")
	f.Add("{a:b.c}")
	f.Add("}{")
	f.Fuzz(func(t *testing.T, text string) {
		tpl, err := parseTemplate(text)
		if err != nil {
			return
		}
		if out := tpl.render(nil, nil); out != text {
			t.Fatalf("%q renders without parameters as %q", text, out)
		}
		params := map[string]string{}
		for _, p := range tpl.params() {
			params[p] = "x"
		}
		if out := tpl.render(nil, params); strings.ContainsAny(out, "{}") {
			t.Fatalf("%q renders with parameters as %q", text, out)
		}
	})
}
