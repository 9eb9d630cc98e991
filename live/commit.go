package live

import (
	"context"
	"errors"
	"time"

	"github.com/joinpal/joinpal/game"
)

// A change of a game, written before anything else happens: the write,
// what publishing it takes once it is durable, and the way back to what
// the store holds when it is not confirmed.

// pendingWrite is a change of the game being written: what publishing it
// takes, and, once published (done), its event.
type pendingWrite struct {
	typ  game.EventType
	mv   *game.MoveRecord
	seq  int64
	done bool
	ev   game.Event
}

// ready brings the game to where commands can run on it: read again from
// the store after a write whose fate is unknown, resumed after a restart.
// It fails with CodeUnavailable or CodeNotStored when it cannot, and the
// timer tries again. (A game held through an outage of the store resumes
// with its next write: see commit.)
func (a *actor) ready(ctx context.Context) error {
	if a.unsynced && !a.sync() {
		a.failed()
		return NewError(CodeUnavailable, "game "+a.id+": the store cannot be read", nil)
	}
	if !a.resumeFrom.IsZero() {
		from := a.resumeFrom
		if _, _, err := a.commit(ctx, func(g *game.Game) (*game.MoveRecord, error) {
			g.Resume(from)
			return nil, nil
		}); err != nil {
			a.failed()
			return err
		}
		// The restart's resume gives back an outage that came after it.
		a.resumeFrom, a.heldFrom = time.Time{}, time.Time{}
	}
	return nil
}

// hold holds the game's clocks after the store failed a write of it (err),
// from the moment the store's outage began.
func (a *actor) hold(err error) {
	since := a.rt.writeFailed(err)
	if a.heldFrom.IsZero() {
		a.heldFrom = since
	}
	if a.retry == 0 {
		a.failed() // the timer tries to resume the game until it can
	}
}

// commit runs f on the game and, if the game changed, stores the change —
// the move f returns with the new state, or the new state alone — then
// publishes it. A game held through an outage of the store (heldFrom) is
// resumed first, in the same write: its clock stops as of the outage's
// start and runs again now, so the time between is charged to nobody, as
// after a restart; a move made then is stored with its resume by one
// AppendMove, checked against the moves the store holds. The write is bound to the runtime's StoreTimeout, not to
// ctx: once made, it is not abandoned halfway because a caller gave up.
//
// If the store does not confirm the write, the game goes back to what the
// store holds (read again, to learn whether the write happened after all)
// and commit returns an error with CodeNotStored. Otherwise it returns the
// event, whether the game changed, and f's own error.
func (a *actor) commit(ctx context.Context, f func(g *game.Game) (*game.MoveRecord, error)) (game.Event, bool, error) {
	g := a.g
	v, plies, before := g.Version(), g.Ply(), g.StateInto(&a.beforeClock)
	// The moves as they were: a takeback shortens the game's list without
	// touching the array behind this slice, so undo can restore them.
	moves := g.Moves()
	if !a.heldFrom.IsZero() && a.resumeFrom.IsZero() {
		g.ResumeAfterDowntime(a.heldFrom)
	}
	mv, ferr := f(g)
	if g.Version() == v {
		return game.Event{}, false, ferr
	}
	st := g.StateInto(&a.storedClock)
	st.Seq = max(a.seq, a.tried) + 1
	a.tried = st.Seq
	takeback := mv == nil && g.Ply() < plies
	typ := game.EventState
	switch {
	case mv != nil:
		typ = game.EventMove
	case takeback:
		typ = game.EventFull // the moves taken back leave the list: it goes out whole
	}
	a.writing = pendingWrite{typ: typ, mv: mv, seq: st.Seq}
	defer a.clearWriting()
	// The change is published as soon as it is durable: by the store's
	// writer where it can (committed), else below.
	if a.writer == nil {
		a.writer = new(game.Writer)
	}
	wctx, cancel := a.rt.writeContextIn(a.writer, ctx, a.epoch, a.committedFunc)
	var err error
	switch {
	case mv != nil:
		err = a.rt.cfg.Store.AppendMove(wctx, a.id, *mv, st)
	case takeback:
		err = a.rt.cfg.Store.TakeBack(wctx, a.id, plies, g.Ply(), st)
	default:
		err = a.rt.cfg.Store.SaveState(wctx, a.id, st)
	}
	cancel()
	if err != nil {
		a.writer = nil // the store may still hold its context
	}
	// Published on the store's writer, the write is durable, whatever
	// error a layer above the store's commit may have added.
	if err != nil && !a.writing.done {
		a.rt.failedWrites.Add(1)
		if errors.Is(err, game.ErrNotOwner) {
			a.rt.cfg.Logger.Warn("live: another node owns the game now; it leaves this one", "game", a.id, "err", err)
			a.lost = true
			return game.Event{}, false, NewError(CodeUnavailable, "game "+a.id+": another node runs it now", err)
		}
		if errors.Is(err, game.ErrDecided) && a.sync() {
			return a.decidedElsewhere(err), true, game.NewError(game.CodeDecided, "game "+a.id+" was decided elsewhere; its stored end stands", err)
		}
		a.rt.cfg.Logger.Error("live: a write of the game failed; the game stays as stored", "game", a.id, "err", err)
		if !a.undo(moves[:plies], before, st.Seq) {
			a.hold(err)
			return game.Event{}, false, NewError(CodeNotStored, "game "+a.id+": the change could not be stored; nothing changed", err)
		}
		// Read again, the write turns out to have been stored: the store
		// lost only its answer.
	}
	a.committed()
	return a.writing.ev, true, ferr
}

// committed finishes the change being written (writing), now durable: the
// game takes its number, and its event is published and, for a move,
// handed to acked. It runs once per write: on the store's writer, which
// has just committed it, while commit waits for the store's answer (game.
// WithOnCommit), or else in commit.
func (a *actor) committed() {
	w := &a.writing
	if w.done {
		return
	}
	w.done = true
	a.rt.writeConfirmed()
	a.seq, a.retry, a.heldFrom = w.seq, 0, time.Time{}
	w.ev = a.published(w.typ, w.mv)
	if acked := a.acked; acked != nil && w.ev.Move != nil {
		a.acked = nil
		acked(Ack{GameID: a.id, Move: *w.ev.Move, Seq: w.ev.Seq})
	}
}

// clearWriting forgets the change commit was writing, once commit is done
// with it.
func (a *actor) clearWriting() { a.writing = pendingWrite{} }

// decidedElsewhere announces the end the store holds for a game whose
// write it refused because someone else (another node, a process that ran
// the game before) decided it. The game was just read again (sync): its
// stored end is published as a full event, numbered after every event this
// runtime published, and, being over, the game leaves the runtime when the
// command returns.
func (a *actor) decidedElsewhere(err error) game.Event {
	a.rt.cfg.Logger.Warn("live: the store holds the game as decided elsewhere; its stored end stands", "game", a.id, "err", err)
	a.seq = max(a.seq, a.tried) + 1
	a.tried = a.seq
	return a.published(game.EventFull, nil)
}

// undo brings the game back to what the store holds after a write of
// sequence number seq failed, and reports whether the store holds that
// write after all. The store is read again; if it cannot be, the game goes
// back to what it was before the change (the moves and the state before),
// and is marked unsynced until the store can be read.
func (a *actor) undo(moves []game.MoveRecord, before game.State, seq int64) bool {
	if a.sync() {
		return a.seq == seq
	}
	rec := a.g.Record()
	rec.Moves = append([]game.MoveRecord(nil), moves...)
	rec.State = before
	g, err := game.Restore(rec, a.rt.cfg.Clock.Now)
	if err != nil { // cannot happen: the game was playing these moves
		a.rt.cfg.Logger.Error("live: the game cannot be brought back", "game", a.id, "err", err)
		return false
	}
	a.g = g
	a.unsynced = true
	a.failed()
	return false
}

// sync reads the game again from the store and reports whether it could.
func (a *actor) sync() bool {
	ctx, cancel := a.writeContext(context.Background())
	defer cancel()
	rec, err := a.rt.cfg.Store.LoadGame(ctx, a.id)
	var g *game.Game
	if err == nil {
		g, err = game.Restore(rec, a.rt.cfg.Clock.Now)
	}
	if err != nil {
		a.rt.cfg.Logger.Error("live: the game cannot be read again from the store", "game", a.id, "err", err)
		return false
	}
	if rec.State.Seq > a.seq {
		// A write made after the suspended state was stored: the resume,
		// if one was due, is stored too (it is the first write).
		a.resumeFrom = time.Time{}
	}
	a.g, a.seq, a.unsynced = g, rec.State.Seq, false
	a.rearm()
	return true
}

// apply runs a game command that changes state without a move: the game is
// made ready, then the change, if any, is stored and published.
func (a *actor) apply(ctx context.Context, f func(g *game.Game) error) error {
	return a.do(ctx, func() error {
		if err := a.ready(ctx); err != nil {
			return err
		}
		_, _, err := a.commit(ctx, func(g *game.Game) (*game.MoveRecord, error) { return nil, f(g) })
		return err
	})
}

// writeContext is the runtime's writeContext under the game's epoch.
func (a *actor) writeContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return a.rt.writeContextAt(ctx, a.epoch)
}
