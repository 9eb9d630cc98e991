package server

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// boardStream is one client's board game stream.
type boardStream struct {
	srv   *Server
	rec   game.Record
	side  game.Side
	w     http.ResponseWriter
	enc   *json.Encoder
	flush func()
	// moves are the game's moves as last sent, last the last event sent.
	moves []game.MoveRecord
	last  int64
	// gone is whether the opponent was last said gone.
	gone bool
	// state is the game's state as last sent: an event that changes
	// nothing a lichess client sees (a presence) sends no gameState, lest
	// a bot take a repeated state for its turn again.
	state lichessGameStateJSON
	// deadline gives each write its time (the socket's write timeout), so
	// that a client that stops reading is cut off.
	deadline func()
}

func (b *boardStream) write(v any) bool {
	b.deadline()
	if err := b.enc.Encode(v); err != nil {
		return false
	}
	b.flush()
	return true
}

// full takes a full event as the stream's state.
func (b *boardStream) full(ev game.Event) {
	b.moves, b.last = slices.Clone(ev.Moves), ev.Seq
}

// apply takes ev, the next event after the last one, into the stream's
// moves; false when it cannot (a takeback, a gap), so that the caller
// reads the game whole.
func (b *boardStream) apply(ev game.Event) bool {
	if ev.Seq != b.last+1 {
		return false
	}
	switch {
	case ev.Type == game.EventMove && ev.Move != nil && ev.Ply == len(b.moves)+1:
		b.moves = append(b.moves, *ev.Move)
	case ev.Ply != len(b.moves):
		return false
	}
	b.last = ev.Seq
	return true
}

// opponentGone is the opponentGone line ev calls for, if the opponent's
// absence changed with it; the seconds until a claim count from the
// event's time.
func (b *boardStream) opponentGone(ev game.Event) (lichessOpponentGoneJSON, bool) {
	var gone *game.EventGone
	for i := range ev.Gone {
		if ev.Gone[i].Side != b.side {
			gone = &ev.Gone[i]
		}
	}
	if (gone != nil) == b.gone || ev.Status.Finished() {
		return lichessOpponentGoneJSON{}, false
	}
	b.gone = gone != nil
	out := lichessOpponentGoneJSON{Type: "opponentGone", Gone: b.gone}
	if gone != nil && !gone.ClaimAt.IsZero() {
		secs := max(0, int64(gone.ClaimAt.Sub(ev.At).Seconds()+0.999))
		out.ClaimWinInSeconds = &secs
	}
	return out, true
}

// streamBoardGame serves GET /api/board/game/stream/{id}: the game of
// one of the requester's games as NDJSON, lichess's board API: gameFull,
// then a gameState at each change, chatLine at each line of the players'
// chat, opponentGone when the opponent's connection drops or comes back,
// an empty line every few seconds; the stream ends with the game. While
// it is open, the player counts as connected, as with a game page.
func (s *Server) streamBoardGame(w http.ResponseWriter, r *http.Request) {
	who, rec, side, ok := s.boardGame(w, r, actionBoardStream)
	if !ok {
		return
	}
	id, userID := rec.ID, who.User.ID
	release, ok := s.takeSocket(w, r, userID)
	if !ok {
		return
	}
	defer release()
	// As the event stream: no read deadline, a write deadline per line.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	writeTimeout := s.cfg.Socket.withDefaults().WriteTimeout
	deadline := func() { _ = rc.SetWriteDeadline(time.Now().Add(writeTimeout)) }
	deadline()
	rt := s.cfg.Runtime
	events, cancel := rt.Bus().Subscribe(id)
	defer func() { cancel() }()
	ctx := r.Context()
	ev, err := rt.Snapshot(ctx, id)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	member, _, err := s.chat.Join(ctx, chat.GamePlayers(id), userID)
	if err != nil {
		s.log.Error("server: the chat's history", "room", chat.GamePlayers(id), "err", err)
	}
	defer member.Leave()
	lines := member.C
	if s.play.hub.join(id, userID) {
		pctx, pcancel := context.WithTimeout(context.WithoutCancel(ctx), presenceTimeout)
		_ = rt.Connected(pctx, id, userID)
		pcancel()
	}
	defer func() {
		if last, stopping := s.play.hub.part(id, userID); last && !stopping {
			pctx, pcancel := context.WithTimeout(context.WithoutCancel(ctx), presenceTimeout)
			_ = rt.Disconnected(pctx, id, userID)
			pcancel()
		}
	}()
	flusher, _ := w.(http.Flusher)
	b := &boardStream{srv: s, rec: rec, side: side, w: w, enc: json.NewEncoder(w), deadline: deadline, flush: func() {
		if flusher != nil {
			flusher.Flush()
		}
	}}
	b.enc.SetEscapeHTML(false)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	b.full(ev)
	full := s.lichessGameFull(ctx, rec, ev, b.moves)
	b.state = full.State
	if !b.write(full) || ev.Status.Finished() {
		return
	}
	if line, ok := b.opponentGone(ev); ok && !b.write(line) {
		return
	}
	tick := time.NewTicker(streamKeepAlive)
	defer tick.Stop()
	for {
		select {
		case e, ok := <-events:
			if !ok { // dropped by the bus: subscribe again and read the game whole
				events, cancel = rt.Bus().Subscribe(id)
				e, err = rt.Snapshot(ctx, id)
				if err != nil {
					return
				}
				b.full(e)
			} else if e.Seq <= b.last {
				continue
			} else if !b.apply(e) {
				seq := e.Seq
				if e, err = rt.Snapshot(ctx, id); err != nil {
					return
				}
				if e.Seq < seq {
					continue
				}
				b.full(e)
			}
			if line, ok := b.opponentGone(e); ok && !b.write(line) {
				return
			}
			if st := lichessState(rec, e, b.moves); !sameState(st, b.state) {
				b.state = st
				if !b.write(st) {
					return
				}
			}
			if e.Status.Finished() {
				return
			}
		case l, ok := <-lines:
			if !ok {
				lines = nil
				continue
			}
			if !b.write(lichessChatLineJSON{Type: "chatLine", Room: "player", Username: l.Author.Name, Text: l.Text}) {
				return
			}
		case <-tick.C:
			deadline()
			if _, err := w.Write([]byte("\n")); err != nil {
				return
			}
			b.flush()
		case <-ctx.Done():
			return
		case <-s.stopping: // the client reconnects to another process
			return
		}
	}
}

// boardGame is boardPlayer for action on the game of the request's path
// ({id}), which must be one of the requester's (else it is not found):
// who asks, the game and their side. On refusal it answers and returns
// false.
func (s *Server) boardGame(w http.ResponseWriter, r *http.Request, action string) (Identity, game.Record, game.Side, bool) {
	who, ok := s.boardPlayer(w, r, action)
	if !ok {
		return Identity{}, game.Record{}, 0, false
	}
	rec, err := s.loadGame(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeLichessError(w, r, err)
		return Identity{}, game.Record{}, 0, false
	}
	side, plays := sideOfUser(rec, who.User.ID)
	if !plays {
		s.writeLichessError(w, r, game.NewError(game.CodeGameNotFound, "not a game of the requester", nil))
		return Identity{}, game.Record{}, 0, false
	}
	return who, rec, side, true
}

// boardMove serves POST /api/board/game/{id}/move/{uci}?offeringDraw=true:
// the requester's move, durable before its {"ok":true}; with offeringDraw,
// a draw offer (or its acceptance) right after it.
func (s *Server) boardMove(w http.ResponseWriter, r *http.Request) {
	who, ok := s.boardPlayer(w, r, "move")
	if !ok {
		return
	}
	form, err := s.lichessForm(w, r)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	id := r.PathValue("id")
	ev, err := s.cfg.Runtime.Snapshot(r.Context(), id)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	start := time.Now()
	ack, err := s.cfg.Runtime.Move(r.Context(), id, who.User.ID, live.MoveRequest{UCI: r.PathValue("uci"), Ply: ev.Ply})
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	s.metrics.MoveDone(time.Since(start))
	if !ack.Resent && ack.Move.Remaining >= game.Day {
		if hdr, err := s.loadGame(r.Context(), id); err == nil {
			s.noteTurn(r.Context(), hdr)
		}
	}
	if form.Get("offeringDraw") == "true" {
		if err := s.cfg.Runtime.OfferDraw(r.Context(), id, who.User.ID); err != nil && game.CodeOf(err) != game.CodeGameOver {
			s.writeLichessError(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, lichessOK)
}

// boardAction returns the handler of one of lichess's board actions on a
// game, which act does for the requester with the scope of action
// (scopes.go); it answers {"ok":true}.
func (s *Server) boardAction(action string, act func(ctx context.Context, gameID, userID string) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		who, ok := s.boardPlayer(w, r, action)
		if !ok {
			return
		}
		if err := act(r.Context(), r.PathValue("id"), who.User.ID); err != nil {
			s.writeLichessError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, lichessOK)
	}
}

// botAPI reports whether r came to lichess's Bot API (/api/bot/...),
// which serves the board API's endpoints to bot accounts.
func botAPI(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/api/bot/") }

// boardPlayer is lichessSignedIn for action of the board API, or of the
// Bot API: the board API takes action's scope (scopes.go) and refuses
// bots (server.not_for_bots); the Bot API takes bot:play and bots only
// (server.bot_only). The game of the path's {id} may be named by the id
// of the accepted challenge that started it (gameOfChallenge).
func (s *Server) boardPlayer(w http.ResponseWriter, r *http.Request, action string) (Identity, bool) {
	who, ok := s.boardRequester(w, r, action)
	if ok {
		s.gameOfChallenge(r)
	}
	return who, ok
}

// gameOfChallenge lets the board and Bot APIs take an accepted
// challenge's id for its game's, as lichess's clients may (on lichess a
// challenge and its game share their id): when the path's {id} is no game
// this process runs but a challenge the lobby has started a game for,
// {id} becomes that game's. A game that runs here costs nothing more; any
// other id costs one read of the lobby's challenges.
func (s *Server) gameOfChallenge(r *http.Request) {
	id := r.PathValue("id")
	if id == "" {
		return
	}
	if rt, ok := s.cfg.Runtime.(interface{ Runs(id string) bool }); ok && rt.Runs(id) {
		return
	}
	if c, err := s.cfg.Lobby.Get(r.Context(), id); err == nil && c.GameID != "" {
		r.SetPathValue("id", c.GameID)
	}
}

// boardRequester is boardPlayer but for the challenge's id.
func (s *Server) boardRequester(w http.ResponseWriter, r *http.Request, action string) (Identity, bool) {
	if !botAPI(r) {
		who, ok := s.lichessSignedIn(w, r, scopeFor(action))
		if ok && who.User.Bot {
			s.writeLichessError(w, r, NewError(CodeNotForBots, "a bot plays through the Bot API", nil))
			return Identity{}, false
		}
		return who, ok
	}
	who, ok := s.lichessSignedIn(w, r, account.ScopeBotPlay)
	if ok && !who.User.Bot {
		s.writeLichessError(w, r, NewError(CodeBotOnly, "the Bot API is for bot accounts", nil))
		return Identity{}, false
	}
	return who, ok
}

// postBotUpgrade serves POST /api/bot/account/upgrade: the requester's
// account becomes a bot's, for good. It needs bot:play.
func (s *Server) postBotUpgrade(w http.ResponseWriter, r *http.Request) {
	who, ok := s.lichessSignedIn(w, r, account.ScopeBotPlay)
	if !ok {
		return
	}
	if who.User.Guest {
		s.writeLichessError(w, r, NewError(CodeAccountRequired, "a guest cannot be a bot", nil))
		return
	}
	if err := s.cfg.Accounts.UpgradeToBot(r.Context(), who.User.ID); err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lichessOK)
}

// boardNamed is boardAction of one of gameActions by its name.
func (s *Server) boardNamed(action string) http.HandlerFunc {
	return s.boardAction(action, func(ctx context.Context, gameID, userID string) error {
		_, err := s.gameActions()[action](ctx, gameID, userID)
		return err
	})
}

// answerFlag reads lichess's {accept} path parameter: yes (or true, as
// lichess also takes) or no (false).
func answerFlag(text string) (bool, error) {
	switch text {
	case "yes", "true":
		return true, nil
	case "no", "false":
		return false, nil
	}
	return false, NewError(CodeWrongType, "answer is yes or no", nil).With("field", "accept")
}

// boardDraw serves POST /api/board/game/{id}/draw/{accept}: yes offers a
// draw, or accepts the opponent's; no declines the opponent's.
func (s *Server) boardDraw(w http.ResponseWriter, r *http.Request) {
	rt := s.cfg.Runtime
	s.boardAction("draw-offer", func(ctx context.Context, id, userID string) error {
		yes, err := answerFlag(r.PathValue("accept"))
		if err != nil {
			return err
		}
		offer, err := s.openOffer(ctx, id, userID, func(ev game.Event) (game.Side, bool) {
			if ev.DrawOffer == nil {
				return 0, false
			}
			return ev.DrawOffer.By, true
		})
		if err != nil {
			return err
		}
		switch {
		case !yes:
			return rt.DeclineDraw(ctx, id, userID)
		case offer == offerTheirs:
			return rt.AcceptDraw(ctx, id, userID)
		case offer == offerMine:
			return nil
		}
		return rt.OfferDraw(ctx, id, userID)
	})(w, r)
}

// boardTakeback serves POST /api/board/game/{id}/takeback/{accept}: yes
// asks for a takeback, or accepts the opponent's request; no declines the
// opponent's, or withdraws the requester's own.
func (s *Server) boardTakeback(w http.ResponseWriter, r *http.Request) {
	rt := s.cfg.Runtime
	s.boardAction("takeback-offer", func(ctx context.Context, id, userID string) error {
		yes, err := answerFlag(r.PathValue("accept"))
		if err != nil {
			return err
		}
		offer, err := s.openOffer(ctx, id, userID, func(ev game.Event) (game.Side, bool) {
			if ev.TakebackOffer == nil {
				return 0, false
			}
			return *ev.TakebackOffer, true
		})
		if err != nil {
			return err
		}
		switch {
		case yes && offer == offerTheirs:
			return rt.AcceptTakeback(ctx, id, userID)
		case yes && offer == offerMine:
			return nil
		case yes:
			return rt.OfferTakeback(ctx, id, userID)
		case offer == offerMine:
			return rt.CancelTakeback(ctx, id, userID)
		}
		return rt.DeclineTakeback(ctx, id, userID)
	})(w, r)
}

// The open offers of a game as a player sees them.
const (
	offerNone = iota
	offerMine
	offerTheirs
)

// openOffer reads which open offer of game id (by its side, from by)
// concerns userID: none, theirs or their opponent's.
func (s *Server) openOffer(ctx context.Context, id, userID string, by func(game.Event) (game.Side, bool)) (int, error) {
	rec, err := s.loadGame(ctx, id)
	if err != nil {
		return offerNone, err
	}
	side, plays := sideOfUser(rec, userID)
	if !plays {
		return offerNone, game.NewError(game.CodeNotAPlayer, "only the players of a game answer its offers", nil)
	}
	ev, err := s.cfg.Runtime.Snapshot(ctx, id)
	if err != nil {
		return offerNone, err
	}
	offerer, ok := by(ev)
	switch {
	case !ok:
		return offerNone, nil
	case offerer == side:
		return offerMine, nil
	}
	return offerTheirs, nil
}

// boardChat serves POST /api/board/game/{id}/chat: a line (form or JSON
// text) said by the requester in the game's players' room (room "player")
// or its spectators' (room "spectator"), as the chat's rules allow.
func (s *Server) boardChat(w http.ResponseWriter, r *http.Request) {
	who, ok := s.boardPlayer(w, r, frameChatSay)
	if !ok {
		return
	}
	form, err := s.lichessForm(w, r)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	id := r.PathValue("id")
	var room chat.Room
	switch form.Get("room") {
	case "player":
		room = chat.GamePlayers(id)
	case "spectator":
		room = chat.GameSpectators(id)
	default:
		s.writeLichessError(w, r, NewError(CodeWrongType, "room is player or spectator", nil).With("field", "room"))
		return
	}
	if !s.readsChat(r.Context(), room, who.User.ID) {
		s.writeLichessError(w, r, game.NewError(game.CodeNotAPlayer, "a room the requester is not in", nil))
		return
	}
	u := who.User
	if _, err := s.chat.Say(r.Context(), room, chat.Author{ID: u.ID, Name: u.DisplayName, Guest: u.Guest}, form.Get("text")); err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lichessOK)
}
