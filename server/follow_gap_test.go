package server

import (
	"sync/atomic"
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// losingBus is a following bus that loses, for each follower, the first
// two events after version after (when set), as NATS may lose relayed
// ones.
type losingBus struct {
	*live.LocalBus
	after atomic.Int64
}

// Follow follows game id, less the event it loses.
func (b *losingBus) Follow(id string, deliver func(game.Event)) (cancel func()) {
	lost := 0 // the events of a game come one at a time
	return b.LocalBus.Follow(id, func(ev game.Event) {
		if after := b.after.Load(); lost < 2 && after > 0 && ev.Seq > after {
			lost++
			return
		}
		deliver(ev)
	})
}

// TestE2EFollowingBusGap: a socket that a following bus hands an event
// after a gap (an event it lost) gets the missed events from the runtime
// first, in order, or the whole game when the runtime no longer keeps
// them.
func TestE2EFollowingBusGap(t *testing.T) {
	for _, tc := range []struct {
		name       string
		keepEvents int
		full       bool // the gap is filled by a "full" frame
	}{
		{name: "the missed events", full: false},
		// The runtime keeps one to two events: not the two lost.
		{name: "the whole game", keepEvents: 1, full: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bus := &losingBus{LocalBus: live.NewLocalBus()}
			env := newPlayEnv(t, playOptions{bus: bus, keepEvents: tc.keepEvents})
			_, _, _, white, black := startedGame(t, env, "5+0")
			v := white.move("e2e4", 0, 1).V
			white.next("its move", func(f wsFrame) bool { return f.V == v })
			bus.after.Store(v)
			black.move("e7e5", 1, 2)
			white.move("g1f3", 2, 3)
			last := black.move("b8c6", 3, 4).V
			prev, full := v, false
			for prev < last {
				f := white.next("the events after the gap", func(f wsFrame) bool {
					return f.V > 0 && (f.T == "move" || f.T == "state" || f.T == "full")
				})
				switch {
				case f.T == "full":
					full = true
				case f.V <= prev:
					continue
				case f.V != prev+1:
					t.Fatalf("%s v=%d after v=%d", f.T, f.V, prev)
				}
				prev = max(prev, f.V)
			}
			if full != tc.full {
				t.Errorf("the gap filled by a full frame: %v, want %v", full, tc.full)
			}
		})
	}
}
