package server

import (
	"context"
	"net/http"
)

// GameNodes is what a Runtime among several nodes tells of where a game
// runs: the name of the node that owns game id ("" when it cannot tell).
// A node alone has no such method and names no node. The server passes
// the name on to clients as the game's routing hint (the `node` of GET
// /api/game/{id}, of an accepted challenge and of the game page), which
// a client adds to the game's socket URL (?node=NAME) so that a proxy
// that knows the nodes by name sends the socket to the game's owner; a
// socket without it, or with a stale one, is served by any node all the
// same (docs/CLUSTER.md).
type GameNodes interface {
	GameNode(ctx context.Context, id string) string
}

// ForwardStats is what a Runtime among several nodes counts of the game
// commands it sent to the node that runs their game (natsbus.Games has
// it): the metric joinpal_game_commands_forwarded_total, which stays
// near zero while the proxy routes each game's sockets to its node.
type ForwardStats interface {
	Forwarded() uint64
}

// gameNode is the name of the node that runs game id, or "" for a node
// alone or an owner it cannot tell.
func (s *Server) gameNode(ctx context.Context, id string) string {
	if n, ok := s.cfg.Runtime.(GameNodes); ok {
		return n.GameNode(ctx, id)
	}
	return ""
}

// gamePage serves the shell of the game page (/game/{id}): the game's id
// and, among several nodes, the node that runs it, which the page adds to
// its socket's URL.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	values := map[string]string{"id": id}
	if node := s.gameNode(r.Context(), id); node != "" {
		values["node"] = node
	}
	s.writePage(w, r, "game", http.StatusOK, values)
}
