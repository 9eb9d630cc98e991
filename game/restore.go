package game

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Restore brings back a stored game: the moves are replayed through the
// rules (a record that does not replay is refused with CodeBadRecord), and
// the clock comes back from its snapshot. now is the source of time
// (time.Now when nil). After a crash, call ResumeAfterDowntime.
func Restore(rec Record, now func() time.Time) (*Game, error) {
	if now == nil {
		now = time.Now
	}
	start, err := startPosition(rec.StartFEN)
	if err != nil {
		return nil, NewError(CodeBadRecord, "game "+rec.ID, err)
	}
	h := chess.NewHistory(start)
	for i, mv := range rec.Moves {
		pos := h.Position()
		m, err := pos.ParseUCI(mv.UCI)
		if err == nil {
			err = h.Play(m)
		}
		if err != nil || mv.Ply != i {
			return nil, NewError(CodeBadRecord, fmt.Sprintf("game %s: move %d (%s) does not replay", rec.ID, i, mv.UCI), err)
		}
	}
	g := &Game{rec: rec, history: h, now: now}
	g.rec.Moves = append([]MoveRecord(nil), rec.Moves...)
	g.rec.State = rec.State
	if rec.State.Clock != nil {
		g.clock, err = RestoreClock(*rec.State.Clock, now)
		if err != nil {
			return nil, NewError(CodeBadRecord, "game "+rec.ID, err)
		}
		c := *rec.State.Clock
		g.rec.State.Clock = &c
	} else if !rec.TimeControl.Untimed() {
		return nil, NewError(CodeBadRecord, "game "+rec.ID+": a timed game without a clock", nil)
	}
	if rec.State.DrawOffer != nil {
		d := *rec.State.DrawOffer
		g.rec.State.DrawOffer = &d
	}
	if o := rec.State.Takebacks.Offer; o != nil {
		by := *o
		g.rec.State.Takebacks.Offer = &by
	}
	return g, nil
}
