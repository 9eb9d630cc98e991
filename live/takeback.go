package live

import (
	"context"

	"github.com/joinpal/joinpal/game"
)

// OfferTakeback offers the opponent to take back the player's last move
// (see game.Game.OfferTakeback); against the AI the move is taken back at
// once. A takeback is stored (game.Store.TakeBack) before it is published,
// as a full event: a restart after it restores the position after it.
func (r *Runtime) OfferTakeback(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, func(g *game.Game, side game.Side) error {
		return g.OfferTakeback(side, r.ratedTakebacks(ctx, g))
	})
}

// AcceptTakeback accepts the opponent's takeback offer: the opponent's
// last move is taken back.
func (r *Runtime) AcceptTakeback(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, func(g *game.Game, side game.Side) error {
		return g.AcceptTakeback(side, r.ratedTakebacks(ctx, g))
	})
}

// DeclineTakeback declines the opponent's takeback offer.
func (r *Runtime) DeclineTakeback(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).DeclineTakeback)
}

// CancelTakeback withdraws the player's own takeback offer.
func (r *Runtime) CancelTakeback(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).CancelTakeback)
}

// ratedTakebacks asks Config.RatedTakebacks whether the players of g, a
// rated game, both agreed to takebacks; a casual game needs no agreement.
func (r *Runtime) ratedTakebacks(ctx context.Context, g *game.Game) bool {
	if !g.Rated() || r.cfg.RatedTakebacks == nil {
		return false
	}
	return r.cfg.RatedTakebacks(ctx, g.Player(game.White), g.Player(game.Black))
}
