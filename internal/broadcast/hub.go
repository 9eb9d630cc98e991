// Package broadcast delivers events to the subscribers of one process: the
// lobby's and the scheduled games' in-process event carriers are [Hub]s.
package broadcast

import (
	"context"
	"sync"
)

// DefaultBuffer is how many events a subscriber may fall behind by when
// Hub.Buffer is 0.
const DefaultBuffer = 256

// Hub sends every published event to every subscriber, without waiting for
// a slow one: a subscriber whose buffer is full is dropped and its channel
// closed (it should then read the state again and subscribe anew). The zero
// value is ready to use; a Hub is safe for concurrent use.
type Hub[E any] struct {
	// Buffer is the events a subscriber may fall behind by before its
	// channel is closed; 0 means DefaultBuffer.
	Buffer int

	mu   sync.Mutex
	subs map[chan E]struct{}
}

// Publish sends e to every subscriber without blocking. It never fails.
func (h *Hub[E]) Publish(_ context.Context, e E) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- e:
		default:
			delete(h.subs, ch)
			close(ch)
		}
	}
	return nil
}

// Subscribe returns the events published from now on and a function that
// ends the subscription and closes the channel (once, however often it is
// called).
func (h *Hub[E]) Subscribe() (<-chan E, func()) {
	n := h.Buffer
	if n <= 0 {
		n = DefaultBuffer
	}
	ch := make(chan E, n)
	h.mu.Lock()
	if h.subs == nil {
		h.subs = map[chan E]struct{}{}
	}
	h.subs[ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[ch]; ok {
			delete(h.subs, ch)
			close(ch)
		}
	}
}
