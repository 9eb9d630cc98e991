package server

import (
	"net/http"

	"github.com/joinpal/joinpal/analysis"
	"github.com/joinpal/joinpal/game"
)

// postAnalysis serves POST /api/game/{id}/analysis: asks for the computer
// analysis of a finished game. It answers the analysis's status: 202 while
// queued or running, 200 once done (with the report). A game still being
// played is refused (analysis.game_in_progress): no engine help during a
// game.
func (s *Server) postAnalysis(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, scopeFor("analysis"))
	if !ok {
		return
	}
	if s.cfg.Analyses == nil {
		s.writeError(w, r, analysis.ErrClosed)
		return
	}
	g, ok := s.restoredGame(w, r)
	if !ok {
		return
	}
	if st := g.State().Status; st != game.StatusEnded && st != game.StatusAborted {
		s.writeError(w, r, analysis.ErrInProgress)
		return
	}
	h := g.History()
	status, err := s.cfg.Analyses.Submit(r.Context(), analysis.Request{
		GameID: g.ID(), User: who.User.ID, Start: h.Start(), Moves: h.Moves(),
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	code := http.StatusAccepted
	if status.State == analysis.StateDone {
		code = http.StatusOK
	}
	writeJSON(w, code, status)
}

// getAnalysis serves GET /api/game/{id}/analysis: where the game's
// computer analysis stands (none, queued with its place, running with the
// positions done, failed, or done with the report). Nothing is said of a
// game still being played.
func (s *Server) getAnalysis(w http.ResponseWriter, r *http.Request) {
	rec, err := s.loadGame(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if st := rec.State.Status; st != game.StatusEnded && st != game.StatusAborted {
		s.writeError(w, r, analysis.ErrInProgress)
		return
	}
	if s.cfg.Analyses == nil {
		writeJSON(w, http.StatusOK, analysis.Status{State: analysis.StateNone})
		return
	}
	status, err := s.cfg.Analyses.Status(r.Context(), rec.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, status)
}
