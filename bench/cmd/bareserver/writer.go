package main

import (
	"context"
	"time"
)

// writer is the group commit: one goroutine takes every write waiting (up
// to max), stores them in one transaction, and hands the batch to the
// dispatcher, which calls each item's done in order while the next batch
// is written.
type writer struct {
	st       store
	in       chan *item
	sent     chan []*item
	max      int
	quit     chan struct{}
	finished chan struct{}
}

func newWriter(st store, max int) *writer {
	return &writer{st: st, in: make(chan *item, 1<<16), sent: make(chan []*item, 64), max: max,
		quit: make(chan struct{}), finished: make(chan struct{})}
}

// submit queues it; its done is called after the commit.
func (w *writer) submit(it *item) { w.in <- it }

func (w *writer) run() {
	defer close(w.finished)
	go w.dispatch()
	defer close(w.sent)
	batch := make([]*item, 0, w.max)
	for {
		select {
		case it := <-w.in:
			batch = append(batch[:0], it)
		case <-w.quit:
			return
		}
	more:
		for len(batch) < w.max {
			select {
			case it := <-w.in:
				batch = append(batch, it)
			default:
				break more
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := w.st.write(ctx, batch)
		cancel()
		done := make([]*item, len(batch))
		copy(done, batch)
		if err != nil {
			for _, it := range done {
				it.done(err)
			}
			continue
		}
		w.sent <- done
	}
}

// dispatch calls the done of every committed item, in commit order.
func (w *writer) dispatch() {
	for batch := range w.sent {
		for _, it := range batch {
			it.done(nil)
		}
	}
}

func (w *writer) stop() {
	close(w.quit)
	<-w.finished
}
