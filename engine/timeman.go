package engine

import (
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Limits says when a search must stop. Zero fields are no limit; with no
// limit at all the search runs until its context is cancelled or it reaches
// the maximum depth. Several limits may be combined: the first one reached
// stops the search.
type Limits struct {
	Depth    int           // plies of iterative deepening
	Nodes    uint64        // nodes searched (deterministic: no clock is read)
	MoveTime time.Duration // exactly this long per move, less MoveOverhead
	// The clock: time left and increment per move of each side, and the
	// moves to the next time control (0: the rest of the game).
	WTime, BTime, WInc, BInc time.Duration
	MovesToGo                int
	// Infinite ignores the clock and searches until ctx is cancelled (or
	// the maximum depth is reached).
	Infinite bool
	// Mate stops the search once it proves a mate in at most this many
	// moves for the side to move.
	Mate int
	// MoveOverhead is the time kept back per move for the transmission of
	// the move and the engine's own latency (default 30ms).
	MoveOverhead time.Duration
}

const (
	defaultOverhead = 30 * time.Millisecond
	minThink        = time.Millisecond
)

// timeManager turns the clock into a soft limit (do not start another
// iteration after it, scaled by how unsettled the search is) and a hard
// limit (stop the search now).
type timeManager struct {
	now        func() time.Time
	start      time.Time
	useTime    bool
	fixed      bool // a fixed time per move: use it all
	soft, hard time.Duration
}

func (tm *timeManager) init(l Limits, us chess.Color, start time.Time, now func() time.Time) {
	*tm = timeManager{now: now, start: start}
	if l.Infinite {
		return
	}
	overhead := l.MoveOverhead
	if overhead <= 0 {
		overhead = defaultOverhead
	}
	if l.MoveTime > 0 {
		tm.useTime, tm.fixed = true, true
		tm.hard = max(l.MoveTime-overhead, minThink)
		tm.soft = tm.hard
		return
	}
	left, inc := l.WTime, l.WInc
	if us == chess.Black {
		left, inc = l.BTime, l.BInc
	}
	if left <= 0 {
		return
	}
	tm.useTime = true
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > 40 {
		mtg = 40
	}
	// What we may spend over the next mtg moves, keeping the overhead of
	// each back.
	avail := left + inc*time.Duration(mtg-1) - overhead*time.Duration(mtg+2)
	avail = max(avail, minThink)
	tm.soft = avail / time.Duration(mtg)
	if mtg == 1 {
		tm.soft = avail * 7 / 10
	}
	// Never spend more than a share of what is on the clock, so that a
	// slow move cannot flag.
	share := left * 3 / 4
	if mtg > 1 {
		share = left / 3
	}
	if mtg <= 2 {
		share = left * 2 / 3
	}
	tm.hard = min(tm.soft*5, share-overhead)
	tm.hard = max(tm.hard, minThink)
	tm.soft = max(min(tm.soft, tm.hard), minThink)
}

func (tm *timeManager) elapsed() time.Duration { return tm.now().Sub(tm.start) }
