package ai

import (
	"context"
	"log/slog"
	"time"

	"github.com/joinpal/joinpal/game"
)

// watch follows one game for the Player.
type watch struct {
	p                *Player
	gameID, playerID string
	opponent         string // the user the AI's moves are for, in the pool
	side             game.Side
	level            int
	tc               game.TimeControl
	startFEN         string
	seed             uint64

	// What the watch knows of the game: the last event, its moves.
	last  game.Event
	moves []string
	known bool // last holds a state

	// The move being searched or played: its ply (-1 for none) and how to
	// cancel it; results receives its outcome.
	thinkingPly int
	stopThink   context.CancelFunc
	results     chan moveResult
	retry       <-chan time.Time
	// done is closed when follow returns, so that a move's goroutine
	// finishing late does not wait for a reader.
	done chan struct{}
	// stopped is closed once the watch is no longer in the player's list.
	stopped chan struct{}
}

// moveResult is the outcome of one attempt to play the AI's move at ply.
type moveResult struct {
	ply int
	err error
}

// What the watch does after an event.
type next int

const (
	goOn   next = iota // keep reading events
	resync             // events were missed: take a snapshot
	over               // the game has ended: stop
)

// follow subscribes to the game and plays until the game ends or ctx ends.
// A subscription the bus drops (a slow reader) is taken up again, and what
// was missed is read from a snapshot.
func (w *watch) follow(ctx context.Context) {
	defer close(w.done)
	defer w.cancelThink()
	log := w.p.cfg.Logger.With("game", w.gameID)
	for ctx.Err() == nil {
		events, unsubscribe := w.p.cfg.Bus.Subscribe(w.gameID)
		n := w.snapshot(ctx)
		for n == goOn || n == resync {
			if n == resync {
				if n = w.snapshot(ctx); n != goOn {
					break
				}
			}
			n = w.step(ctx, events)
		}
		unsubscribe()
		switch n {
		case over:
			return
		case dropped:
			log.Debug("ai: subscription dropped; subscribing again")
		case failed:
			if !w.wait(ctx) {
				return
			}
		}
	}
}

// Outcomes of follow's inner loop other than goOn, resync and over.
const (
	dropped next = 10 + iota // the bus closed the subscription
	failed                   // the snapshot failed: wait, then start again
	gone                     // ctx ended
)

// wait waits the player's retry time; it reports false when ctx ended.
func (w *watch) wait(ctx context.Context) bool {
	t := time.NewTimer(w.p.cfg.Retry)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// snapshot reads the whole game and acts on it.
func (w *watch) snapshot(ctx context.Context) next {
	ev, err := w.p.cfg.Snapshots.Snapshot(ctx, w.gameID)
	if err != nil {
		if ctx.Err() != nil {
			return gone
		}
		if codeOf(err) == string(game.CodeGameNotFound) {
			w.p.cfg.Logger.Error("ai: the game to play does not exist", "game", w.gameID, "err", err)
			return over
		}
		w.p.cfg.Logger.Warn("ai: snapshot failed; trying again", "game", w.gameID, "err", err)
		return failed
	}
	w.moves = w.moves[:0]
	for _, m := range ev.Moves {
		w.moves = append(w.moves, m.UCI)
	}
	w.last, w.known = ev, true
	return w.act(ctx)
}

// step waits for the next event, the outcome of the move being played, or
// the retry timer, and acts on it.
func (w *watch) step(ctx context.Context, events <-chan game.Event) next {
	select {
	case <-ctx.Done():
		return gone
	case ev, ok := <-events:
		if !ok {
			return dropped
		}
		return w.apply(ctx, ev)
	case r := <-w.results:
		return w.finished(ctx, r)
	case <-w.retry:
		w.retry = nil
		return w.act(ctx)
	}
}

// apply takes in one event of the game.
func (w *watch) apply(ctx context.Context, ev game.Event) next {
	if ev.Seq <= w.last.Seq {
		return goOn // already known (from the snapshot)
	}
	if ev.Seq != w.last.Seq+1 || ev.Type == game.EventFull {
		return resync
	}
	switch {
	case ev.Type == game.EventMove && ev.Move != nil && ev.Move.Ply == len(w.moves):
		w.moves = append(w.moves, ev.Move.UCI)
	case ev.Ply != len(w.moves):
		return resync
	}
	w.last = ev
	return w.act(ctx)
}

// act starts the AI's move if it is its turn, and stops a move whose turn
// has passed.
func (w *watch) act(ctx context.Context) next {
	ev := w.last
	if ev.Status.Finished() {
		w.cancelThink()
		return over
	}
	if w.thinkingPly >= 0 && w.thinkingPly != ev.Ply {
		w.cancelThink() // the game moved on (a restart, another node)
	}
	if ev.Turn != w.side || len(ev.Legal) == 0 || w.thinkingPly == ev.Ply || w.retry != nil {
		return goOn
	}
	w.think(ctx, ev)
	return goOn
}

// think searches and plays the move of the position of ev, in its own
// goroutine; the outcome comes back on w.results.
func (w *watch) think(ctx context.Context, ev game.Event) {
	tctx, cancel := context.WithCancel(ctx)
	w.thinkingPly, w.stopThink = ev.Ply, cancel
	req := Request{StartFEN: w.startFEN, Moves: append([]string(nil), w.moves...), Level: w.level,
		Clock: w.clockOf(ev), Seed: w.seed, User: w.opponent}
	ply := ev.Ply
	go func() {
		err := w.play(tctx, req, ply, ev.FEN)
		cancel()
		// The buffer holds one result: the watch reads it before it
		// starts another move, and drops results of cancelled moves.
		select {
		case w.results <- moveResult{ply: ply, err: err}:
		case <-w.done:
		}
	}()
}

// play asks the pool for the move and plays it.
func (w *watch) play(ctx context.Context, req Request, ply int, fen string) error {
	reply, err := w.p.cfg.Pool.Think(ctx, req)
	switch CodeOf(err) {
	case CodeBadStart, CodeBadMove:
		// The moves do not lead from the start we were told: play from the
		// event's position, without the history (repetitions unseen).
		w.p.cfg.Logger.Error("ai: the game's moves do not replay; playing from its position", "game", w.gameID, "err", err)
		req.StartFEN, req.Moves = fen, nil
		reply, err = w.p.cfg.Pool.Think(ctx, req)
	}
	if err != nil {
		return err
	}
	return w.p.cfg.Mover.Move(ctx, w.gameID, w.playerID, Move{UCI: reply.UCI, Ply: ply, ID: int64(ply) + 1})
}

// finished takes in the outcome of a move.
func (w *watch) finished(ctx context.Context, r moveResult) next {
	if r.ply != w.thinkingPly {
		return goOn // a cancelled move's late answer
	}
	w.thinkingPly, w.stopThink = -1, nil
	if r.err == nil {
		return goOn // its event follows
	}
	if ctx.Err() != nil {
		return gone
	}
	switch codeOf(r.err) {
	case string(game.CodeStalePly), string(game.CodeNotYourTurn), string(game.CodeGameOver):
		return resync // the game moved on without the move: see where it is
	case string(game.CodeGameNotFound), string(game.CodeNotAPlayer), string(CodeClosed):
		w.p.cfg.Logger.Error("ai: cannot play in the game; no longer watching it", "game", w.gameID, "player", w.playerID, "err", r.err)
		return over
	}
	level := slog.LevelWarn
	if codeOf(r.err) == string(CodeBusy) {
		level = slog.LevelDebug // the pool's share of a busy user: expected, and frequent
	}
	w.p.cfg.Logger.Log(ctx, level, "ai: the move failed; trying again", "game", w.gameID, "ply", r.ply, "err", r.err)
	t := time.NewTimer(w.p.cfg.Retry)
	w.retry = t.C
	return goOn
}

// cancelThink cancels the move under way, if any.
func (w *watch) cancelThink() {
	if w.stopThink != nil {
		w.stopThink()
	}
	w.thinkingPly, w.stopThink = -1, nil
}

// clockOf is the AI's clock in ev.
func (w *watch) clockOf(ev game.Event) Clock {
	c := Clock{Mode: w.tc.Mode(), At: ev.At, Running: ev.ClockRunning}
	ms := ev.WhiteMs
	if w.side == game.Black {
		ms = ev.BlackMs
	}
	switch c.Mode {
	case game.ModeWholeGame:
		c.Increment = w.tc.Increment()
	case game.ModePerMove:
		c.PerMove = w.tc.PerMove()
	}
	if ms != nil {
		c.Remaining = time.Duration(*ms) * time.Millisecond
	} else if c.Timed() {
		c.Remaining = w.tc.Base() + w.tc.PerMove() // no clock in the event: the full time
	}
	return c
}
