package natsbus

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/nats-io/nats.go"
)

// GameBus is a game.Bus between nodes. An event published on a node
// reaches that node's subscribers directly, in order, and goes out on its
// game's subject; a node with subscribers to a game listens on its subject
// (only while it has some) and hands them the events other nodes publish.
// A subscriber whose buffer is full is dropped (its channel closed), so a
// slow socket never holds a game up; it then asks for what it missed. A
// follower (Follow) has no buffer: the events are handed to its function.
//
// The other nodes' events of all games come through a few goroutines of
// the bus (relays), not one per game: each game's subject feeds the
// channel of one relay, always the same, so its events stay in order.
// Close stops them.
type GameBus struct {
	nc     *nats.Conn
	prefix string
	node   string
	buffer int
	log    *slog.Logger

	mu    sync.Mutex
	games map[string]*gameSubs

	// relays hand over the events of the games' subjects.
	relays *relaySet

	// The follows (see follows.go), once SendOnlyFollowed is called:
	// owner is set then, with the note of who follows what (follows), the
	// subscriptions to the notes and asks (followSub, askSub), their period (every), the grace after joining and
	// clock (now), and the goroutine that says them (wg; quit stops it).
	owner     atomic.Pointer[func(string) string]
	follows   *follows
	followSub *nats.Subscription
	askSub    *nats.Subscription
	every     time.Duration
	grace     time.Duration
	now       func() time.Time
	quit      chan struct{}
	closing   sync.Once
	wg        sync.WaitGroup

	// sent and kept count the events published here that went to NATS,
	// and those that no other node followed.
	sent, kept atomic.Uint64
}

// gameSubs are the subscribers of one game on this node and the NATS
// subscription that feeds them the other nodes' events.
type gameSubs struct {
	subs map[*subscription]struct{}
	nats *nats.Subscription
}

type subscription struct {
	ch     chan game.Event
	fn     func(game.Event) // a follower's (Follow): no channel
	closed bool
}

// BusConfig configures a GameBus.
type BusConfig struct {
	// Conn is the connection to NATS; required.
	Conn *nats.Conn
	// Prefix starts every subject (DefaultPrefix when empty).
	Prefix string
	// Node is this node's name; required.
	Node string
	// Buffer is the channel size of each subscription (16 when 0). A
	// socket's forwarder takes each event as it comes and queues it on
	// the socket, so a subscription falls behind only when its reader
	// is stuck; then it is dropped and the socket catches up from the
	// game's owner. Every slot is held for as long as the subscription
	// lasts. A game socket follows its game (Follow) and holds none.
	Buffer int
	// Logger receives the events that cannot be read (nil: the default).
	Logger *slog.Logger
	// FollowEvery is how often the node says which games it follows, once
	// SendOnlyFollowed is called (10 s when 0); a follow not said again
	// for three periods lapses.
	FollowEvery time.Duration
	// FollowGrace is how long after SendOnlyFollowed, and after the
	// connection to NATS comes back, the node sends every event, before
	// it has heard every node say what it follows (one and a half
	// FollowEvery when 0).
	FollowGrace time.Duration
	// Now is the clock of the follows (time.Now when nil).
	Now func() time.Time
}

// NewGameBus returns a GameBus on cfg.Conn.
func NewGameBus(cfg BusConfig) *GameBus {
	if cfg.Buffer <= 0 {
		cfg.Buffer = 16
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.FollowEvery <= 0 {
		cfg.FollowEvery = 10 * time.Second
	}
	if cfg.FollowGrace <= 0 {
		cfg.FollowGrace = cfg.FollowEvery * 3 / 2
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	b := &GameBus{nc: cfg.Conn, prefix: cfg.Prefix, node: cfg.Node, buffer: cfg.Buffer, log: cfg.Logger,
		games: map[string]*gameSubs{}, every: cfg.FollowEvery, grace: cfg.FollowGrace, now: cfg.Now, quit: make(chan struct{})}
	b.relays = newRelaySet(b.received)
	return b
}

// Close stops relaying the other nodes' events once the relays have
// handed over those they hold, and saying which games this node follows;
// this node's own events still reach its subscribers. It may be called
// again.
func (b *GameBus) Close() error {
	b.closing.Do(func() {
		close(b.quit)
		if b.followSub != nil {
			_ = b.followSub.Unsubscribe()
			_ = b.askSub.Unsubscribe()
		}
	})
	b.wg.Wait()
	b.relays.close()
	return nil
}

var _ game.Bus = (*GameBus)(nil)

// eventSubject is the subject of game id's events.
func (b *GameBus) eventSubject(id string) string { return subject(b.prefix, "game", id) }

// Publish delivers ev to this node's subscribers of ev.GameID without
// blocking, and sends it to the other nodes (after SendOnlyFollowed, only
// while one of them follows the game). It fails only when NATS does not
// take the event (the local subscribers have it).
func (b *GameBus) Publish(_ context.Context, ev game.Event) error {
	b.deliver(ev)
	if !b.wanted(ev.GameID) {
		b.kept.Add(1)
		return nil
	}
	data, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("natsbus: encoding the event of game %s: %w", ev.GameID, err)
	}
	msg := nats.NewMsg(b.eventSubject(ev.GameID))
	msg.Header.Set(originHeader, b.node)
	msg.Data = data
	if err := b.nc.PublishMsg(msg); err != nil {
		return fmt.Errorf("natsbus: publishing the event of game %s: %w", ev.GameID, err)
	}
	b.sent.Add(1)
	return nil
}

// EventsSent counts the events published on this node that went to the
// other nodes over NATS, and EventsKept those that no other node followed
// (SendOnlyFollowed) and so did not: server.BusStats.
func (b *GameBus) EventsSent() uint64 { return b.sent.Load() }

// EventsKept: see EventsSent.
func (b *GameBus) EventsKept() uint64 { return b.kept.Load() }

// deliver hands ev to this node's subscribers of its game without
// blocking, then to its followers once the bus is unlocked. It runs on
// the goroutine that publishes the game's events here, or on the one that
// receives them from its subject: one at a time, in order.
func (b *GameBus) deliver(ev game.Event) {
	var some [4]func(game.Event)
	fns := some[:0]
	b.mu.Lock()
	if g := b.games[ev.GameID]; g != nil {
		for s := range g.subs {
			if s.fn != nil {
				fns = append(fns, s.fn)
				continue
			}
			select {
			case s.ch <- ev:
			default:
				b.drop(ev.GameID, s)
			}
		}
	}
	b.mu.Unlock()
	for _, fn := range fns {
		fn(ev)
	}
}

// Subscribe returns the events of game id from now on, whichever node
// publishes them.
func (b *GameBus) Subscribe(id string) (<-chan game.Event, func()) {
	s := &subscription{ch: make(chan game.Event, b.buffer)}
	return s.ch, b.add(id, s)
}

// Follow hands deliver the events of game id from now on, whichever node
// publishes them, as live.LocalBus.Follow does: from the goroutine that
// publishes each here or receives it from the game's subject, one at a
// time and in order, outside the bus's lock; deliver must not block. A
// follower has no buffer and no goroutine of its own, and it is never
// dropped. The events come as they were published: one that NATS lost
// leaves a gap in the versions, which the follower fills from the game's
// owner (a game socket asks for the events it missed, or the whole game).
// cancel ends it and may be called again; an event being handed over as
// cancel runs may still arrive.
func (b *GameBus) Follow(id string, deliver func(game.Event)) (cancel func()) {
	return b.add(id, &subscription{fn: deliver})
}

// add adds s to the subscribers of game id, listening on its subject if
// it is the first, and returns its cancel. The first of a game tells the
// other nodes that this one follows it (a game run here may pass to
// another node); when the game runs on another node, add asks that node
// to send its events, and returns once it has answered (askToFollow).
func (b *GameBus) add(id string, s *subscription) (cancel func()) {
	b.mu.Lock()
	g := b.games[id]
	first := g == nil
	if g == nil {
		g = &gameSubs{subs: map[*subscription]struct{}{}}
		b.games[id] = g
		sub, err := b.relays.subscribe(b.nc, b.eventSubject(id), id)
		if err != nil {
			// The local events still come; the other nodes' are missed
			// until the next subscription, and a socket fills the gap
			// from the game's owner.
			b.log.Error("natsbus: subscribing to a game's events", "game", id, "err", err)
		}
		g.nats = sub
	}
	g.subs[s] = struct{}{}
	b.mu.Unlock()
	if first {
		if node, known := b.ownerOf(id); known {
			if node != "" && node != b.node {
				b.askToFollow(node, id)
			} else {
				b.sayFollow(id)
			}
		}
	}
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.drop(id, s)
	}
}

// received hands an event another node published to this node's
// subscribers.
func (b *GameBus) received(msg *nats.Msg) {
	if msg.Header.Get(originHeader) == b.node {
		return // delivered when published
	}
	var ev game.Event
	if err := json.Unmarshal(msg.Data, &ev); err != nil {
		b.log.Error("natsbus: an event that cannot be read", "subject", msg.Subject, "err", err)
		return
	}
	b.deliver(ev)
}

// drop ends a subscription, and the game's NATS subscription with its
// last; b.mu is held.
func (b *GameBus) drop(id string, s *subscription) {
	if s.closed {
		return
	}
	s.closed = true
	if s.ch != nil {
		close(s.ch)
	}
	g := b.games[id]
	if g == nil {
		return
	}
	delete(g.subs, s)
	if len(g.subs) == 0 {
		delete(b.games, id)
		if g.nats != nil {
			_ = g.nats.Unsubscribe()
		}
		if b.owner.Load() != nil {
			b.sayUnfollow(id)
		}
	}
}
