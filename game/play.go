package game

import (
	"errors"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/internal/coded"
)

// Move plays the move given in UCI notation for side, lag being the
// network lag of the move as measured or reported (0 if unknown) and
// clientMoveID the id the client gave it (0 if none). It returns the move
// as recorded.
//
// Order: side may move ([Game.MayMove]: the game not over, side on turn),
// the game must have started (for a scheduled game), the move be legal; then the deadlines that fell
// before the move decide (see [Game.Expire]); then the mover counts as
// present (see [Game.Reconnect]) and the clock charges the mover. If the
// mover's time had run out before the move arrived — past the lag grace,
// or not saved by the move's lag credit (see [Clock.Press]) — the game
// ends on time instead (the move is not played, no increment is added) and
// Move returns CodeGameOver.
// After the move, the game ends if the board decides it (checkmate,
// stalemate, insufficient material, threefold repetition, fifty moves).
func (g *Game) Move(side Side, uci string, lag time.Duration, clientMoveID int64) (MoveRecord, error) {
	if err := g.MayMove(side); err != nil {
		return MoveRecord{}, err
	}
	now := g.now()
	if at := g.rec.State.ScheduledAt; !at.IsZero() && now.Before(at) {
		return MoveRecord{}, NewError(CodeNotStarted, "the game starts at "+at.UTC().Format(time.RFC3339), nil).
			With("start", at.UTC().Format(time.RFC3339))
	}
	pos := g.history.Position()
	m, err := pos.ParseUCI(uci)
	if err != nil {
		return MoveRecord{}, NewError(CodeIllegalMove, "move "+coded.ClipParam(uci)+" refused", whyIllegal(&pos, uci, err)).
			With("move", coded.ClipParam(uci))
	}
	if g.clock != nil {
		if err := g.clock.pressable(); err != nil {
			return MoveRecord{}, err
		}
	}
	// Deadlines that fell before the move arrived decide first. The flag
	// is not one of them until the lag grace is over: a move that arrives
	// after the raw deadline is judged by the clock, with its lag credit.
	if g.Expire() && g.Over() {
		return MoveRecord{}, NewError(CodeGameOver, "the game ended before the move arrived ("+g.rec.State.Termination.String()+")", nil)
	}
	// A player who moves is there.
	if g.markPresent(side) && g.Over() {
		return MoveRecord{}, NewError(CodeGameOver, "the game ended before the move arrived ("+g.rec.State.Termination.String()+")", nil)
	}
	san := pos.SAN(m)
	rec := MoveRecord{Ply: g.history.Len(), UCI: pos.UCI(m), SAN: san, ClientMoveID: clientMoveID, At: now.UTC()}
	if g.clock != nil {
		charge, err := g.clock.Press(side, lag)
		if err != nil {
			return MoveRecord{}, err // cannot happen: pressable, and side is on turn
		}
		if charge.Flagged {
			g.flag()
			return MoveRecord{}, NewError(CodeGameOver, "time ran out before the move arrived", nil)
		}
		rec.Spent, rec.LagCredit, rec.Remaining = charge.Spent, charge.LagCredit, charge.Remaining
		rec.At = now.UTC().Truncate(time.Millisecond)
	}
	if err := g.history.Play(m); err != nil {
		return MoveRecord{}, NewError(CodeIllegalMove, "move "+coded.ClipParam(uci)+" refused", err).
			With("move", coded.ClipParam(uci)) // cannot happen: m came from ParseUCI
	}
	g.rec.Moves = append(g.rec.Moves, rec)
	st := &g.rec.State
	st.Status = StatusStarted
	if d := st.DrawOffer; d != nil && d.By == side && rec.Ply >= d.LapsesAtPly {
		st.DrawOffer = nil
	}
	st.Takebacks.Offer = nil // a move by either side withdraws a takeback offer
	g.armFirstMoveTimer()
	if o := g.history.Outcome(chess.AutomaticDraws); o.Over() {
		g.endByBoard(o)
		return rec, nil
	}
	g.changed()
	return rec, nil
}

// MayMove says whether side may move now as far as the game's state goes:
// the game must not be over (CodeGameOver) and side must be on turn
// (CodeNotYourTurn). It is the one judge of both: [Game.Move] asks it
// first, and the live runtime asks it before it compares a move's ply with
// the game's, so that a move is refused for the same reason whoever looks.
func (g *Game) MayMove(side Side) error {
	if err := g.playable(); err != nil {
		return err
	}
	if g.Turn() != side {
		return NewError(CodeNotYourTurn, "it is "+g.Turn().String()+"'s turn", nil)
	}
	return nil
}

// endByBoard ends the game as the board decided: a win for the mating
// side, a draw for every other ending.
func (g *Game) endByBoard(o chess.Outcome) {
	r := Drawn
	if o.Decisive() {
		r = WinFor(SideOf(o.Winner))
	}
	g.end(TerminationOf(o.Ending), r)
}

// flag ends the game because the side on turn ran out of time: a loss,
// unless the opponent could not checkmate by any series of legal moves
// (FIDE 6.9), then a draw.
func (g *Game) flag() {
	loser := g.Turn()
	if g.absentFlag() {
		st := &g.rec.State
		g.noShow(!st.Present[White], !st.Present[Black])
		return
	}
	if !opponentCanWin(g.history.Position(), loser.Other()) {
		g.end(TimeoutVsInsufficientMaterial, Drawn)
		return
	}
	g.end(Timeout, WinFor(loser.Other()))
}

// opponentCanWin reports whether side, whose opponent has run out of time,
// could still checkmate by some series of legal moves (FIDE 6.9). It is
// the one place the flag rule asks the rules core.
func opponentCanWin(pos chess.Position, side Side) bool {
	return pos.CouldCheckmate(side.Color())
}

// armFirstMoveTimer sets the deadline for the next of the first two moves,
// or clears it once both sides have moved. Untimed games have none.
func (g *Game) armFirstMoveTimer() {
	st := &g.rec.State
	if g.history.Len() >= 2 || g.rec.TimeControl.Untimed() {
		st.FirstMoveDeadline = time.Time{}
		return
	}
	from := g.now()
	if !st.ScheduledAt.IsZero() {
		// A scheduled game's clock runs from its start: the clocks and the
		// default time govern, not a first-move timer.
		st.FirstMoveDeadline = time.Time{}
		return
	}
	st.FirstMoveDeadline = from.UTC().Add(FirstMoveWindow(g.rec.TimeControl)).Truncate(time.Millisecond)
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// whyIllegal is the cause of refusing uci in pos: for a well-formed move
// that breaks a rule, the rules core's detailed reason (chess.Position.Try:
// "it would pass through f1, attacked by the bishop on c4" where ParseUCI
// says "through check"); for text that is no UCI move, ParseUCI's own
// syntax error err. It runs only on a refusal, so legal moves pay nothing.
func whyIllegal(pos *chess.Position, uci string, err error) error {
	if !errors.Is(err, chess.ErrIllegalMove) {
		return err
	}
	if _, detailed := pos.Try(uci); detailed != nil && errors.Is(detailed, chess.ErrIllegalMove) {
		return detailed
	}
	return err
}
