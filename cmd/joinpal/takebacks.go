package main

import (
	"context"
	"log/slog"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
)

// settingsReader is what ratedTakebacks needs of the account store.
type settingsReader interface {
	Settings(ctx context.Context, id string) (account.Settings, error)
}

// ratedTakebacks is live.Config.RatedTakebacks from the players' settings:
// a rated game allows takebacks only when both players' settings allow
// them in rated games (account.TakebacksAlways). The AI, and a player
// whose settings cannot be read, do not agree.
func ratedTakebacks(accounts settingsReader, log *slog.Logger) func(context.Context, game.Player, game.Player) bool {
	return func(ctx context.Context, white, black game.Player) bool {
		for _, p := range []game.Player{white, black} {
			if p.ID == "" {
				return false
			}
			set, err := accounts.Settings(ctx, p.ID)
			if err != nil {
				log.WarnContext(ctx, "joinpal: reading a player's takeback setting", "user", p.ID, "err", err)
				return false
			}
			if !set.Takebacks.Allows(true) {
				return false
			}
		}
		return true
	}
}
