package server

import (
	"net/http"
	"slices"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// historyScanPages bounds the games a rating history is drawn from: the
// newest historyScanPages × game.MaxListLimit finished games of the player.
const historyScanPages = 20

// ratingPointJSON is one point of a rating history: a rated game's end
// and the player's rating after it.
type ratingPointJSON struct {
	// At is when the game ended (ms since 1970).
	At int64 `json:"at"`
	// Rating is the rating after the game, rounded; Provisional says it
	// was not yet established.
	Rating      int    `json:"rating"`
	Provisional bool   `json:"provisional,omitempty"`
	Game        string `json:"game"`
}

// userRatingHistory serves GET /api/user/{username}/rating-history: per
// speed (every rating.Speeds, an empty list for a speed without rated
// games), the account's rating after each of its finished rated games,
// oldest first, from its newest historyScanPages × game.MaxListLimit
// finished games.
func (s *Server) userRatingHistory(w http.ResponseWriter, r *http.Request) {
	u, err := s.cfg.Accounts.UserByUsername(r.Context(), r.PathValue("username"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make(map[string][]ratingPointJSON, len(rating.Speeds()))
	for _, sp := range rating.Speeds() {
		out[string(sp)] = []ratingPointJSON{}
	}
	for page := range historyScanPages {
		list, err := s.cfg.Listing.PlayerGames(r.Context(), u.ID, page*game.MaxListLimit, game.MaxListLimit)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		for _, g := range list {
			side, ok := g.Side(u.ID)
			if !ok || g.Ratings[side] == nil {
				continue
			}
			c := g.Ratings[side]
			after := rating.Rating{Value: c.After, Deviation: c.AfterDeviation}
			out[c.Speed] = append(out[c.Speed], ratingPointJSON{
				At: g.EndedAt.UnixMilli(), Rating: round(c.After), Provisional: after.Provisional(), Game: g.ID,
			})
		}
		if len(list) < game.MaxListLimit {
			break
		}
	}
	for _, points := range out {
		slices.Reverse(points) // the history lists the newest first
	}
	writeJSON(w, http.StatusOK, out)
}
