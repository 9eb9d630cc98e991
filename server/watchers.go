package server

import "sync"

// watchState is who watches the games: the sockets open on each game, to
// count its spectators, and the game the TV shows. Its zero value is
// ready.
type watchState struct {
	mu    sync.Mutex
	games map[string]map[*gameSocket]struct{}
	tv    string // the game GET /api/tv last named
}

// crowdData is the data of a "crowd" frame: how many people watch the
// game without playing it.
type crowdData struct {
	Watchers int `json:"watchers"`
}

// join adds gs to its game's sockets and tells every socket of the game
// the new count.
func (ws *watchState) join(gs *gameSocket) {
	ws.mu.Lock()
	if ws.games == nil {
		ws.games = make(map[string]map[*gameSocket]struct{})
	}
	set := ws.games[gs.id]
	if set == nil {
		set = make(map[*gameSocket]struct{})
		ws.games[gs.id] = set
	}
	set[gs] = struct{}{}
	ws.broadcastLocked(gs.id)
	ws.mu.Unlock()
}

// part removes gs from its game's sockets and tells the others the new
// count.
func (ws *watchState) part(gs *gameSocket) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	set := ws.games[gs.id]
	delete(set, gs)
	if len(set) == 0 {
		delete(ws.games, gs.id)
		return
	}
	ws.broadcastLocked(gs.id)
}

// watchers counts the people watching game id: the distinct viewers among
// its sockets that do not play it (a user with two tabs is one; each
// anonymous socket is one).
func (ws *watchState) watchers(id string) int {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	return ws.countLocked(id)
}

func (ws *watchState) countLocked(id string) int {
	people := make(map[string]struct{})
	anonymous := 0
	for gs := range ws.games[id] {
		switch {
		case gs.player():
		case gs.userID == "":
			anonymous++
		default:
			people[gs.userID] = struct{}{}
		}
	}
	return len(people) + anonymous
}

// broadcastLocked sends game id's count to each of its sockets; a socket
// too slow to take it gets the next one. ws.mu is held.
func (ws *watchState) broadcastLocked(id string) {
	f := outFrame{T: "crowd", D: crowdData{Watchers: ws.countLocked(id)}}
	for gs := range ws.games[id] {
		gs.sock.sendLossy(f)
	}
}
