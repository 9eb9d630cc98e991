package live

import (
	"context"

	"github.com/joinpal/joinpal/game"
)

// The events a game publishes, and those it keeps for clients that
// reconnect.

// keep remembers ev for clients that reconnect. Only the newest event keeps
// its list of legal moves (a client replaying events needs them for the
// latest position only), which keeps a game's memory small. The buffer
// holds up to twice KeepEvents and slides back to KeepEvents when full, so
// keeping costs O(1) amortized.
func (a *actor) keep(ev game.Event) {
	if n := len(a.events); n > 0 {
		a.events[n-1].Legal = nil
	}
	if keep := a.rt.cfg.KeepEvents; len(a.events) >= 2*keep {
		n := copy(a.events, a.events[len(a.events)-keep+1:])
		clear(a.events[n:])
		a.events = a.events[:n]
	}
	a.events = append(a.events, ev)
}

// kept returns the kept events after seq, the newest with its legal moves.
func (a *actor) kept(seq int64) []game.Event {
	var out []game.Event
	for _, ev := range a.events {
		if ev.Seq > seq {
			out = append(out, ev)
		}
	}
	return out
}

// full returns the whole game as an EventFull with the current Seq.
func (a *actor) full() game.Event {
	ev := a.g.NewEvent(game.EventFull, nil)
	ev.Seq = a.seq
	return ev
}

// published numbers, keeps and publishes an event of the game as it is now;
// the state (with the new Seq) must already be durable. An event that does
// not follow the last one published (a failed write took the number
// between, or the store was read again holding a write that was never
// published) goes out as a full event: clients never see a version skipped
// without one.
func (a *actor) published(typ game.EventType, mv *game.MoveRecord) game.Event {
	if a.seq != a.sent+1 {
		typ = game.EventFull
	}
	a.sent = a.seq
	ev := a.g.NewEvent(typ, mv)
	ev.Seq = a.seq
	a.keep(ev)
	if err := a.rt.cfg.Bus.Publish(context.Background(), ev); err != nil {
		a.rt.cfg.Logger.Error("live: publish", "game", a.id, "err", err)
	}
	a.rearm()
	return ev
}
