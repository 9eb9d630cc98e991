package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/analysis"
	"github.com/joinpal/joinpal/chess/pgn"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/opening"
	"github.com/joinpal/joinpal/rating"
)

// GameReader reads stored games (game.Store has it).
type GameReader interface {
	LoadGame(ctx context.Context, id string) (game.Record, error)
}

// loadGame reads game id from the store, or fails with game.not_found.
func (s *Server) loadGame(ctx context.Context, id string) (game.Record, error) {
	if s.cfg.Games == nil {
		return game.Record{}, game.NewError(game.CodeGameNotFound, "no game store", nil)
	}
	return s.cfg.Games.LoadGame(ctx, id)
}

// getGame serves GET /api/game/{id}: the game as JSON, with the clocks as
// they stand now for a running game.
func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rec, err := s.loadGame(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	ev, err := s.cfg.Runtime.Snapshot(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	who, _ := s.viewer(r)
	_, isPlayer := sideOfUser(rec, who.User.ID)
	out := viewGameRecord(rec, ev, isPlayer)
	out.Ratings = s.gameRatings(r.Context(), rec, ev.Status)
	if ev.Status == game.StatusCreated || ev.Status == game.StatusStarted {
		out.Node = s.gameNode(r.Context(), id)
	}
	writeJSON(w, http.StatusOK, out)
}

// gameRecordJSON is a game as GET /api/game/{id} and the endpoints that
// start one answer it: the same as a socket's full frame.
type gameRecordJSON struct {
	gameJSON
	// Node names the node that runs the game while it is played, among
	// several nodes: the routing hint for its socket (GameNodes).
	Node string `json:"node,omitempty"`
}

func viewGameRecord(rec game.Record, ev game.Event, legal bool) gameRecordJSON {
	return gameRecordJSON{gameJSON: viewGame(rec, ev, legal)}
}

// getGamePGN serves GET /api/game/{id}/pgn: the game as PGN, its opening
// in the ECO and Opening tags, a [%clk] comment after each move of a timed
// game, and, when the game has a computer analysis, its [%eval] comments
// and the NAGs of the inaccuracies, mistakes and blunders.
func (s *Server) getGamePGN(w http.ResponseWriter, r *http.Request) {
	g, ok := s.restoredGame(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="joinpal-`+g.ID()+`.pgn"`)
	opts := game.PGNOptions{Site: siteURL(r) + "/game/" + g.ID()}
	if o, ok := opening.OfHistory(g.History()); ok {
		opts.ECO, opts.Opening = o.ECO, o.Name
	}
	out := g.PGN(opts)
	if s.cfg.Analyses != nil && g.State().Status == game.StatusEnded {
		if st, err := s.cfg.Analyses.Status(r.Context(), g.ID()); err == nil && st.Report != nil {
			analysis.Annotate(out, *st.Report)
		}
	}
	_ = pgn.Write(w, out)
}

// getGameFEN serves GET /api/game/{id}/fen: the current position as FEN
// (plain text).
func (s *Server) getGameFEN(w http.ResponseWriter, r *http.Request) {
	g, ok := s.restoredGame(w, r)
	if !ok {
		return
	}
	pos := g.Position()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte(pos.FEN() + "\n"))
}

// restoredGame reads the game of r's {id} from the store as a game.Game;
// on failure it answers and returns false.
func (s *Server) restoredGame(w http.ResponseWriter, r *http.Request) (*game.Game, bool) {
	rec, err := s.loadGame(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	g, err := game.Restore(rec, s.cfg.Now)
	if err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return g, true
}

func siteURL(r *http.Request) string {
	scheme := "http"
	if overHTTPS(r) {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// postMove serves POST /api/game/{id}/move/{uci}?ply=N&id=M: a move by
// the requester (lichess's board API, with JoinPal's ply and move id).
func (s *Server) postMove(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, scopeFor("move"))
	if !ok {
		return
	}
	q := r.URL.Query()
	ply, err := queryInt(q.Get("ply"), "ply", -1)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	moveID, err := queryInt(q.Get("id"), "id", 0)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	if ply < 0 { // no ply given: the move is for the current one
		ev, err := s.cfg.Runtime.Snapshot(r.Context(), id)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		ply = int64(ev.Ply)
	}
	start := time.Now()
	ack, err := s.cfg.Runtime.Move(r.Context(), id, who.User.ID, live.MoveRequest{UCI: r.PathValue("uci"), Ply: int(ply), ID: moveID})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.metrics.MoveDone(time.Since(start))
	// Only a correspondence clock gives a mover a day or more back: the
	// game is read for its players only then.
	if !ack.Resent && ack.Move.Remaining >= game.Day {
		if hdr, err := s.loadGame(r.Context(), id); err == nil {
			s.noteTurn(r.Context(), hdr)
		}
	}
	p := ack.Move.Ply
	writeJSON(w, http.StatusOK, ackData{ID: moveID, Ply: &p, UCI: ack.Move.UCI, SAN: ack.Move.SAN, V: ack.Seq, Resent: ack.Resent})
}

// queryInt reads a whole number of a query parameter, def when absent.
func queryInt(text, name string, def int64) (int64, error) {
	if text == "" {
		return def, nil
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil || v < 0 {
		return 0, NewError(CodeWrongType, "parameter "+name+" is not a whole number", nil).With("field", name)
	}
	return v, nil
}

// gameAction returns the handler of POST /api/game/{id}/<action>: one of
// gameActions by its frame type. It answers {"ok": true}, with the
// gameId of the game the action started, if any.
func (s *Server) gameAction(action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		who, ok := s.signedIn(w, r, scopeFor(action))
		if !ok {
			return
		}
		act := s.gameActions()[action]
		started, err := act(r.Context(), r.PathValue("id"), who.User.ID)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, struct {
			OK     bool   `json:"ok"`
			GameID string `json:"gameId,omitempty"`
		}{true, started})
	}
}

// offerRematch offers (or accepts) a rematch of the finished game gameID
// on behalf of userID, one of its players. Against the AI, which never
// answers offers, the rematch starts at once (same level and clock,
// colours swapped) and its id is returned.
func (s *Server) offerRematch(ctx context.Context, gameID, userID string) (string, error) {
	rec, err := s.loadGame(ctx, gameID)
	if err != nil {
		return "", err
	}
	side, ok := sideOfUser(rec, userID)
	if !ok {
		return "", game.NewError(game.CodeNotAPlayer, "only the players of a game can ask for a rematch", nil)
	}
	if !rec.State.Status.Finished() {
		return "", NewError(CodeGameNotOver, "the game is still being played", nil)
	}
	human, machine := rec.White, rec.Black
	if side == game.Black {
		human, machine = rec.Black, rec.White
	}
	if machine.IsAI() {
		if s.Draining() {
			return "", NewError(CodeRestarting, "the server is restarting", nil)
		}
		if err := s.limitNewGames(userID); err != nil {
			return "", err
		}
		next, _, err := s.startAIGame(ctx, human, side.Other(), machine.AILevel, rec.TimeControl)
		return next.ID, err
	}
	speed := rating.GameSpeed(rec.TimeControl)
	white, err := s.lobbyPlayer(ctx, rec.White, speed)
	if err != nil {
		return "", err
	}
	black, err := s.lobbyPlayer(ctx, rec.Black, speed)
	if err != nil {
		return "", err
	}
	c, err := s.cfg.Lobby.OfferRematch(ctx, lobby.FinishedGame{
		ID: rec.ID, White: white, Black: black, TimeControl: rec.TimeControl, Rated: rec.Rated,
	}, userID)
	return c.GameID, err
}

// declineRematch declines the open rematch offer of gameID addressed to
// userID.
func (s *Server) declineRematch(ctx context.Context, gameID, userID string) error {
	_, err := s.cfg.Lobby.DeclineRematch(ctx, gameID, userID)
	return err
}

// lobbyPlayer is the player p of a game as the lobby knows people: guest or
// account, with the rating in speed.
func (s *Server) lobbyPlayer(ctx context.Context, p game.Player, speed rating.Speed) (lobby.Player, error) {
	out := lobby.Player{ID: p.ID, Name: p.Name, Rating: int(rating.New().Value)}
	if p.IsAI() || p.ID == "" {
		return out, nil
	}
	u, err := s.cfg.Accounts.UserByID(ctx, p.ID)
	if err != nil {
		return out, err
	}
	out.Guest = u.Guest
	out.Rating = s.ratingOf(ctx, u, speed)
	return out, nil
}

// ratingOf returns u's rating in speed, rounded (the start rating for
// guests and when the ratings are not known).
func (s *Server) ratingOf(ctx context.Context, u account.User, speed rating.Speed) int {
	if u.Guest || s.cfg.Ratings == nil {
		return int(rating.New().Value)
	}
	all, err := s.cfg.Ratings.Ratings(ctx, u.ID)
	if err != nil {
		s.log.WarnContext(ctx, "server: reading ratings", "user", u.ID, "err", err)
		return int(rating.New().Value)
	}
	return int(all[speed].Value + 0.5)
}
