package server

import (
	"net/http"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// presetJSON is one of the lobby's preset clocks as GET /api/lobby/presets
// lists it.
type presetJSON struct {
	// TimeControl is the clock's compact text ("5+3", "move:30s"), what
	// POST /api/seek takes.
	TimeControl string `json:"timeControl"`
	// Mode is "game" for a clock for the whole game, "move" for one per move.
	Mode string `json:"mode"`
	// Minutes and Increment are a whole-game clock's base time and
	// increment (seconds); Seconds is a per-move clock's allowance.
	Minutes   int `json:"minutes,omitempty"`
	Increment int `json:"increment,omitempty"`
	Seconds   int `json:"seconds,omitempty"`
	// Speed is the speed whose rating the clock's games count for.
	Speed string `json:"speed"`
}

// viewPreset is p as the API lists it.
func viewPreset(p lobby.Preset) presetJSON {
	tc := p.TimeControl
	out := presetJSON{TimeControl: tc.String(), Speed: string(p.Speed)}
	if tc.Mode() == game.ModePerMove {
		out.Mode = "move"
		out.Seconds = int(tc.PerMove().Seconds())
	} else {
		out.Mode = "game"
		out.Minutes = int(tc.Base().Minutes())
		out.Increment = int(tc.Increment().Seconds())
	}
	return out
}

// lobbyPresets serves GET /api/lobby/presets: the clocks the lobby offers
// with one click (lobby.Presets), in the order it shows them.
func (s *Server) lobbyPresets(w http.ResponseWriter, r *http.Request) {
	presets := lobby.Presets()
	out := make([]presetJSON, 0, len(presets))
	for _, p := range presets {
		out = append(out, viewPreset(p))
	}
	writeJSON(w, http.StatusOK, out)
}
