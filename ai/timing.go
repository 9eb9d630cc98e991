package ai

import (
	"math/rand/v2"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Timing is the AI's time management: how much of its clock a move may
// take, and the human-like pause of the low levels. The zero Timing is the
// default of every field.
type Timing struct {
	// Reserve is kept back on the clock after every move, for what happens
	// between the search and the game's clock: the queue, the store's write
	// of the move, the network of another node (default 300 ms). A move
	// never spends the last Reserve of the clock.
	Reserve time.Duration
	// MovesLeft is how many more moves a whole-game clock is shared
	// among (default 30): a move takes Remaining/MovesLeft plus three
	// quarters of the increment.
	MovesLeft int
	// MaxShare is the largest fraction of the time left that one move may
	// take, as 1/MaxShare (default 4: a quarter).
	MaxShare int
	// PerMoveShare is the fraction of a per-move allowance a move may
	// take, as 1/PerMoveShare (default 2: half), so that its unused time
	// stays a margin.
	PerMoveShare int
	// Untimed is the search time of a move without a clock (default 2 s;
	// the levels' own node and depth limits end most searches far sooner).
	Untimed time.Duration
	// MaxThink caps every search (default 15 s).
	MaxThink time.Duration
	// DelayLevels is the highest level that pauses like a person before it
	// moves (default 3: Principiante, Fácil, Aficionado); -1 for none.
	DelayLevels int
	// DelayMin and DelayMax bound the pause (defaults 500 ms and 2 s).
	DelayMin, DelayMax time.Duration
	// DelayShare is the largest fraction of the move's budget the pause
	// may take, as 1/DelayShare (default 3), so that it shrinks as the
	// clock runs low.
	DelayShare int
	// NoDelayBelow: a move whose budget is below this has no pause at all
	// (default 1.5 s).
	NoDelayBelow time.Duration
}

func (t Timing) withDefaults() Timing {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	defInt := func(n *int, v int) {
		if *n <= 0 {
			*n = v
		}
	}
	def(&t.Reserve, 300*time.Millisecond)
	defInt(&t.MovesLeft, 30)
	defInt(&t.MaxShare, 4)
	defInt(&t.PerMoveShare, 2)
	def(&t.Untimed, 2*time.Second)
	def(&t.MaxThink, 15*time.Second)
	if t.DelayLevels == 0 {
		t.DelayLevels = 3
	}
	def(&t.DelayMin, 500*time.Millisecond)
	def(&t.DelayMax, 2*time.Second)
	t.DelayMax = max(t.DelayMax, t.DelayMin)
	defInt(&t.DelayShare, 3)
	def(&t.NoDelayBelow, 1500*time.Millisecond)
	return t
}

// Plan is what the time management allows one move.
type Plan struct {
	// Budget is the most the whole move may take from now: the search and
	// the pause overlap, so the move takes max(search, Delay) ≤ Budget. A
	// zero Budget on a timed clock means no time at all: the shallowest
	// search (depth 1), at once.
	Budget time.Duration
	// Delay is the human-like pause: the move is not played before it has
	// passed since the request.
	Delay time.Duration
	// Search caps the search: Budget, or less when other requests wait
	// (see [Plan.Shared]).
	Search time.Duration
}

// Shared returns the plan of a move searched while waiting requests wait
// for workers workers: its search gets Budget × workers / (workers +
// waiting), so that under load every search is shorter and the queue
// drains before the clocks of the games in it run out. The pause and the
// budget of the whole move do not change.
func (p Plan) Shared(waiting, workers int) Plan {
	if waiting > 0 && workers > 0 {
		p.Search = time.Duration(float64(p.Search) * float64(workers) / float64(workers+waiting))
	}
	return p
}

// Plan returns the time plan of one move at level for clock c, read at
// now; seed makes the pause repeatable. t should have its defaults (a
// zero Timing is completed with them).
func (t Timing) Plan(c Clock, level int, now time.Time, seed uint64) Plan {
	t = t.withDefaults()
	var p Plan
	left := c.Remaining
	if c.Running && !c.At.IsZero() && now.After(c.At) {
		left -= now.Sub(c.At)
	}
	switch c.Mode {
	case game.ModeWholeGame:
		p.Budget = min(left/time.Duration(t.MovesLeft)+c.Increment*3/4, left/time.Duration(t.MaxShare), left-t.Reserve)
	case game.ModePerMove:
		allowance := c.PerMove
		if allowance <= 0 {
			allowance = c.Remaining
		}
		p.Budget = min(allowance/time.Duration(t.PerMoveShare), left-t.Reserve)
	default:
		p.Budget = t.Untimed
	}
	p.Budget = max(min(p.Budget, t.MaxThink), 0)
	p.Search = p.Budget
	if level > t.DelayLevels {
		return p
	}
	rng := rand.New(rand.NewPCG(seed, uint64(level)))
	d := t.DelayMin + time.Duration(rng.Int64N(int64(t.DelayMax-t.DelayMin)+1))
	if c.Timed() {
		if p.Budget < t.NoDelayBelow {
			return p
		}
		d = min(d, p.Budget/time.Duration(t.DelayShare))
	}
	p.Delay = d
	return p
}
