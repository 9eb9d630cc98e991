package live

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/beat"
)

// A node alone, whose heartbeats go to the store it writes its games to
// (Config.Nodes unset), lets its games' writes carry them: a write made
// when the last carried beat is half a HeartbeatEvery old or more asks the
// store to record the node alive in the same commit (game.Beat), and the
// heartbeat's tick writes nothing while a carried beat is younger than
// HeartbeatEvery. So while games move, the node's heartbeat costs no
// write of its own — on PostgreSQL, which carries beats, a round trip and
// a commit a second — and the node is still recorded alive at most two
// HeartbeatEvery apart. A carried beat also pushes the tick back to the
// first of its instants a HeartbeatEvery after it (beat.Ticker.Defer), so
// that while games move the tick does not even wake: on a quiet node each
// wakeup costs more in the Go runtime than the beat itself. A store that
// does not carry beats leaves them unmarked and the tick writes every
// beat, as it would without them.
//
// Among several nodes (Config.Cluster) the heartbeat is also the node's
// lease, which runs out NodeTimeout less one HeartbeatEvery after its last
// beat began: there every beat is the tick's, one each HeartbeatEvery, so
// that three may fail before the lease does.

// carrier is the state of the beats that writes carry.
type carrier struct {
	// allowed tells that the writes may carry beats at all: the node is
	// alone, and its heartbeats go to the store it writes its games to
	// (Config.Nodes left unset).
	allowed bool
	// on is set once the heartbeat runs: a write before then carries
	// nothing.
	on atomic.Bool
	// since returns the time on the process's monotonic clock since
	// origin; nil: time.Since(origin).
	since  func() time.Duration
	origin time.Time
	// last is when the last beat a write carried began (since origin,
	// at least 1); 0 for none.
	last atomic.Int64
	// riding is set while a beat rides on a write: one at a time.
	riding atomic.Bool
	// tick is the heartbeat's ticker, which a carried beat pushes back;
	// nil before start.
	tick *beat.Ticker
}

// start lets writes carry beats from now on; each beat carried pushes
// tick, the heartbeat's ticker, back by a period.
func (c *carrier) start(tick *beat.Ticker) {
	c.origin = time.Now()
	c.tick = tick
	c.on.Store(true)
}

// now returns the carrier's time: since its origin, never 0.
func (c *carrier) now() time.Duration {
	var d time.Duration
	if c.since != nil {
		d = c.since()
	} else {
		d = time.Since(c.origin)
	}
	return max(d, 1)
}

// fresh reports whether a write carried a beat that began less than
// within ago: the heartbeat's tick need not write one.
func (c *carrier) fresh(within time.Duration) bool {
	last := time.Duration(c.last.Load())
	return last != 0 && c.now()-last < within
}

// carryBeat returns ctx, the context of a write that cancel ends, asking
// the write to carry the node's heartbeat when one is due (see carrier),
// with a cancel that notes the beat once the write is over.
func (r *Runtime) carryBeat(ctx context.Context, cancel context.CancelFunc) (context.Context, context.CancelFunc) {
	c := &r.carry
	if !c.allowed || !c.on.Load() || c.fresh(r.cfg.HeartbeatEvery/2) || !c.riding.CompareAndSwap(false, true) {
		return ctx, cancel
	}
	begun := c.now()
	b := &game.Beat{Node: r.cfg.Node, At: r.cfg.Clock.Now()}
	return game.WithBeat(ctx, b), func() {
		cancel()
		if b.Carried() {
			for {
				last := c.last.Load()
				if last >= int64(begun) || c.last.CompareAndSwap(last, int64(begun)) {
					break
				}
			}
			// No beat of the tick's is due before a period after this one.
			c.tick.Defer(c.origin.Add(begun + r.cfg.HeartbeatEvery))
		}
		c.riding.Store(false)
	}
}
