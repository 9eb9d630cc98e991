package lobby_test

import (
	"slices"
	"testing"

	"github.com/joinpal/joinpal/lobby"
)

// FuzzParseColor: every text is a colour or a CodeBadColor refusal whose
// parameter is the text (cut to 40 bytes).
func FuzzParseColor(f *testing.F) {
	for _, s := range []string{"white", "black", "random", "", "White", "rojo", "white\x00", string(make([]byte, 100))} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := lobby.ParseColor(text)
		if err == nil {
			if !slices.Contains([]lobby.Color{lobby.White, lobby.Black, lobby.Random}, c) || string(c) != text {
				t.Fatalf("ParseColor(%q) = %q", text, c)
			}
			return
		}
		var e *lobby.Error
		if lobby.CodeOf(err) != lobby.CodeBadColor || !asError(err, &e) || len(e.Params["color"]) > 40 || len(e.Params) != 1 {
			t.Fatalf("ParseColor(%q): %v (%+v)", text, err, e)
		}
	})
}

// FuzzParseDeclineReason: every text is one of the reasons or a
// CodeBadDeclineReason refusal with its one parameter.
func FuzzParseDeclineReason(f *testing.F) {
	for _, r := range lobby.DeclineReasons() {
		f.Add(string(r))
	}
	for _, s := range []string{"", "toofast", "TOOFAST", "variant", "later ", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, err := lobby.ParseDeclineReason(text)
		if err == nil {
			if !slices.Contains(lobby.DeclineReasons(), r) {
				t.Fatalf("ParseDeclineReason(%q) = %q", text, r)
			}
			return
		}
		var e *lobby.Error
		if lobby.CodeOf(err) != lobby.CodeBadDeclineReason || !asError(err, &e) || len(e.Params["reason"]) > 40 || len(e.Params) != 1 {
			t.Fatalf("ParseDeclineReason(%q): %v", text, err)
		}
	})
}
