package game

import "time"

// Resign ends the game: side loses. A player may resign at any moment of a
// game that is not over, before the first move too.
func (g *Game) Resign(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	g.end(Resignation, WinFor(side.Other()))
	return nil
}

// Leave is a player leaving the game for good (a leave action: the page's
// leave frame, its beacon, the HTTP endpoint — not a dropped connection,
// see [Game.Disconnect]). It is the one rule of leaving: while the game may
// still be aborted ([Game.Abort] would accept it: a game that is not
// scheduled, before both sides have moved), leaving aborts it, with no
// result; from then on, leaving counts as resigning.
func (g *Game) Leave(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if g.abortable() == nil {
		g.abort()
		return nil
	}
	g.end(Resignation, WinFor(side.Other()))
	return nil
}

// Berserk is side's berserk in an arena game: half its time and no
// increment ([Clock.Berserk]), before its first move. The arena decides
// whether its games allow it; the game only keeps the clock.
func (g *Game) Berserk(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if g.clock == nil {
		return NewError(CodeCannotBerserk, "an untimed game has no clock to berserk", nil)
	}
	if err := g.clock.Berserk(side); err != nil {
		return err
	}
	g.changed()
	return nil
}

// Abort ends the game with no result. Either player may abort until both
// sides have made their first move, except in a scheduled game or a game
// whose first move is owed ([Config.NoStartLoses], a tournament's).
func (g *Game) Abort(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if err := g.abortable(); err != nil {
		return err
	}
	g.abort()
	return nil
}

// abortable returns nil while the game may be aborted, else the refusal
// (CodeCannotAbort) that says why not.
func (g *Game) abortable() error {
	if g.Scheduled() {
		return NewError(CodeCannotAbort, "a scheduled game cannot be aborted: resign or offer a draw instead", nil)
	}
	if g.rec.NoStartLoses {
		return NewError(CodeCannotAbort, "a tournament game cannot be aborted: resign or offer a draw instead", nil)
	}
	if g.history.Len() >= 2 {
		return NewError(CodeCannotAbort, "both sides have moved: resign or offer a draw instead", nil)
	}
	return nil
}

// OfferDraw offers a draw from side. An offer stays open until the
// opponent accepts or declines it, or until its maker moves again after the
// opponent has had the turn. Offering while the opponent's offer is open
// accepts it; offering twice changes nothing.
func (g *Game) OfferDraw(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if d := g.rec.State.DrawOffer; d != nil {
		if d.By == side {
			return nil
		}
		return g.AcceptDraw(side)
	}
	lapses := g.history.Len() + 1
	if g.Turn() == side {
		lapses++ // the move the offer goes with keeps it open
	}
	g.rec.State.DrawOffer = &DrawOffer{By: side, LapsesAtPly: lapses}
	g.changed()
	return nil
}

// AcceptDraw accepts the opponent's open draw offer: the game is drawn by
// agreement.
func (g *Game) AcceptDraw(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if d := g.rec.State.DrawOffer; d == nil || d.By == side {
		return NewError(CodeNoDrawOffer, "there is no draw offer from "+side.Other().String()+" to accept", nil)
	}
	g.end(Agreement, Drawn)
	return nil
}

// DeclineDraw declines the opponent's open draw offer.
func (g *Game) DeclineDraw(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if d := g.rec.State.DrawOffer; d == nil || d.By == side {
		return NewError(CodeNoDrawOffer, "there is no draw offer from "+side.Other().String()+" to decline", nil)
	}
	g.rec.State.DrawOffer = nil
	g.changed()
	return nil
}

// Disconnect records that side's connection dropped. Unless the player
// comes back (Reconnect) within ReconnectWindow, the game ends as an
// abandonment and the player loses. A dropped connection is not leaving.
// In correspondence (and for the AI) nothing is recorded: see
// [Game.awayCounts].
func (g *Game) Disconnect(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if !g.awayCounts(side) || !g.rec.State.GoneSince[side].IsZero() {
		return nil
	}
	g.rec.State.GoneSince[side] = g.now().UTC().Truncate(time.Millisecond)
	g.changed()
	return nil
}

// awayCounts reports whether side being away can end the game as an
// abandonment: not for the AI, and not in a correspondence game, whose
// players are not expected to stay connected.
func (g *Game) awayCounts(side Side) bool {
	return !g.Player(side).IsAI() && !g.rec.TimeControl.IsCorrespondence()
}

// Reconnect records that side is connected again (or has joined). For a
// scheduled game it also marks the player present. A player who comes back
// while the opponent has abandoned the game (both were gone, and the
// opponent's window ran out first) wins by abandonment.
func (g *Game) Reconnect(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if g.markPresent(side) && !g.Over() {
		g.changed()
	}
	return nil
}

// markPresent records that side is there — it reconnected, joined or moved:
// it is no longer gone, and in a scheduled game it has shown up. If the
// opponent has meanwhile abandoned the game (gone past their window while
// side was gone too, see [Game.NextDeadline]), side wins at once. It
// reports whether anything changed.
func (g *Game) markPresent(side Side) bool {
	st := &g.rec.State
	changed := false
	if !st.GoneSince[side].IsZero() {
		st.GoneSince[side] = time.Time{}
		changed = true
	}
	if !st.ScheduledAt.IsZero() && !st.Present[side] && g.checkInOpen(g.now()) {
		st.Present[side] = true
		g.armFirstMoveTimer()
		changed = true
	}
	if changed && g.abandonedBy(side.Other(), g.now()) {
		g.end(Abandonment, WinFor(side))
	}
	return changed
}

// settle is where every command starts: the game must not be over, and the
// deadlines that passed before the command arrived decide first (see
// [Game.Expire]). If one ends the game, settle returns CodeGameOver; the
// game has then changed and the change is to be stored.
func (g *Game) settle() error {
	if err := g.playable(); err != nil {
		return err
	}
	if g.Expire() && g.Over() {
		return NewError(CodeGameOver, "the game ended before the command arrived ("+g.rec.State.Termination.String()+")", nil)
	}
	return nil
}

// Postpone moves a scheduled game's start to at on a request made now: it
// is [Game.PostponeAsked] with the request's moment now.
func (g *Game) Postpone(side Side, at time.Time) error {
	return g.PostponeAsked(side, at, g.now())
}
