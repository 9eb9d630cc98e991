package schedule

import (
	"context"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/game"
)

// Arrange makes arrangement id for the game cfg, accepted from the start:
// a game that an organiser arranged for both players (a tournament's
// arranged round), with its start (cfg.ScheduledAt), colours and clock
// decided. The game is created first, under cfg.ID, then the arrangement,
// and both players are told (EventArranged). Called again with the same
// id — after a crash between the two steps, or on another node — it makes
// neither twice: an existing arrangement is returned as it is, and an
// existing game is not created again. From then on the arrangement is
// like any other: reminders, check-in, no-show, postponement and
// suspension with an hour's notice.
func (s *Service) Arrange(ctx context.Context, id string, cfg game.Config, zone string) (Arrangement, error) {
	if a, err := s.cfg.Store.Arrangement(ctx, id); err == nil {
		return a, nil
	} else if !errors.Is(err, ErrNotFound) {
		return Arrangement{}, fmt.Errorf("schedule: arrange: %w", err)
	}
	if cfg.ID == "" || cfg.ScheduledAt.IsZero() || cfg.White.ID == "" || cfg.Black.ID == "" {
		return Arrangement{}, errors.New("schedule: arrange: a game id, a start and two players are needed")
	}
	if _, err := s.cfg.Games.Schedule(ctx, cfg.ID); err != nil {
		if _, err := s.cfg.Games.Create(ctx, cfg); err != nil {
			return Arrangement{}, fmt.Errorf("schedule: arrange: %w", err)
		}
	}
	if zone == "" {
		zone = "UTC"
	}
	now := s.Now()
	white := Player{ID: cfg.White.ID, Name: cfg.White.Name}
	black := Player{ID: cfg.Black.ID, Name: cfg.Black.Name}
	dt := cfg.DefaultTime
	if dt == 0 {
		dt = game.DefaultNoShowTime
	}
	a := Arrangement{ID: id, Proposer: white, Opponent: black, Color: White, White: &white, Black: &black,
		TimeControl: cfg.TimeControl, Rated: cfg.Rated, StartAt: utc(cfg.ScheduledAt), Zone: zone, DefaultTime: dt,
		Status: Accepted, GameID: cfg.ID, Postponements: []Postponement{}, CreatedAt: now, UpdatedAt: now}
	a.NextDue = a.nextDue()
	if err := s.cfg.Store.CreateArrangement(ctx, a); err != nil {
		if got, gerr := s.cfg.Store.Arrangement(ctx, id); gerr == nil {
			return got, nil
		}
		return Arrangement{}, fmt.Errorf("schedule: arrange: %w", err)
	}
	s.publish(ctx, Event{Type: EventArranged, Arrangement: a})
	s.poke()
	return a, nil
}
