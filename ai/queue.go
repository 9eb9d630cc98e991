package ai

import (
	"container/heap"
	"sync"
	"time"
)

// untimedDeadline is the nominal deadline of an untimed move, for the
// queue's order: it waits behind clocked moves due sooner, never forever.
const untimedDeadline = 30 * time.Second

// queue holds the requests waiting for a worker, the most urgent first:
// the one whose clock runs out soonest (earliest deadline first), so that
// a game short of time is not stuck behind games that have plenty.
type queue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	jobs   jobHeap
	limit  int
	closed bool
}

func newQueue(limit int) *queue {
	q := &queue{limit: limit}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// deadline is when the request's clock runs out (a nominal time for an
// untimed one).
func deadline(req Request, asked time.Time) time.Time {
	if !req.Clock.Timed() {
		return asked.Add(untimedDeadline)
	}
	at := req.Clock.At
	if at.IsZero() || !req.Clock.Running {
		at = asked
	}
	return at.Add(req.Clock.Remaining)
}

// push adds j, or refuses it when the queue is full or closed.
func (q *queue) push(j *job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return closedError()
	}
	if len(q.jobs) >= q.limit {
		return busyError(len(q.jobs))
	}
	heap.Push(&q.jobs, j)
	q.cond.Signal()
	return nil
}

// pop waits for the most urgent job; ok is false once the queue is closed
// and empty.
func (q *queue) pop() (j *job, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.jobs) == 0 {
		if q.closed {
			return nil, false
		}
		q.cond.Wait()
	}
	return heap.Pop(&q.jobs).(*job), true
}

// remove takes j out if it is still waiting (its caller gave up).
func (q *queue) remove(j *job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if j.index >= 0 {
		heap.Remove(&q.jobs, j.index)
	}
}

// len returns the number of jobs waiting.
func (q *queue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.jobs)
}

// close refuses new jobs; the workers take the ones waiting, then stop.
func (q *queue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	q.cond.Broadcast()
}

// jobHeap orders jobs by deadline, then by arrival.
type jobHeap []*job

func (h jobHeap) Len() int { return len(h) }
func (h jobHeap) Less(a, b int) bool {
	if !h[a].deadline.Equal(h[b].deadline) {
		return h[a].deadline.Before(h[b].deadline)
	}
	return h[a].seq < h[b].seq
}
func (h jobHeap) Swap(a, b int) {
	h[a], h[b] = h[b], h[a]
	h[a].index, h[b].index = a, b
}
func (h *jobHeap) Push(x any) {
	j := x.(*job)
	j.index = len(*h)
	*h = append(*h, j)
}
func (h *jobHeap) Pop() any {
	old := *h
	j := old[len(old)-1]
	old[len(old)-1] = nil
	j.index = -1
	*h = old[:len(old)-1]
	return j
}
