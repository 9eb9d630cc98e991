package schedule

import (
	"context"
	"time"

	"github.com/joinpal/joinpal/game"
)

// tickBatch is how many due arrangements one Tick takes at most.
const tickBatch = 100

// retryFloor is the least wait of Run between ticks while something due
// could not be done yet (a game whose start the runtime has not applied
// yet, a store that failed).
const retryFloor = 250 * time.Millisecond

// Tick does what has fallen due by now: proposals expire at their start,
// unanswered postponement requests lapse at it, the players
// are reminded 15 and 1 minutes before, told when the game has started and
// when a no-show decided it. It returns how many arrangements it advanced.
func (s *Service) Tick(ctx context.Context) (int, error) {
	due, err := s.cfg.Store.DueArrangements(ctx, s.Now(), tickBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, a := range due {
		b, err := s.advance(ctx, a)
		if err != nil {
			s.cfg.Log.Warn("schedule: a due arrangement could not advance", "id", a.ID, "err", err)
			continue
		}
		if b.Version != a.Version {
			n++
		}
	}
	return n, nil
}

// advance does what is due on a at the service's now, in one write.
func (s *Service) advance(ctx context.Context, a Arrangement) (Arrangement, error) {
	now := s.Now()
	var events []Event
	switch a.Status {
	case Proposed:
		if !now.Before(a.StartAt) {
			a.Status = Expired
			events = append(events, Event{Type: EventExpired})
		}
	case Suspended:
		if i := a.Pending(); i >= 0 && !now.Before(a.Postponements[i].To) {
			// A new time unanswered until it came lapses; another may be
			// proposed.
			a.Postponements[i].Status, a.Postponements[i].AnsweredAt = RequestLapsed, now
			events = append(events, Event{Type: EventPostponeLapsed})
		}
	case Accepted, Started:
		if a.GameID == "" && !now.Before(a.StartAt) {
			// Claimed by an acceptance whose game was never created (the
			// process stopped between the two writes): nothing to play.
			a.Status = Expired
			events = append(events, Event{Type: EventExpired})
			break
		}
		if i := a.Pending(); i >= 0 && !now.Before(a.StartAt) {
			a.Postponements[i].Status, a.Postponements[i].AnsweredAt = RequestLapsed, now
			events = append(events, Event{Type: EventPostponeLapsed})
		}
		events = append(events, s.followGame(ctx, &a, now)...)
	}
	if len(events) == 0 {
		return a, nil
	}
	a.UpdatedAt = now
	a.NextDue = a.nextDue()
	if err := s.cfg.Store.UpdateArrangement(ctx, a); err != nil {
		return a, err
	}
	a.Version++
	for _, e := range events {
		e.Arrangement = a
		s.publish(ctx, e)
	}
	return a, nil
}

// followGame moves a's stage along with its game and returns what to tell.
// Only the latest reminder still ahead is sent: after a downtime that
// swallowed the 15-minute one, the 1-minute one alone.
func (s *Service) followGame(ctx context.Context, a *Arrangement, now time.Time) []Event {
	var events []Event
	left := a.StartAt.Sub(now)
	if a.Stage < StageRemind1 && left > 0 {
		switch {
		case left <= Remind1:
			a.Stage = StageRemind1
			events = append(events, Event{Type: EventSoon, Minutes: 1})
		case left <= Remind15 && a.Stage < StageRemind15:
			a.Stage = StageRemind15
			events = append(events, Event{Type: EventSoon, Minutes: 15})
		}
		return events
	}
	if left > 0 || a.GameID == "" {
		return events
	}
	st, err := s.cfg.Games.Schedule(ctx, a.GameID)
	if err != nil {
		return events
	}
	if a.Stage < StageStarted {
		if st.Status == game.StatusCreated {
			return events // the runtime has not applied the start yet: next tick
		}
		a.Stage, a.Status, a.NoShowAt = StageStarted, Started, st.NoShowAt
		if st.Termination != game.NoShow || st.Status == game.StatusStarted {
			events = append(events, Event{Type: EventStarted})
		}
	}
	over := st.Status.Finished()
	if st.Termination == game.NoShow {
		a.Stage, a.Status, a.Result = StageNoShowRun, Finished, st.Result.String()
		return append(events, Event{Type: EventForfeited})
	}
	if over {
		a.Stage, a.Status = StageNoShowRun, Finished
		return events
	}
	if !now.Before(st.NoShowAt) && st.Present[game.White] && st.Present[game.Black] {
		a.Stage, a.Status = StageNoShowRun, Finished // both came: nothing more to tell
	}
	return events
}

// Run ticks on the service's schedule until ctx ends: at each arrangement's
// next due moment (at most a minute apart, at least retryFloor while
// something due is waiting), and at once after a change.
func (s *Service) Run(ctx context.Context) {
	for {
		if _, err := s.Tick(ctx); err != nil && ctx.Err() == nil {
			s.cfg.Log.Warn("schedule: tick", "err", err)
		}
		wait := time.Minute
		if next, ok, err := s.cfg.Store.NextDue(ctx); err == nil && ok {
			wait = min(wait, max(next.Sub(s.Now()), retryFloor))
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		case <-s.wake:
			t.Stop()
		}
	}
}
