package natsbus

import (
	"hash/fnv"
	"sync"

	"github.com/nats-io/nats.go"
)

const (
	// relayCount is the number of relays of a relaySet.
	relayCount = 4
	// relayBuffer is the size of each relay's channel: the messages NATS
	// holds for it before it drops the next ones (for a game's events, a
	// gap that the sockets fill from the game's owner). A relay only
	// decodes a message and hands it over, so it is this far behind only
	// when the node is overwhelmed.
	relayBuffer = 65536
)

// relaySet hands the messages of many subjects, one per game, to handle
// from a few goroutines (relays) rather than one per subject (as an
// asynchronous NATS subscription has): each game's subject feeds the
// channel of one relay, always the same, so its messages stay in order.
// The relays start with the first subscription and stop at close.
type relaySet struct {
	handle func(*nats.Msg)
	chans  []chan *nats.Msg
	start  sync.Once
	done   chan struct{}
	stop   sync.Once
	wg     sync.WaitGroup
}

func newRelaySet(handle func(*nats.Msg)) *relaySet {
	r := &relaySet{handle: handle, chans: make([]chan *nats.Msg, relayCount), done: make(chan struct{})}
	for i := range r.chans {
		r.chans[i] = make(chan *nats.Msg, relayBuffer)
	}
	return r
}

// subscribe subscribes to subj, the subject of game id, through its relay.
func (r *relaySet) subscribe(nc *nats.Conn, subj, id string) (*nats.Subscription, error) {
	r.start.Do(func() {
		for _, ch := range r.chans {
			r.wg.Go(func() { r.relay(ch) })
		}
	})
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	return nc.ChanSubscribe(subj, r.chans[h.Sum32()%uint32(len(r.chans))])
}

// relay hands over the messages that come on ch until close.
func (r *relaySet) relay(ch <-chan *nats.Msg) {
	for {
		select {
		case msg := <-ch:
			r.handle(msg)
		case <-r.done:
			return
		}
	}
}

// close stops the relays, once each has handed over the message it is
// handling; it may be called again.
func (r *relaySet) close() {
	r.stop.Do(func() { close(r.done) })
	r.wg.Wait()
}
