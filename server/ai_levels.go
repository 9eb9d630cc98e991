package server

import (
	"net/http"

	"github.com/joinpal/joinpal/ai"
)

// aiLevelJSON is one of the AI's levels as GET /api/ai/levels lists it.
type aiLevelJSON struct {
	// Level is the number POST /api/challenge/ai takes.
	Level int `json:"level"`
	// Name is the catalogue code of the level's name ("level.2": Fácil).
	Name string `json:"name"`
	// Elo is the level's measured strength (ai.Level.Elo).
	Elo int `json:"elo"`
}

// aiLevels serves GET /api/ai/levels: the AI's playing levels, weakest
// first, each with its name's catalogue code and its measured Elo, for the
// home page to offer by name.
func (s *Server) aiLevels(w http.ResponseWriter, r *http.Request) {
	levels := ai.Levels()
	out := make([]aiLevelJSON, 0, len(levels))
	for _, l := range levels {
		out = append(out, aiLevelJSON{Level: l.Number, Name: l.NameCode(), Elo: l.Elo})
	}
	writeJSON(w, http.StatusOK, out)
}
