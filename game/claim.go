package game

import (
	"strconv"
	"time"
)

// MaxClaimDelay bounds [ClaimDelay].
const MaxClaimDelay = time.Minute

// Error codes of claims on a gone opponent.
const (
	// CodeClaimTooEarly: a claim before the opponent has been gone for the
	// claim delay. Params: "left" (whole seconds until a claim is taken,
	// rounded up).
	CodeClaimTooEarly Code = "game.claim_too_early"
	// CodeOpponentPresent: a claim while the opponent is connected.
	CodeOpponentPresent Code = "game.opponent_present"
	// CodeCannotClaim: a claim before both sides have moved, when the
	// first-move timer governs and the game may be aborted instead.
	CodeCannotClaim Code = "game.cannot_claim"
)

// Sentinels of the claim codes, for errors.Is.
var (
	ErrClaimTooEarly   = &Error{Code: CodeClaimTooEarly, Msg: "too early to claim"}
	ErrOpponentPresent = &Error{Code: CodeOpponentPresent, Msg: "the opponent is present"}
	ErrCannotClaim     = &Error{Code: CodeCannotClaim, Msg: "nothing to claim before both sides have moved"}
)

// ClaimDelay returns how long a player must have been gone before the
// opponent may claim the win or a draw under tc: half the reconnection
// window, at most MaxClaimDelay — 15 s in a 5+0 game, a minute in games
// whose window is two minutes or more. The gone player still has the
// first half of the window to come back unchallenged; the player who
// stays does not wait the whole window to be done with a game nobody
// plays.
func ClaimDelay(tc TimeControl) time.Duration {
	return min(ReconnectWindow(tc)/2, MaxClaimDelay)
}

// ClaimVictory ends the game by abandonment, won by side, whose opponent
// has been gone (connection dropped, see [Game.Disconnect]) for at least
// the claim delay. See [Game.MayClaim] for the refusals.
func (g *Game) ClaimVictory(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if err := g.MayClaim(side); err != nil {
		return err
	}
	g.end(Abandonment, WinFor(side))
	return nil
}

// ClaimDraw ends the game drawn (DrawClaimed), declared by side whose
// opponent has been gone for at least the claim delay. See
// [Game.MayClaim] for the refusals.
func (g *Game) ClaimDraw(side Side) error {
	if err := g.settle(); err != nil {
		return err
	}
	if err := g.MayClaim(side); err != nil {
		return err
	}
	g.end(DrawClaimed, Drawn)
	return nil
}

// MayClaim returns nil if side may now claim the win or a draw on its gone
// opponent, else the refusal: CodeGameOver, CodeOpponentPresent (the
// opponent is connected), CodeCannotClaim (abandonment does not apply yet:
// before both sides have moved), CodeClaimTooEarly (gone for less than the
// claim delay; "left" says how many seconds remain).
func (g *Game) MayClaim(side Side) error {
	if err := g.playable(); err != nil {
		return err
	}
	if g.rec.State.GoneSince[side.Other()].IsZero() {
		return NewError(CodeOpponentPresent, "the opponent is connected", nil)
	}
	at, ok := g.ClaimAt(side.Other())
	if !ok {
		return NewError(CodeCannotClaim, "abandonment does not apply yet (before both sides have moved): abort instead", nil)
	}
	if left := at.Sub(g.now()); left > 0 {
		secs := int((left + time.Second - 1) / time.Second)
		return NewError(CodeClaimTooEarly, "the opponent may still come back: a claim is taken in "+strconv.Itoa(secs)+" s", nil).
			With("left", strconv.Itoa(secs))
	}
	return nil
}

// ClaimAt returns when the opponent of gone may claim on gone's absence:
// ok is false while gone is connected, and wherever abandonment does not
// apply (the game has no abandonment deadline: before both sides have
// moved), so that claims follow the abandonment rules.
func (g *Game) ClaimAt(gone Side) (at time.Time, ok bool) {
	since := g.rec.State.GoneSince[gone]
	if since.IsZero() || g.Over() {
		return time.Time{}, false
	}
	if _, pending := g.abandonmentDeadline(); !pending {
		return time.Time{}, false
	}
	return since.Add(ClaimDelay(g.rec.TimeControl)), true
}
