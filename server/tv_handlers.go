package server

import (
	"context"
	"net/http"
	"slices"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// tvJSON is what GET /api/tv answers: the game the TV shows, or null when
// no game is being played.
type tvJSON struct {
	Game *summaryJSON `json:"game"`
}

// getTV serves GET /api/tv: the game the TV page shows. It stays on the
// game it named until that game is no longer being played, then names the
// highest-rated of the newest game.MaxListLimit games being played (see
// tvScore), the newest of equals.
func (s *Server) getTV(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Listing.PlayingNow(r.Context(), game.MaxListLimit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	g, ok := s.tvGame(r.Context(), list)
	if !ok {
		writeJSON(w, http.StatusOK, tvJSON{})
		return
	}
	out := viewSummary(g)
	writeJSON(w, http.StatusOK, tvJSON{Game: &out})
}

// tvGame picks the TV's game among the games being played now.
func (s *Server) tvGame(ctx context.Context, playing []game.Summary) (game.Summary, bool) {
	s.watch.mu.Lock()
	current := s.watch.tv
	s.watch.mu.Unlock()
	if i := slices.IndexFunc(playing, func(g game.Summary) bool { return g.ID == current }); i >= 0 {
		return playing[i], true
	}
	if len(playing) == 0 {
		return game.Summary{}, false
	}
	ratings := make(map[string]float64) // the players' ratings, read once each
	best, bestScore := 0, -1.0
	for i, g := range playing {
		if score := s.tvScore(ctx, g, ratings); score > bestScore {
			best, bestScore = i, score
		}
	}
	s.watch.mu.Lock()
	s.watch.tv = playing[best].ID
	s.watch.mu.Unlock()
	return playing[best], true
}

// tvScore ranks a game for the TV: the sum of its players' ratings in its
// speed, where a guest or the AI counts as a new player (rating.New). The
// ratings read are kept in seen by player and speed.
func (s *Server) tvScore(ctx context.Context, g game.Summary, seen map[string]float64) float64 {
	speed := rating.GameSpeed(g.TimeControl)
	sum := 0.0
	for _, p := range []game.Player{g.White, g.Black} {
		key := p.ID + "/" + string(speed)
		v, ok := seen[key]
		if !ok {
			v = rating.New().Value
			if r, known := s.accountRating(ctx, p, speed); known {
				v = r.Value
			}
			if p.ID != "" {
				seen[key] = v
			}
		}
		sum += v
	}
	return sum
}
