package ai

import (
	"container/heap"
	"slices"
	"sync"
	"time"
)

// untimedDeadline is the nominal deadline of an untimed move, for the
// queue's order: it waits behind clocked moves due sooner, never forever.
const untimedDeadline = 30 * time.Second

// queue holds the requests waiting for a worker, shared fairly between
// users: each user (Request.User) has a queue of its own, the most urgent
// first (the request whose clock runs out soonest: earliest deadline
// first, so that a game short of time is not stuck behind games that have
// plenty), and the workers take the users in rounds: in each round every
// user with requests waiting is served once, the most urgent head first,
// and a user new to the queue joins the round under way. So however many
// requests one user queues, another user's request is taken before that
// user's next one, and between users the most urgent still goes first
// within a round. A user may hold at most
// userWorkers workers at once and have at most userLimit requests
// waiting; the queue as a whole holds at most limit.
//
// When a user with no search running has a request waiting and no worker
// is free, the search of another user that began first is hurried: it
// stops after its slice (Config.Slice) with the best move it has found,
// so that a long strong-level search never holds a worker while another
// user waits.
type queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	users map[string]*userQueue
	// waiting lists the users with requests waiting; round numbers the
	// rounds, from 1.
	waiting []*userQueue
	round   uint64
	total   int
	// runs are the jobs whose search is running; idle counts the workers
	// waiting in pop.
	runs   []*job
	idle   int
	closed bool

	limit, userLimit, userWorkers int
}

// userQueue is one user's share of the queue: its requests waiting, most
// urgent first, the number of its searches running, and the round it was
// last served in (0: not since it came).
type userQueue struct {
	user    string
	jobs    jobHeap
	running int
	round   uint64
}

func newQueue(limit, userLimit, userWorkers int) *queue {
	q := &queue{users: make(map[string]*userQueue), round: 1, limit: limit, userLimit: userLimit, userWorkers: userWorkers}
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

// push adds j, or refuses it when the queue is closed, full, or holds as
// many requests of j's user as one user may have waiting.
func (q *queue) push(j *job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return closedError()
	}
	if q.total >= q.limit {
		return busyError(q.total)
	}
	u := q.users[j.req.User]
	if u == nil {
		u = &userQueue{user: j.req.User}
		q.users[u.user] = u
	}
	if len(u.jobs) >= q.userLimit {
		return userBusyError(len(u.jobs))
	}
	if len(u.jobs) == 0 {
		q.waiting = append(q.waiting, u)
	}
	heap.Push(&u.jobs, j)
	j.user = u
	q.total++
	q.hurryIfStarved()
	q.cond.Broadcast()
	return nil
}

// hurryIfStarved hurries the running search that began first, unless
// every user waiting already has a search running or a worker is free.
func (q *queue) hurryIfStarved() {
	if q.idle > 0 || !slices.ContainsFunc(q.waiting, func(u *userQueue) bool { return u.running == 0 }) {
		return
	}
	var first *job
	for _, r := range q.runs {
		if !r.hurried && (first == nil || r.began.Before(first.began)) {
			first = r
		}
	}
	if first == nil {
		return
	}
	first.hurried = true
	if first.hurry != nil {
		first.hurry()
	}
}

// begin records how to hurry j's search, which has just begun, and
// hurries it at once if it was asked to meanwhile.
func (q *queue) begin(j *job, hurry func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	j.hurry = hurry
	if j.hurried {
		hurry()
	}
}

// pop waits for the next job: the most urgent head of the users with
// requests waiting, fewer than userWorkers searches running and no turn
// yet in this round (a new round begins when every such user has had
// one). ok is false once the queue is closed and empty. The caller calls
// done when the job's search ends.
func (q *queue) pop() (j *job, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if q.total == 0 && q.closed {
			return nil, false
		}
		at := q.next()
		if at < 0 && slices.ContainsFunc(q.waiting, func(u *userQueue) bool { return u.running < q.userWorkers }) {
			q.round++ // every user that may be served has been: a new round
			at = q.next()
		}
		if at >= 0 {
			u := q.waiting[at]
			j = heap.Pop(&u.jobs).(*job)
			u.running++
			u.round = q.round
			q.total--
			if len(u.jobs) == 0 {
				q.waiting = slices.Delete(q.waiting, at, at+1)
			}
			j.began = time.Now()
			q.runs = append(q.runs, j)
			q.hurryIfStarved()
			return j, true
		}
		q.idle++
		q.cond.Wait()
		q.idle--
	}
}

// next returns the place in waiting of the user to serve in this round:
// of those that may be served and have not been in it, the one whose most
// urgent request is the most urgent (-1 for none).
func (q *queue) next() int {
	at := -1
	for i, u := range q.waiting {
		if u.running >= q.userWorkers || u.round >= q.round {
			continue
		}
		if at < 0 || q.waiting[at].jobs.urgent(u.jobs) {
			at = i
		}
	}
	return at
}

// urgent reports whether other's head goes before h's: an earlier
// deadline, or the same and an earlier arrival.
func (h jobHeap) urgent(other jobHeap) bool {
	a, b := other[0], h[0]
	if !a.deadline.Equal(b.deadline) {
		return a.deadline.Before(b.deadline)
	}
	return a.seq < b.seq
}

// done gives back the worker a popped job held.
func (q *queue) done(j *job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	j.user.running--
	if at := slices.Index(q.runs, j); at >= 0 {
		q.runs = slices.Delete(q.runs, at, at+1)
	}
	q.forget(j.user)
	q.cond.Broadcast()
}

// remove takes j out if it is still waiting (its caller gave up).
func (q *queue) remove(j *job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if j.index < 0 {
		return
	}
	u := j.user
	heap.Remove(&u.jobs, j.index)
	q.total--
	if len(u.jobs) == 0 {
		at := slices.Index(q.waiting, u)
		q.waiting = slices.Delete(q.waiting, at, at+1)
	}
	q.forget(u)
}

// forget drops a user that has nothing waiting or running.
func (q *queue) forget(u *userQueue) {
	if len(u.jobs) == 0 && u.running == 0 && q.users[u.user] == u {
		delete(q.users, u.user)
	}
}

// len returns the number of jobs waiting.
func (q *queue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.total
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
