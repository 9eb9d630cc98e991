package ai

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/engine"
)

// Config configures a Pool. The zero Config is a pool of the built-in
// engine with max(1, NumCPU-1) workers.
type Config struct {
	// Workers is the number of searches that may run at once, each on its
	// own engine (default max(1, runtime.NumCPU()-1): one core is left to
	// the games themselves).
	Workers int
	// QueueLimit is how many requests may wait for a worker (default 256);
	// one more is refused with CodeBusy.
	QueueLimit int
	// UserQueueLimit is how many requests of one user (Request.User) may
	// wait at once (default 16); one more is refused with CodeBusy, so
	// that no user fills the queue for the others.
	UserQueueLimit int
	// Slice is how long a search may go on once another user waits with
	// no search of theirs running and no worker free (default 250 ms):
	// then it stops with the best move found so far. It bounds another
	// user's wait for a worker to about a slice, whatever the running
	// search's level and clock.
	Slice time.Duration
	// UserWorkers is how many workers one user's searches may hold at once
	// (default half the workers, rounded up): with two workers or more,
	// another user always finds one free of that user's searches.
	UserWorkers int
	// HashMB is the transposition table of each worker's engine (default
	// 16).
	HashMB int
	// Stockfish is the path of an external UCI engine for the levels in
	// StockfishLevels ("" for none: every level on the built-in engine).
	Stockfish string
	// StockfishLevels are the levels the external engine plays, limited to
	// the level's measured Elo through UCI_LimitStrength and UCI_Elo
	// (default the two strongest of [Levels]).
	StockfishLevels []int
	// Timing is the time management.
	Timing Timing
	// Now is the source of time (time.Now when nil): the plan's, and the
	// built-in engine's time limits (engine.Options.Now); the external
	// engine and the search's context deadline run on the machine's clock.
	// Sleep waits for the human-like pause (a timer when nil; it returns
	// ctx's error if ctx ends first). Tests inject both.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
	// Logger receives the external engine's failures (slog.Default when
	// nil).
	Logger *slog.Logger
	// NormalPriority runs the searches as ordinary goroutines. By default
	// each worker's thread has the lowest priority of the machine (nice 19
	// on Linux) and NewPool adds Workers to GOMAXPROCS, so that a search
	// never holds one of the processors the games need: the games' threads
	// run first and the AI thinks with the CPU they leave (see
	// docs/BENCHMARKS.md, "AI games"). Setting GOMAXPROCS stops Go from
	// adjusting it to a container's CPU limit.
	NormalPriority bool
}

// Pool runs the AI's searches on a fixed number of workers, each with its
// own engine, never on the caller's goroutine: however many games ask at
// once, no more than Workers searches run, and no more than QueueLimit
// wait. It is safe for concurrent use.
type Pool struct {
	cfg   Config
	queue *queue
	seq   atomic.Uint64 // numbers the jobs, for the queue's order

	closeOnce sync.Once
	wg        sync.WaitGroup

	running, peak     atomic.Int64
	searches, refused atomic.Uint64
	stockfishFailures atomic.Uint64

	// startHook, if set (by tests), runs on the worker before each search,
	// with its request.
	startHook func(req Request)
}

// Stats is what the pool is doing, for monitoring.
type Stats struct {
	// Workers is the pool's size; Running the searches running now, Queued
	// the requests waiting for a worker; Peak the most searches that ever
	// ran at once (never more than Workers).
	Workers, Running, Queued, Peak int
	// Searches counts the searches done, Refused the requests refused
	// because the queue was full, StockfishFailures the external engine's
	// failures (each fell back to the built-in engine).
	Searches, Refused, StockfishFailures uint64
}

// job is one request on its way through the pool.
type job struct {
	ctx    context.Context
	req    Request
	pos    position
	level  engine.Level
	asked  time.Time // when Think was called
	queued time.Time // when the job entered the queue
	done   chan jobResult
	// The queue's order: the clock's deadline, then the arrival; index is
	// the job's place in its user's queue (-1 once out), user that queue.
	user     *userQueue
	deadline time.Time
	seq      uint64
	index    int
	// While its search runs: when a worker took it (the machine's time), how to
	// hurry it, and whether it was asked to hurry (the queue's lock guards
	// them).
	began   time.Time
	hurry   func()
	hurried bool
}

type jobResult struct {
	reply Reply
	plan  Plan
	err   error
}

// NewPool starts a pool's workers. Close it to stop them.
func NewPool(cfg Config) *Pool {
	if cfg.Workers <= 0 {
		cfg.Workers = max(1, runtime.NumCPU()-1)
	}
	if cfg.QueueLimit <= 0 {
		cfg.QueueLimit = 256
	}
	if cfg.UserQueueLimit <= 0 {
		cfg.UserQueueLimit = 16
	}
	if cfg.Slice <= 0 {
		cfg.Slice = 250 * time.Millisecond
	}
	if cfg.UserWorkers <= 0 {
		cfg.UserWorkers = (cfg.Workers + 1) / 2
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = engine.DefaultHashMB
	}
	if cfg.StockfishLevels == nil {
		levels := Levels()
		for _, l := range levels[len(levels)-2:] {
			cfg.StockfishLevels = append(cfg.StockfishLevels, l.Number)
		}
	}
	cfg.Timing = cfg.Timing.withDefaults()
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleep
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	p := &Pool{cfg: cfg, queue: newQueue(cfg.QueueLimit, cfg.UserQueueLimit, cfg.UserWorkers)}
	if !cfg.NormalPriority {
		procsMu.Lock()
		runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + cfg.Workers)
		procsMu.Unlock()
	}
	p.wg.Add(cfg.Workers)
	for range cfg.Workers {
		w := newWorker(p)
		go w.run()
	}
	return p
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Think returns the AI's move for req. It checks the request first (a bad
// level, start position or move is refused at once, with its code), then
// waits for a worker (refused with CodeBusy when QueueLimit requests, or
// UserQueueLimit of req.User's, are already waiting), searches within the clock's budget (see [Timing]) and,
// at the low levels, waits out the human-like pause. When ctx ends, the
// search stops at once and Think returns ctx's error.
func (p *Pool) Think(ctx context.Context, req Request) (Reply, error) {
	asked := p.cfg.Now()
	level, ok := engine.LevelByNumber(req.Level)
	if !ok {
		return Reply{}, badLevel(req.Level)
	}
	pos, err := replay(req)
	if err != nil {
		return Reply{}, err
	}
	j := p.newJob(ctx, req, pos, level, asked)
	if err := p.enqueue(j); err != nil {
		return Reply{}, err
	}
	var res jobResult
	select {
	case res = <-j.done:
	case <-ctx.Done():
		p.queue.remove(j)
		return Reply{}, fmt.Errorf("ai: think: %w", ctx.Err())
	}
	if res.err != nil {
		return Reply{}, res.err
	}
	// The pause overlaps the search: wait only for what is left of it.
	if wait := res.plan.Delay - p.cfg.Now().Sub(asked); wait > 0 {
		if err := p.cfg.Sleep(ctx, wait); err != nil {
			return Reply{}, fmt.Errorf("ai: think: %w", err)
		}
	}
	res.reply.Delay = res.plan.Delay
	return res.reply, nil
}

// newJob makes the job of a checked request.
func (p *Pool) newJob(ctx context.Context, req Request, pos position, level engine.Level, asked time.Time) *job {
	return &job{ctx: ctx, req: req, pos: pos, level: level, asked: asked, queued: asked, done: make(chan jobResult, 1),
		deadline: deadline(req, asked), seq: p.seq.Add(1), index: -1}
}

// enqueue hands j to the workers without waiting.
func (p *Pool) enqueue(j *job) error {
	err := p.queue.push(j)
	if CodeOf(err) == CodeBusy {
		p.refused.Add(1)
	}
	return err
}

// Stats returns what the pool is doing now.
func (p *Pool) Stats() Stats {
	return Stats{
		Workers:           p.cfg.Workers,
		Running:           int(p.running.Load()),
		Queued:            p.queue.len(),
		Peak:              int(p.peak.Load()),
		Searches:          p.searches.Load(),
		Refused:           p.refused.Load(),
		StockfishFailures: p.stockfishFailures.Load(),
	}
}

// Close refuses new requests, lets the workers finish the requests already
// queued (a caller that has gone away costs nothing: its search is
// skipped), stops them and their external engines, and waits for them.
func (p *Pool) Close() error {
	p.queue.close()
	p.wg.Wait()
	p.closeOnce.Do(func() {
		if !p.cfg.NormalPriority {
			procsMu.Lock()
			runtime.GOMAXPROCS(max(1, runtime.GOMAXPROCS(0)-p.cfg.Workers))
			procsMu.Unlock()
		}
	})
	return nil
}

// procsMu serializes the pools' changes of GOMAXPROCS.
var procsMu sync.Mutex

// begin counts a search starting, and the peak.
func (p *Pool) begin() {
	n := p.running.Add(1)
	for {
		old := p.peak.Load()
		if n <= old || p.peak.CompareAndSwap(old, n) {
			return
		}
	}
}
