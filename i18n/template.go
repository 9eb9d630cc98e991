package i18n

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// template is a parsed message: literal text and placeholders in turn.
type template []segment

// segment is literal text, a placeholder (param is not ""), or the number
// of the plural that encloses it (hash).
type segment struct {
	text   string    // literal text
	param  string    // parameter name of a placeholder
	family string    // for {param:family}: the code family of the word
	kind   string    // for {param:kind}: one of kinds
	plural *branches // for {param, plural, ...}
	hash   bool      // "#" inside a plural's branch: the number
}

// branches is the body of {n, plural, =0 {…} one {…} other {…}}: a branch
// per exact value and per CLDR plural category.
type branches struct {
	exact map[int]template
	forms map[string]template
}

// The kinds of typed placeholders ({n:number}, {at:datetime},
// {left:duration}); any other name after the colon is a word family.
const (
	kindNumber   = "number"
	kindDatetime = "datetime"
	kindDuration = "duration"
)

var kinds = []string{kindNumber, kindDatetime, kindDuration}

// categories are CLDR's plural categories, the selectors a plural may use
// besides =N.
var categories = []string{"zero", "one", "two", "few", "many", "other"}

// parseTemplate reads text with placeholders {name}, {name:family},
// {name:kind} and {name, plural, …}. Names and families are lower-case
// ASCII letters, digits and "_" (families may hold dots); a brace anywhere
// else is an error.
func parseTemplate(text string) (template, error) {
	p := parser{text: text}
	t, err := p.message(false)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.text) {
		return nil, errors.New("a } without a {")
	}
	return t, nil
}

// parser reads a template from text, pos its place.
type parser struct {
	text string
	pos  int
}

// message reads text and placeholders up to a "}" that it leaves unread
// (or the end); in a plural's branch "#" is the number.
func (p *parser) message(inPlural bool) (template, error) {
	var t template
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			t = append(t, segment{text: lit.String()})
			lit.Reset()
		}
	}
	for p.pos < len(p.text) {
		switch c := p.text[p.pos]; {
		case c == '}':
			flush()
			return t, nil
		case c == '{':
			flush()
			s, err := p.placeholder()
			if err != nil {
				return nil, err
			}
			t = append(t, s)
		case c == '#' && inPlural:
			flush()
			t = append(t, segment{hash: true})
			p.pos++
		default:
			lit.WriteByte(c)
			p.pos++
		}
	}
	flush()
	return t, nil
}

// placeholder reads one {…} from its "{".
func (p *parser) placeholder() (segment, error) {
	start := p.pos
	p.pos++ // {
	end := strings.IndexAny(p.text[p.pos:], "{},")
	if end < 0 {
		return segment{}, errors.New("a { without a }")
	}
	inner := p.text[p.pos : p.pos+end]
	p.pos += end
	if p.text[p.pos] == ',' {
		return p.plural(strings.TrimSpace(inner))
	}
	if p.text[p.pos] != '}' {
		return segment{}, fmt.Errorf("bad placeholder %q", p.text[start:p.pos+1])
	}
	p.pos++
	name, family, typed := strings.Cut(inner, ":")
	if !isName(name, false) || typed && !isName(family, true) {
		return segment{}, fmt.Errorf("bad placeholder {%s}", inner)
	}
	if slices.Contains(kinds, family) {
		return segment{param: name, kind: family}, nil
	}
	return segment{param: name, family: family}, nil
}

// plural reads the rest of {name, plural, selector {…} …}, from the comma
// after name.
func (p *parser) plural(name string) (segment, error) {
	if !isName(name, false) {
		return segment{}, fmt.Errorf("bad plural name %q", name)
	}
	p.pos++ // ,
	word, ok := p.token(',')
	if !ok || word != "plural" {
		return segment{}, fmt.Errorf("{%s, %s …}: only plural is known", name, word)
	}
	pl := &branches{exact: map[int]template{}, forms: map[string]template{}}
	for {
		p.skipSpace()
		if p.pos >= len(p.text) {
			return segment{}, fmt.Errorf("{%s, plural …} without a }", name)
		}
		if p.text[p.pos] == '}' {
			p.pos++
			break
		}
		sel, ok := p.token('{')
		if !ok {
			return segment{}, fmt.Errorf("{%s, plural …}: a selector without a branch", name)
		}
		p.pos++ // {
		branch, err := p.message(true)
		if err != nil {
			return segment{}, err
		}
		if p.pos >= len(p.text) {
			return segment{}, fmt.Errorf("{%s, plural …}: branch %s without a }", name, sel)
		}
		p.pos++ // }
		if n, exact := strings.CutPrefix(sel, "="); exact {
			v, err := strconv.Atoi(n)
			if err != nil || v < 0 {
				return segment{}, fmt.Errorf("{%s, plural …}: bad selector %q", name, sel)
			}
			pl.exact[v] = branch
		} else if slices.Contains(categories, sel) {
			pl.forms[sel] = branch
		} else {
			return segment{}, fmt.Errorf("{%s, plural …}: bad selector %q", name, sel)
		}
	}
	if _, ok := pl.forms["other"]; !ok {
		return segment{}, fmt.Errorf("{%s, plural …} without an other branch", name)
	}
	return segment{param: name, plural: pl}, nil
}

// token reads a word up to stop (left unread), without spaces around it.
func (p *parser) token(stop byte) (string, bool) {
	end := strings.IndexByte(p.text[p.pos:], stop)
	if end < 0 {
		return "", false
	}
	w := strings.TrimSpace(p.text[p.pos : p.pos+end])
	p.pos += end
	if stop == ',' {
		p.pos++
	}
	return w, w != "" && !strings.ContainsAny(w, "{} \t\n")
}

func (p *parser) skipSpace() {
	for p.pos < len(p.text) && strings.IndexByte(" \t\n", p.text[p.pos]) >= 0 {
		p.pos++
	}
}

func isName(s string, dots bool) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || dots && c == '.' && i > 0 && i < len(s)-1
		if !ok {
			return false
		}
	}
	return true
}

// walk calls f on every placeholder of the template, those inside plural
// branches included.
func (t template) walk(f func(segment)) {
	for _, s := range t {
		if s.param != "" {
			f(s)
		}
		if s.plural != nil {
			for _, n := range slices.Sorted(maps.Keys(s.plural.exact)) {
				s.plural.exact[n].walk(f)
			}
			for _, c := range categories {
				s.plural.forms[c].walk(f)
			}
		}
	}
}

// params returns the names of the template's placeholders, in order, each
// once.
func (t template) params() []string {
	var out []string
	t.walk(func(s segment) {
		if !slices.Contains(out, s.param) {
			out = append(out, s.param)
		}
	})
	return out
}

// families returns the word families of the template's placeholders.
func (t template) families() []string {
	var out []string
	t.walk(func(s segment) {
		if s.family != "" {
			out = append(out, s.family)
		}
	})
	return out
}

// kindOf returns the kind a template gives each parameter: "plural", a
// typed kind, "word" for a word family, or "" for text as it is.
func (t template) kindOf() map[string]string {
	out := map[string]string{}
	t.walk(func(s segment) {
		k := s.kind
		switch {
		case s.plural != nil:
			k = "plural"
		case s.family != "":
			k = "word"
		}
		if out[s.param] == "" {
			out[s.param] = k
		}
	})
	return out
}
