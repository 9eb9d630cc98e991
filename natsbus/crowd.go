package natsbus

import (
	"encoding/json"
	"log/slog"
	"slices"
	"sync"

	"github.com/nats-io/nats.go"
)

// Crowds shares between the nodes who watches each game, so that the
// spectator count a socket shows ("crowd") counts the watchers of every
// node. A node with sockets on a game listens on the game's crowd subject
// (<prefix>.crowd.<game>) and says there who watches it from this node
// whenever that changes; when it starts listening it asks the others to
// say it too. The watchers of a node that stops or dies are forgotten
// (Games.ExpireNodes, a node's stop announced). The games' crowd subjects
// are heard through a few goroutines (relays), not one per game; Close
// stops them.
type Crowds struct {
	nc     *nats.Conn
	prefix string
	node   string
	log    *slog.Logger
	relays *relaySet

	mu       sync.Mutex
	games    map[string]*crowdGame
	onChange func(id string)
}

// crowdGame is what a node knows of one game's watchers.
type crowdGame struct {
	sub    *nats.Subscription
	mine   crowdView            // this node's, as last said
	others map[string]crowdView // by node
}

// crowdView is who watches a game from one node: the users (each once,
// whatever their sockets) and the anonymous sockets.
type crowdView struct {
	Users     []string `json:"users,omitempty"`
	Anonymous int      `json:"anonymous,omitempty"`
}

// crowdNews is a node's message on a game's crowd subject.
type crowdNews struct {
	Game string    `json:"game"`
	Node string    `json:"node"`
	View crowdView `json:"view"`
	// Ask asks the other nodes to say their own view.
	Ask bool `json:"ask,omitempty"`
}

// NewCrowds returns the crowds of node on nc (prefix "" is DefaultPrefix).
func NewCrowds(nc *nats.Conn, prefix, node string, log *slog.Logger) *Crowds {
	if log == nil {
		log = slog.Default()
	}
	c := &Crowds{nc: nc, prefix: prefix, node: node, log: log, games: map[string]*crowdGame{}}
	c.relays = newRelaySet(c.received)
	return c
}

// Close stops hearing the other nodes' news of the crowds; it may be
// called again.
func (c *Crowds) Close() error {
	c.relays.close()
	return nil
}

// OnChange sets the function called, outside any lock of c, with a game
// whose watchers on the other nodes changed.
func (c *Crowds) OnChange(f func(id string)) {
	c.mu.Lock()
	c.onChange = f
	c.mu.Unlock()
}

// Share says who watches game id from this node (users, each once, and
// anonymous sockets); open tells whether the game still has sockets here
// (players' included). Once it has none, this node stops listening to
// the game's crowd and forgets the other nodes' watchers of it.
func (c *Crowds) Share(id string, users []string, anonymous int, open bool) {
	users = slices.Clone(users)
	slices.Sort(users)
	view := crowdView{Users: users, Anonymous: anonymous}
	c.mu.Lock()
	g := c.games[id]
	var news *crowdNews
	switch {
	case g == nil && !open:
	case g == nil:
		g = &crowdGame{others: map[string]crowdView{}, mine: view}
		sub, err := c.relays.subscribe(c.nc, subject(c.prefix, "crowd", id), id)
		if err != nil {
			c.log.Error("natsbus: listening to a game's crowd", "game", id, "err", err)
		}
		g.sub = sub
		c.games[id] = g
		news = &crowdNews{Node: c.node, View: view, Ask: true}
	case !open:
		if g.sub != nil {
			_ = g.sub.Unsubscribe()
		}
		delete(c.games, id)
		if !g.mine.empty() {
			news = &crowdNews{Node: c.node}
		}
	case !g.mine.equal(view):
		g.mine = view
		news = &crowdNews{Node: c.node, View: view}
	}
	c.mu.Unlock()
	if news != nil {
		c.say(id, *news)
	}
}

// Elsewhere returns who watches game id from the other nodes: the users
// (each once, in name order; a user may also watch here) and the
// anonymous sockets.
func (c *Crowds) Elsewhere(id string) (users []string, anonymous int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.games[id]
	if g == nil {
		return nil, 0
	}
	for _, v := range g.others {
		users = append(users, v.Users...)
		anonymous += v.Anonymous
	}
	slices.Sort(users)
	return slices.Compact(users), anonymous
}

// say publishes news on game id's crowd subject.
func (c *Crowds) say(id string, news crowdNews) {
	news.Game = id
	data, _ := json.Marshal(news)
	if err := c.nc.Publish(subject(c.prefix, "crowd", id), data); err != nil {
		c.log.Warn("natsbus: telling a game's crowd", "game", id, "err", err)
	}
}

// received handles another node's news of a game's crowd.
func (c *Crowds) received(msg *nats.Msg) {
	var news crowdNews
	if err := json.Unmarshal(msg.Data, &news); err != nil || news.Node == c.node {
		return
	}
	id := news.Game
	c.mu.Lock()
	g := c.games[id]
	if g == nil {
		c.mu.Unlock()
		return
	}
	before := g.others[news.Node]
	if news.View.empty() {
		delete(g.others, news.Node)
	} else {
		g.others[news.Node] = news.View
	}
	changed := !before.equal(news.View)
	var answer *crowdNews
	if news.Ask && !g.mine.empty() {
		answer = &crowdNews{Node: c.node, View: g.mine}
	}
	f := c.onChange
	c.mu.Unlock()
	if answer != nil {
		c.say(id, *answer)
	}
	if changed && f != nil {
		f(id)
	}
}

// expire forgets the watchers of the nodes not in live.
func (c *Crowds) expire(live map[string]bool) {
	c.forget(func(node string) bool { return !live[node] })
}

// dropNode forgets the watchers of node, which stopped.
func (c *Crowds) dropNode(node string) {
	c.forget(func(n string) bool { return n == node })
}

// forget drops the watchers of the nodes gone says, and tells of each game
// whose watchers changed.
func (c *Crowds) forget(gone func(node string) bool) {
	if c == nil {
		return
	}
	c.mu.Lock()
	var changed []string
	for id, g := range c.games {
		for n := range g.others {
			if gone(n) {
				delete(g.others, n)
				changed = append(changed, id)
			}
		}
	}
	f := c.onChange
	c.mu.Unlock()
	if f == nil {
		return
	}
	for _, id := range slices.Compact(changed) {
		f(id)
	}
}

func (v crowdView) empty() bool { return len(v.Users) == 0 && v.Anonymous == 0 }

func (v crowdView) equal(w crowdView) bool {
	return v.Anonymous == w.Anonymous && slices.Equal(v.Users, w.Users)
}
