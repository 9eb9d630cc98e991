package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/i18n"
)

// FuzzLichessForm: any body, as a form or as JSON, to lichess's endpoints
// either reads as parameters whose every text is UTF-8 without NUL, or is
// refused with one of the decoder's codes; what reads, read as a
// challenge's, a seek's or the AI's parameters, gives a clock or a coded
// refusal (never "internal", never a panic).
func FuzzLichessForm(f *testing.F) {
	for _, seed := range []struct {
		json bool
		body string
	}{
		{false, "clock.limit=300&clock.increment=3&color=white&rated=true"},
		{false, "days=3"},
		{false, "time=5&increment=3&ratingRange=1300-1700"},
		{false, "time=0.5&increment=0"},
		{false, "level=8&clock.limit=600"},
		{false, "room=player&text=hola%00"},
		{false, "text=%ff"},
		{false, "clock.limit=-1&days=x"},
		{true, `{"clock.limit":180,"clock.increment":2}`},
		{true, `{"days":3,"rated":true,"color":"random"}`},
		{true, `{"room":"player","text":"gg"}`},
		{true, `{"clock.limit":1e400}`},
		{true, `{"a":1,"a":2}`},
		{true, `{"a":[1]}`},
		{true, `[]`},
		{true, ``},
	} {
		f.Add(seed.json, []byte(seed.body))
	}
	s := newTestServer(f).srv
	decoder := []string{string(CodeBadJSON), string(CodeUnknownField), string(CodeWrongType), string(CodeBodyTooLarge), string(CodeBadText)}
	f.Fuzz(func(t *testing.T, asJSON bool, body []byte) {
		r := httptest.NewRequest("POST", "/api/board/seek", strings.NewReader(string(body)))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if asJSON {
			r.Header.Set("Content-Type", "application/json")
		}
		form, err := s.lichessForm(httptest.NewRecorder(), r)
		if err != nil {
			code := i18n.Code(err)
			for _, c := range decoder {
				if code == c {
					return
				}
			}
			t.Fatalf("body %q: code %q (%v)", body, code, err)
		}
		for k, v := range form {
			for _, text := range append([]string{k}, v...) {
				if strings.ContainsRune(text, 0) || !strings.EqualFold(strings.ToValidUTF8(text, "\uFFFD"), text) {
					t.Fatalf("body %q gave the text %q", body, text)
				}
			}
		}
		for what, read := range map[string]func() error{
			"challenge": func() error { _, _, _, err := lichessPlay(form); return err },
			"seek":      func() error { _, _, _, _, err := lichessSeekOf(form); return err },
			"level":     func() error { _, err := formInt(form, "level", 1); return err },
		} {
			if err := read(); err != nil && i18n.Code(err) == i18n.CodeInternal {
				t.Fatalf("%s of %q: %v", what, body, err)
			}
		}
	})
}
