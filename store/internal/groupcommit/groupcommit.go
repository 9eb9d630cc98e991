// Package groupcommit is the group-commit loop that store/sqlite and
// store/postgres share: callers hand writes to a queue, writer goroutines
// take the first waiting write and every other write queued behind it (up
// to a batch limit), commit them all together and only then answer each
// caller. While one batch commits the next queues up, so batches grow with
// the load and a lone write is committed at once: there is no timer.
//
// What a write is and how a batch commits is the store's: the queue only
// batches, skips the writes whose caller gave up before their batch began,
// and answers.
package groupcommit

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// ErrClosed is returned by Do once Close has begun.
var ErrClosed = errors.New("store closed")

// Request is one write in a batch: the store's description of the write,
// and the error its commit sets (nil: committed).
type Request[W any] struct {
	Write W
	Err   error

	ctx  context.Context
	then func() // run by the writer once the write committed (DoThen)
	// claim says who settled a write whose caller may give up while it
	// commits: the writer, about to run then (claimThen), or the caller,
	// giving up (claimGiveUp). Only the first to claim acts.
	claim atomic.Int32
	done  chan error // buffered: a writer never blocks on an answer
}

// The claims on a write being committed (Request.claim).
const (
	claimNone int32 = iota
	claimThen
	claimGiveUp
)

// Queue batches writes of type W for a commit function.
type Queue[W any] struct {
	commit   func(batch []*Request[W])
	maxBatch int

	mu     sync.RWMutex // guards closed and sending on queue
	closed bool
	queue  chan *Request[W]
	done   chan struct{} // closed when the writers have stopped
	// free holds the requests answered and taken back by their callers,
	// for the writes after them: a new one with its channel for each
	// write would be two allocations per move.
	free sync.Pool
}

// New starts writers goroutines that commit batches of at most maxBatch
// writes with commit. commit gets only writes whose caller is still
// waiting, and sets the Err of each (a failure of the whole batch sets
// every Err).
func New[W any](maxBatch, writers int, commit func(batch []*Request[W])) *Queue[W] {
	q := &Queue[W]{commit: commit, maxBatch: maxBatch,
		queue: make(chan *Request[W], 4*maxBatch), done: make(chan struct{})}
	var wg sync.WaitGroup
	for range writers {
		wg.Go(q.writer)
	}
	go func() { wg.Wait(); close(q.done) }()
	return q
}

// Do hands w to the writers and waits until it has been committed (nil) or
// has failed, and returns the error its commit set.
//
// If ctx ends while w is queued, w is skipped: nothing is stored and Do
// returns ctx's error. If ctx ends while the batch holding w is being
// committed, Do returns ctx's error at once, and w may or may not be
// stored. Once Close has begun, Do fails with ErrClosed.
func (q *Queue[W]) Do(ctx context.Context, w W) error { return q.DoThen(ctx, w, nil) }

// DoThen is Do, and then, if not nil, runs on the writer once w has
// committed, before Do's answer: what follows a durable write leaves
// without waiting for its caller to be woken. then runs only for a write
// that committed and whose caller still waits: a caller whose ctx ends
// while then runs waits for it and is answered as committed; one that
// gave up before never has then run. then must not block.
func (q *Queue[W]) DoThen(ctx context.Context, w W, then func()) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	r, _ := q.free.Get().(*Request[W])
	if r == nil {
		r = &Request[W]{done: make(chan error, 1)}
	}
	r.Write, r.Err, r.ctx, r.then = w, nil, ctx, then
	r.claim.Store(claimNone)
	q.mu.RLock()
	if q.closed {
		q.mu.RUnlock()
		q.recycle(r)
		return ErrClosed
	}
	select {
	case q.queue <- r:
		q.mu.RUnlock()
	case <-ctx.Done():
		q.mu.RUnlock()
		q.recycle(r)
		return ctx.Err()
	}
	select {
	case err := <-r.done:
		// The writer answers a request last: it no longer holds it.
		q.recycle(r)
		return err
	case <-ctx.Done():
		if r.then != nil && !r.claim.CompareAndSwap(claimNone, claimGiveUp) {
			// The writer runs then: the write committed, and the
			// answer follows then.
			err := <-r.done
			q.recycle(r)
			return err
		}
		// The writer may still hold the request: it is not reused.
		return &MayCommitError{Err: ctx.Err()}
	}
}

// recycle keeps r, which no writer holds and whose channel is empty, for
// a later write.
func (q *Queue[W]) recycle(r *Request[W]) {
	var zero W
	r.Write, r.Err, r.ctx, r.then = zero, nil, nil, nil
	q.free.Put(r)
}

// MayCommitError is Do's error when the caller's context ended while its
// write was being committed: the write may still be stored.
type MayCommitError struct{ Err error }

func (e *MayCommitError) Error() string { return e.Err.Error() + " (the write may still commit)" }

// Unwrap returns the context's error.
func (e *MayCommitError) Unwrap() error { return e.Err }

// Queued returns how many writes wait for a writer, not counting those
// of the batches being committed.
func (q *Queue[W]) Queued() int { return len(q.queue) }

// Closed reports whether Close has begun.
func (q *Queue[W]) Closed() bool {
	q.mu.RLock()
	defer q.mu.RUnlock()
	return q.closed
}

// Close stops taking writes, commits every write already queued and
// answers its caller, and returns once the writers have stopped. Close
// must be called once.
func (q *Queue[W]) Close() {
	q.mu.Lock()
	q.closed = true
	close(q.queue)
	q.mu.Unlock()
	<-q.done
}

// writer commits queued writes in batches until the queue is closed and
// empty.
func (q *Queue[W]) writer() {
	batch := make([]*Request[W], 0, q.maxBatch)
	live := make([]*Request[W], 0, q.maxBatch)
	for r := range q.queue {
		batch = append(batch[:0], r)
	more:
		for len(batch) < q.maxBatch {
			select {
			case r, ok := <-q.queue:
				if !ok {
					break more
				}
				batch = append(batch, r)
			default:
				break more
			}
		}
		live = live[:0]
		for _, r := range batch {
			if err := r.ctx.Err(); err != nil {
				r.Err = err // given up before its turn: skipped, not stored
				continue
			}
			live = append(live, r)
		}
		if len(live) > 0 {
			q.commit(live)
		}
		for i, r := range batch {
			if r.Err == nil && r.then != nil && r.claim.CompareAndSwap(claimNone, claimThen) {
				r.then()
			}
			r.done <- r.Err
			batch[i] = nil
		}
		clear(live)
	}
}
