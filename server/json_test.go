package server

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/internal/coded"
)

// FuzzDecodeStrict: any body either decodes or is refused with one of the
// decoder's codes; it never panics and never becomes "internal".
func FuzzDecodeStrict(f *testing.F) {
	for _, seed := range []string{
		`{"username":"a","password":"b"}`, `{"username":"a"} x`, `{"x":1}`, `{"username":1}`,
		``, `   `, `[`, `null`, `{"username":"\ud800"}`, `{"username":"a","username":"b"}`, `"text"`,
	} {
		f.Add([]byte(seed))
	}
	allowed := []string{string(CodeBadJSON), string(CodeUnknownField), string(CodeWrongType), string(CodeBodyTooLarge)}
	f.Fuzz(func(t *testing.T, body []byte) {
		var v credentials
		err := decodeStrict(strings.NewReader(string(body)), &v)
		if err == nil {
			return
		}
		code := i18n.Code(err)
		for _, a := range allowed {
			if code == a {
				return
			}
		}
		t.Fatalf("body %q: code %q (%v)", body, code, err)
	})
}

func TestClip(t *testing.T) {
	long := strings.Repeat("ñ", 100)
	got := clip(long)
	if !strings.HasSuffix(got, "…") || len(got) > coded.MaxParam || !utf8.ValidString(got) || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Errorf("clip = %q", got)
	}
	if clip("short") != "short" {
		t.Error("clip changed a short string")
	}
}
