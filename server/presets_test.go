package server

import (
	"net/http"
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// TestLobbyPresets: GET /api/lobby/presets lists lobby.Presets in their
// order, each with its clock split into the figures a form shows, to
// anyone; every listed clock is one POST /api/seek takes.
func TestLobbyPresets(t *testing.T) {
	env := newTestServer(t)
	r := env.browser(t).do(http.MethodGet, "/api/lobby/presets", "")
	if r.status != http.StatusOK {
		t.Fatalf("status %d (%s), want 200", r.status, r.body)
	}
	var got []presetJSON
	r.decode(t, &got)
	presets := lobby.Presets()
	if len(got) != len(presets) {
		t.Fatalf("%d presets (%s), want %d", len(got), r.body, len(presets))
	}
	for i, p := range presets {
		if got[i].TimeControl != p.TimeControl.String() || got[i].Speed != string(p.Speed) {
			t.Errorf("preset %d = %+v, want %s (%s)", i, got[i], p.TimeControl, p.Speed)
		}
		if _, err := game.ParseTimeControl(got[i].TimeControl); err != nil {
			t.Errorf("preset %d: %v", i, err)
		}
	}
	cases := []struct {
		text string
		want presetJSON
	}{
		{"3+2", presetJSON{TimeControl: "3+2", Mode: "game", Minutes: 3, Increment: 2}},
		{"30+0", presetJSON{TimeControl: "30+0", Mode: "game", Minutes: 30}},
		{"move:30s", presetJSON{TimeControl: "move:30s", Mode: "move", Seconds: 30}},
		{"move:1m", presetJSON{TimeControl: "move:1m", Mode: "move", Seconds: 60}},
	}
	for _, c := range cases {
		found := false
		for _, g := range got {
			if g.TimeControl != c.text {
				continue
			}
			found = true
			c.want.Speed = g.Speed // rating.GameSpeed's, checked above
			if g != c.want {
				t.Errorf("%s = %+v, want %+v", c.text, g, c.want)
			}
		}
		if !found {
			t.Errorf("%s is not listed", c.text)
		}
	}
}
