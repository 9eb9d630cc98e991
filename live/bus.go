package live

import (
	"context"
	"sync"

	"github.com/joinpal/joinpal/game"
)

// LocalBus is the in-process game.Bus: it hands each event to the
// subscribers of its game. A subscriber whose buffer is full is dropped
// (its channel closed), so a slow socket never holds a game up.
type LocalBus struct {
	// Buffer is the channel size of each subscription (16 when 0). A
	// subscriber takes each event as it comes (a socket queues it on
	// at once), so it falls behind only when it is stuck; then it is
	// dropped and catches up from the runtime. Each slot of every
	// subscription is held for as long as it lasts: 64 of them were a
	// tenth of the memory of a game with its two sockets.
	Buffer int

	mu   sync.Mutex
	subs map[string]map[*subscription]struct{}
}

type subscription struct {
	ch     chan game.Event
	fn     func(game.Event) // a follower's (Follow): no channel
	closed bool
}

// NewLocalBus returns an empty in-process bus.
func NewLocalBus() *LocalBus { return &LocalBus{} }

// Publish delivers ev to the subscribers of ev.GameID without blocking,
// and hands it to its followers once the bus is unlocked.
func (b *LocalBus) Publish(_ context.Context, ev game.Event) error {
	var some [4]func(game.Event)
	fns := some[:0]
	b.mu.Lock()
	for s := range b.subs[ev.GameID] {
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
	b.mu.Unlock()
	for _, fn := range fns {
		fn(ev)
	}
	return nil
}

// Follow hands deliver the events of game id from now on, from the
// goroutine that publishes each (a game's events are published one at a
// time, in order), outside the bus's lock; deliver must not block. A follower
// has no buffer and needs no goroutine of its own to drain one, and it is
// never dropped. cancel ends it; an event being handed over as cancel
// runs may still arrive.
func (b *LocalBus) Follow(id string, deliver func(game.Event)) (cancel func()) {
	return b.add(id, &subscription{fn: deliver})
}

// Subscribe returns the events of game id from now on.
func (b *LocalBus) Subscribe(id string) (<-chan game.Event, func()) {
	size := b.Buffer
	if size <= 0 {
		size = 16
	}
	s := &subscription{ch: make(chan game.Event, size)}
	return s.ch, b.add(id, s)
}

// add adds s to the subscriptions of game id and returns its cancel.
func (b *LocalBus) add(id string, s *subscription) (cancel func()) {
	b.mu.Lock()
	if b.subs == nil {
		b.subs = make(map[string]map[*subscription]struct{})
	}
	if b.subs[id] == nil {
		b.subs[id] = make(map[*subscription]struct{})
	}
	b.subs[id][s] = struct{}{}
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.drop(id, s)
	}
}

// drop ends a subscription; b.mu is held.
func (b *LocalBus) drop(id string, s *subscription) {
	if s.closed {
		return
	}
	s.closed = true
	if s.ch != nil {
		close(s.ch)
	}
	delete(b.subs[id], s)
	if len(b.subs[id]) == 0 {
		delete(b.subs, id)
	}
}
