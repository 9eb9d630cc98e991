package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/joinpal/joinpal/chess"
)

// server holds the guests' challenges and the games in play.
type server struct {
	st store
	w  *writer

	mu         sync.Mutex
	challenges map[string]string // challenge id → its creator (white)
	games      map[string]*game
}

func newServer(st store, w *writer) *server {
	return &server{st: st, w: w, challenges: map[string]string{}, games: map[string]*game{}}
}

func (s *server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	mux.HandleFunc("GET /metrics", serveMetrics)
	mux.HandleFunc("POST /api/guest", s.newGuest)
	mux.HandleFunc("POST /api/challenge/open", s.newChallenge)
	mux.HandleFunc("POST /api/challenge/{id}/accept", s.accept)
	mux.HandleFunc("GET /api/game/{id}", s.gameMoves)
	mux.HandleFunc("GET /api/game/{id}/socket", s.socket)
	return mux
}

const cookieName = "bare"

func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func guestOf(r *http.Request) string {
	c, err := r.Cookie(cookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

func (s *server) newGuest(w http.ResponseWriter, _ *http.Request) {
	id := newID()
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: id, Path: "/", HttpOnly: true})
	writeJSON(w, http.StatusCreated, map[string]string{"id": id})
}

func (s *server) newChallenge(w http.ResponseWriter, r *http.Request) {
	g := guestOf(r)
	if g == "" {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"code": "auth.required"})
		return
	}
	id := newID()
	s.mu.Lock()
	s.challenges[id] = g
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, map[string]string{"id": id})
}

func (s *server) accept(w http.ResponseWriter, r *http.Request) {
	black := guestOf(r)
	s.mu.Lock()
	white, ok := s.challenges[r.PathValue("id")]
	delete(s.challenges, r.PathValue("id"))
	s.mu.Unlock()
	if !ok || black == "" {
		writeJSON(w, http.StatusNotFound, map[string]string{"code": "challenge.not_found"})
		return
	}
	g := newGame(newID(), white, black)
	errc := make(chan error, 1)
	s.w.submit(&item{game: g.id, white: white, black: black, done: func(err error) { errc <- err }})
	if err := <-errc; err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"code": "store", "error": err.Error()})
		return
	}
	s.mu.Lock()
	s.games[g.id] = g
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]string{"gameId": g.id})
}

// gameMoves answers what the store holds: the load generator checks its
// acknowledgements against it.
func (s *server) gameMoves(w http.ResponseWriter, r *http.Request) {
	moves, err := s.st.moves(r.Context(), r.PathValue("id"))
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"code": "store", "error": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": r.PathValue("id"), "moves": strings.Join(moves, " ")})
}

func (s *server) closeSockets() {
	s.mu.Lock()
	games := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		games = append(games, g)
	}
	s.mu.Unlock()
	for _, g := range games {
		g.mu.Lock()
		socks := append([]*sock(nil), g.socks...)
		g.mu.Unlock()
		for _, k := range socks {
			k.conn.Close(websocket.StatusServiceRestart, "restart")
		}
	}
}

// game is one game in play.
type game struct {
	id, white, black string

	mu      sync.Mutex
	hist    *chess.History
	version int64
	moves   []string
	over    bool
	socks   []*sock
}

func newGame(id, white, black string) *game {
	return &game{id: id, white: white, black: black, hist: chess.NewHistory(chess.StartingPosition())}
}

// sock is one socket of a game.
type sock struct {
	conn *websocket.Conn
	side string // "white", "black" or "" for a spectator
	wmu  sync.Mutex
}

func (k *sock) send(data []byte) {
	k.wmu.Lock()
	defer k.wmu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = k.conn.Write(ctx, websocket.MessageText, data)
}

// state is the game part of full and move frames.
type state struct {
	ID     string   `json:"id,omitempty"`
	Ply    int      `json:"ply"`
	Turn   string   `json:"turn"`
	Status string   `json:"status"`
	UCI    string   `json:"uci,omitempty"`
	Legal  []string `json:"legal,omitempty"`
}

type outFrame struct {
	T string `json:"t"`
	V int64  `json:"v,omitempty"`
	D any    `json:"d"`
}

// stateLocked describes g; g.mu is held.
func (g *game) stateLocked() state {
	pos := g.hist.Position()
	st := state{Ply: len(g.moves), Turn: "white", Status: "started"}
	if pos.Turn() == chess.Black {
		st.Turn = "black"
	}
	if g.over {
		st.Status = "ended"
		return st
	}
	for _, m := range pos.LegalMoves(nil) {
		st.Legal = append(st.Legal, pos.UCI(m))
	}
	return st
}

func (s *server) socket(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	g := s.games[r.PathValue("id")]
	s.mu.Unlock()
	if g == nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"code": "game.not_found"})
		return
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	conn.SetReadLimit(4096)
	k := &sock{conn: conn}
	switch guestOf(r) {
	case g.white:
		k.side = "white"
	case g.black:
		k.side = "black"
	}
	g.mu.Lock()
	g.socks = append(g.socks, k)
	st := g.stateLocked()
	st.ID = g.id
	full, _ := json.Marshal(outFrame{T: "full", V: g.version, D: st})
	// The full frame is written under the game's lock so that no move
	// frame overtakes it.
	k.send(full)
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		for i, o := range g.socks {
			if o == k {
				g.socks = append(g.socks[:i], g.socks[i+1:]...)
				break
			}
		}
		g.mu.Unlock()
		conn.CloseNow()
	}()
	for {
		_, data, err := conn.Read(context.Background())
		if err != nil {
			return
		}
		s.handle(g, k, data)
	}
}

type inFrame struct {
	T string `json:"t"`
	D struct {
		UCI string `json:"uci"`
		Ply int    `json:"ply"`
		ID  int64  `json:"id"`
	} `json:"d"`
}

func (k *sock) refuse(id int64, code string) {
	data, _ := json.Marshal(outFrame{T: "error", D: map[string]any{"id": id, "code": code}})
	k.send(data)
}

// handle plays one move frame: checked under the game's lock, written by
// the group commit, and acknowledged and sent to the game's sockets once
// it is durable.
func (s *server) handle(g *game, k *sock, data []byte) {
	var f inFrame
	if err := json.Unmarshal(data, &f); err != nil || f.T != "move" {
		k.refuse(0, "bad_frame")
		return
	}
	g.mu.Lock()
	pos := g.hist.Position()
	turn := "white"
	if pos.Turn() == chess.Black {
		turn = "black"
	}
	var code string
	m, err := pos.ParseUCI(f.D.UCI)
	switch {
	case g.over:
		code = "game.over"
	case k.side != turn:
		code = "game.not_your_turn"
	case f.D.Ply != len(g.moves):
		code = "game.stale_ply"
	case err != nil || !pos.IsLegal(m):
		code = "game.illegal_move"
	}
	if code != "" {
		g.mu.Unlock()
		k.refuse(f.D.ID, code)
		return
	}
	_ = g.hist.Play(m)
	g.moves = append(g.moves, f.D.UCI)
	g.over = g.hist.Outcome(chess.AutomaticDraws).Over()
	g.version++
	st := g.stateLocked()
	st.UCI = f.D.UCI
	ack, _ := json.Marshal(outFrame{T: "ack", D: map[string]any{"id": f.D.ID, "uci": f.D.UCI, "ply": f.D.Ply}})
	event, _ := json.Marshal(outFrame{T: "move", V: g.version, D: st})
	ply := f.D.Ply
	g.mu.Unlock()
	s.w.submit(&item{game: g.id, ply: ply, uci: f.D.UCI, done: func(err error) {
		if err != nil {
			k.refuse(f.D.ID, "store")
			return
		}
		k.send(ack)
		g.mu.Lock()
		socks := append([]*sock(nil), g.socks...)
		g.mu.Unlock()
		for _, o := range socks {
			o.send(event)
		}
	}})
}
