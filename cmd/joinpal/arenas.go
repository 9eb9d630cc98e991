package main

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/natsbus"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/server"
)

// newArenas wires the arenas: their games made by this node's runtime
// (rt) and followed on its bus, the players' ratings in rated arenas read
// from the store after each game (arenaRatings), berserks sent to the node that runs each
// game (cl.games among several), the store read back. Alone (cl nil), this node runs
// them. Among several nodes, the holder of the arenas' lease runs them
// (its writes fenced by the lease's epoch; a runner cut off from NATS
// gives it up, natsbus.Reachable), their events cross the nodes, and the
// routes' commands go to the runner (natsbus.Arenas, listening once serve
// calls listen). lease is the arenas' lease (0: arena's default).
func newArenas(st platformStore, rt *live.Runtime, cl *cluster, node string, lease time.Duration,
	now func() time.Time, log *slog.Logger) (svc *arena.Service, routes server.Arenas, shared *natsbus.Arenas, err error) {
	cfg := arena.Config{Store: st, Games: rt, Records: st, Bus: rt.Bus(), Berserker: rt, Ratings: arenaRatings{st},
		Now: now, Log: log}
	if cl != nil {
		cfg.Berserker, cfg.Leases, cfg.Node, cfg.Events, cfg.Lease = cl.games, st, node, cl.arenas, lease
		cfg.Reachable = natsbus.Reachable(cl.nc)
	}
	if svc, err = arena.New(cfg); err != nil {
		return nil, nil, nil, err
	}
	if cl == nil {
		return svc, svc, nil, nil
	}
	shared = natsbus.NewArenas(svc, cl.nc, cl.prefix, node, 0, log)
	return svc, shared, shared, nil
}

// arenaRatings is arena.Ratings over the store's ratings: a player's
// rating in the speed of the arena's clock, rounded as the pages show it.
type arenaRatings struct{ st rating.Store }

func (r arenaRatings) Rating(ctx context.Context, userID string, tc game.TimeControl) (int, error) {
	all, err := r.st.Ratings(ctx, userID)
	if err != nil {
		return 0, fmt.Errorf("joinpal: ratings of %s: %w", userID, err)
	}
	return int(math.Round(all[rating.GameSpeed(tc)].Value)), nil
}
