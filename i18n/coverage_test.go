package i18n_test

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/analysis"
	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/chess/pgn"
	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/server"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/uci"
)

// Every package's error is Coded.
var (
	_ i18n.Coded = (*chess.Error)(nil)
	_ i18n.Coded = (*pgn.Error)(nil)
	_ i18n.Coded = (*uci.Error)(nil)
	_ i18n.Coded = (*game.Error)(nil)
	_ i18n.Coded = (*live.Error)(nil)
	_ i18n.Coded = (*sqlite.Error)(nil)
	_ i18n.Coded = (*account.Error)(nil)
	_ i18n.Coded = (*ai.Error)(nil)
	_ i18n.Coded = (*lobby.Error)(nil)
	_ i18n.Coded = (*schedule.Error)(nil)
	_ i18n.Coded = (*club.Error)(nil)
	_ i18n.Coded = (*arena.Error)(nil)
	_ i18n.Coded = (*server.Error)(nil)
)

// errorCode is one error code as its package declares it.
type errorCode struct {
	pkg, code string
	params    []string
	when      string
}

// errorCodes collects the error codes of every package from their exported
// lists, in the order of docs/ERRORS.md.
func errorCodes() []errorCode {
	var out []errorCode
	for _, c := range chess.Codes() {
		out = append(out, errorCode{"chess", c.Code, c.Params, c.When})
	}
	for _, c := range pgn.Codes() {
		out = append(out, errorCode{"chess/pgn", c.Code, c.Params, c.When})
	}
	for _, c := range uci.Codes() {
		out = append(out, errorCode{"uci", c.Code, c.Params, c.When})
	}
	for _, c := range game.Codes() {
		out = append(out, errorCode{"game", string(c.Code), c.Params, c.When})
	}
	for _, c := range live.Codes() {
		out = append(out, errorCode{"live", string(c.Code), c.Params, c.When})
	}
	for _, c := range sqlite.Codes() {
		out = append(out, errorCode{"store/sqlite", string(c.Code), c.Params, c.When})
	}
	for _, c := range account.Codes() {
		out = append(out, errorCode{"account", string(c.Code), c.Params, c.When})
	}
	for _, c := range ai.Codes() {
		out = append(out, errorCode{"ai", string(c.Code), c.Params, c.When})
	}
	for _, c := range analysis.Codes() {
		out = append(out, errorCode{"analysis", string(c.Code), c.Params, c.When})
	}
	for _, c := range lobby.Codes() {
		out = append(out, errorCode{"lobby", string(c.Code), c.Params, c.When})
	}
	for _, c := range schedule.Codes() {
		out = append(out, errorCode{"schedule", string(c.Code), c.Params, c.When})
	}
	for _, c := range chat.Codes() {
		out = append(out, errorCode{"chat", string(c.Code), c.Params, c.When})
	}
	for _, c := range club.Codes() {
		out = append(out, errorCode{"club", string(c.Code), c.Params, c.When})
	}
	for _, c := range league.Codes() {
		out = append(out, errorCode{"league", string(c.Code), c.Params, c.When})
	}
	for _, c := range arena.Codes() {
		out = append(out, errorCode{"arena", string(c.Code), c.Params, c.When})
	}
	for _, c := range server.Codes() {
		out = append(out, errorCode{"server", string(c.Code), c.Params, c.When})
	}
	return append(out, errorCode{"i18n", i18n.CodeInternal, nil, "an error that is not Coded: the server failed in a way the user cannot fix (the cause goes to the log only)"})
}

// wordCode is one code of the interface's words and sentences.
type wordCode struct{ pkg, code string }

// wordCodes collects the codes of words and sentences from their packages.
func wordCodes() []wordCode {
	var out []wordCode
	for _, c := range chess.Words() {
		out = append(out, wordCode{"chess", c})
	}
	for _, c := range game.LabelCodes() {
		out = append(out, wordCode{"game", c})
	}
	out = append(out, wordCode{"engine", engine.Level{}.NameCode()}) // full strength
	for _, l := range engine.Levels() {
		out = append(out, wordCode{"engine", l.NameCode()})
	}
	for _, c := range lobby.Words() {
		out = append(out, wordCode{"lobby", c})
	}
	for _, c := range schedule.Words() {
		out = append(out, wordCode{"schedule", c})
	}
	for _, c := range club.Words() {
		out = append(out, wordCode{"club", c})
	}
	for _, c := range server.Words() {
		out = append(out, wordCode{"server", c})
	}
	return out
}

func allCodes() []string {
	var out []string
	for _, c := range errorCodes() {
		out = append(out, c.code)
	}
	for _, w := range wordCodes() {
		out = append(out, w.code)
	}
	return out
}

// placeholders returns the parameter names and the word families of
// code's text in lang.
func placeholders(lang, code string) (params, families []string) {
	for _, p := range i18n.Placeholders(lang, code) {
		params = append(params, p.Name)
		if p.Family != "" {
			families = append(families, p.Family)
		}
	}
	return params, families
}

// text is code's template in lang, as the catalogue has it.
func text(lang, code string) string { return i18n.Template(lang, code) }

func TestEveryCodeHasTextInEveryLanguage(t *testing.T) {
	for _, code := range allCodes() {
		for _, lang := range i18n.Languages() {
			if !i18n.Has(lang, code) {
				t.Errorf("%s has no text in %s.json", code, lang)
			}
		}
	}
}

func TestCataloguesHaveOnlyCodes(t *testing.T) {
	codes := allCodes()
	for _, lang := range i18n.Languages() {
		for _, key := range i18n.Keys(lang) {
			if strings.HasPrefix(key, i18n.UIPrefix) {
				continue // the browser's words: package web's tests check them
			}
			if !slices.Contains(codes, key) {
				t.Errorf("%s.json: %q is no code of any package", lang, key)
			}
		}
	}
}

func TestCodesAreUniqueAndNamedAfterTheirPackage(t *testing.T) {
	seen := map[string]string{}
	for _, c := range errorCodes() {
		if prev, ok := seen[c.code]; ok {
			t.Errorf("%s is declared by %s and %s", c.code, prev, c.pkg)
		}
		seen[c.code] = c.pkg
		prefix := c.pkg[strings.LastIndex(c.pkg, "/")+1:] + "."
		if c.code != i18n.CodeInternal && !strings.HasPrefix(c.code, prefix) {
			t.Errorf("%s (package %s) does not start with %q", c.code, c.pkg, prefix)
		}
		if c.when == "" {
			t.Errorf("%s says nothing of when it is returned", c.code)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(c.params)))) != len(c.params) {
			t.Errorf("%s declares a parameter twice: %v", c.code, c.params)
		}
	}
	for _, w := range wordCodes() {
		if pkg, ok := seen[w.code]; ok {
			t.Errorf("word %s of %s is also an error code of %s", w.code, w.pkg, pkg)
		}
		seen[w.code] = w.pkg
	}
}

func TestTextsUseExactlyTheDeclaredParameters(t *testing.T) {
	words := map[string]bool{}
	for _, w := range wordCodes() {
		words[w.code] = true
	}
	for _, c := range errorCodes() {
		want := slices.Sorted(slices.Values(c.params))
		for _, lang := range i18n.Languages() {
			params, families := placeholders(lang, c.code)
			if got := slices.Compact(slices.Sorted(slices.Values(params))); !slices.Equal(got, want) {
				t.Errorf("%s in %s uses parameters %v, the code declares %v", c.code, lang, got, want)
			}
			for _, f := range families {
				n := 0
				for w := range words {
					if strings.HasPrefix(w, f+".") {
						n++
					}
				}
				if n == 0 {
					t.Errorf("%s in %s uses the word family %q, which has no words", c.code, lang, f)
				}
			}
		}
	}
	for w := range words {
		for _, lang := range i18n.Languages() {
			if params, _ := placeholders(lang, w); len(params) > 0 {
				t.Errorf("word %s in %s has placeholders %v", w, lang, params)
			}
		}
	}
}

// sampleParams gives each parameter code's text asks for a value of its
// kind: a word of its family, a count, an instant, a duration.
func sampleParams(t *testing.T, lang, code string) map[string]string {
	t.Helper()
	params := map[string]string{}
	for _, p := range i18n.Placeholders(lang, code) {
		switch p.Kind {
		case "plural", "number":
			params[p.Name] = "1"
		case "datetime":
			params[p.Name] = "2026-12-01T18:30:00Z"
		case "duration":
			params[p.Name] = "3599"
		case "word":
			for _, k := range i18n.Keys(lang) {
				if w, ok := strings.CutPrefix(k, p.Family+"."); ok {
					params[p.Name] = w
					break
				}
			}
		default:
			params[p.Name] = "x"
		}
	}
	return params
}

// TestEveryMessageRendersWhole: every message of the catalogues, rendered
// in each language with the parameters its code declares, leaves no
// placeholder unfilled; and a parameter is read as the same kind in every
// language (an instant or a duration everywhere, a count everywhere).
func TestEveryMessageRendersWhole(t *testing.T) {
	for _, c := range errorCodes() {
		kinds := map[string]string{}
		for _, lang := range i18n.Languages() {
			params := map[string]string{}
			for _, p := range c.params {
				params[p] = "x"
			}
			maps.Copy(params, sampleParams(t, lang, c.code))
			text, err := i18n.Render(i18n.Reader{Lang: lang}, c.code, params)
			if err != nil || strings.Contains(text, i18n.Unfilled) {
				t.Errorf("%s in %s: %q, %v", c.code, lang, text, err)
			}
			for _, p := range i18n.Placeholders(lang, c.code) {
				k := p.Kind
				if k == "number" {
					k = "plural" // a count said with or without its noun
				}
				if prev, ok := kinds[p.Name]; ok && prev != k && (prev == "datetime" || prev == "duration" || k == "datetime" || k == "duration") {
					t.Errorf("%s: parameter %s is a %s in one language and a %s in another", c.code, p.Name, prev, k)
				}
				kinds[p.Name] = k
				if strings.Contains(c.when, p.Name+": RFC 3339") && p.Kind != "datetime" {
					t.Errorf("%s in %s: %s is an instant (RFC 3339) shown as it is: write {%s:datetime}", c.code, lang, p.Name, p.Name)
				}
			}
		}
	}
	for _, lang := range i18n.Languages() {
		for _, code := range i18n.Keys(lang) {
			if !strings.HasPrefix(code, i18n.UIPrefix) {
				continue
			}
			if text, err := i18n.Render(i18n.Reader{Lang: lang}, code, sampleParams(t, lang, code)); err != nil {
				t.Errorf("%s in %s: %q, %v", code, lang, text, err)
			}
		}
	}
}

// TestTemplatesAreNotEmpty: every text says something (every text parses:
// the catalogues load only if they do).
func TestTemplatesAreNotEmpty(t *testing.T) {
	for _, lang := range i18n.Languages() {
		for _, code := range i18n.Keys(lang) {
			if strings.TrimSpace(text(lang, code)) == "" {
				t.Errorf("%s in %s: empty text", code, lang)
			}
		}
	}
}

// Every error a package returns names its parameters as it declares them:
// a few real refusals, rendered in both languages with nothing left over.
func TestRealErrorsRender(t *testing.T) {
	pos := chess.StartingPosition()
	_, uciErr := pos.ParseUCI("e1e5")
	_, sanErr := pos.ParseSAN("O-O")
	_, fenErr := chess.ParseFEN("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1")
	_, pgnErr := pgn.NewReader(strings.NewReader("1. e4 e5 2. Ke3 *")).Next()
	_, gameErr := game.ParseSide("red")
	for _, err := range []error{uciErr, sanErr, fenErr, pgnErr, gameErr} {
		for _, lang := range i18n.Languages() {
			d := i18n.Describe(lang, err)
			if d.Code == i18n.CodeInternal || strings.ContainsAny(d.Message, "{}") || d.Message == d.Reason {
				t.Errorf("%v in %s: %+v", err, lang, d)
			}
		}
	}
}

var update = flag.Bool("update", false, "rewrite the tables of docs/ERRORS.md from the code lists and the catalogues")

const (
	beginCodes = "<!-- BEGIN CODES (go test ./i18n -run ErrorsDoc -update) -->\n"
	endCodes   = "<!-- END CODES -->\n"
	beginWords = "<!-- BEGIN WORDS (go test ./i18n -run ErrorsDoc -update) -->\n"
	endWords   = "<!-- END WORDS -->\n"
)

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// codesTable is the table of every error code, as docs/ERRORS.md has it.
func codesTable() string {
	var sb strings.Builder
	sb.WriteString("| Code | Package | Parameters | When | Español | English |\n|---|---|---|---|---|---|\n")
	for _, c := range errorCodes() {
		fmt.Fprintf(&sb, "| `%s` | %s | %s | %s | %s | %s |\n", c.code, c.pkg, strings.Join(c.params, ", "),
			cell(c.when), cell(text("es", c.code)), cell(text("en", c.code)))
	}
	return sb.String()
}

// wordsTable is the table of every word and sentence code.
func wordsTable() string {
	var sb strings.Builder
	sb.WriteString("| Code | Package | Español | English |\n|---|---|---|---|\n")
	for _, w := range wordCodes() {
		fmt.Fprintf(&sb, "| `%s` | %s | %s | %s |\n", w.code, w.pkg, cell(text("es", w.code)), cell(text("en", w.code)))
	}
	return sb.String()
}

// replaceBetween returns doc with the text between begin and end replaced.
func replaceBetween(doc, begin, end, body string) (string, bool) {
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		return doc, false
	}
	return doc[:i+len(begin)] + body + doc[j:], true
}

// TestErrorsDoc: docs/ERRORS.md lists exactly the codes that exist, with
// their parameters and texts. Run with -update after adding a code.
func TestErrorsDoc(t *testing.T) {
	const path = "../docs/ERRORS.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	want, ok1 := replaceBetween(doc, beginCodes, endCodes, codesTable())
	want, ok2 := replaceBetween(want, beginWords, endWords, wordsTable())
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the markers %q ... %q or %q ... %q", path, beginCodes, endCodes, beginWords, endWords)
	}
	if want == doc {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is not up to date with the codes and the catalogues: run go test ./i18n -run ErrorsDoc -update", path)
}
