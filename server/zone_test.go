package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// TestReaderZone: a refusal that names an instant shows it in the zone of
// the browser's tz cookie, and in UTC, named, without a usable one; its
// params keep the instant in RFC 3339 for programs.
func TestReaderZone(t *testing.T) {
	const start = "2026-12-01T18:30:00Z"
	err := game.NewError(game.CodeNotStarted, "not started", nil).With("start", start)
	tests := []struct {
		cookie, lang, want string
	}{
		{"Europe/Madrid", "es", "empieza el 1 dic 2026, 19:30"},
		{"America/New_York", "en", "it starts on 1 Dec 2026, 13:30"},
		{"", "es", "empieza el 1 dic 2026, 18:30 UTC"},
		{"Local", "es", "empieza el 1 dic 2026, 18:30 UTC"},
		{"Mars/Olympus_Mons", "en", "it starts on 1 Dec 2026, 18:30 UTC"},
		{"../../etc/passwd", "en", "it starts on 1 Dec 2026, 18:30 UTC"},
	}
	s := &Server{}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Language", tt.lang)
		if tt.cookie != "" {
			r.Header.Set("Cookie", zoneCookie+"="+tt.cookie)
		}
		d := s.reader(r).Describe(err)
		if !strings.HasSuffix(d.Message, tt.want) || d.Params["start"] != start {
			t.Errorf("tz=%q %s: %q %v, want …%q and start %s", tt.cookie, tt.lang, d.Message, d.Params, tt.want, start)
		}
	}
}
