package server

import (
	"context"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/joinpal/joinpal/internal/beat"
)

// socketHub knows every socket the server holds: to close them all when
// the server stops, to count them, and to know when a player's last
// socket on a game has gone (a dropped connection starts the game's
// reconnection window; another tab still open does not). One pinger
// goroutine pings its sockets, while it has any (pingLoop).
type socketHub struct {
	mu       sync.Mutex
	sockets  map[*socket]struct{}
	players  map[presenceKey]int
	stopping bool
	// stopPinger ends the pinger; nil while none runs. wake wakes it.
	stopPinger chan struct{}
	wake       chan struct{}
}

// presenceKey is one player on one game.
type presenceKey struct{ game, player string }

// playState is the server's state of play: its sockets. Its zero value is
// ready.
type playState struct {
	hub     socketHub
	streams userStreams
	// tokenStreams are the API tokens whose event stream is open.
	tokenStreams oneStream
}

// closeSockets closes every socket with the reason "server restarting"
// (1012, service restart): clients reconnect to the next process. It is
// the server's shutdown hook of the play routes, and returns once every
// socket's close handshake has ended or ctx has, so that a process exiting
// after Shutdown has sent every close frame.
func (s *Server) closeSockets(ctx context.Context) {
	s.play.hub.closeAll(ctx, websocket.StatusServiceRestart, reasonRestarting)
}

// socketViewer checks an upgrade's Origin and returns who asks; on
// refusal it answers and returns false.
func (s *Server) socketViewer(w http.ResponseWriter, r *http.Request) (Identity, bool) {
	if err := s.CheckOrigin(r); err != nil {
		s.writeError(w, r, err)
		return Identity{}, false
	}
	who, err := s.viewer(r)
	if err != nil {
		s.writeError(w, r, err)
		return Identity{}, false
	}
	return who, true
}

// upgrade accepts the WebSocket of r (its Origin already checked) and
// registers it; the caller defers done. It returns false when there is no
// socket to serve: the upgrade failed (Accept answered) or the server is
// stopping (the socket is closed with "server restarting").
//
// A socket past the caps on who's (or, for nobody, the address's) open
// sockets is refused before the upgrade: 429 CodeTooManySockets.
func (s *Server) upgrade(w http.ResponseWriter, r *http.Request, who Identity) (sock *socket, done func(), ok bool) {
	release, err := s.socketCaps.take(who.User.ID, clientIP(r))
	if err != nil {
		s.writeError(w, r, err)
		return nil, nil, false
	}
	var gather *gatherWriter
	conn, err := websocket.Accept(smallBuffers{ResponseWriter: w, gather: &gather}, r, &websocket.AcceptOptions{InsecureSkipVerify: true}) // the Origin was checked before
	if err != nil {
		release()
		return nil, nil, false
	}
	sock = newSocket(conn, s.cfg.Socket, s.reader(r))
	sock.gather = gather
	if !s.play.hub.add(sock) {
		release()
		sock.close(websocket.StatusServiceRestart, reasonRestarting)
		return nil, nil, false
	}
	s.metrics.SocketOpened()
	return sock, func() {
		s.play.hub.remove(sock)
		s.metrics.SocketClosed()
		release()
	}, true
}

// detach serves sock by serve on a goroutine of its own and returns at
// once, so that the handler returns: the connection is hijacked, so
// net/http's goroutine ends, with the stack that serving the request grew
// (the routing, the session's read, the upgrade), and the socket's reader
// keeps one only as deep as its read loop. done runs when serve returns.
// A panic in serve is logged and closes the socket rather than the
// process.
//
// serve gets a context of its own, not one under the request's: the
// socket outlives the request, and the request's context would keep the
// request's state and net/http's contexts of the connection (its address,
// its cancellation) in memory for as long as the socket lives.
func (s *Server) detach(sock *socket, done func(), serve func(ctx context.Context)) {
	ctx := context.Background()
	go func() {
		defer done()
		defer func() {
			if v := recover(); v != nil {
				s.log.Error("server: panic serving a socket", "panic", v, "stack", string(debug.Stack()))
				sock.close(websocket.StatusInternalError, "")
			}
		}()
		serve(ctx)
	}()
}

// add registers s; false (s not registered) once the server is stopping.
func (h *socketHub) add(s *socket) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopping {
		return false
	}
	if h.sockets == nil {
		h.sockets = make(map[*socket]struct{})
	}
	h.sockets[s] = struct{}{}
	s.wakePinger = h.wakePinger
	if h.stopPinger == nil {
		h.stopPinger, h.wake = make(chan struct{}), make(chan struct{}, 1)
		go h.pingLoop(s.cfg.PingEvery, h.stopPinger, h.wake)
	}
	return true
}

// remove forgets s; the pinger stops with the last socket.
func (h *socketHub) remove(s *socket) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.sockets, s)
	if len(h.sockets) == 0 {
		h.endPingerLocked()
	}
}

// endPingerLocked stops the pinger, if one runs; h.mu is held.
func (h *socketHub) endPingerLocked() {
	if h.stopPinger != nil {
		close(h.stopPinger)
		h.stopPinger, h.wake = nil, nil
	}
}

// pingLoop is the hub's pinger: on the instants of every thirtieth of
// every (PingEvery, so a fifth of the shorter silence after which a
// talker is pinged) it pings the sockets due a ping (socket.pingDue),
// each ping in a goroutine that lasts until its pong. One ticker for all
// sockets replaces a goroutine and a timer per socket; most of a busy
// socket's pings are saved, since its own frames prove it alive. The
// ticks fall on the instants the node's other periodic work waits for
// too (beat.Until), so one wakeup serves all; and the pinger skips the
// instants before the first at which a socket may be due one
// (socket.nextPing), so that a few sockets that keep talking do not wake
// the node each tick. A socket that becomes a talker, due sooner, wakes
// it (wake).
func (h *socketHub) pingLoop(every time.Duration, stop, wake <-chan struct{}) {
	period := max(every/(5*talkerFactor), time.Millisecond)
	t := beat.NewTicker(period)
	defer t.Stop()
	for {
		now := monoNow()
		next := h.pingDue(now, period)
		t.At(time.Now().Add(time.Duration(next - now)))
		select {
		case <-t.C:
		case <-wake:
		case <-stop:
			return
		}
	}
}

// wakePinger wakes the pinger, if one runs, to look at its sockets again.
func (h *socketHub) wakePinger() {
	h.mu.Lock()
	wake := h.wake
	h.mu.Unlock()
	select {
	case wake <- struct{}{}:
	default:
	}
}

// pingDue starts a ping on every socket due one at now (monoNow), and
// returns the soonest any may be due the next — or, once it found one
// due within period (the next instant comes no sooner), that one: among
// many sockets it looks no further.
func (h *socketHub) pingDue(now int64, period time.Duration) (next int64) {
	next = now + int64(time.Hour)
	soon := now + int64(period)
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.sockets {
		if s.pingDue(now) {
			s.startPing()
		}
		if next > soon {
			next = min(next, s.nextPing(now))
		}
	}
	return next
}

// join counts one more socket of player on game and reports whether it is
// the first.
func (h *socketHub) join(game, player string) (first bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.players == nil {
		h.players = make(map[presenceKey]int)
	}
	k := presenceKey{game, player}
	h.players[k]++
	return h.players[k] == 1
}

// present reports whether player has a socket open on game.
func (h *socketHub) present(game, player string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.players[presenceKey{game, player}] > 0
}

// part counts one socket less of player on game and reports whether it
// was the last, and whether the server is stopping (then the player is not
// gone: the server is).
func (h *socketHub) part(game, player string) (last, stopping bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	k := presenceKey{game, player}
	h.players[k]--
	if h.players[k] <= 0 {
		delete(h.players, k)
		last = true
	}
	return last, h.stopping
}

// closeAll refuses new sockets from now on, closes every open one with
// code and reason (the handshakes run at once), and waits until every
// handshake has ended (the close frame sent, the peer's answered or its
// wait over) or ctx has.
func (h *socketHub) closeAll(ctx context.Context, code websocket.StatusCode, reason string) {
	h.mu.Lock()
	h.stopping = true
	h.endPingerLocked()
	all := make([]*socket, 0, len(h.sockets))
	for s := range h.sockets {
		all = append(all, s)
	}
	h.mu.Unlock()
	for _, s := range all {
		s.close(code, reason)
	}
	for _, s := range all {
		select {
		case <-s.closeDone:
		case <-ctx.Done():
			return
		}
	}
}
