package server

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
)

// presenceTimeout bounds the calls that tell the runtime a player's
// connection came or went.
const presenceTimeout = 5 * time.Second

// handleGameSocket serves GET /api/game/{id}/socket: the one WebSocket of a
// game page, for its players and its spectators (see docs/PROTOCOL.md).
// ?v=N is the last event the client saw: it gets the events after it, or
// one "full" frame when the runtime no longer keeps them; without v it
// gets a "full" frame.
func (s *Server) handleGameSocket(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	since, err := parseVersion(r.URL.Query().Get("v"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	who, ok := s.socketViewer(w, r)
	if !ok {
		return
	}
	hdr, err := s.loadGame(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// The socket keeps the game's players and settings, not its moves:
	// its frames take those from the game's events, and a game joined
	// late in play would otherwise hold its moves once per socket.
	hdr.Moves = nil
	userID := who.User.ID
	sock, done, ok := s.upgrade(w, r, who)
	if !ok {
		return
	}
	gs := &gameSocket{srv: s, sock: sock, id: id, hdr: hdr, who: who, userID: userID}
	if _, ok := sideOfUser(hdr, userID); ok {
		gs.playerID = userID
	}
	s.detach(sock, done, func(ctx context.Context) { gs.run(ctx, since) })
}

// parseVersion reads a socket's ?v=: absent is 0 (send the whole game).
func parseVersion(text string) (int64, error) {
	if text == "" {
		return 0, nil
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil || v < 0 {
		return 0, NewError(CodeBadVersion, "bad version "+strconv.Quote(clip(text)), nil)
	}
	return v, nil
}

// gameSocket is one client's socket on one game.
type gameSocket struct {
	srv  *Server
	sock *socket
	id   string
	hdr  game.Record // the players and settings (no moves; the state may be old)
	// who is the requester: a token's scopes bound what the socket does.
	who Identity
	// userID is the requester (empty for an anonymous spectator), playerID
	// the same when the requester plays the game, else empty.
	userID, playerID string

	// chat is the socket's chat room: the players' for a player, the
	// spectators' for anyone else (a player never gets the spectators').
	chat *chatSocket

	mu       sync.Mutex
	lastV    int64 // the last event sent
	finished bool  // the game was seen ending: rematch offers are followed

	// ctx is run's context. pending holds, under pmu, the events a
	// following bus handed over (arrive) that no holder of mu has sent
	// yet.
	ctx     context.Context
	pmu     sync.Mutex
	pending []game.Event

	// moving is the move playMove plays (the socket plays one at a time):
	// its client id, and whether the socket's writes are still held for
	// it. acked answers it (ackMove), made a function once.
	moving struct {
		id   int64
		held bool
	}
	acked func(live.Ack)
}

// follower is a bus that hands a game's events to a function rather than
// through a channel (live.LocalBus): a socket then needs no goroutine to
// forward them.
type follower interface {
	Follow(id string, deliver func(game.Event)) (cancel func())
}

func (gs *gameSocket) player() bool { return gs.playerID != "" }

// chatRoom is the chat room of the socket: its players' for a player, its
// spectators' for anyone else.
func (gs *gameSocket) chatRoom() chat.Room {
	if gs.player() {
		return chat.GamePlayers(gs.id)
	}
	return chat.GameSpectators(gs.id)
}

// sideOfUser returns the side userID plays in rec.
func sideOfUser(rec game.Record, userID string) (game.Side, bool) {
	switch {
	case userID == "":
		return game.White, false
	case rec.White.ID == userID:
		return game.White, true
	case rec.Black.ID == userID:
		return game.Black, true
	}
	return game.White, false
}

func (gs *gameSocket) run(ctx context.Context, since int64) {
	rt := gs.srv.cfg.Runtime
	gs.ctx = ctx
	var (
		events <-chan game.Event
		cancel func()
	)
	if f, ok := rt.Bus().(follower); ok {
		cancel = f.Follow(gs.id, gs.arrive)
	} else {
		events, cancel = rt.Bus().Subscribe(gs.id)
	}
	defer func() { cancel() }()
	// Joining runs on another goroutine (one kept for deep calls): its
	// calls grow a stack past 4 KiB, and this goroutine's, the socket's
	// reader for as long as the socket lives, would keep twice the size
	// it needs to wait for a frame (the collector halves a waiting stack
	// only when a quarter of it is enough). A socket that never joined
	// leaves the watchers unchanged.
	defer gs.srv.watch.part(gs)
	onStack(func() { gs.join(ctx, since) })
	var wg sync.WaitGroup
	if events != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gs.forward(ctx, events, &cancel)
		}()
	}
	gs.sock.rawFirst = gs.rawMove
	gs.sock.serve(ctx, gs.handle)
	wg.Wait()
	if gs.player() {
		if last, stopping := gs.srv.play.hub.part(gs.id, gs.playerID); last && !stopping {
			pctx, pcancel := context.WithTimeout(ctx, presenceTimeout)
			_ = rt.Disconnected(pctx, gs.id, gs.playerID)
			pcancel()
		}
	}
}

// join sends the socket what its client missed after event since, makes
// it a member of its chat room and of its game's watchers, and tells the
// runtime that a player is connected.
func (gs *gameSocket) join(ctx context.Context, since int64) {
	gs.catchUp(ctx, since)
	// The chat's history comes from a goroutine of its own (joinChat).
	gs.chat = gs.srv.joinChat(gs.sock, gs.who, gs.chatRoom())
	gs.srv.watch.join(gs)
	if gs.player() && gs.srv.play.hub.join(gs.id, gs.playerID) {
		pctx, pcancel := context.WithTimeout(ctx, presenceTimeout)
		_ = gs.srv.cfg.Runtime.Connected(pctx, gs.id, gs.playerID) // a game that is over has nobody to wait for
		pcancel()
	}
}

// catchUp sends what the client missed after event since: the events the
// runtime keeps, or the whole game.
func (gs *gameSocket) catchUp(ctx context.Context, since int64) {
	rt := gs.srv.cfg.Runtime
	gs.mu.Lock()
	defer gs.unlock()
	if since <= 0 {
		ev, err := rt.Snapshot(ctx, gs.id)
		if err != nil {
			gs.sock.send(errorFrame(gs.sock.reader, 0, err))
			return
		}
		gs.sendLocked(ev)
		return
	}
	if since > gs.lastV {
		gs.lastV = since
	}
	evs, err := rt.EventsSince(ctx, gs.id, gs.lastV)
	if err != nil {
		gs.sock.send(errorFrame(gs.sock.reader, 0, err))
		return
	}
	for _, ev := range evs {
		gs.sendLocked(ev)
	}
	if len(evs) > 0 {
		return
	}
	// Nothing after since: the client is up to date, unless it claims a
	// version the game has not reached (another game's, a database
	// restored from a backup). Then it gets the whole game as it is.
	ev, err := rt.Snapshot(ctx, gs.id)
	if err == nil && ev.Seq < gs.lastV {
		gs.lastV = 0
		gs.sendLocked(ev)
	}
}

// forward sends the game's events from the bus. A subscription the bus
// dropped (this socket's reader fell behind) is renewed and the gap filled
// from the runtime.
func (gs *gameSocket) forward(ctx context.Context, events <-chan game.Event, cancel *func()) {
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				events, *cancel = gs.srv.cfg.Runtime.Bus().Subscribe(gs.id)
				gs.catchUp(ctx, gs.version())
				continue
			}
			gs.deliver(ctx, ev)
		case <-gs.sock.done:
			return
		}
	}
}

func (gs *gameSocket) version() int64 {
	gs.mu.Lock()
	defer gs.unlock()
	return gs.lastV
}

// deliver sends ev unless the client has it; a gap before it is filled
// from the runtime first.
func (gs *gameSocket) deliver(ctx context.Context, ev game.Event) {
	gs.mu.Lock()
	if ev.Seq <= gs.lastV {
		gs.unlock()
		return
	}
	if ev.Seq == gs.lastV+1 {
		gs.sendLocked(ev)
		gs.unlock()
		return
	}
	gs.unlock()
	gs.catchUp(ctx, gs.version())
}

// arrive takes an event from a following bus, on the goroutine that
// published it, which it must not hold up: when nobody holds mu, arrive
// sends it itself, after the older events still pending; otherwise the
// event joins the pending ones, and whoever holds mu sends it before
// letting go (unlock). The common case, mu free, keeps no pending list.
func (gs *gameSocket) arrive(ev game.Event) {
	if gs.mu.TryLock() {
		gs.flushPendingLocked()
		gs.sendPendingLocked(ev)
		gs.unlock()
		return
	}
	gs.pmu.Lock()
	gs.pending = append(gs.pending, ev)
	gs.pmu.Unlock()
	if gs.mu.TryLock() {
		gs.unlock()
	}
}

// unlock sends the pending events, then unlocks mu. An event that arrives
// meanwhile finds mu held and is left pending, so unlock looks again once
// mu is free and takes mu back to send it, unless another holder has it.
func (gs *gameSocket) unlock() {
	for {
		gs.flushPendingLocked()
		gs.mu.Unlock()
		gs.pmu.Lock()
		more := len(gs.pending) > 0
		gs.pmu.Unlock()
		if !more || !gs.mu.TryLock() {
			return
		}
	}
}

// flushPendingLocked sends the pending events, oldest first; mu is held.
func (gs *gameSocket) flushPendingLocked() {
	gs.pmu.Lock()
	pending := gs.pending
	gs.pending = nil
	gs.pmu.Unlock()
	for _, ev := range pending {
		gs.sendPendingLocked(ev)
	}
}

// sendPendingLocked sends ev, which a following bus handed over, unless
// the client has it; mu is held. What needs the runtime or the store — a
// gap to fill, a frame that shows the game's end with its ratings — is
// delivered by a goroutine of its own.
func (gs *gameSocket) sendPendingLocked(ev game.Event) {
	switch {
	case ev.Seq <= gs.lastV:
	case ev.Seq == gs.lastV+1 && ev.Type != game.EventFull && !(ev.Status == game.StatusEnded && !gs.finished):
		gs.sendLocked(ev)
	default:
		go gs.deliver(gs.ctx, ev)
	}
}

// sendLocked sends one event as its frame; gs.mu is held. A move or
// state frame is the same for every socket of the game that gets the
// same variant (with the legal moves for a player, without for anyone
// else), so it is encoded once for them all (watchState.eventFrame);
// only the one that first shows a socket the game's end carries ratings
// read for it.
func (gs *gameSocket) sendLocked(ev game.Event) {
	legal := gs.player()
	timed := !gs.hdr.TimeControl.Untimed()
	var b []byte
	switch {
	case ev.Type == game.EventFull:
		g := viewGame(gs.hdr, ev, legal)
		g.Ratings = gs.srv.frameRatings(gs.hdr, ev.Status)
		b = encodeFrame(outFrame{T: "full", V: ev.Seq, D: g})
	case ev.Status == game.StatusEnded && !gs.finished:
		e := viewEvent(ev, legal, timed)
		e.Ratings = gs.srv.frameRatings(gs.hdr, ev.Status)
		b = encodeEventFrame(string(ev.Type), ev.Seq, e)
	default:
		b = gs.srv.watch.eventFrame(gs.id, ev, legal, func() []byte {
			return encodeEventFrame(string(ev.Type), ev.Seq, viewEvent(ev, legal, timed))
		})
	}
	if ev.Seq > gs.lastV {
		gs.lastV = ev.Seq
	}
	gs.sock.sendEncoded(b)
	if ev.Status.Finished() && !gs.finished {
		gs.finished = true
		go gs.followRematch()
	}
}

// The client frames of a game socket.
type (
	// moveFrame is the data of a "move": the move as UCI and the ply it
	// is for (both required), the client's id of it (a resend carries the
	// same id; 0 or absent for none) and, optionally, the lag the client
	// measured (ms).
	moveFrame struct {
		UCI *string `json:"uci"`
		Ply *int    `json:"ply"`
		ID  int64   `json:"id"`
		Lag *int64  `json:"lag,omitempty"`
	}
	// actionFrame is the data of the other actions: an optional id that
	// the acknowledgement carries back.
	actionFrame struct {
		ID int64 `json:"id,omitempty"`
	}
)

// check refuses a move frame without its move or ply, or with a negative
// id or ply.
func (m moveFrame) check() error {
	switch {
	case m.UCI == nil:
		return errors.New("a move needs its uci")
	case m.Ply == nil:
		return errors.New("a move needs its ply")
	case *m.Ply < 0:
		return errors.New("a ply is at least 0")
	case m.ID < 0:
		return errors.New("an id is at least 0")
	}
	return nil
}

// pingFrame is the data of a "ping": none (an empty object or no d).
type pingFrame struct{}

func (pingFrame) check() error { return nil }

// check refuses an action frame with a negative id.
func (a actionFrame) check() error {
	if a.ID < 0 {
		return errors.New("an id is at least 0")
	}
	return nil
}

// ackData is the data of an "ack" frame: the id of the client frame it
// answers and, for a move, the move as recorded and the event that
// published it.
type ackData struct {
	ID     int64  `json:"id,omitempty"`
	Ply    *int   `json:"ply,omitempty"`
	UCI    string `json:"uci,omitempty"`
	SAN    string `json:"san,omitempty"`
	V      int64  `json:"v,omitempty"`
	Resent bool   `json:"resent,omitempty"`
	// GameID is the game the action started (a rematch against the AI).
	GameID string `json:"gameId,omitempty"`
}

// move plays a move frame and answers it with its ack or error.
func (gs *gameSocket) move(ctx context.Context, f inFrame) {
	var m moveFrame
	if err := decodeData(f, &m); err != nil {
		gs.sock.send(errorFrame(gs.sock.reader, 0, err))
		return
	}
	gs.playMove(ctx, m)
}

// movePrefix is how a move frame begins when its type comes first and
// its data right after, as the page and the protocol's examples write it.
var movePrefix = []byte(`{"t":"move","d":`)

// rawMove takes a move frame whole, decoded once into its type and data
// (socket.rawFirst): the most frequent frame, otherwise decoded as a
// frame and then again as its data. It takes only a frame that decodes
// and checks; any other is left to handle, which answers it as before.
func (gs *gameSocket) rawMove(data []byte) bool {
	m, ok := decodeRawMove(data)
	if ok {
		gs.playMove(context.Background(), m)
	}
	return ok
}

// decodeRawMove decodes the client frame data as a move frame in one
// pass: it reports false for any frame that does not begin as
// movePrefix, does not decode strictly, or whose move does not check.
// The frame's members are decoded in place (given), and the move's
// pointers point into the decoded frame: one allocation, not one for
// each member as well.
func decodeRawMove(data []byte) (moveFrame, bool) {
	if !bytes.HasPrefix(data, movePrefix) {
		return moveFrame{}, false
	}
	f := new(struct {
		T string `json:"t"`
		D struct {
			UCI given[string] `json:"uci"`
			Ply given[int]    `json:"ply"`
			ID  int64         `json:"id"`
			Lag given[int64]  `json:"lag"`
		} `json:"d"`
	})
	if decodeBytes(data, f) != nil || f.T != "move" {
		return moveFrame{}, false
	}
	m := moveFrame{UCI: f.D.UCI.ptr(), Ply: f.D.Ply.ptr(), ID: f.D.ID, Lag: f.D.Lag.ptr()}
	if m.check() != nil {
		return moveFrame{}, false
	}
	return m, true
}

// playMove plays the move m and answers it with its ack or error. The
// socket's writer waits for that answer: the move's event, published to
// this socket once the move is stored, then leaves with the ack in one
// write (gatherWriter). The ack is queued, and the writer let go, from
// the runtime's acked as soon as the move is durable — on the store's
// writer, before this goroutine is woken (live.Runtime.MoveThen).
func (gs *gameSocket) playMove(ctx context.Context, m moveFrame) {
	gs.sock.holdWrites()
	gs.moving.id, gs.moving.held = m.ID, true
	if gs.acked == nil {
		gs.acked = gs.ackMove
	}
	reader := gs.sock.reader
	if err := tokenRefusal(gs.who, "move"); err != nil {
		gs.sock.send(errorFrame(reader, m.ID, err))
		gs.sock.releaseWrites()
		return
	}
	start := time.Now()
	reported := time.Duration(-1)
	if m.Lag != nil && *m.Lag >= 0 {
		reported = time.Duration(*m.Lag) * time.Millisecond
	}
	ack, err := gs.srv.cfg.Runtime.MoveThen(ctx, gs.id, gs.userID, live.MoveRequest{
		UCI: *m.UCI, Ply: *m.Ply, ID: m.ID, Lag: gs.sock.lag.moveLag(reported),
	}, gs.acked)
	if err != nil {
		gs.sock.send(errorFrame(reader, m.ID, err))
	}
	if gs.moving.held {
		gs.sock.releaseWrites()
	}
	if err != nil {
		return
	}
	gs.srv.metrics.MoveDone(time.Since(start))
	if !ack.Resent {
		gs.srv.noteTurn(ctx, gs.hdr)
	}
}

// ackMove queues the ack of the move playMove plays and lets the
// socket's writer go. The runtime calls it before MoveThen returns, and
// never after (live.Runtime.MoveThen).
func (gs *gameSocket) ackMove(ack live.Ack) {
	gs.sock.sendEncoded(moveAckFrame(gs.moving.id, ack.Move.Ply, ack.Move.UCI, ack.Move.SAN, ack.Seq, ack.Resent))
	gs.moving.held = false
	gs.sock.releaseWrites()
}

// handle runs one client frame. Actions are the requester's: the runtime
// refuses them (game.not_a_player) unless the requester plays the game.
func (gs *gameSocket) handle(f inFrame, _ []byte) {
	ctx := context.Background()
	reader := gs.sock.reader
	switch f.T {
	case "ping":
		gs.sock.pong(f)
	case frameChatSay, frameChatMute, frameChatUnmute, frameChatReport:
		gs.chat.take(f)
	case "move":
		gs.move(ctx, f)
	default:
		act, ok := gs.srv.gameActions()[f.T]
		if !ok {
			gs.sock.send(errorFrame(reader, 0, NewError(CodeUnknownFrame, "unknown frame type "+strconv.Quote(clip(f.T)), nil).
				With("type", clip(f.T))))
			return
		}
		var a actionFrame
		if err := decodeData(f, &a); err != nil {
			gs.sock.send(errorFrame(reader, 0, err))
			return
		}
		if err := tokenRefusal(gs.who, f.T); err != nil {
			gs.sock.send(errorFrame(reader, a.ID, err))
			return
		}
		started, err := act(ctx, gs.id, gs.userID)
		if err != nil {
			gs.sock.send(errorFrame(reader, a.ID, err))
			return
		}
		gs.sock.send(outFrame{T: "ack", D: ackData{ID: a.ID, GameID: started}})
	}
}

// frameData is the data of a client frame, which checks itself once
// decoded.
type frameData interface{ check() error }

// decodeData decodes a frame's data strictly (strictJSON) into v and
// checks it; absent data decodes as {}. Any refusal is server.bad_frame.
func decodeData[T frameData](f inFrame, v *T) error {
	data := []byte(f.D)
	if len(data) == 0 || string(data) == "null" {
		data = []byte("{}")
	}
	if err := decodeBytes(data, v); err != nil {
		return badFrame(f.T, err)
	}
	if err := (*v).check(); err != nil {
		return badFrame(f.T, err)
	}
	return nil
}

// gameAction is one of a player's actions on a game other than a move. It
// returns the id of the game it started, if it started one (a rematch
// against the AI starts at once).
type gameAction func(ctx context.Context, gameID, userID string) (started string, err error)

// startsNothing is an action that starts no game.
func startsNothing(f func(ctx context.Context, gameID, userID string) error) gameAction {
	return func(ctx context.Context, gameID, userID string) (string, error) { return "", f(ctx, gameID, userID) }
}

// gameActions are the actions a game socket and the game's HTTP endpoints
// take, by their frame type.
func (s *Server) gameActions() map[string]gameAction {
	rt := s.cfg.Runtime
	return map[string]gameAction{
		"resign":           startsNothing(rt.Resign),
		"abort":            startsNothing(rt.Abort),
		"draw-offer":       startsNothing(rt.OfferDraw),
		"draw-accept":      startsNothing(rt.AcceptDraw),
		"draw-decline":     startsNothing(rt.DeclineDraw),
		"takeback-offer":   startsNothing(rt.OfferTakeback),
		"takeback-accept":  startsNothing(rt.AcceptTakeback),
		"takeback-decline": startsNothing(rt.DeclineTakeback),
		"takeback-cancel":  startsNothing(rt.CancelTakeback),
		"leave":            startsNothing(s.leaveGame),
		"claim-win":        startsNothing(rt.ClaimVictory),
		"claim-draw":       startsNothing(rt.ClaimDraw),
		"rematch":          s.offerRematch,
		"rematch-decline":  startsNothing(s.declineRematch),
	}
}

// leaveGame is a player leaving the game's page for good, by the leave
// frame or POST /api/game/{id}/leave (the page's beacon): while the game
// runs, game.Game.Leave's one rule (an abort while the game may still be
// aborted, a resignation after); after the game, the end of any rematch
// offer.
func (s *Server) leaveGame(ctx context.Context, gameID, userID string) error {
	err := s.cfg.Runtime.Leave(ctx, gameID, userID)
	if game.CodeOf(err) != game.CodeGameOver {
		return err
	}
	rec, lerr := s.loadGame(ctx, gameID)
	if lerr != nil {
		return lerr
	}
	if _, ok := sideOfUser(rec, userID); !ok {
		return err
	}
	return s.cfg.Lobby.PlayerLeft(ctx, gameID, userID)
}

// followRematch sends the game's rematch offers to the socket once the
// game has ended, until the socket closes; a token that may not read
// challenges is sent none.
func (gs *gameSocket) followRematch() {
	if !sees(gs.who, frameRematch) {
		return
	}
	events, cancel := gs.srv.cfg.Lobby.Events().Subscribe()
	defer func() { cancel() }()
	if gs.player() {
		if open, err := gs.srv.cfg.Lobby.ChallengesFor(context.Background(), gs.playerID); err == nil {
			for _, c := range open {
				if c.RematchOf == gs.id {
					gs.sock.send(outFrame{T: frameRematch, D: c})
				}
			}
		}
	}
	for {
		select {
		case e, ok := <-events:
			if !ok {
				events, cancel = gs.srv.cfg.Lobby.Events().Subscribe()
				continue
			}
			if e.Type == lobby.ChallengeChanged && e.Challenge != nil && e.Challenge.RematchOf == gs.id {
				gs.sock.send(outFrame{T: frameRematch, D: e.Challenge})
			}
		case <-gs.sock.done:
			return
		}
	}
}
