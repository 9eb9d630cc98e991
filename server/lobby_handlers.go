package server

import (
	"context"
	"net/http"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
)

// seekRequest is the body of POST /api/seek.
type seekRequest struct {
	// TimeControl is the clock in its compact text form ("5+3",
	// "move:30s").
	TimeControl string `json:"timeControl"`
	// Color is "white", "black" or "random" (the default).
	Color string `json:"color"`
	// Rated asks for a rated game (accounts only).
	Rated bool `json:"rated"`
	// RatingRange limits the opponents' ratings (absent: anyone).
	RatingRange *lobby.RatingRange `json:"ratingRange"`
}

// parsePlay reads what a seek, a challenge and an AI game share: a time
// control and a colour ("random" when empty).
func parsePlay(tcText, colorText string) (game.TimeControl, lobby.Color, error) {
	tc, err := game.ParseTimeControl(tcText)
	if err != nil {
		return tc, "", err
	}
	if colorText == "" {
		colorText = string(lobby.Random)
	}
	color, err := lobby.ParseColor(colorText)
	return tc, color, err
}

// refuseWhileDraining refuses (server.restarting) a request that would
// start a game on a server that is stopping, and reports whether it did.
func (s *Server) refuseWhileDraining(w http.ResponseWriter, r *http.Request) bool {
	if !s.Draining() {
		return false
	}
	s.writeError(w, r, NewError(CodeRestarting, "the server is restarting", nil))
	return true
}

// playRequest decodes r's body into req and returns who asks, a guest made
// for a requester who is nobody yet; a request that may start a game is
// refused while the server stops. On refusal it answers and returns false.
func (s *Server) playRequest(w http.ResponseWriter, r *http.Request, req any, scope account.Scope, startsGame bool) (Identity, bool) {
	if !s.decodeJSON(w, r, req) {
		return Identity{}, false
	}
	if startsGame && s.refuseWhileDraining(w, r) {
		return Identity{}, false
	}
	who, ok := s.player(w, r, scope)
	if !ok {
		return Identity{}, false
	}
	if err := s.charge(r, s.newGamesPerPlayer, who.User.ID); err != nil {
		s.writeError(w, r, err)
		return Identity{}, false
	}
	return who, true
}

// limitNewGames takes one of the player's new-game requests from
// Limits.NewGamesPerPlayer, or returns the refusal (CodeRateLimited).
func (s *Server) limitNewGames(playerID string) error {
	return limited(s.newGamesPerPlayer, playerID)
}

// postSeek serves POST /api/seek: a seek in the lobby, paired at once with
// a compatible one if there is any (the answer's gameId is then set).
// A guest is made for a requester who is nobody yet.
func (s *Server) postSeek(w http.ResponseWriter, r *http.Request) {
	var req seekRequest
	who, ok := s.playRequest(w, r, &req, account.ScopeBoardPlay, true)
	if !ok {
		return
	}
	if who.User.Bot {
		s.writeError(w, r, NewError(CodeNotForBots, "a bot cannot seek in the lobby", nil))
		return
	}
	tc, color, err := parsePlay(req.TimeControl, req.Color)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	owner := s.lobbyPerson(r.Context(), who.User, rating.GameSpeed(tc))
	sr := lobby.SeekRequest{Owner: owner, TimeControl: tc, Color: color, Rated: req.Rated}
	if req.RatingRange != nil {
		sr.Range = *req.RatingRange
	}
	res, err := s.cfg.Lobby.AddSeek(r.Context(), sr)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if res.GameID == "" {
		// Not the request's context: a page that closes now is the case.
		s.seekPlacedOverHTTP(context.WithoutCancel(r.Context()), who.User.ID)
	}
	writeJSON(w, http.StatusCreated, res)
}

// seekPlacedOverHTTP makes a seek placed by a request last only while its
// owner has a socket open, as every seek does: the lobby counts a new
// seek's owner as connected, and a page that closes before its lobby
// socket opens (a new visitor's first seek makes them a guest, and their
// page then reopens its socket as the guest) would otherwise leave a seek
// that pairs the next player with nobody. The owner is marked gone unless
// a lobby socket of theirs is open here; a socket that opens meanwhile
// takes the mark back (it is checked again after), and one open on another
// node takes it back on that node's next sweep.
func (s *Server) seekPlacedOverHTTP(ctx context.Context, userID string) {
	if s.LobbyPresent(userID) {
		return // its last socket closing marks the owner gone
	}
	lb := s.cfg.Lobby
	if err := lb.OwnerGone(ctx, userID); err != nil {
		s.log.Warn("server: marking a seek's owner gone", "user", userID, "err", err)
		return
	}
	if s.LobbyPresent(userID) {
		if err := lb.OwnerConnected(ctx, userID); err != nil {
			s.log.Warn("server: marking a seek's owner present", "user", userID, "err", err)
		}
	}
}

// LobbyPresent reports whether userID has a lobby socket open on this
// server; among several nodes each says so of its own sockets before it
// sweeps the lobby (lobby's ReassertOwners).
func (s *Server) LobbyPresent(userID string) bool {
	return s.play.hub.present(lobbyPresence, userID)
}

// deleteSeek serves DELETE /api/seek/{id}: the requester cancels their
// seek.
func (s *Server) deleteSeek(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, account.ScopeBoardPlay)
	if !ok {
		return
	}
	if err := s.cfg.Lobby.CancelSeek(r.Context(), who.User.ID, r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// listSeeks serves GET /api/seeks: the open seeks, oldest first.
func (s *Server) listSeeks(w http.ResponseWriter, r *http.Request) {
	seeks, err := s.cfg.Lobby.Seeks(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if seeks == nil {
		seeks = []lobby.Seek{}
	}
	writeJSON(w, http.StatusOK, seeks)
}

// lobbyPerson is u as the lobby knows people, with the rating in speed.
func (s *Server) lobbyPerson(ctx context.Context, u account.User, speed rating.Speed) lobby.Player {
	return lobby.Player{ID: u.ID, Name: u.DisplayName, Guest: u.Guest, Rating: s.ratingOf(ctx, u, speed)}
}
