package i18n

import (
	"errors"
	"fmt"
	"strings"
)

// template is a parsed message: literal text and placeholders in turn.
type template []segment

// segment is literal text, or a placeholder when param is not "".
type segment struct {
	text   string // literal text
	param  string // parameter name of a placeholder
	family string // for {param:family}: the code family of the word
}

// parseTemplate reads text with placeholders {name} and {name:family}.
// Names and families are lower-case ASCII letters, digits and "_" (families
// may hold dots); a brace anywhere else is an error.
func parseTemplate(text string) (template, error) {
	var t template
	for len(text) > 0 {
		open := strings.IndexAny(text, "{}")
		if open < 0 {
			t = append(t, segment{text: text})
			break
		}
		if text[open] == '}' {
			return nil, errors.New("a } without a {")
		}
		if open > 0 {
			t = append(t, segment{text: text[:open]})
		}
		end := strings.IndexAny(text[open+1:], "{}")
		if end < 0 || text[open+1+end] != '}' {
			return nil, errors.New("a { without a }")
		}
		inner := text[open+1 : open+1+end]
		name, family, _ := strings.Cut(inner, ":")
		if !isName(name, false) || (strings.Contains(inner, ":") && !isName(family, true)) {
			return nil, fmt.Errorf("bad placeholder {%s}", inner)
		}
		t = append(t, segment{param: name, family: family})
		text = text[open+2+end:]
	}
	return t, nil
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

// params returns the names of the template's placeholders, in order.
func (t template) params() []string {
	var out []string
	for _, s := range t {
		if s.param != "" {
			out = append(out, s.param)
		}
	}
	return out
}

// families returns the word families of the template's placeholders.
func (t template) families() []string {
	var out []string
	for _, s := range t {
		if s.family != "" {
			out = append(out, s.family)
		}
	}
	return out
}

// render puts params in; a word placeholder takes its text from c (or the
// default language), and the value itself when there is none.
func (t template) render(c catalogue, params map[string]string) string {
	var sb strings.Builder
	for _, s := range t {
		switch v, ok := params[s.param]; {
		case s.param == "":
			sb.WriteString(s.text)
		case !ok && s.family != "":
			sb.WriteString("{" + s.param + ":" + s.family + "}")
		case !ok:
			sb.WriteString("{" + s.param + "}")
		case s.family != "":
			sb.WriteString(word(c, s.family+"."+v, v))
		default:
			sb.WriteString(v)
		}
	}
	return sb.String()
}

// word returns the text of a word code without placeholders, or def.
func word(c catalogue, code, def string) string {
	t, ok := c[code]
	if !ok {
		if _, t, ok = fallback(code); !ok {
			return def
		}
	}
	return t.render(nil, nil)
}
