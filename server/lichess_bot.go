package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/chat"
)

// This file holds the reading endpoints of lichess's board and Bot APIs
// (docs/LICHESS-API.md): a game's chat and the bots online.

// lichessChatLineGetJSON is one line of GET /api/board/game/{id}/chat
// (lichess's PlayerGameChat).
type lichessChatLineGetJSON struct {
	Text string `json:"text"`
	User string `json:"user"`
}

// getBoardGameChat serves GET /api/board/game/{id}/chat and GET
// /api/bot/game/{id}/chat: the players' chat of one of the requester's
// games, running or finished, oldest first (its last lines, as a socket
// that joins gets them: the stored ones when the chat has a store), as a
// JSON array of {text, user} (lichess's PlayerGameChat). Its pattern is /api/{api}/game/{id}/{part}: the
// board stream's /api/board/game/stream/{id} is more specific and keeps
// its paths, which a pattern ending in /chat would overlap without
// either being the more specific (ServeMux refuses that); any part but
// chat is not found.
func (s *Server) getBoardGameChat(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("part") != "chat" {
		s.writeLichessError(w, r, NewError(CodeNotFound, "no such resource of a game", nil))
		return
	}
	who, rec, _, ok := s.boardGame(w, r, actionBoardStream)
	if !ok {
		return
	}
	history, err := s.chat.History(r.Context(), chat.GamePlayers(rec.ID), who.User.ID)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	out := []lichessChatLineGetJSON{}
	for _, l := range history {
		out = append(out, lichessChatLineGetJSON{Text: l.Text, User: l.Author.Name})
	}
	writeJSON(w, http.StatusOK, out)
}

// botsOnlineDefault and botsOnlineMax bound GET /api/bot/online's nb, as
// lichess's.
const (
	botsOnlineDefault = 50
	botsOnlineMax     = 300
)

// getBotsOnline serves GET /api/bot/online?nb=N: the bot accounts whose
// event stream is open in this process (at most N, 50 when absent, at
// most 300), by username, as NDJSON of lichess's User (GET /api/account's
// shape without url, with the BOT title). It needs no credentials, as
// lichess's.
func (s *Server) getBotsOnline(w http.ResponseWriter, r *http.Request) {
	nb, err := pageParam(r, "nb", botsOnlineDefault)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	nb = min(nb, botsOnlineMax)
	ctx := r.Context()
	var bots []account.User
	for _, id := range s.play.streams.online() {
		if u, err := s.cfg.Accounts.UserByID(ctx, id); err == nil && u.Bot {
			bots = append(bots, u)
		}
	}
	slices.SortFunc(bots, func(a, b account.User) int {
		return strings.Compare(strings.ToLower(a.Username), strings.ToLower(b.Username))
	})
	site := siteURL(r)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, u := range bots[:min(nb, len(bots))] {
		line, err := s.lichessAccount(ctx, u, site)
		if err != nil {
			continue // its ratings unreadable now: the next call lists it
		}
		if enc.Encode(line.lichessUserJSON) != nil {
			return
		}
	}
}
