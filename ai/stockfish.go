package ai

import (
	"context"
	"log/slog"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/uci"
)

// stockfishRetry is how long a worker waits, after its external engine
// failed, before it starts one again; meanwhile the built-in engine plays.
const stockfishRetry = time.Minute

// startWait: a move with more time than this waits for the external engine
// to finish starting; a faster one is the built-in engine's.
const startWait = 3 * time.Second

// stockfishStarted, if set (by tests), is called when a start of the
// external engine has ended, well or not.
var stockfishStarted func()

// stockfish is one worker's external engine, started on first use.
type stockfish struct {
	path     string
	logger   *slog.Logger
	failures *atomic.Uint64

	client  *uci.Client
	elo     int       // the UCI_Elo set, 0 before any
	retryAt time.Time // no new start before this, after a failure
	// starting receives the engine being started in the background (nil
	// if it failed); nil when no start is under way.
	starting chan *uci.Client
}

// start starts the engine in the background: a start takes longer than
// many moves may think (Stockfish loads its network), so the moves until
// it is ready are the built-in engine's.
func (s *stockfish) start() {
	ch := make(chan *uci.Client, 1)
	s.starting = ch
	go func() {
		c, err := uci.Start(context.Background(), uci.Command{Path: s.path, Timeout: 10 * time.Second, StopTimeout: time.Second})
		if err == nil {
			for name, value := range map[string]string{"Threads": "1", "Hash": "16"} {
				if _, ok := c.Option(name); ok && err == nil {
					err = c.SetOption(name, value)
				}
			}
			if err == nil {
				err = c.IsReady(context.Background())
			}
			if err != nil {
				c.Close()
			}
		}
		if err != nil {
			s.logger.Error("ai: external engine failed; the built-in engine plays instead", "engine", s.path, "step", "start", "err", err)
			s.failures.Add(1)
			c = nil
		}
		if stockfishStarted != nil {
			stockfishStarted()
		}
		ch <- c
	}()
}

// take makes a started engine the worker's, if one is ready (or, when
// wait, once the start under way ends, unless ctx ends first), and starts one when none is under
// way and the wait after a failure is over. It reports whether the engine
// is ready.
func (s *stockfish) take(ctx context.Context, wait bool) bool {
	if s.starting == nil {
		if time.Now().Before(s.retryAt) {
			return false
		}
		s.start()
	}
	var c *uci.Client
	if wait {
		select {
		case c = <-s.starting:
		case <-ctx.Done():
			return false // the move's time is up: the start goes on
		}
	} else {
		select {
		case c = <-s.starting:
		default:
			return false // still starting
		}
	}
	s.starting = nil
	if c == nil {
		s.retryAt = time.Now().Add(stockfishRetry)
		return false
	}
	s.client, s.elo = c, 0
	return true
}

// move asks the external engine for j's move, to be answered by deadline.
// It reports false when the engine cannot be used now (still starting, or
// waiting to start again after a failure) or failed (logged and counted;
// the engine is closed and started again later), and the caller plays the
// built-in engine instead.
func (s *stockfish) move(ctx context.Context, j *job, deadline time.Time) (Reply, bool) {
	// A move with time to spare waits for the engine to start.
	if s.client == nil && !s.take(ctx, time.Until(deadline) > startWait) {
		return Reply{}, false
	}
	elo := j.level.Elo
	if o, ok := s.client.Option("UCI_Elo"); ok {
		elo = min(max(elo, o.Min), o.Max)
	}
	if elo != s.elo {
		if err := s.client.SetOption("UCI_LimitStrength", "true"); err != nil {
			s.fail("setoption UCI_LimitStrength", err)
			return Reply{}, false
		}
		if err := s.client.SetOption("UCI_Elo", strconv.Itoa(elo)); err != nil {
			s.fail("setoption UCI_Elo", err)
			return Reply{}, false
		}
		s.elo = elo
	}
	left := time.Until(deadline)
	if left < 5*time.Millisecond {
		return Reply{}, false
	}
	res, err := s.client.Go(ctx, uci.Search{Start: j.pos.start, Moves: j.pos.moves, Limits: uci.Limits{MoveTime: left}})
	if err == nil && res.BestMove == chess.NullMove {
		err = uci.ErrIllegalMove // it has moves: "(none)" is as wrong as an illegal one
	}
	if err != nil {
		if j.ctx.Err() != nil {
			return Reply{}, false // the caller gave up: no failure of the engine
		}
		s.fail("go", err)
		return Reply{}, false
	}
	return Reply{UCI: j.pos.current.UCI(res.BestMove), Engine: s.client.Name(), Depth: res.Info.Depth, Nodes: res.Info.Nodes}, true
}

// fail logs a failure of the external engine, closes it and waits
// stockfishRetry before the next start.
func (s *stockfish) fail(what string, err error) {
	s.failures.Add(1)
	s.logger.Error("ai: external engine failed; the built-in engine plays instead", "engine", s.path, "step", what, "err", err)
	s.close()
	s.retryAt = time.Now().Add(stockfishRetry)
}

// close ends the external engine, if it runs.
func (s *stockfish) close() {
	if s == nil {
		return
	}
	if s.starting != nil {
		if c := <-s.starting; c != nil {
			c.Close()
		}
		s.starting = nil
	}
	if s.client == nil {
		return
	}
	s.client.Close()
	s.client = nil
}
