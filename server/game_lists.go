package server

import (
	"net/http"
	"strconv"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// The paging of a player's games.
const (
	defaultPageSize = 20
)

// summaryJSON is a game in a list, lichess's shape.
type summaryJSON struct {
	ID          string `json:"id"`
	Rated       bool   `json:"rated"`
	Speed       string `json:"speed"`
	TimeControl string `json:"timeControl"`
	Status      string `json:"status"`
	Winner      string `json:"winner,omitempty"`
	Result      string `json:"result"`
	// Termination is JoinPal's code of how the game ended; Outcome the
	// catalogue code of the sentence that says it ("outcome.agreement"),
	// as on a game's state (game.OutcomeCode); both absent while it goes on.
	Termination string                   `json:"termination,omitempty"`
	Outcome     string                   `json:"outcome,omitempty"`
	Players     map[string]summaryPlayer `json:"players"`
	Plies       int                      `json:"plies"`
	CreatedAt   int64                    `json:"createdAt"`
	EndedAt     int64                    `json:"endedAt,omitempty"`
	// Opening is the game's opening, in a player's history (absent in
	// the lists of games being played, and before any named position).
	Opening *openingJSON `json:"opening,omitempty"`
}

// summaryPlayer is one side of a listed game, with the rating change a
// rated game made.
type summaryPlayer struct {
	player
	Rating     *int `json:"rating,omitempty"`
	RatingDiff *int `json:"ratingDiff,omitempty"`
}

func viewSummary(g game.Summary) summaryJSON {
	out := summaryJSON{
		ID: g.ID, Rated: g.Rated, Speed: string(rating.GameSpeed(g.TimeControl)), TimeControl: g.TimeControl.String(),
		Status: lichessStatus(g.Status, g.Termination), Result: g.Result.String(),
		Players: map[string]summaryPlayer{}, Plies: g.Plies, CreatedAt: g.CreatedAt.UnixMilli(),
	}
	if w, ok := g.Result.Winner(); ok {
		out.Winner = w.String()
	}
	if g.Termination != game.TerminationNone {
		out.Termination = g.Termination.String()
	}
	// Listed games start from the standard position: the side to move
	// at the end follows from the number of moves.
	toMove := game.White
	if g.Plies%2 == 1 {
		toMove = game.Black
	}
	out.Outcome = game.OutcomeCode(game.State{Status: g.Status, Termination: g.Termination, Result: g.Result}, toMove)
	if !g.EndedAt.IsZero() {
		out.EndedAt = g.EndedAt.UnixMilli()
	}
	for side, p := range map[game.Side]game.Player{game.White: g.White, game.Black: g.Black} {
		sp := summaryPlayer{player: viewPlayer(p)}
		if c := g.Ratings[side]; c != nil {
			before, diff := int(c.Before+0.5), c.Diff()
			sp.Rating, sp.RatingDiff = &before, &diff
		}
		out.Players[side.String()] = sp
	}
	return out
}

// viewSummaries describes a list of games (an empty list, not null, when
// there is none).
func viewSummaries(list []game.Summary) []summaryJSON {
	out := make([]summaryJSON, 0, len(list))
	for _, g := range list {
		out = append(out, viewSummary(g))
	}
	return out
}

// playingNow serves GET /api/games/now: the games being played, newest
// first (?max=N, at most game.MaxListLimit).
func (s *Server) playingNow(w http.ResponseWriter, r *http.Request) {
	limit, err := pageParam(r, "max", defaultPageSize)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.cfg.Listing.PlayingNow(r.Context(), game.ClampListLimit(limit))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, viewSummaries(list))
}

// userPlaying serves GET /api/games/user/{username}/now: the games the
// account is playing, newest first (?max=N, at most game.MaxListLimit), as
// GET /api/games/now lists them.
func (s *Server) userPlaying(w http.ResponseWriter, r *http.Request) {
	limit, err := pageParam(r, "max", defaultPageSize)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.cfg.Accounts.UserByUsername(r.Context(), r.PathValue("username"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.cfg.Listing.PlayerPlaying(r.Context(), u.ID, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, viewSummaries(list))
}

// userGames serves GET /api/games/user/{username}?page=N&max=M: the
// account's finished games, newest first, page N (from 1) of M games.
func (s *Server) userGames(w http.ResponseWriter, r *http.Request) {
	page, err := pageParam(r, "page", 1)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	size, err := pageParam(r, "max", defaultPageSize)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.cfg.Accounts.UserByUsername(r.Context(), r.PathValue("username"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// One more than the page holds tells whether another page follows.
	list, err := s.cfg.Listing.PlayerGames(r.Context(), u.ID, (page-1)*size, size+1)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Games    []summaryJSON `json:"games"`
		Page     int           `json:"page"`
		NextPage *int          `json:"nextPage"`
	}{Games: []summaryJSON{}, Page: page}
	if len(list) > size {
		list = list[:size]
		next := page + 1
		out.NextPage = &next
	}
	out.Games = viewSummaries(list)
	s.nameOpenings(r.Context(), out.Games, list)
	writeJSON(w, http.StatusOK, out)
}

// pageParam reads a whole number ≥ 1 of query parameter name (def when
// absent); "max" is at most game.MaxListLimit.
func pageParam(r *http.Request, name string, def int) (int, error) {
	text := r.URL.Query().Get(name)
	if text == "" {
		return def, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || (name == "max" && n > game.MaxListLimit) || n > 1_000_000 {
		return 0, NewError(CodeBadPage, "bad "+name+" "+strconv.Quote(clip(text)), nil).
			With("max", strconv.Itoa(game.MaxListLimit))
	}
	return n, nil
}

// perfJSON is one speed's rating, lichess's shape.
type perfJSON struct {
	Rating      int  `json:"rating"`
	RD          int  `json:"rd"`
	Games       int  `json:"games"`
	Provisional bool `json:"prov,omitempty"`
}

// userProfile serves GET /api/user/{username}: the account and its
// rating in every speed.
func (s *Server) userProfile(w http.ResponseWriter, r *http.Request) {
	u, err := s.cfg.Accounts.UserByUsername(r.Context(), r.PathValue("username"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	ratings := rating.Defaults()
	if s.cfg.Ratings != nil {
		if ratings, err = s.cfg.Ratings.Ratings(r.Context(), u.ID); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	perfs := make(map[string]perfJSON, len(ratings))
	for sp, rt := range ratings {
		perfs[string(sp)] = perfJSON{Rating: int(rt.Value + 0.5), RD: int(rt.Deviation + 0.5), Games: rt.Games, Provisional: rt.Provisional()}
	}
	title := ""
	if u.Bot {
		title = botTitle
	}
	writeJSON(w, http.StatusOK, struct {
		ID        string              `json:"id"`
		Username  string              `json:"username"`
		CreatedAt int64               `json:"createdAt"`
		Perfs     map[string]perfJSON `json:"perfs"`
		// Title is BOT for a bot account, as lichess shows it.
		Title string `json:"title,omitempty"`
	}{u.ID, u.Username, u.CreatedAt.UnixMilli(), perfs, title})
}
