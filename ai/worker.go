package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/internal/lowprio"
)

// worker runs searches one at a time on its own engine.
//
// The engine is reused from search to search and game to game: its
// transposition table is keyed by the whole position, so what it learnt in
// one game never misleads it in another, and it stays warm when the same
// game comes back to the same worker. A change of level clears it
// (engine.SetOptions does), since a weak level's handicapped scores must
// not help a strong one.
type worker struct {
	p   *Pool
	eng *engine.Engine
	sf  *stockfish
}

func newWorker(p *Pool) *worker {
	w := &worker{p: p, eng: engine.New(engine.Options{HashMB: p.cfg.HashMB})}
	if p.cfg.Stockfish != "" {
		w.sf = &stockfish{path: p.cfg.Stockfish, logger: p.cfg.Logger, failures: &p.stockfishFailures}
		w.sf.start()
	}
	return w
}

func (w *worker) run() {
	defer w.p.wg.Done()
	defer w.sf.close()
	if !w.p.cfg.NormalPriority {
		if err := lowprio.Lower(); err != nil {
			w.p.cfg.Logger.Warn("ai: cannot lower the priority of a search thread", "err", err)
		}
	}
	for {
		j, ok := w.p.queue.pop()
		if !ok {
			return
		}
		if err := j.ctx.Err(); err != nil {
			w.p.queue.done(j)
			j.done <- jobResult{err: fmt.Errorf("ai: think: %w", err)}
			continue
		}
		w.p.begin()
		res := w.search(j)
		w.p.running.Add(-1)
		w.p.searches.Add(1)
		w.p.queue.done(j)
		j.done <- res
	}
}

// seeds returns the seeds of a request's pause and of its engine's random
// choices: the request's seed and the ply, so that each move of a game
// differs and the same move is repeatable.
func seeds(req Request) (delay, search uint64) {
	ply := uint64(len(req.Moves))
	return req.Seed ^ (ply * 0x9E3779B97F4A7C15), req.Seed + ply
}

// search plans the move's time and searches it.
func (w *worker) search(j *job) jobResult {
	if w.p.startHook != nil {
		w.p.startHook(j.req)
	}
	cfg := w.p.cfg
	start := cfg.Now()
	clock := j.req.Clock
	if clock.At.IsZero() {
		clock.At = j.asked
	}
	delaySeed, searchSeed := seeds(j.req)
	plan := cfg.Timing.Plan(clock, j.level.Number, start, delaySeed).Shared(w.p.queue.len(), cfg.Workers)
	reply := Reply{Queued: start.Sub(j.queued), Budget: plan.Budget}

	var legal chess.MoveList
	j.pos.current.GenerateLegal(&legal)
	if legal.N == 1 {
		// A forced move needs no search.
		reply.UCI, reply.Engine = j.pos.current.UCI(legal.Moves[0]), EngineName
		return jobResult{reply: reply, plan: plan}
	}

	// The search's context ends at its budget, or a slice after it began
	// if another user is left waiting (the queue hurries it); either way
	// the engine answers with the best move found so far.
	ctx, hurried := context.WithCancel(j.ctx)
	defer hurried()
	if plan.Search > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, plan.Search)
		defer cancel()
	}
	w.p.queue.begin(j, func() {
		time.AfterFunc(cfg.Slice-time.Since(j.began), hurried)
	})
	began := cfg.Now()
	if w.sf != nil && plan.Search > 0 && slices.Contains(cfg.StockfishLevels, j.level.Number) {
		// The external engine runs on the machine's clock.
		if r, ok := w.sf.move(ctx, j, time.Now().Add(plan.Search)); ok {
			r.Queued, r.Budget = reply.Queued, reply.Budget
			r.Search = cfg.Now().Sub(began)
			return jobResult{reply: r, plan: plan}
		}
		if err := j.ctx.Err(); err != nil {
			return jobResult{err: fmt.Errorf("ai: think: %w", err)}
		}
	}

	w.eng.SetOptions(engine.Options{HashMB: cfg.HashMB, Level: j.level.Number, Rand: rand.New(rand.NewPCG(searchSeed, uint64(j.level.Number))), Now: cfg.Now})
	limits := engine.Limits{Depth: 1}
	if plan.Search > 0 {
		left := plan.Search - cfg.Now().Sub(began) // what a failed external engine left
		limits = engine.Limits{MoveTime: max(left, time.Millisecond), MoveOverhead: time.Millisecond}
	}
	res := w.eng.Search(ctx, j.pos.current, j.pos.history, limits, nil)
	if err := j.ctx.Err(); err != nil {
		return jobResult{err: fmt.Errorf("ai: think: %w", err)}
	}
	reply.UCI, reply.Engine = j.pos.current.UCI(res.BestMove), EngineName
	reply.Search = cfg.Now().Sub(began)
	reply.Depth, reply.Nodes = res.Info.Depth, res.Info.Nodes
	return jobResult{reply: reply, plan: plan}
}

// EngineName is Reply.Engine for the built-in engine.
const EngineName = "joinpal"

// levelOf returns level n, which must exist.
func levelOf(n int) engine.Level {
	l, _ := engine.LevelByNumber(n)
	return l
}
