package main

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/natsbus"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/server"
	"github.com/nats-io/nats.go"
)

// cluster is what a node among several shares with the others through
// NATS: the games' events, the lobby's and the schedule's, and the
// commands of the games that run elsewhere.
type cluster struct {
	nc       *nats.Conn
	bus      *natsbus.GameBus
	lobby    *natsbus.Events[lobby.Event]
	schedule *natsbus.Events[schedule.Event]
	turns    *natsbus.Events[server.TurnNote]
	crowds   *natsbus.Crowds
	games    *natsbus.Games
	// arenas and tournaments carry the arenas' and the tournaments'
	// change events.
	arenas      *natsbus.Events[arena.Event]
	tournaments *natsbus.Events[string]
	// paired carries the live rounds' new games, for the notifications.
	paired *natsbus.Events[league.Paired]
	prefix string
}

// joinCluster connects to opts.nats, or returns nil when it is empty.
func joinCluster(opts serveOptions, log *slog.Logger) (*cluster, error) {
	if opts.nats == "" {
		return nil, nil
	}
	// NoEcho: the server does not send a node the messages it published
	// itself. Every part of natsbus hands its own to this node's
	// subscribers directly and drops them when they come back, and a node
	// follows the subjects of the games it runs (their sockets are here),
	// so with echo each of its games' events crossed the connection twice
	// more, to be dropped.
	nc, err := nats.Connect(opts.nats, nats.Name("joinpal "+opts.node), nats.MaxReconnects(-1), nats.NoEcho())
	if err != nil {
		return nil, fmt.Errorf("serve: connecting to NATS at %s: %w", opts.nats, err)
	}
	cl := &cluster{nc: nc, bus: natsbus.NewGameBus(natsbus.BusConfig{Conn: nc, Prefix: opts.natsPrefix, Node: opts.node, Logger: log, FollowGrace: opts.followGrace})}
	if cl.lobby, err = natsbus.NewEvents[lobby.Event](nc, opts.natsPrefix, "lobby", opts.node, log); err == nil {
		cl.schedule, err = natsbus.NewEvents[schedule.Event](nc, opts.natsPrefix, "schedule", opts.node, log)
	}
	if err == nil {
		cl.turns, err = natsbus.NewEvents[server.TurnNote](nc, opts.natsPrefix, "turns", opts.node, log)
	}
	if err == nil {
		cl.arenas, err = natsbus.NewEvents[arena.Event](nc, opts.natsPrefix, "arenas", opts.node, log)
	}
	if err == nil {
		cl.tournaments, err = natsbus.NewEvents[string](nc, opts.natsPrefix, "tournaments", opts.node, log)
	}
	if err == nil {
		cl.paired, err = natsbus.NewEvents[league.Paired](nc, opts.natsPrefix, "paired", opts.node, log)
	}
	cl.prefix = opts.natsPrefix
	cl.crowds = natsbus.NewCrowds(nc, opts.natsPrefix, opts.node, log)
	if err != nil {
		cl.close()
		return nil, err
	}
	log.Info("joinpal: joined the cluster", "nats", opts.nats, "prefix", opts.natsPrefix)
	return cl, nil
}

// health is the check of the link to the other nodes for /healthz: nil
// when the node is alone (no cluster), else the NATS connection's state
// when it is not connected.
func (cl *cluster) health() func() error {
	if cl == nil {
		return nil
	}
	return func() error {
		if st := cl.nc.Status(); st != nats.CONNECTED {
			return fmt.Errorf("NATS is %s", strings.ToLower(st.String()))
		}
		return nil
	}
}

// close ends the node's part in the cluster (nothing for nil).
func (cl *cluster) close() {
	if cl == nil {
		return
	}
	if cl.lobby != nil {
		_ = cl.lobby.Close()
	}
	if cl.schedule != nil {
		_ = cl.schedule.Close()
	}
	if cl.turns != nil {
		_ = cl.turns.Close()
	}
	if cl.arenas != nil {
		_ = cl.arenas.Close()
	}
	if cl.tournaments != nil {
		_ = cl.tournaments.Close()
	}
	if cl.paired != nil {
		_ = cl.paired.Close()
	}
	_ = cl.bus.Close()
	if cl.crowds != nil {
		_ = cl.crowds.Close()
	}
	cl.nc.Close()
}
