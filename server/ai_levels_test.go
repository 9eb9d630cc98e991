package server

import (
	"net/http"
	"testing"

	"github.com/joinpal/joinpal/i18n"
)

// TestAILevels: GET /api/ai/levels lists the eight levels, weakest first,
// each with a name the catalogues have and an Elo that grows with the
// level, to anyone.
func TestAILevels(t *testing.T) {
	env := newTestServer(t)
	r := env.browser(t).do(http.MethodGet, "/api/ai/levels", "")
	if r.status != http.StatusOK {
		t.Fatalf("status %d (%s), want 200", r.status, r.body)
	}
	var got []aiLevelJSON
	r.decode(t, &got)
	want := []struct {
		level int
		es    string
	}{{1, "Principiante"}, {2, "Fácil"}, {3, "Aficionado"}, {4, "Intermedio"}, {5, "Avanzado"}, {6, "Difícil"}, {7, "Experto"}, {8, "Maestro"}}
	if len(got) != len(want) {
		t.Fatalf("%d levels (%s), want %d", len(got), r.body, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Level != w.level {
			t.Errorf("level %d: number %d, want %d", i, g.Level, w.level)
		}
		if name := i18n.Message(i18n.Spanish, g.Name, nil); name != w.es {
			t.Errorf("level %d: name %q (%q), want %q", w.level, g.Name, name, w.es)
		}
		if !i18n.Has(i18n.English, g.Name) {
			t.Errorf("level %d: name %q has no English text", w.level, g.Name)
		}
		if g.Elo <= 0 || (i > 0 && g.Elo <= got[i-1].Elo) {
			t.Errorf("level %d: Elo %d, want positive and above the level before", w.level, g.Elo)
		}
	}
}
