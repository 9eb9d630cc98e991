package server

import (
	"context"
	"sync"
)

// feed is a source of events a socket may follow (lobby.Events,
// schedule.Events): Subscribe's channel closes when the feed drops a
// subscriber that fell behind, and its func ends the subscription.
type feed[E any] interface {
	Subscribe() (<-chan E, func())
}

// subscription is a socket's hold on a feed, renewed when the feed drops
// it; resync, if not nil, runs after a renewal to bring the socket up to
// date (the lobby's sends the seek list again).
type subscription[E any] struct {
	feed   feed[E]
	events <-chan E
	end    func()
	resync func()
}

// subscribe starts a subscription to f; its cancel ends it.
func subscribe[E any](f feed[E], resync func()) *subscription[E] {
	events, end := f.Subscribe()
	return &subscription[E]{feed: f, events: events, end: end, resync: resync}
}

// cancel ends the subscription (its latest renewal).
func (sub *subscription[E]) cancel() { sub.end() }

// listen is the life of a socket that only listens, as the lobby's and the
// scheduled games' do: until the socket closes, it sends the frame of each
// event of sub that frame gives one for (false: not this socket's to
// see), and answers the client's pings; any other frame is refused. It
// returns once the socket is closed and nothing more is sent.
func listen[E any](ctx context.Context, sock *socket, sub *subscription[E], frame func(E) (outFrame, bool)) {
	listenWith(ctx, sock, sub, frame, nil)
}

// listenWith is listen on a socket that also takes some frames of its
// own: handle runs each client frame other than ping and reports whether
// it took it (nil takes none); a frame it does not take is refused.
func listenWith[E any](ctx context.Context, sock *socket, sub *subscription[E], frame func(E) (outFrame, bool), handle func(inFrame) bool) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case e, ok := <-sub.events:
				if !ok { // fell behind: subscribe again and catch up
					sub.events, sub.end = sub.feed.Subscribe()
					if sub.resync != nil {
						sub.resync()
					}
					continue
				}
				if f, ok := frame(e); ok {
					sock.send(f)
				}
			case <-sock.done:
				return
			}
		}
	}()
	sock.serve(ctx, func(f inFrame, _ []byte) {
		if f.T == "ping" {
			sock.pong(f)
			return
		}
		if handle != nil && handle(f) {
			return
		}
		sock.send(errorFrame(sock.reader, 0, NewError(CodeUnknownFrame, "unknown frame type", nil).
			With("type", clip(f.T))))
	})
	wg.Wait()
}
