package engine

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Options configure an Engine.
type Options struct {
	// HashMB is the size of the transposition table in megabytes (default
	// 16; rounded down to a power-of-two number of buckets).
	HashMB int
	// Level is the playing level, 1 (Principiante) to 8 (Maestro); 0 is full
	// strength without the opening book, for analysis.
	Level int
	// MultiPV is the number of best lines to search and report (default 1).
	MultiPV int
	// Rand drives the random choices of the levels (which book move, which
	// of the near-best moves). Nil seeds a generator from the position, so
	// that the same position always gets the same choice.
	Rand *rand.Rand
	// Now is the clock the time limits are measured on (time.Now when
	// nil). Tests inject a clock that moves as the search reads it, so
	// that a timed search stops after the same nodes on any machine.
	Now func() time.Time
}

// DefaultHashMB is the size of the transposition table when Options.HashMB
// is zero.
const DefaultHashMB = 16

// Info reports a finished iteration of the search (one per MultiPV line),
// as UCI's "info" line does.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1 for the best line
	Score           Score
	Nodes           uint64
	Time            time.Duration
	NPS             uint64
	HashFull        int // permille of the transposition table in use
	PV              []chess.Move
}

// Result is the outcome of a search.
type Result struct {
	// BestMove is the move to play; NullMove only when there is no legal
	// move.
	BestMove chess.Move
	// PonderMove is the reply the engine expects, or NullMove.
	PonderMove chess.Move
	// Info describes the line of BestMove at the last completed depth.
	Info Info
}

// Engine is a chess engine. It keeps its transposition table and move
// ordering statistics from one search to the next. It is not safe for
// concurrent use: one Search at a time, and SetOptions or NewGame only
// between searches.
type Engine struct {
	opts  Options
	tt    *transTable
	pawns *pawnTable
	hist  *histories

	stack     [maxPly + 4]frame
	positions [maxPly + 4]chess.Position // the children of each ply, kept here rather than on the goroutine's stack
	pickers   [maxPly + 4]movePicker     // the moves of each ply
	sePickers [maxPly + 4]movePicker     // the moves of singular-extension searches, which reuse a ply
	keys      []uint64                   // repetition keys: the game's history, then the search path
	rootIdx   int
	pvTable   [maxPly + 2][maxPly + 2]chess.Move
	pvLen     [maxPly + 2]int
	rootMoves []rootMove
	pvIdx     int
	rootDepth int
	nodes     uint64
	selDepth  int
	stopped   bool
	nmpMinPly int

	tm        timeManager
	nodeLimit uint64
	done      <-chan struct{}

	// Handicaps of the weaker levels.
	noise     int
	noiseSeed uint64
	qsLimit   int
}

// New returns an engine configured by opts.
//
// Its tables (the transposition table, the pawn cache and the move
// histories, a few megabytes and more) take their memory with the first
// search: a server holds engines, for the AI and for analysis, that may
// never search.
func New(opts Options) *Engine {
	e := &Engine{tt: newTransTable(hashMB(opts))}
	e.opts = opts
	return e
}

// allocate gives the engine its tables if it has none yet.
func (e *Engine) allocate() {
	e.tt.allocate()
	if e.pawns == nil {
		e.pawns, e.hist = new(pawnTable), new(histories)
	}
}

func hashMB(o Options) int {
	if o.HashMB <= 0 {
		return DefaultHashMB
	}
	return o.HashMB
}

// SetOptions changes the options; call it only between searches. A new
// hash size reallocates (and so clears) the table; a new level clears it
// too, since weaker levels store handicapped results.
func (e *Engine) SetOptions(opts Options) {
	if hashMB(opts) != hashMB(e.opts) {
		e.tt.resize(hashMB(opts))
	} else if opts.Level != e.opts.Level {
		e.tt.clear()
	}
	e.opts = opts
}

// NewGame forgets everything learnt in earlier searches: the transposition
// table, killer moves and histories.
func (e *Engine) NewGame() {
	e.tt.clear()
	if e.pawns != nil {
		*e.hist = histories{}
		*e.pawns = pawnTable{}
	}
	for i := range e.stack {
		e.stack[i] = frame{}
	}
}

// checkStop counts a node and reports whether the search must stop. The
// node and time limits apply once the first iteration is complete, so that
// there is always a searched move; a cancelled context stops at once.
func (e *Engine) checkStop() bool {
	e.nodes++
	if e.stopped {
		return true
	}
	if e.rootDepth > 1 && e.nodes >= e.nodeLimit {
		e.stopped = true
		return true
	}
	if e.nodes&1023 == 0 {
		select {
		case <-e.done:
			e.stopped = true
		default:
		}
		if e.tm.useTime && e.rootDepth > 1 && e.tm.elapsed() >= e.tm.hard {
			e.stopped = true
		}
	}
	return e.stopped
}

// noiseFor returns the evaluation noise of a weaker level for the position
// with the given key: fixed within a search, so the table stays consistent.
func (e *Engine) noiseFor(key uint64) int {
	h := key ^ e.noiseSeed
	h ^= h >> 31
	h *= 0x7FB5D329728EA185
	h ^= h >> 27
	return int(h%uint64(2*e.noise+1)) - e.noise
}

// Search searches pos and returns the move to play. history holds the
// RepetitionKey of each earlier position of the game, oldest first (nil if
// unknown), so that the search sees repetitions. onInfo, if not nil, is
// called after each completed iteration, once per MultiPV line.
//
// The search stops at the first limit reached or when ctx is cancelled; it
// always returns a legal move when there is one, even if stopped at once.
// With only Depth and Nodes limits it is deterministic (see the package
// documentation). Search must not be called concurrently on one Engine.
func (e *Engine) Search(ctx context.Context, pos chess.Position, history []uint64, limits Limits, onInfo func(Info)) Result {
	now := e.opts.Now
	if now == nil {
		now = time.Now
	}
	start := now()
	if ctx == nil {
		ctx = context.Background()
	}
	var legal chess.MoveList
	pos.GenerateLegal(&legal)
	if legal.N == 0 {
		sc := Score{}
		if pos.InCheck() {
			sc = makeScore(matedIn(0))
		}
		info := Info{Score: sc}
		if onInfo != nil {
			onInfo(info)
		}
		return Result{Info: info}
	}

	level, hasLevel := LevelByNumber(e.opts.Level)
	if !hasLevel {
		level = fullStrength
	}
	rng := e.opts.Rand
	if rng == nil {
		rng = rand.New(rand.NewPCG(pos.Key(), uint64(len(history))))
	}
	if level.Book && limits.Mate == 0 {
		if m, ok := bookMove(&pos, rng); ok {
			info := Info{Depth: 1, MultiPV: 1, PV: []chess.Move{m}, Time: now().Sub(start)}
			if onInfo != nil {
				onInfo(info)
			}
			return Result{BestMove: m, Info: info}
		}
	}

	e.prepare(&pos, history, &legal, limits, level, start, now)
	e.done = ctx.Done()
	if level.Noise > 0 {
		e.noise, e.noiseSeed = level.Noise, rng.Uint64()
	}
	if level.Blunder > 0 && rng.Float64() < level.Blunder {
		e.qsLimit = 0
	}

	maxDepth := maxPly - 1
	if limits.Depth > 0 {
		maxDepth = min(maxDepth, limits.Depth)
	}
	if level.Depth > 0 {
		maxDepth = min(maxDepth, level.Depth)
	}
	multiPV := max(1, e.opts.MultiPV, level.MultiPV)
	multiPV = min(multiPV, len(e.rootMoves))
	if len(e.rootMoves) == 1 && e.tm.useTime && !e.tm.fixed {
		maxDepth = min(maxDepth, 4) // a forced move: answer at once
	}

	completed := e.iterate(&pos, maxDepth, multiPV, limits, onInfo)

	pick := 0
	if level.Margin > 0 && multiPV > 1 {
		pick = chooseCandidate(e.rootMoves[:multiPV], level.Margin, rng)
	}
	rm := e.rootMoves[pick]
	res := Result{BestMove: rm.move, Info: e.info(rm, max(completed, 1), pick+1)}
	if len(rm.pv) >= 2 {
		res.PonderMove = rm.pv[1]
	} else {
		child := pos
		child.PlayUnchecked(rm.move)
		if h, ok := e.tt.probe(child.Key()); ok && h.move != chess.NullMove && child.IsLegal(h.move) {
			res.PonderMove = h.move
		}
	}
	return res
}

// prepare resets the per-search state: the node count, the path, the root
// moves in their first order, the limits.
func (e *Engine) prepare(pos *chess.Position, history []uint64, legal *chess.MoveList, limits Limits, level Level, start time.Time, now func() time.Time) {
	e.allocate()
	e.tt.newSearch()
	e.nodes, e.selDepth, e.stopped, e.nmpMinPly, e.rootDepth = 0, 0, false, 0, 0
	e.noise, e.noiseSeed = 0, 0
	e.qsLimit = maxPly
	if level.QSearch >= 0 {
		e.qsLimit = level.QSearch
	}
	e.rootIdx = len(history)
	need := len(history) + maxPly + 4
	if cap(e.keys) < need {
		e.keys = make([]uint64, need)
	}
	e.keys = e.keys[:need]
	copy(e.keys, history)
	e.keys[e.rootIdx] = pos.RepetitionKey()
	for i := range e.stack {
		e.stack[i] = frame{eval: scoreNone}
	}
	e.stack[0].sinceNull = maxPly * 2

	var mp movePicker
	mp.list = *legal
	ttMove := chess.NullMove
	if h, ok := e.tt.probe(pos.Key()); ok {
		ttMove = h.move
	}
	e.scoreMoves(pos, &mp, ttMove, 0)
	e.rootMoves = e.rootMoves[:0]
	for {
		m, _, ok := mp.pick()
		if !ok {
			break
		}
		e.rootMoves = append(e.rootMoves, rootMove{move: m, score: -scoreInf, prevScore: -scoreInf, pv: []chess.Move{m}})
	}

	e.tm.init(limits, pos.Turn(), start, now)
	e.nodeLimit = ^uint64(0)
	if limits.Nodes > 0 {
		e.nodeLimit = limits.Nodes
	}
	if level.Nodes > 0 {
		e.nodeLimit = min(e.nodeLimit, level.Nodes)
	}
}

// info describes root move rm after depth.
func (e *Engine) info(rm rootMove, depth, multiPV int) Info {
	elapsed := e.tm.elapsed()
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(e.nodes) / elapsed.Seconds())
	}
	score := rm.score
	if score == -scoreInf {
		score = rm.prevScore
	}
	var sc Score
	if score != -scoreInf {
		sc = makeScore(score)
	}
	return Info{
		Depth:    depth,
		SelDepth: max(rm.selDepth, depth),
		MultiPV:  multiPV,
		Score:    sc,
		Nodes:    e.nodes,
		Time:     elapsed,
		NPS:      nps,
		HashFull: e.tt.hashfull(),
		PV:       slicesClone(rm.pv),
	}
}

func slicesClone(pv []chess.Move) []chess.Move {
	return append([]chess.Move(nil), pv...)
}
