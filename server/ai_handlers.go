package server

import (
	"context"
	"crypto/rand"
	"net/http"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// AIGames starts games against the AI and plays the AI's side of them
// (ai.Player has it).
type AIGames interface {
	Start(ctx context.Context, human game.Player, humanSide game.Side, level int, tc game.TimeControl) (game.Config, game.Event, error)
}

// aiRequest is the body of POST /api/challenge/ai.
type aiRequest struct {
	// Level is the AI's level: the number of one of ai.Levels, as GET
	// /api/ai/levels lists them.
	Level int `json:"level"`
	// Color is the requester's colour: "white", "black" or "random" (the
	// default).
	Color string `json:"color"`
	// TimeControl is the clock ("5+3", "move:30s") or "untimed".
	TimeControl string `json:"timeControl"`
}

// postAIChallenge serves POST /api/challenge/ai: a game against the AI
// starts at once, and the AI plays its side. The answer is the game. A
// request in lichess's shape (lichessRequest) is answered as lichess
// does.
func (s *Server) postAIChallenge(w http.ResponseWriter, r *http.Request) {
	if form, ok, err := s.lichessRequest(w, r); ok {
		s.lichessAIChallenge(w, r, form, err)
		return
	}
	var req aiRequest
	who, ok := s.playRequest(w, r, &req, account.ScopeChallengeWrite, true)
	if !ok {
		return
	}
	if err := ai.CheckLevel(req.Level); err != nil {
		s.writeError(w, r, err)
		return
	}
	tc, color, err := parsePlay(req.TimeControl, req.Color)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	humanSide := game.White
	switch color {
	case lobby.Black:
		humanSide = game.Black
	case lobby.Random:
		var b [1]byte
		_, _ = rand.Read(b[:])
		if b[0]&1 == 1 {
			humanSide = game.Black
		}
	}
	human := game.Player{ID: who.User.ID, Name: who.User.DisplayName}
	rec, ev, err := s.startAIGame(r.Context(), human, humanSide, req.Level, tc)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, viewGameRecord(rec, ev, true))
}

// startAIGame has the AI start a game of human, playing humanSide, at
// level; the human's event streams are told. It returns the new game as
// created.
func (s *Server) startAIGame(ctx context.Context, human game.Player, humanSide game.Side, level int, tc game.TimeControl) (game.Record, game.Event, error) {
	cfg, ev, err := s.cfg.AI.Start(ctx, human, humanSide, level, tc)
	if err != nil {
		return game.Record{}, game.Event{}, err
	}
	s.play.streams.gameStarted(human.ID, cfg.ID)
	rec := game.Record{ID: cfg.ID, White: cfg.White, Black: cfg.Black, TimeControl: tc, CreatedAt: ev.At}
	return rec, ev, nil
}
