package server

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
)

// aiRequest is the body of POST /api/challenge/ai.
type aiRequest struct {
	// Level is the AI's level, 1 (Principiante) to 8 (Maestro).
	Level int `json:"level"`
	// Color is the requester's colour: "white", "black" or "random" (the
	// default).
	Color string `json:"color"`
	// TimeControl is the clock ("5+3", "move:30s") or "untimed".
	TimeControl string `json:"timeControl"`
}

// aiPlayerID is the id the AI plays a game as. No account or guest id has
// a colon, so it is nobody's.
func aiPlayerID(level int) string { return "ai:" + strconv.Itoa(level) }

// postAIChallenge serves POST /api/challenge/ai: a game against the AI
// starts at once, and the AI plays its side. The answer is the game.
func (s *Server) postAIChallenge(w http.ResponseWriter, r *http.Request) {
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

// startAIGame creates a game of human, playing humanSide, against the AI
// at level, and has the AI play its side; the human's event streams are
// told. It returns the new game as created.
func (s *Server) startAIGame(ctx context.Context, human game.Player, humanSide game.Side, level int, tc game.TimeControl) (game.Record, game.Event, error) {
	machine := game.Player{ID: aiPlayerID(level), Name: i18n.Message(i18n.Spanish, "level."+strconv.Itoa(level), nil), AILevel: level}
	cfg := game.Config{ID: newGameID(), White: human, Black: machine, TimeControl: tc}
	if humanSide == game.Black {
		cfg.White, cfg.Black = machine, human
	}
	ev, err := s.cfg.Runtime.Create(ctx, cfg)
	if err != nil {
		return game.Record{}, game.Event{}, err
	}
	if err := s.cfg.AI.Watch(cfg.ID, machine.ID, humanSide.Other(), level, tc, ""); err != nil {
		// The game is stored: the AI takes it up when the server next
		// watches its running games (ResumeAI); the player is told now.
		return game.Record{}, game.Event{}, err
	}
	s.play.streams.gameStarted(human.ID, cfg.ID)
	rec := game.Record{ID: cfg.ID, White: cfg.White, Black: cfg.Black, TimeControl: tc, CreatedAt: ev.At}
	return rec, ev, nil
}

// AIMover returns the way the AI's player moves in rt's games: package ai
// may not import live, so the server adapts one to the other.
func AIMover(rt *live.Runtime) ai.Mover {
	return ai.MoverFunc(func(ctx context.Context, id, playerID string, m ai.Move) error {
		_, err := rt.Move(ctx, id, playerID, live.MoveRequest{UCI: m.UCI, Ply: m.Ply, ID: m.ID})
		return err
	})
}

// ActiveGames lists the running games with their moves (game.Store has
// it).
type ActiveGames interface {
	ActiveGames(ctx context.Context) ([]game.Record, error)
}

// ResumeAI has p play the AI's side of every running game against the AI
// in games: after a start, the games the runtime resumed go on with their
// AI. It returns the number of games taken up; a game that cannot be taken
// up is skipped and its error joined to the one returned.
func ResumeAI(ctx context.Context, games ActiveGames, p *ai.Player) (int, error) {
	recs, err := games.ActiveGames(ctx)
	if err != nil {
		return 0, fmt.Errorf("server: listing the running games: %w", err)
	}
	var errs []error
	n := 0
	for _, rec := range recs {
		if !rec.White.IsAI() && !rec.Black.IsAI() {
			continue
		}
		if err := p.WatchRecord(rec); err != nil {
			errs = append(errs, fmt.Errorf("server: game %s: %w", rec.ID, err))
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}
