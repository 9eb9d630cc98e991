package server

import (
	"context"
	"net/http"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/lobby"
)

// lobbyPresence is the hub's game key of lobby sockets: a user's last
// lobby socket closing tells the lobby their seeks are abandoned.
const lobbyPresence = "lobby"

// handleLobbySocket serves GET /api/lobby/socket: the open seeks ("seeks"
// frame), then every change to them ("seekAdded", "seekRemoved"), and the
// pairings and challenges that concern the requester ("paired",
// "challenge"), their turns in correspondence games ("yourTurn"), and the
// lobby's chat (chat_socket.go); see docs/PROTOCOL.md. A requester's seeks
// stay while one of their lobby sockets is open, and go a few seconds after
// the last closes.
func (s *Server) handleLobbySocket(w http.ResponseWriter, r *http.Request) {
	who, ok := s.socketViewer(w, r)
	if !ok {
		return
	}
	sock, done, ok := s.upgrade(w, r, who)
	if !ok {
		return
	}
	s.detach(sock, done, func(ctx context.Context) { s.serveLobbySocket(ctx, sock, who) })
}

// serveLobbySocket serves an upgraded lobby socket until it closes.
func (s *Server) serveLobbySocket(ctx context.Context, sock *socket, who Identity) {
	userID := who.User.ID
	lb := s.cfg.Lobby
	// The owner counts as present before the first frame: a client that
	// has the seeks knows its seeks are kept.
	if userID != "" {
		if s.play.hub.join(lobbyPresence, userID) {
			_ = lb.OwnerConnected(ctx, userID)
		}
		defer func() {
			if last, stopping := s.play.hub.part(lobbyPresence, userID); last && !stopping {
				_ = lb.OwnerGone(ctx, userID)
			}
		}()
	}
	sub := subscribe(lb.Events(), func() { s.sendSeeks(ctx, sock) })
	defer sub.cancel()
	s.sendSeeks(ctx, sock)
	s.followTurns(sock, who)
	cs := s.joinChat(sock, who, chat.Lobby)
	listenWith(ctx, sock, sub, func(e lobby.Event) (outFrame, bool) { return lobbyFrame(e, who) }, func(f inFrame) bool {
		if !isChatFrame(f.T) {
			return false
		}
		cs.take(f)
		return true
	})
}

// sendSeeks sends the open seeks as one "seeks" frame.
func (s *Server) sendSeeks(ctx context.Context, sock *socket) {
	seeks, err := s.cfg.Lobby.Seeks(ctx)
	if err != nil {
		sock.send(errorFrame(sock.reader, 0, err))
		return
	}
	if seeks == nil {
		seeks = []lobby.Seek{}
	}
	sock.send(outFrame{T: "seeks", D: seeks})
}

// lobbyFrame is the frame of a lobby event for the socket of who, and
// false for an event that is not theirs to see: every socket sees the seek
// list change; pairings and challenges go to the people in them, unless
// they came with a token whose scopes do not let it read them.
func lobbyFrame(e lobby.Event, who Identity) (outFrame, bool) {
	userID := who.User.ID
	switch e.Type {
	case lobby.SeekAdded, lobby.SeekRemoved:
		return outFrame{T: string(e.Type), D: e.Seek}, true
	case lobby.Paired:
		if userID == "" || !e.Concerns(userID) || !sees(who, framePaired) {
			return outFrame{}, false
		}
		return outFrame{T: framePaired, D: map[string]any{"gameId": e.GameID, "white": e.White, "black": e.Black}}, true
	case lobby.ChallengeChanged:
		if userID == "" || !e.Concerns(userID) || !sees(who, frameChallenge) {
			return outFrame{}, false
		}
		return outFrame{T: frameChallenge, D: e.Challenge}, true
	}
	return outFrame{}, false
}
