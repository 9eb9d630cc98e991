package ai

import (
	"context"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/game"
)

// Games creates the games the AI plays (live.Runtime has it).
type Games interface {
	Create(ctx context.Context, cfg game.Config) (game.Event, error)
}

// ActiveGames lists the running games with their moves (game.Store has
// it).
type ActiveGames interface {
	ActiveGames(ctx context.Context) ([]game.Record, error)
}

// Start creates a game of human, playing humanSide, against the AI at
// level under tc, through [PlayerConfig].Games, and plays the AI's side.
// It returns the game's configuration and its first event. A level other
// than one of [Levels] is refused with [CodeBadLevel] before any game is
// created. If the AI cannot take the created game up (the player is
// closing), the game stays stored and the error is returned: the next
// [Player.Resume] takes it up.
func (p *Player) Start(ctx context.Context, human game.Player, humanSide game.Side, level int, tc game.TimeControl) (game.Config, game.Event, error) {
	machine, err := GamePlayer(level)
	if err != nil {
		return game.Config{}, game.Event{}, err
	}
	if p.cfg.Games == nil {
		return game.Config{}, game.Event{}, errors.New("ai: start: PlayerConfig.Games is not set")
	}
	cfg := game.NewConfig(human, machine, tc)
	if humanSide == game.Black {
		cfg.White, cfg.Black = machine, human
	}
	ev, err := p.cfg.Games.Create(ctx, cfg)
	if err != nil {
		return game.Config{}, game.Event{}, err
	}
	if err := p.WatchFor(cfg.ID, machine.ID, human.ID, humanSide.Other(), level, tc, ""); err != nil {
		return game.Config{}, game.Event{}, err
	}
	return cfg, ev, nil
}

// Resume has the player play the AI's side of every running game against
// the AI in games: after a start, the games the runtime resumed go on with
// their AI. It returns the number of games taken up; a game that cannot be
// taken up is logged at Error and skipped. The error is only a failure to
// list the games.
func (p *Player) Resume(ctx context.Context, games ActiveGames) (int, error) {
	recs, err := games.ActiveGames(ctx)
	if err != nil {
		return 0, fmt.Errorf("ai: listing the running games: %w", err)
	}
	n := 0
	for _, rec := range recs {
		if !rec.White.IsAI() && !rec.Black.IsAI() {
			continue
		}
		if err := p.WatchRecord(rec); err != nil {
			p.cfg.Logger.Error("ai: cannot resume a game", "game", rec.ID, "err", err)
			continue
		}
		n++
	}
	return n, nil
}
