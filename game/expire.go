package game

import "time"

// NextDeadline returns the earliest moment at which time alone would change
// the game — a flag falling, a first move not made, a player not back
// within the reconnection window, a scheduled game's no-show — so that the
// runtime can set one timer. ok is false when no deadline is pending.
func (g *Game) NextDeadline() (at time.Time, ok bool) {
	if g.Over() {
		return time.Time{}, false
	}
	consider := func(t time.Time) {
		if !t.IsZero() && (!ok || t.Before(at)) {
			at, ok = t, true
		}
	}
	st := &g.rec.State
	if !st.ScheduledAt.IsZero() && (!st.Present[White] || !st.Present[Black]) {
		consider(st.ScheduledAt.Add(NoShowGrace))
	}
	consider(st.FirstMoveDeadline)
	if g.clock != nil {
		if t, running := g.clock.ExpiresAt(); running {
			consider(t)
		}
	}
	if g.history.Len() >= 2 {
		window := ReconnectWindow(g.rec.TimeControl)
		for _, s := range [2]Side{White, Black} {
			if !st.GoneSince[s].IsZero() {
				consider(st.GoneSince[s].Add(window))
			}
		}
	}
	return at, ok
}

// Expire applies every deadline that has passed (see NextDeadline) and
// reports whether the game changed. The first deadline to have passed
// decides.
func (g *Game) Expire() bool {
	if g.Over() {
		return false
	}
	at, ok := g.NextDeadline()
	now := g.now()
	if !ok || now.Before(at) {
		return false
	}
	st := &g.rec.State
	// The deadlines, checked in order of when they fell.
	switch {
	case !st.ScheduledAt.IsZero() && at.Equal(st.ScheduledAt.Add(NoShowGrace)) && (!st.Present[White] || !st.Present[Black]):
		g.noShow(!st.Present[White], !st.Present[Black])
	case !st.FirstMoveDeadline.IsZero() && at.Equal(st.FirstMoveDeadline):
		if st.ScheduledAt.IsZero() {
			g.abort()
		} else {
			// In a scheduled game, not making one's first move is not
			// showing up.
			g.noShow(g.Turn() == White, g.Turn() == Black)
		}
	case g.clock != nil && g.clock.Flagged(now):
		g.flag()
	default:
		// An abandonment: of two gone players, the first to go loses.
		gone := White
		if st.GoneSince[White].IsZero() || (!st.GoneSince[Black].IsZero() && st.GoneSince[Black].Before(st.GoneSince[White])) {
			gone = Black
		}
		g.end(Abandonment, WinFor(gone.Other()))
	}
	return true
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
// and no further. A runtime suspends every game it restores and stores them
// suspended before it takes commands again, then resumes them all at one
// moment, so the time it takes to start is charged to nobody either.
func (g *Game) Suspend(lastSeen time.Time) {
	if g.Over() || g.clock == nil {
		return
	}
	g.clock.Pause(lastSeen)
	g.changed()
}

// Resume runs a suspended game again: the time from lastSeen to now is
// charged to nobody. The clock restarts now; the first-move and no-show
// deadlines move by the downtime; both players get a fresh reconnection
// window, since the server, not they, dropped their connections.
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
	if !st.ScheduledAt.IsZero() && lastSeen.Before(st.ScheduledAt.Add(NoShowGrace)) && now.After(st.ScheduledAt) {
		st.ScheduledAt = st.ScheduledAt.Add(down).Truncate(time.Millisecond)
	}
	for _, s := range [2]Side{White, Black} {
		if !g.Player(s).IsAI() {
			st.GoneSince[s] = now.UTC().Truncate(time.Millisecond)
		}
	}
	g.changed()
}
