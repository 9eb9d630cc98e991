package server

import (
	"sync"

	"github.com/joinpal/joinpal/game"
)

// watchState is who watches the games: the sockets open on each game, to
// count its spectators, and the game the TV shows. Its zero value is
// ready.
type watchState struct {
	mu    sync.Mutex
	games map[string]map[*gameSocket]struct{}
	// frames keeps each watched game's last event frames, encoded
	// (eventFrames); it lives as long as the game has sockets.
	frames map[string]*eventFrames
	tv     string // the game GET /api/tv last named
	// crowds shares the watchers with the other nodes (nil: none).
	crowds Crowds
}

// Crowds shares the watchers of each game between the nodes (natsbus.Crowds
// is one): a game's spectator count counts the watchers of every node,
// each user once.
type Crowds interface {
	// Share says who watches game id from this node: the users that do
	// not play it (each once) and the anonymous sockets; open tells
	// whether the game still has sockets here, players' included.
	Share(id string, users []string, anonymous int, open bool)
	// Elsewhere returns who watches game id from the other nodes.
	Elsewhere(id string) (users []string, anonymous int)
	// OnChange sets the function called with a game whose watchers on the
	// other nodes changed.
	OnChange(f func(id string))
}

// followCrowds has every socket of a game whose watchers changed on
// another node told the new count.
func (ws *watchState) followCrowds() {
	if ws.crowds == nil {
		return
	}
	ws.crowds.OnChange(func(id string) {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		if len(ws.games[id]) > 0 {
			ws.broadcastLocked(id)
		}
	})
}

// shareLocked tells the other nodes who watches game id from here; ws.mu
// is held.
func (ws *watchState) shareLocked(id string) {
	if ws.crowds == nil {
		return
	}
	users, anonymous := ws.localLocked(id)
	ws.crowds.Share(id, users, anonymous, len(ws.games[id]) > 0)
}

// eventFrames is a game's last event as encoded frames, one per variant
// (for a player, with the legal moves; for anyone else, without), so that
// an event its N sockets send is encoded once per variant, not N times.
type eventFrames struct {
	mu sync.Mutex
	// key is the event the frames are of.
	key     eventKey
	encoded [2][]byte // [0]: without the legal moves, [1]: with
}

// eventKey tells one event of a game from another: its sequence, and, so
// that an event renumbered (a game restored) is not taken for another,
// its type, ply, position and time.
type eventKey struct {
	seq  int64
	typ  game.EventType
	ply  int
	fen  string
	unix int64
}

// eventFrame returns the frame of event ev of game id with or without
// the legal moves (legal): encode's encoding, done once per event and
// variant while the game has sockets and ev is its latest, done each time
// otherwise. The frame is shared: nobody may change it.
func (ws *watchState) eventFrame(id string, ev game.Event, legal bool, encode func() []byte) []byte {
	ws.mu.Lock()
	ef := ws.frames[id]
	ws.mu.Unlock()
	if ef == nil {
		return encode()
	}
	key := eventKey{seq: ev.Seq, typ: ev.Type, ply: ev.Ply, fen: ev.FEN, unix: ev.At.UnixNano()}
	i := 0
	if legal {
		i = 1
	}
	ef.mu.Lock()
	defer ef.mu.Unlock()
	switch {
	case ef.key == key:
		if b := ef.encoded[i]; b != nil {
			return b
		}
	case ev.Seq >= ef.key.seq:
		ef.key, ef.encoded = key, [2][]byte{}
	default: // an older event, for a socket catching up
		return encode()
	}
	ef.encoded[i] = encode()
	return ef.encoded[i]
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
		if ws.frames == nil {
			ws.frames = make(map[string]*eventFrames)
		}
		ws.frames[gs.id] = &eventFrames{}
	}
	set[gs] = struct{}{}
	ws.shareLocked(gs.id)
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
	ws.shareLocked(gs.id)
	if len(set) == 0 {
		delete(ws.games, gs.id)
		delete(ws.frames, gs.id)
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
	users, anonymous := ws.localLocked(id)
	people := make(map[string]struct{}, len(users))
	for _, u := range users {
		people[u] = struct{}{}
	}
	if ws.crowds != nil {
		more, anon := ws.crowds.Elsewhere(id)
		for _, u := range more {
			people[u] = struct{}{}
		}
		anonymous += anon
	}
	return len(people) + anonymous
}

// localLocked returns who watches game id from this node: the users that
// do not play it, each once, and the anonymous sockets. ws.mu is held.
func (ws *watchState) localLocked(id string) (users []string, anonymous int) {
	seen := make(map[string]struct{})
	for gs := range ws.games[id] {
		switch {
		case gs.player():
		case gs.userID == "":
			anonymous++
		default:
			if _, ok := seen[gs.userID]; !ok {
				seen[gs.userID] = struct{}{}
				users = append(users, gs.userID)
			}
		}
	}
	return users, anonymous
}

// broadcastLocked sends game id's count to each of its sockets; a socket
// too slow to take it gets the next one. ws.mu is held.
func (ws *watchState) broadcastLocked(id string) {
	f := outFrame{T: "crowd", D: crowdData{Watchers: ws.countLocked(id)}}
	for gs := range ws.games[id] {
		gs.sock.sendLossy(f)
	}
}
