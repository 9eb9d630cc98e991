package live

import (
	"context"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/game"
)

// CheckIn records that the player has shown up for scheduled game id (see
// game.Game.CheckIn): refused with game.CodeCheckInNotOpen before the
// window opens, game.CodeNotScheduled for another game.
func (r *Runtime) CheckIn(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).CheckIn)
}

// PostponeAsked moves scheduled game id's start to at on the request the
// player playerID made at asked (see game.Game.PostponeAsked).
func (r *Runtime) PostponeAsked(ctx context.Context, id, playerID string, at, asked time.Time) error {
	return r.playerCommand(ctx, id, playerID, func(g *game.Game, side game.Side) error { return g.PostponeAsked(side, at, asked) })
}

// CallOff is the player playerID calling scheduled game id off alone,
// with at least an hour's notice (see game.Game.CallOff): the game is
// aborted, with no result.
func (r *Runtime) CallOff(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).CallOff)
}

// Schedule returns the scheduled part of game id as it stands now (read
// from the store once the game no longer runs here). It fails with
// game.CodeNotScheduled for a game that is not scheduled.
func (r *Runtime) Schedule(ctx context.Context, id string) (game.ScheduleState, error) {
	var (
		st game.ScheduleState
		ok bool
	)
	a, err := r.lookup(ctx, id)
	if err == nil {
		err = a.do(ctx, func() error {
			st, ok = a.g.Schedule()
			return nil
		})
	}
	if err != nil {
		rec, lerr := r.cfg.Store.LoadGame(ctx, id)
		if lerr != nil {
			return game.ScheduleState{}, err
		}
		g, rerr := game.Restore(rec, r.cfg.Clock.Now)
		if rerr != nil {
			return game.ScheduleState{}, fmt.Errorf("live: %w", rerr)
		}
		st, ok = g.Schedule()
	}
	if !ok {
		return game.ScheduleState{}, fmt.Errorf("live: game %s: %w", id, game.NewError(game.CodeNotScheduled, "the game is not a scheduled one", nil))
	}
	return st, nil
}
