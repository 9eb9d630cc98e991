package analysis

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"sync"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/internal/coded"
	"github.com/joinpal/joinpal/internal/lowprio"
)

// Store keeps the finished analyses.
type Store interface {
	// SaveAnalysis stores the analysis of a game, replacing any earlier.
	SaveAnalysis(ctx context.Context, gameID string, r Report) error
	// Analysis returns a game's stored analysis; ok is false when there is
	// none.
	Analysis(ctx context.Context, gameID string) (r Report, ok bool, err error)
}

// Config sets up a Queue. Zero values mean the defaults.
type Config struct {
	// NewEvaluator makes each worker's evaluator, once, when the worker
	// starts (the built-in engine when nil).
	NewEvaluator func() (Evaluator, error)
	Store        Store
	// Workers analyse at once (1); each holds one evaluator and runs at
	// the machine's lowest priority.
	Workers int
	// MaxWaiting is how many games may wait in all (32), PerUser how many
	// of one user (2); more are refused with CodeBusy and CodeTooMany.
	MaxWaiting, PerUser int
	// Log receives the failures (slog.Default() when nil).
	Log *slog.Logger
}

// Request asks for the analysis of a game.
type Request struct {
	GameID string
	// User asks; the queue shares its workers fairly between users.
	User  string
	Start chess.Position
	Moves []chess.Move
}

// State is where an analysis stands.
type State string

// The states of an analysis.
const (
	StateNone    State = "none"    // never asked
	StateQueued  State = "queued"  // waiting for a worker
	StateRunning State = "running" // being worked on
	StateDone    State = "done"    // stored
	StateFailed  State = "failed"  // the engine failed; it may be asked again
)

// Status is where a game's analysis stands: its place in the queue (1:
// next) while queued, its positions done out of total while running, the
// report once done.
type Status struct {
	State  State   `json:"state"`
	Place  int     `json:"place,omitempty"`
	Done   int     `json:"done,omitempty"`
	Total  int     `json:"total,omitempty"`
	Report *Report `json:"analysis,omitempty"`
}

// saving tells a running analysis with every position done: it is being
// stored, and once the store holds it the analysis is done, though the
// worker has not yet taken it off the queue.
func (s Status) saving() bool {
	return s.State == StateRunning && s.Total > 0 && s.Done >= s.Total
}

// job is one game's analysis in the queue.
type job struct {
	req         Request
	state       State
	done, total int
}

// Queue runs analyses one per worker, taking the users in turn, so that a
// user with many games waiting never holds up another's one.
type Queue struct {
	cfg Config

	mu      sync.Mutex
	wake    *sync.Cond
	closed  bool
	jobs    map[string]*job   // by game, queued, running or failed
	byUser  map[string][]*job // queued, in order
	users   []string          // users with queued jobs, in order of arrival
	served  map[string]int    // jobs started per user with jobs queued or running
	running map[string]int
	waiting int
	wg      sync.WaitGroup
	stop    context.CancelFunc
	ctx     context.Context
}

// NewQueue starts a queue's workers; Close stops them.
func NewQueue(cfg Config) *Queue {
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.MaxWaiting <= 0 {
		cfg.MaxWaiting = 32
	}
	if cfg.PerUser <= 0 {
		cfg.PerUser = 2
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.NewEvaluator == nil {
		cfg.NewEvaluator = func() (Evaluator, error) { return NewBuiltin(0), nil }
	}
	q := &Queue{cfg: cfg, jobs: map[string]*job{}, byUser: map[string][]*job{}, served: map[string]int{}, running: map[string]int{}}
	q.wake = sync.NewCond(&q.mu)
	q.ctx, q.stop = context.WithCancel(context.Background())
	for range cfg.Workers {
		q.wg.Add(1)
		go q.work()
	}
	return q
}

// Submit asks for req's analysis. A game already stored, queued or running
// is not queued again: its status is returned. A full queue, or a user
// with PerUser games waiting, is refused.
func (q *Queue) Submit(ctx context.Context, req Request) (Status, error) {
	if len(req.Moves) == 0 {
		return Status{}, ErrNoMoves
	}
	if st, ok := q.inQueue(req.GameID); ok && st.State != StateFailed && !st.saving() {
		return st, nil
	}
	if r, ok, err := q.cfg.Store.Analysis(ctx, req.GameID); err != nil {
		return Status{}, fmt.Errorf("analysis: %w", err)
	} else if ok {
		return Status{State: StateDone, Report: &r}, nil
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.closed:
		return Status{}, ErrClosed
	case q.jobs[req.GameID] != nil && q.jobs[req.GameID].state != StateFailed:
		return q.statusLocked(q.jobs[req.GameID]), nil
	case len(q.byUser[req.User]) >= q.cfg.PerUser:
		return Status{}, coded.New(CodeTooMany, fmt.Sprintf("%d analyses waiting", q.cfg.PerUser), nil).With("max", strconv.Itoa(q.cfg.PerUser))
	case q.waiting >= q.cfg.MaxWaiting:
		return Status{}, coded.New(CodeBusy, fmt.Sprintf("%d analyses waiting", q.waiting), nil).With("waiting", strconv.Itoa(q.waiting))
	}
	j := &job{req: req, state: StateQueued, total: len(req.Moves) + 1}
	q.jobs[req.GameID] = j
	if len(q.byUser[req.User]) == 0 {
		q.users = append(q.users, req.User)
	}
	q.byUser[req.User] = append(q.byUser[req.User], j)
	q.waiting++
	q.wake.Signal()
	return q.statusLocked(j), nil
}

// Status says where a game's analysis stands.
func (q *Queue) Status(ctx context.Context, gameID string) (Status, error) {
	st, queued := q.inQueue(gameID)
	if queued && !st.saving() {
		return st, nil
	}
	r, ok, err := q.cfg.Store.Analysis(ctx, gameID)
	if err != nil {
		return Status{}, fmt.Errorf("analysis: %w", err)
	}
	if !ok {
		if queued {
			return st, nil
		}
		return Status{State: StateNone}, nil
	}
	return Status{State: StateDone, Report: &r}, nil
}

func (q *Queue) inQueue(gameID string) (Status, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	j := q.jobs[gameID]
	if j == nil {
		return Status{}, false
	}
	return q.statusLocked(j), true
}

// statusLocked is j's status; q.mu is held.
func (q *Queue) statusLocked(j *job) Status {
	st := Status{State: j.state, Done: j.done, Total: j.total}
	if j.state == StateQueued {
		st.Place = q.placeLocked(j)
	}
	return st
}

// placeLocked is j's place in the order the workers will take the jobs
// (1: next).
func (q *Queue) placeLocked(j *job) int {
	for i, o := range q.orderLocked() {
		if o == j {
			return i + 1
		}
	}
	return 0
}

// orderLocked is the order in which the workers will take the queued
// jobs: each time, the first job of the user served least so far (among
// users with jobs queued or running; the first to arrive on a tie). A
// user with many games waiting thus never holds up another's first.
func (q *Queue) orderLocked() []*job {
	served := make(map[string]int, len(q.served))
	for u, n := range q.served {
		served[u] = n
	}
	taken := make(map[string]int, len(q.users))
	var out []*job
	for len(out) < q.waiting {
		best := ""
		for _, u := range q.users {
			if taken[u] < len(q.byUser[u]) && (best == "" || served[u] < served[best]) {
				best = u
			}
		}
		if best == "" {
			break
		}
		out = append(out, q.byUser[best][taken[best]])
		taken[best]++
		served[best]++
	}
	return out
}

// next takes the next job in turn, waiting for one; nil when closed.
func (q *Queue) next() *job {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.closed && q.waiting == 0 {
		q.wake.Wait()
	}
	if q.closed {
		return nil
	}
	j := q.orderLocked()[0]
	u := j.req.User
	q.byUser[u] = q.byUser[u][1:]
	if len(q.byUser[u]) == 0 {
		delete(q.byUser, u)
		q.users = slices.DeleteFunc(q.users, func(v string) bool { return v == u })
	}
	q.waiting--
	q.served[u]++
	q.running[u]++
	j.state = StateRunning
	return j
}

// finishedLocked counts j's end; a user with nothing queued or running
// starts afresh.
func (q *Queue) finishedLocked(j *job) {
	u := j.req.User
	q.running[u]--
	if q.running[u] <= 0 && len(q.byUser[u]) == 0 {
		delete(q.running, u)
		delete(q.served, u)
	}
}

func (q *Queue) work() {
	defer q.wg.Done()
	if err := lowprio.Lower(); err != nil {
		q.cfg.Log.Warn("analysis: cannot lower the worker's priority", "err", err)
	}
	ev, err := q.cfg.NewEvaluator()
	if err != nil {
		q.cfg.Log.Error("analysis: no evaluator; the worker stops", "err", err)
		return
	}
	if c, ok := ev.(interface{ Close() error }); ok {
		defer c.Close()
	}
	for {
		j := q.next()
		if j == nil {
			return
		}
		r, err := Analyse(q.ctx, ev, j.req.Start, j.req.Moves, func(done, total int) {
			q.mu.Lock()
			j.done, j.total = done, total
			q.mu.Unlock()
		})
		if err == nil {
			err = q.cfg.Store.SaveAnalysis(q.ctx, j.req.GameID, r)
		}
		q.mu.Lock()
		q.finishedLocked(j)
		if err != nil {
			j.state = StateFailed
			if q.ctx.Err() == nil {
				q.cfg.Log.Error("analysis: failed", "game", j.req.GameID, "err", err)
			}
		} else {
			delete(q.jobs, j.req.GameID)
		}
		q.mu.Unlock()
	}
}

// Close stops the workers, abandoning the analyses under way and waiting.
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.wake.Broadcast()
	q.mu.Unlock()
	q.stop()
	q.wg.Wait()
}
