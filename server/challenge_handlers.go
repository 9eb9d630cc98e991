package server

import (
	"mime"
	"net/http"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
)

// challengeRequest is the body of POST /api/challenge/{username} and POST
// /api/challenge/open.
type challengeRequest struct {
	TimeControl string `json:"timeControl"`
	Color       string `json:"color"`
	Rated       bool   `json:"rated"`
}

// challengeJSON is a challenge as the API shows it: lobby.Challenge and,
// for a link, the page that accepts it.
type challengeJSON struct {
	lobby.Challenge
	URL string `json:"url,omitempty"`
	// OK is set in the answers to accept, decline and cancel, which
	// lichess answers {"ok": true}.
	OK bool `json:"ok,omitempty"`
	// Node, in the answer to an accept among several nodes, names the
	// node that runs the game: the routing hint for its socket
	// (GameNodes).
	Node string `json:"node,omitempty"`
}

func viewChallenge(r *http.Request, c lobby.Challenge) challengeJSON {
	out := challengeJSON{Challenge: c}
	if c.Kind == lobby.Open {
		out.URL = siteURL(r) + "/challenge/" + c.ID
	}
	return out
}

// postChallenge serves POST /api/challenge/{username}: a direct challenge,
// in JoinPal's shape or lichess's (lichessRequest).
func (s *Server) postChallenge(w http.ResponseWriter, r *http.Request) {
	if form, ok, err := s.lichessRequest(w, r); ok {
		s.lichessChallenge(w, r, form, err, r.PathValue("username"))
		return
	}
	s.makeChallenge(w, r, r.PathValue("username"))
}

// postOpenChallenge serves POST /api/challenge/open: a challenge link,
// which the first person other than its creator to accept plays, in
// JoinPal's shape or lichess's (lichessRequest).
func (s *Server) postOpenChallenge(w http.ResponseWriter, r *http.Request) {
	if form, ok, err := s.lichessRequest(w, r); ok {
		s.lichessChallenge(w, r, form, err, "")
		return
	}
	s.makeChallenge(w, r, "")
}

func (s *Server) makeChallenge(w http.ResponseWriter, r *http.Request, username string) {
	var req challengeRequest
	who, ok := s.playRequest(w, r, &req, account.ScopeChallengeWrite, false)
	if !ok {
		return
	}
	tc, color, err := parsePlay(req.TimeControl, req.Color)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	speed := rating.GameSpeed(tc)
	cr := lobby.ChallengeRequest{Challenger: s.lobbyPerson(r.Context(), who.User, speed), TimeControl: tc, Color: color, Rated: req.Rated}
	if username != "" {
		dest, err := s.cfg.Accounts.UserByUsername(r.Context(), username)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		p := s.lobbyPerson(r.Context(), dest, speed)
		cr.Dest = &p
	}
	c, err := s.cfg.Lobby.Challenge(r.Context(), cr)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, viewChallenge(r, c))
}

// listChallenges serves GET /api/challenge: the open challenges the
// requester made (out) and received (in), lichess's shape.
func (s *Server) listChallenges(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, account.ScopeChallengeRead)
	if !ok {
		return
	}
	all, err := s.cfg.Lobby.ChallengesFor(r.Context(), who.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := map[string][]challengeJSON{"in": {}, "out": {}}
	for _, c := range all {
		key := "in"
		if c.Challenger.ID == who.User.ID {
			key = "out"
		}
		out[key] = append(out[key], viewChallenge(r, c))
	}
	writeJSON(w, http.StatusOK, out)
}

// showChallenge serves GET /api/challenge/{id}/show: one challenge, for
// the page of a challenge link (anyone may see it).
func (s *Server) showChallenge(w http.ResponseWriter, r *http.Request) {
	c, err := s.cfg.Lobby.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, viewChallenge(r, c))
}

// acceptChallenge serves POST /api/challenge/{id}/accept: the game starts;
// the answer is the challenge with its gameId. A guest is made for a
// requester who is nobody yet, so that a link opened in any browser plays.
func (s *Server) acceptChallenge(w http.ResponseWriter, r *http.Request) {
	if s.refuseWhileDraining(w, r) {
		return
	}
	who, ok := s.player(w, r, account.ScopeChallengeWrite)
	if !ok {
		return
	}
	c, err := s.cfg.Lobby.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err = s.cfg.Lobby.Accept(r.Context(), c.ID, s.lobbyPerson(r.Context(), who.User, c.Speed()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := answered(viewChallenge(r, c))
	if c.GameID != "" {
		out.Node = s.gameNode(r.Context(), c.GameID)
	}
	writeJSON(w, http.StatusOK, out)
}

// declineRequest is the optional body of POST /api/challenge/{id}/decline.
type declineRequest struct {
	// Reason is lichess's decline reason ("generic" when absent).
	Reason string `json:"reason"`
}

// declineChallenge serves POST /api/challenge/{id}/decline, the reason
// as JSON or, as lichess sends it, as a form.
func (s *Server) declineChallenge(w http.ResponseWriter, r *http.Request) {
	var req declineRequest
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/x-www-form-urlencoded" {
		form, err := s.lichessForm(w, r)
		if err != nil {
			s.writeLichessError(w, r, err)
			return
		}
		req.Reason = form.Get("reason")
	} else if r.ContentLength != 0 && !s.decodeJSON(w, r, &req) {
		return
	}
	who, ok := s.signedIn(w, r, account.ScopeChallengeWrite)
	if !ok {
		return
	}
	reason, err := lobby.ParseDeclineReason(req.Reason)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err := s.cfg.Lobby.Decline(r.Context(), r.PathValue("id"), who.User.ID, reason)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, answered(viewChallenge(r, c)))
}

// cancelChallenge serves POST /api/challenge/{id}/cancel: the challenger
// takes the challenge (or link) back.
func (s *Server) cancelChallenge(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, account.ScopeChallengeWrite)
	if !ok {
		return
	}
	c, err := s.cfg.Lobby.Cancel(r.Context(), r.PathValue("id"), who.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, answered(viewChallenge(r, c)))
}

// answered is c as the answer to an accept, decline or cancel: with
// lichess's "ok": true.
func answered(c challengeJSON) challengeJSON {
	c.OK = true
	return c
}
