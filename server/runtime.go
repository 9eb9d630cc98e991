package server

import (
	"context"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// GameRuntime is what the server needs of the running games for health
// and metrics (live.Runtime has it).
type GameRuntime interface {
	Stats() live.Stats
}

// GameViews is what the game's pages, sockets and event streams read of
// the running games: their events as they come, the whole game now, and
// the events a reconnecting client missed (live.Runtime has it).
type GameViews interface {
	Bus() game.Bus
	Snapshot(ctx context.Context, id string) (game.Event, error)
	EventsSince(ctx context.Context, id string, seq int64) ([]game.Event, error)
}

// GameCommands is what a game's players ask of it over HTTP and its
// socket: moves, the other actions, and their presence (live.Runtime has
// it).
type GameCommands interface {
	Move(ctx context.Context, id, playerID string, req live.MoveRequest) (live.Ack, error)
	// MoveThen is Move, and hands acked the move's Ack as soon as the
	// move is durable, before it returns (see live.Runtime.MoveThen).
	MoveThen(ctx context.Context, id, playerID string, req live.MoveRequest, acked func(live.Ack)) (live.Ack, error)
	Resign(ctx context.Context, id, playerID string) error
	Abort(ctx context.Context, id, playerID string) error
	OfferDraw(ctx context.Context, id, playerID string) error
	AcceptDraw(ctx context.Context, id, playerID string) error
	DeclineDraw(ctx context.Context, id, playerID string) error
	OfferTakeback(ctx context.Context, id, playerID string) error
	AcceptTakeback(ctx context.Context, id, playerID string) error
	DeclineTakeback(ctx context.Context, id, playerID string) error
	CancelTakeback(ctx context.Context, id, playerID string) error
	Leave(ctx context.Context, id, playerID string) error
	ClaimVictory(ctx context.Context, id, playerID string) error
	ClaimDraw(ctx context.Context, id, playerID string) error
	Connected(ctx context.Context, id, playerID string) error
	Disconnected(ctx context.Context, id, playerID string) error
}

// Runtime is all the server needs of the running games; it creates none
// (the lobby, the schedule and the AI do). live.Runtime has it.
type Runtime interface {
	GameRuntime
	GameViews
	GameCommands
}
