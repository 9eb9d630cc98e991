package uci

import (
	"context"
	"slices"
	"sync/atomic"

	"github.com/joinpal/joinpal/chess"
)

// job is one go command: its search runs in a goroutine of its own while the
// Server goes on reading commands.
type job struct {
	cancel  context.CancelFunc // stop: ends the search, which then answers
	ctx     context.Context
	ponder  bool
	hit     chan struct{} // closed on ponderhit
	hitSent bool          // read and written by the command loop only
	// answered is set as bestmove is written (under the writer's lock, so
	// that a GUI that has read bestmove finds the search over), done is
	// closed when the goroutine ends.
	answered atomic.Bool
	done     chan struct{}
}

// searching reports whether a search is running.
func (s *Server) searching() bool {
	return s.job != nil && !s.job.answered.Load()
}

// stopSearch stops the running search, if any, and waits for its bestmove.
func (s *Server) stopSearch() {
	if s.job != nil {
		s.job.cancel()
		<-s.job.done
		s.job = nil
	}
}

// goSearch runs "go ...": it starts the search and returns at once.
func (s *Server) goSearch(args []string) {
	limits, problems := ParseGo(s.pos, args)
	for _, p := range problems {
		s.info(p + " (ignored)")
	}
	if len(limits.SearchMoves) > 0 && !s.cfg.SearchMoves {
		s.info("go: searchmoves is not supported by this engine; searching every move")
		limits.SearchMoves = nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, ctx: ctx, ponder: limits.Ponder, hit: make(chan struct{}), done: make(chan struct{})}
	limits.Ponder = false
	s.job = j
	p := SearchParams{Start: s.start, Moves: slices.Clone(s.moves), Position: s.pos, Limits: limits}
	go s.think(j, p)
}

// think runs the search of j and writes its info lines and its one bestmove.
// A ponder search is an infinite search of the position; on ponderhit it
// gives way to a search with the go command's limits (the engine keeps what
// its hash table learned). After an infinite or ponder search the bestmove
// waits for stop, as UCI asks.
func (s *Server) think(j *job, p SearchParams) {
	defer close(j.done)
	defer j.cancel()
	var printed atomic.Bool
	pos := p.Position
	p.OnInfo = func(info Info) {
		printed.Store(true)
		s.out.line(FormatInfo(pos, info))
	}
	var res Result
	search := true
	if j.ponder {
		pctx, pcancel := context.WithCancel(j.ctx)
		watched := make(chan struct{})
		go func() {
			select {
			case <-j.hit:
				pcancel()
			case <-watched:
			}
		}()
		pp := p
		pp.Limits = Limits{Infinite: true, Depth: p.Limits.Depth, Nodes: p.Limits.Nodes, Mate: p.Limits.Mate, SearchMoves: p.Limits.SearchMoves}
		res = s.searchSafely(pctx, pp)
		close(watched)
		pcancel()
		select {
		case <-j.hit:
		case <-j.ctx.Done():
		}
		search = j.ctx.Err() == nil // ponderhit, not stop
	}
	if search {
		printed.Store(false)
		res = s.searchSafely(j.ctx, p)
		if p.Limits.Infinite {
			<-j.ctx.Done()
		}
	}
	if !printed.Load() && (res.Info.Depth > 0 || res.Info.Nodes > 0) {
		s.out.line(FormatInfo(pos, res.Info))
	}
	s.out.lineThen(s.bestMoveLine(pos, res), func() { j.answered.Store(true) })
}

// searchSafely runs the engine's search; if the engine panics, the panic is
// reported as an info string and the result is empty, so that the GUI still
// gets a legal bestmove.
func (s *Server) searchSafely(ctx context.Context, p SearchParams) (res Result) {
	defer func() {
		if r := recover(); r != nil {
			s.info("engine failed: " + panicText(r))
			res = Result{}
		}
	}()
	return s.engine.Search(ctx, p)
}

// bestMoveLine returns the bestmove line for res in pos. A best move that is
// not legal (or missing) is replaced by the first legal move, reported in
// an info string; with no legal move the answer is "bestmove (none)".
func (s *Server) bestMoveLine(pos chess.Position, res Result) string {
	best := res.BestMove
	if best == chess.NullMove || !pos.IsLegal(best) {
		legal := pos.LegalMoves(nil)
		if len(legal) == 0 {
			return "bestmove (none)"
		}
		if best != chess.NullMove {
			s.info("engine chose an illegal move; playing a legal one instead")
		}
		best = legal[0]
	}
	line := "bestmove " + pos.UCI(best)
	ponder := res.PonderMove
	if ponder == chess.NullMove && len(res.Info.PV) >= 2 && res.Info.PV[0] == best {
		ponder = res.Info.PV[1]
	}
	after := pos
	after.PlayUnchecked(best)
	if ponder != chess.NullMove && after.IsLegal(ponder) {
		line += " ponder " + after.UCI(ponder)
	}
	return line
}
