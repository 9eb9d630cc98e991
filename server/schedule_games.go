package server

import (
	"context"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/schedule"
)

// ScheduleGames adapts the live runtime to the schedule.Games the
// schedule service needs: scheduled games created, postponed, checked in
// and read on it.
func ScheduleGames(rt *live.Runtime) schedule.Games { return scheduleGames{rt} }

type scheduleGames struct{ rt *live.Runtime }

// CreateScheduled creates the scheduled game and returns its id.
func (g scheduleGames) CreateScheduled(ctx context.Context, ng schedule.NewGame) (string, error) {
	ev, err := g.rt.Create(ctx, game.Config{
		ID:          newGameID(),
		White:       game.Player{ID: ng.White.ID, Name: ng.White.Name},
		Black:       game.Player{ID: ng.Black.ID, Name: ng.Black.Name},
		TimeControl: ng.TimeControl,
		Rated:       ng.Rated,
		ScheduledAt: ng.StartAt,
		DefaultTime: ng.DefaultTime,
	})
	if err != nil {
		return "", err
	}
	return ev.GameID, nil
}

// Postpone moves the game's start on a request made at asked.
func (g scheduleGames) Postpone(ctx context.Context, id, playerID string, at, asked time.Time) error {
	return g.rt.PostponeAsked(ctx, id, playerID, at, asked)
}

// CheckIn marks the player present.
func (g scheduleGames) CheckIn(ctx context.Context, id, playerID string) error {
	return g.rt.CheckIn(ctx, id, playerID)
}

// Schedule reads the game's scheduled part.
func (g scheduleGames) Schedule(ctx context.Context, id string) (game.ScheduleState, error) {
	return g.rt.Schedule(ctx, id)
}
