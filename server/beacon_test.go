package server

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// beacon sends POST path as navigator.sendBeacon does from a page of site:
// no body, no Content-Type, the browser's cookies, and the Fetch metadata
// of a request the page made (Sec-Fetch-Site).
func beacon(t *testing.T, p *person, path, site, origin string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, p.env.http.URL+path, http.NoBody)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Sec-Fetch-Site", site)
	req.Header.Set("Sec-Fetch-Mode", "no-cors")
	req.Header.Set("Sec-Fetch-Dest", "empty")
	req.Header.Set("Origin", origin)
	resp, err := p.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestLeaveBeacon: the game page's sendBeacon on pagehide (an empty POST
// with the session cookie) resigns a running game; the same beacon from
// another site's page is refused and changes nothing.
func TestLeaveBeacon(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	white, black := env.guest(t), env.guest(t)
	id := env.pairBySeek(white, black, "5+0")
	white.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e2e4", nil, nil)
	black.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e7e5", nil, nil)

	cases := []struct {
		name, site, origin string
		status             int
		body               string
		ended              bool
	}{
		{"from another site", "cross-site", "https://evil.example", http.StatusForbidden, string(CodeCrossOrigin), false},
		{"from the game page", "same-origin", env.http.URL, http.StatusOK, `"ok":true`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := beacon(t, black, "/api/game/"+id+"/leave", c.site, c.origin)
			if status != c.status || !strings.Contains(body, c.body) {
				t.Fatalf("beacon: %d %s, want %d with %s", status, body, c.status, c.body)
			}
			st := env.storedGame(id).State
			if ended := st.Status == game.StatusEnded; ended != c.ended {
				t.Fatalf("game status %v after the beacon, want ended=%v", st.Status, c.ended)
			}
			if c.ended && (st.Termination != game.Resignation || st.Result != game.WhiteWins) {
				t.Fatalf("left game: %v %v, want a resignation won by white", st.Termination, st.Result)
			}
		})
	}
}
