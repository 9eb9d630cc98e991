package game

import "time"

// NextDeadline returns the earliest moment at which time alone would change
// the game — a flag falling (at the raw deadline plus the lag grace, see
// [Clock.FlagsAt]), a first move not made, a player not back within the
// reconnection window, a scheduled game's start or no-show — so that the
// runtime can set one timer. ok is false when no deadline is pending.
func (g *Game) NextDeadline() (at time.Time, ok bool) {
	d, ok := g.nextDeadline()
	return d.at, ok
}

// deadlineKind names what falls at a deadline. Of deadlines at the same
// moment, the lowest kind decides.
type deadlineKind uint8

const (
	deadlineStart deadlineKind = iota + 1
	deadlineNoShow
	deadlineFirstMove
	deadlineFlag
	deadlineAbandonment
)

type deadline struct {
	at   time.Time
	kind deadlineKind
}

// nextDeadline returns the earliest pending deadline.
func (g *Game) nextDeadline() (next deadline, ok bool) {
	if g.Over() {
		return deadline{}, false
	}
	consider := func(t time.Time, kind deadlineKind) {
		if !t.IsZero() && (!ok || t.Before(next.at)) {
			next, ok = deadline{at: t, kind: kind}, true
		}
	}
	st := &g.rec.State
	if !st.ScheduledAt.IsZero() {
		if !g.started() {
			consider(st.ScheduledAt, deadlineStart)
		}
		if !st.Present[White] || !st.Present[Black] {
			consider(g.noShowAt(), deadlineNoShow)
		}
	}
	consider(st.FirstMoveDeadline, deadlineFirstMove)
	if g.clock != nil {
		if t, running := g.clock.FlagsAt(); running {
			consider(t, deadlineFlag)
		}
	}
	if t, pending := g.abandonmentDeadline(); pending {
		consider(t, deadlineAbandonment)
	}
	return next, ok
}

// Expire applies the deadlines that have passed (see NextDeadline), in
// order, and reports whether the game changed. Every deadline but a
// scheduled game's start ends the game.
func (g *Game) Expire() bool {
	changed := false
	for g.expireOne() {
		changed = true
	}
	return changed
}

// expireOne applies the first deadline that has passed, if any.
func (g *Game) expireOne() bool {
	d, ok := g.nextDeadline()
	if !ok || g.now().Before(d.at) {
		return false
	}
	st := &g.rec.State
	switch d.kind {
	case deadlineStart:
		g.startScheduled(d.at)
	case deadlineNoShow:
		g.noShowDue(d.at, !st.Present[White], !st.Present[Black])
	case deadlineFirstMove:
		switch {
		case !st.ScheduledAt.IsZero():
			// In a scheduled game, not making one's first move is not
			// showing up.
			g.noShow(g.Turn() == White, g.Turn() == Black)
		case g.rec.NoStartLoses:
			g.end(NoStart, WinFor(g.Turn().Other()))
		default:
			g.abort()
		}
	case deadlineFlag:
		g.flag()
		if st.Termination == NoShow {
			st.EndedAt = d.at.UTC().Truncate(time.Millisecond)
		}
	default:
		g.abandon()
	}
	return true
}

// Abandonment, after lichess: the win for an opponent's absence goes only
// to a player who is there to take it. A player is gone from the moment
// their connection drops (Disconnect) until they reconnect or make a move;
// a player gone for the whole reconnection window has abandoned the game.
//
//   - One player gone, the other there: at the end of the gone player's
//     window, the gone player loses.
//   - Both gone: when the first to go runs out of window, nobody is there to
//     take the win, so nothing happens yet. If the other comes back (or
//     moves) before their own window ends, they win at once. If not, at the
//     end of their window both have abandoned, and the game ends as an
//     abandonment lost by both (0-0) — whoever left first. Two players gone
//     at the same instant (a server restart drops everyone) therefore reach
//     the end of their windows together, and neither colour is favoured.
//
// Abandonment applies once both sides have moved; before that the
// first-move timer governs.

// abandonmentDeadline returns when the game is abandoned if nobody comes
// back: the end of the gone player's window, or of the later window when
// both are gone.
func (g *Game) abandonmentDeadline() (time.Time, bool) {
	if g.history.Len() < 2 {
		return time.Time{}, false
	}
	w, b := g.rec.State.GoneSince[White], g.rec.State.GoneSince[Black]
	var since time.Time
	switch {
	case w.IsZero() && b.IsZero():
		return time.Time{}, false
	case w.IsZero():
		since = b
	case b.IsZero():
		since = w
	default:
		since = later(w, b)
	}
	return since.Add(ReconnectWindow(g.rec.TimeControl)), true
}

// abandonedBy reports whether side has been gone for its whole reconnection
// window as of at, in a game where both sides have moved.
func (g *Game) abandonedBy(side Side, at time.Time) bool {
	gone := g.rec.State.GoneSince[side]
	return g.history.Len() >= 2 && !gone.IsZero() && !at.Before(gone.Add(ReconnectWindow(g.rec.TimeControl)))
}

// abandon ends a game whose abandonment deadline fell: the one gone player
// loses; when both are gone, both lose.
func (g *Game) abandon() {
	st := &g.rec.State
	switch {
	case !st.GoneSince[White].IsZero() && !st.GoneSince[Black].IsZero():
		g.end(Abandonment, BothLose)
	case !st.GoneSince[White].IsZero():
		g.end(Abandonment, WinFor(Black))
	default:
		g.end(Abandonment, WinFor(White))
	}
}

// noShow ends a scheduled game whose players did not show up: an absent
// player loses; if both are absent, both lose.
func (g *Game) noShow(whiteAbsent, blackAbsent bool) {
	switch {
	case whiteAbsent && blackAbsent:
		g.end(NoShow, BothLose)
	case whiteAbsent:
		g.end(NoShow, WinFor(Black))
	default:
		g.end(NoShow, WinFor(White))
	}
}

// ResumeAfterDowntime brings a game restored after the server was down
// back to life at once: Suspend(lastSeen) then Resume(lastSeen).
func (g *Game) ResumeAfterDowntime(lastSeen time.Time) {
	g.Suspend(lastSeen)
	g.Resume(lastSeen)
}

// Suspend stops a restored game's clock as of lastSeen, the last moment the
// server is known to have been up: the side on turn is charged up to then
// and no further; if that exhausts its time, the game is lost on time (or
// drawn, FIDE 6.9) at once. A runtime suspends every game it restores and stores them
// suspended before it takes commands again, then resumes them all at one
// moment, so the time it takes to start is charged to nobody either.
func (g *Game) Suspend(lastSeen time.Time) {
	if g.Over() || g.clock == nil {
		return
	}
	if st := &g.rec.State; !st.ScheduledAt.IsZero() && !g.started() && !lastSeen.Before(st.ScheduledAt) {
		// The start fell due while the server was up: the clock ran from
		// it until the server went down.
		g.startScheduled(st.ScheduledAt)
	}
	g.clock.Pause(lastSeen)
	if g.clock.State() == ClockStopped {
		// The time of the side on turn ran out while the server was up.
		g.flag()
		return
	}
	g.changed()
}

// Resume runs a suspended game again: the time from lastSeen to now is
// charged to nobody. The clock restarts now; the first-move deadline moves
// by the downtime; a scheduled game whose start fell due during the
// downtime starts now (its clock and default time count from now), while
// a no-show that fell due during it is applied (at its due time) by the
// next Expire; both players get a fresh reconnection window, since the
// server, not they, dropped their connections.
func (g *Game) Resume(lastSeen time.Time) {
	if g.Over() {
		return
	}
	now := g.now()
	down := max(now.Sub(lastSeen), 0)
	if g.clock != nil {
		g.clock.Resume(now)
	}
	st := &g.rec.State
	if !st.FirstMoveDeadline.IsZero() {
		st.FirstMoveDeadline = st.FirstMoveDeadline.Add(down).Truncate(time.Millisecond)
	}
	if !st.ScheduledAt.IsZero() && !g.started() && !now.Before(st.ScheduledAt) {
		g.startScheduled(now)
	}
	for _, s := range [2]Side{White, Black} {
		if g.awayCounts(s) {
			st.GoneSince[s] = now.UTC().Truncate(time.Millisecond)
		}
	}
	g.changed()
}
