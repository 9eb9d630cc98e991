package game

import (
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Limits of takebacks, per player and game.
const (
	// MaxTakebackOffers is how many takebacks a player may offer in a game
	// against a person, accepted or not.
	MaxTakebackOffers = 5
	// MaxAITakebacks is how many takebacks a player may take in a game
	// against the AI, which grants each at once.
	MaxAITakebacks = 3
)

// Error codes of takebacks. Like the others, they are part of JoinPal's
// API: never rename one.
const (
	// CodeTakebackNothing: a takeback offered (or accepted) when the
	// offerer has no move of their own to take back.
	CodeTakebackNothing Code = "game.takeback_nothing"
	// CodeTakebackPending: a takeback offered while an offer is open.
	CodeTakebackPending Code = "game.takeback_pending"
	// CodeNoTakebackOffer: a takeback accepted, declined or cancelled with
	// no such offer open.
	CodeNoTakebackOffer Code = "game.no_takeback_offer"
	// CodeTakebackLimit: a player has used up the takebacks of the game.
	CodeTakebackLimit Code = "game.takeback_limit"
	// CodeTakebackRated: a takeback in a rated game whose players have not
	// both agreed to takebacks in rated games.
	CodeTakebackRated Code = "game.takeback_rated"
)

// Takebacks is where a game's takebacks stand.
type Takebacks struct {
	// Offer is the side whose takeback offer is open; nil if none.
	Offer *Side `json:"offer,omitempty"`
	// Offers counts, per side, the takebacks offered so far (against the
	// AI: taken, since it grants each at once).
	Offers [2]int `json:"offers"`
}

// IsZero reports whether no takeback was ever offered in the game.
func (t Takebacks) IsZero() bool { return t.Offer == nil && t.Offers == [2]int{} }

// TakebackOffer returns the side whose takeback offer is open, if any.
func (g *Game) TakebackOffer() (Side, bool) {
	if o := g.rec.State.Takebacks.Offer; o != nil {
		return *o, true
	}
	return White, false
}

// OfferTakeback offers the opponent to take back side's last move: one ply
// if the opponent is on turn, two (side's move and the reply) if side is.
// Against the AI the takeback happens at once, at most [MaxAITakebacks]
// times per player; against a person the offer stays open until the
// opponent accepts or declines it, side cancels it, or either side moves,
// and a player may offer at most [MaxTakebackOffers] times. In a rated
// game, ratedAgreed must tell that both players agreed to takebacks in
// rated games, else the offer is refused with CodeTakebackRated.
func (g *Game) OfferTakeback(side Side, ratedAgreed bool) error {
	if err := g.settle(); err != nil {
		return err
	}
	tb := &g.rec.State.Takebacks
	switch {
	case g.rec.Rated && !ratedAgreed:
		return NewError(CodeTakebackRated, "takebacks in a rated game need both players' agreement", nil)
	case tb.Offer != nil:
		return NewError(CodeTakebackPending, "a takeback offer from "+tb.Offer.String()+" is open", nil)
	}
	if _, err := g.takebackPlies(side); err != nil {
		return err
	}
	vsAI := g.Player(side.Other()).IsAI()
	limit := MaxTakebackOffers
	if vsAI {
		limit = MaxAITakebacks
	}
	if tb.Offers[side] >= limit {
		return NewError(CodeTakebackLimit, "no more takebacks in this game (at most "+itoa(limit)+")", nil).
			With("max", itoa(limit))
	}
	if vsAI {
		g.takeBack(side)
		tb.Offers[side]++
		g.changed()
		return nil
	}
	by := side
	tb.Offer = &by
	tb.Offers[side]++
	g.changed()
	return nil
}

// AcceptTakeback accepts the opponent's open takeback offer: the
// opponent's last move is taken back (see [Game.OfferTakeback]), the
// clocks go back to what each side had at the restored position, and the
// turn's time runs from now. ratedAgreed is as for OfferTakeback.
func (g *Game) AcceptTakeback(side Side, ratedAgreed bool) error {
	if err := g.settle(); err != nil {
		return err
	}
	if o := g.rec.State.Takebacks.Offer; o == nil || *o != side.Other() {
		return NewError(CodeNoTakebackOffer, "there is no takeback offer from "+side.Other().String()+" to accept", nil)
	}
	if g.rec.Rated && !ratedAgreed {
		return NewError(CodeTakebackRated, "takebacks in a rated game need both players' agreement", nil)
	}
	if _, err := g.takebackPlies(side.Other()); err != nil {
		return err
	}
	g.takeBack(side.Other())
	g.changed()
	return nil
}

// DeclineTakeback declines the opponent's open takeback offer.
func (g *Game) DeclineTakeback(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if o := g.rec.State.Takebacks.Offer; o == nil || *o != side.Other() {
		return NewError(CodeNoTakebackOffer, "there is no takeback offer from "+side.Other().String()+" to decline", nil)
	}
	g.rec.State.Takebacks.Offer = nil
	g.changed()
	return nil
}

// CancelTakeback withdraws side's own open takeback offer.
func (g *Game) CancelTakeback(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if o := g.rec.State.Takebacks.Offer; o == nil || *o != side {
		return NewError(CodeNoTakebackOffer, "there is no takeback offer of "+side.String()+" to cancel", nil)
	}
	g.rec.State.Takebacks.Offer = nil
	g.changed()
	return nil
}

// takebackPlies returns how many plies a takeback of by's last move takes
// back: 1 if the opponent is on turn, 2 if by is (the opponent replied).
// It fails with CodeTakebackNothing if by has no move to take back, and
// with the clock's code if the clock cannot run.
func (g *Game) takebackPlies(by Side) (int, error) {
	n := 1
	if g.Turn() == by {
		n = 2
	}
	if g.history.Len() < n {
		return 0, NewError(CodeTakebackNothing, by.String()+" has no move to take back", nil)
	}
	if g.clock != nil {
		if err := g.clock.pressable(); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// takeBack takes back by's last move, which takebackPlies allowed: the
// moves after the restored position go, with the open offers (takeback
// and draw); each clock shows what its side had at that position, and the
// turn starts now. The caller marks the change.
func (g *Game) takeBack(by Side) {
	n, _ := g.takebackPlies(by)
	keep := g.history.Len() - n
	h := chess.NewHistory(g.history.Start())
	for _, m := range g.history.Moves()[:keep] {
		if err := h.Play(m); err != nil {
			panic("game: a played move does not replay: " + err.Error()) // cannot happen: the moves were legal
		}
	}
	g.history = h
	g.rec.Moves = g.rec.Moves[:keep:keep]
	st := &g.rec.State
	st.Takebacks.Offer = nil
	st.DrawOffer = nil
	if g.clock != nil {
		start := h.Start()
		first := SideOf(start.Turn())
		left := [2]time.Duration{g.rec.TimeControl.Initial(), g.rec.TimeControl.Initial()}
		for i, mv := range g.rec.Moves {
			mover := first
			if i%2 == 1 {
				mover = first.Other()
			}
			left[mover] = mv.Remaining
		}
		g.clock.rewind(keep, g.Turn(), left)
	}
	g.armFirstMoveTimer()
}

// rewind puts the clock back to the moment moves presses into the game:
// turn to move, each side with the time left given, the turn starting now
// (before both first moves, the clock waits again).
func (c *Clock) rewind(moves int, turn Side, left [2]time.Duration) {
	c.moves, c.turn, c.remaining = moves, turn, left
	if moves < 2 {
		c.state = ClockWaiting
		c.turnStart = time.Time{}
		return
	}
	c.state = ClockRunning
	c.turnStart = wholeMilli(c.now())
}
