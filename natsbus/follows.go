package natsbus

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// A node sends a game's events to NATS only while another node follows
// the game: most games are followed by the node that runs them alone (a
// proxy sends their sockets there), and an event nobody else wants would
// cost its JSON, its trip to the NATS server and the server's work.
//
// Which nodes follow which games is said on one subject, <prefix>.follows,
// that every node hears and keeps (follows), whichever node runs the
// game, so that a node that takes a game over knows who follows it:
//
//   - A node whose first socket on a game opens says so there, whoever
//     runs the game (a game that runs here may pass to another node, which
//     then knows to send its events here). When another node runs it, the
//     node also asks that one (a NATS request on <prefix>.follow.<node>),
//     which answers once it has noted the follower: the events published
//     after the answer are sent. The socket then catches up from the
//     game's owner (EventsSince), which covers the events published before.
//   - Every FollowEvery (10 s), each node says again every game it has a
//     subscriber of, run here or not; a note not said again for three
//     periods lapses (a node that died).
//   - A node whose last subscriber of a game leaves says so: the note goes
//     at once.
//   - A node sends every event for one and a half periods (FollowGrace)
//     after it joins and after its connection to NATS comes back: it may
//     not have heard every node say what it follows yet.

// followNote is a message on the follows subject: node follows the games,
// or, with Off, no longer follows them.
type followNote struct {
	Node  string   `json:"node"`
	Games []string `json:"games"`
	Off   bool     `json:"off,omitempty"`
}

// followChunk is the most games one note names: a node that follows many
// says them in several notes, each well under NATS's largest message.
const followChunk = 10000

// lapseFactor is how many periods of FollowEvery a follow lasts unless
// said again.
const lapseFactor = 3

// follows is what a node has heard of the other nodes' follows: game →
// node → when the follow lapses; and, until graceUntil, it sends every
// event whatever it heard. Every event published asks it (wanted), and
// only the notes change it: mu is a read-write lock.
type follows struct {
	mu         sync.RWMutex
	games      map[string]map[string]time.Time
	graceUntil time.Time
}

// wanted reports whether another node follows game id at now, or the
// grace runs.
func (f *follows) wanted(id string, now time.Time) bool {
	f.mu.RLock()
	defer f.mu.RUnlock()
	if now.Before(f.graceUntil) {
		return true
	}
	for _, until := range f.games[id] {
		if now.Before(until) {
			return true
		}
	}
	return false
}

// note records n, heard at now; a follow lasts until until.
func (f *follows) note(n followNote, until time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, id := range n.Games {
		nodes := f.games[id]
		if n.Off {
			delete(nodes, n.Node)
			if len(nodes) == 0 {
				delete(f.games, id)
			}
			continue
		}
		if nodes == nil {
			nodes = map[string]time.Time{}
			f.games[id] = nodes
		}
		nodes[n.Node] = until
	}
}

// prune forgets the follows lapsed at now.
func (f *follows) prune(now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, nodes := range f.games {
		for node, until := range nodes {
			if !now.Before(until) {
				delete(nodes, node)
			}
		}
		if len(nodes) == 0 {
			delete(f.games, id)
		}
	}
}

// graceFor has every event sent until now+d.
func (f *follows) graceFor(now time.Time, d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.graceUntil = now.Add(d)
}

// followsSubject is the subject of the follow notes every node hears;
// askSubject(node), the one on which node hears the asks to follow its
// games.
func (b *GameBus) followsSubject() string { return subject(b.prefix, "follows") }

func (b *GameBus) askSubject(node string) string { return subject(b.prefix, "follow", node) }

// SendOnlyFollowed has the bus send a game's events to the other nodes
// only while one of them follows the game (see follows.go), and tell the
// others which games this node follows. owner names the node that runs a
// game ("" for none, or when it cannot be known; natsbus.Games.GameNode):
// the first subscriber here of a game another node runs asks that node to
// send its events. Without it, every event goes to NATS. Call it once,
// before the node serves; Close ends it. It sets the connection's
// reconnect handler (the notes are said again on reconnecting), which
// nothing else of the node's sets.
func (b *GameBus) SendOnlyFollowed(owner func(id string) string) error {
	b.follows = &follows{games: map[string]map[string]time.Time{}}
	b.follows.graceFor(b.now(), b.grace)
	var err error
	if b.followSub, err = b.nc.Subscribe(b.followsSubject(), b.heardNote); err != nil {
		return fmt.Errorf("natsbus: listening to the follow notes: %w", err)
	}
	if b.askSub, err = b.nc.Subscribe(b.askSubject(b.node), b.heardAsk); err != nil {
		_ = b.followSub.Unsubscribe()
		return fmt.Errorf("natsbus: listening to the asks to follow: %w", err)
	}
	b.owner.Store(&owner)
	b.nc.SetReconnectHandler(func(*nats.Conn) {
		// The others' follows may have lapsed here, and ours there.
		b.follows.graceFor(b.now(), b.grace)
		b.sayFollows()
	})
	b.wg.Go(b.sayFollowsEvery)
	return nil
}

// wanted reports whether game id's events are to go to NATS.
func (b *GameBus) wanted(id string) bool {
	if b.owner.Load() == nil {
		return true
	}
	return b.follows.wanted(id, b.now())
}

// ownerOf names the node that runs game id, when the bus sends only the
// followed games' events (known); "" when no node runs it.
func (b *GameBus) ownerOf(id string) (node string, known bool) {
	f := b.owner.Load()
	if f == nil {
		return "", false
	}
	return (*f)(id), true
}

// readNote reads a follow note; ok is false (and the note logged) when it
// cannot be read or comes from this node.
func (b *GameBus) readNote(msg *nats.Msg) (n followNote, ok bool) {
	if err := json.Unmarshal(msg.Data, &n); err != nil || n.Node == "" {
		b.log.Error("natsbus: a follow note that cannot be read", "subject", msg.Subject, "err", err)
		return n, false
	}
	return n, n.Node != b.node
}

// heardNote keeps a follow note of another node.
func (b *GameBus) heardNote(msg *nats.Msg) {
	if n, ok := b.readNote(msg); ok {
		b.follows.note(n, b.now().Add(lapseFactor*b.every))
	}
}

// heardAsk keeps a node's ask to follow a game that runs here, then
// answers it: the events published from now on are sent.
func (b *GameBus) heardAsk(msg *nats.Msg) {
	if n, ok := b.readNote(msg); ok {
		b.follows.note(n, b.now().Add(lapseFactor*b.every))
	}
	_ = msg.Respond(nil)
}

// noteOf is the follow note of this node on game id: it follows the game,
// or, with off, no longer does.
func (b *GameBus) noteOf(id string, off bool) []byte {
	data, _ := json.Marshal(followNote{Node: b.node, Games: []string{id}, Off: off})
	return data
}

// sayFollow tells every node that this one follows game id.
func (b *GameBus) sayFollow(id string) {
	_ = b.nc.Publish(b.followsSubject(), b.noteOf(id, false))
}

// askToFollow tells every node that this one follows game id, and asks
// node, which runs it, to send its events, waiting at most followWait for
// its answer: the events it publishes after are sent here. No answer (the
// node is gone, or late) leaves the socket to catch up as after a gap.
func (b *GameBus) askToFollow(node, id string) {
	note := b.noteOf(id, false)
	_ = b.nc.Publish(b.followsSubject(), note)
	_, err := b.nc.Request(b.askSubject(node), note, followWait)
	if err != nil && !errors.Is(err, nats.ErrNoResponders) {
		b.log.Warn("natsbus: asking to follow a game", "game", id, "node", node, "err", err)
	}
}

// followWait bounds the wait for the answer to askToFollow.
const followWait = 2 * time.Second

// sayUnfollow tells the others that this node no longer follows game id.
func (b *GameBus) sayUnfollow(id string) {
	_ = b.nc.Publish(b.followsSubject(), b.noteOf(id, true))
}

// sayFollowsEvery says the games this node follows every FollowEvery, and
// forgets the others' lapsed follows, until Close.
func (b *GameBus) sayFollowsEvery() {
	t := time.NewTicker(b.every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.sayFollows()
			b.follows.prune(b.now())
		case <-b.quit:
			return
		}
	}
}

// sayFollows says every game this node has a subscriber of.
func (b *GameBus) sayFollows() {
	b.mu.Lock()
	ids := make([]string, 0, len(b.games))
	for id := range b.games {
		ids = append(ids, id)
	}
	b.mu.Unlock()
	for len(ids) > 0 {
		n := min(len(ids), followChunk)
		data, _ := json.Marshal(followNote{Node: b.node, Games: ids[:n]})
		if err := b.nc.Publish(b.followsSubject(), data); err != nil {
			b.log.Warn("natsbus: saying the games this node follows", "err", err)
			return
		}
		ids = ids[n:]
	}
}
