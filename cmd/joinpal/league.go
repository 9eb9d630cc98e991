package main

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/tournament"
)

// leagueTick is how often the tournaments look for finished games and
// rounds due (the test clock's moves wake them at once).
const leagueTick = 5 * time.Second

// newLeague wires the tournaments: their games made by the runtime
// (running, this node's or another's), read back from the store, arranged
// rounds through the schedule, clubs and ratings from the store, Swiss
// rounds by tournament.PairSwiss (the FIDE Dutch system); among several
// nodes (cl), their changes published to every node, and alone, a Run
// that sleeps while no tournament runs.
func newLeague(st platformStore, running league.Games, sched *schedule.Service, clubs *club.Service,
	cl *cluster, now func() time.Time, log *slog.Logger) (*league.Service, error) {
	cfg := league.Config{Store: st, Games: running, Records: st, Arranger: sched, Clubs: clubs,
		Ratings: st, Pair: tournament.PairSwiss, Now: now, Log: log, Alone: cl == nil}
	if cl != nil {
		// Every node's pages and notifications hear every node's changes
		// and new games.
		cfg.Changes, cfg.Paired = cl.tournaments, cl.paired
	}
	return league.New(cfg)
}

// gameEnds is the runtime's bus with an ear for the games' ends: each
// event of an ended game wakes the tournaments (wake, once set).
type gameEnds struct {
	game.Bus
	wake atomic.Pointer[func()]
}

// wrap makes b (a new live.LocalBus when nil) the bus that ends listens on.
// A bus that hands events to functions (live.LocalBus.Follow) keeps doing
// so through the wrapper: a game socket then needs no goroutine of its own
// to forward them.
func (e *gameEnds) wrap(b game.Bus) game.Bus {
	if b == nil {
		b = live.NewLocalBus()
	}
	e.Bus = b
	if f, ok := b.(follower); ok {
		return followingEnds{gameEnds: e, f: f}
	}
	return e
}

// follower is a bus that hands a game's events to a function
// (live.LocalBus.Follow).
type follower interface {
	Follow(id string, deliver func(game.Event)) (cancel func())
}

// followingEnds is gameEnds over a bus that follows.
type followingEnds struct {
	*gameEnds
	f follower
}

// Follow hands deliver the events of game id, as the bus below does.
func (e followingEnds) Follow(id string, deliver func(game.Event)) (cancel func()) {
	return e.f.Follow(id, deliver)
}

// Publish publishes ev, and wakes the tournaments when it tells a game's end.
func (e *gameEnds) Publish(ctx context.Context, ev game.Event) error {
	err := e.Bus.Publish(ctx, ev)
	if ev.Status == game.StatusEnded {
		if wake := e.wake.Load(); wake != nil {
			(*wake)()
		}
	}
	return err
}
