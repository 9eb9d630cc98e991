package live

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// NodeRegistry records the life of the server nodes that share a store:
// when each was last alive and whether it stopped gracefully. The runtime
// needs it to charge the time a crashed node was down to nobody, and to
// refuse to start beside another live node. Package live declares it;
// store/sqlite and store/postgres implement it next to game.Store.
type NodeRegistry interface {
	// Heartbeat records that node is alive at the moment at (and not
	// stopped).
	Heartbeat(ctx context.Context, node string, at time.Time) error
	// MarkStopped records that node stopped gracefully at the moment at.
	MarkStopped(ctx context.Context, node string, at time.Time) error
	// NodeStatus returns node's last heartbeat (or graceful stop) and
	// whether its last act was a graceful stop; the zero time and false for
	// a node never seen.
	NodeStatus(ctx context.Context, node string) (lastSeen time.Time, stopped bool, err error)
	// LastAlive returns the latest moment any node was seen alive (its
	// last heartbeat or graceful stop); the zero time if none ever was.
	LastAlive(ctx context.Context) (time.Time, error)
	// ClaimGames makes node the owner of every running game under a new
	// fencing epoch, newer than any drawn before, and returns it. A
	// Store's writes made under an older epoch (game.WithEpoch) are then
	// refused with game.CodeNotOwner.
	ClaimGames(ctx context.Context, node string) (epoch int64, err error)
	// LiveNodes returns, in name order, the nodes whose last act was a
	// heartbeat at or after since.
	LiveNodes(ctx context.Context, since time.Time) ([]string, error)
}

// checkAlone fails with CodeNodeBusy when another node is alive (its
// heartbeat younger than NodeTimeout) while the store holds running games:
// until games have owners, two runtimes on one database would both run
// them.
func (r *Runtime) checkAlone(ctx context.Context, running int) error {
	if running == 0 || r.cfg.Exclusive {
		return nil
	}
	nodes, err := r.cfg.Nodes.LiveNodes(ctx, r.cfg.Clock.Now().Add(-r.cfg.NodeTimeout))
	if err != nil {
		return fmt.Errorf("live: reading the nodes: %w", err)
	}
	var others []string
	for _, n := range nodes {
		if n != r.cfg.Node {
			others = append(others, n)
		}
	}
	if len(others) == 0 {
		return nil
	}
	e := NewError(CodeNodeBusy, fmt.Sprintf("node %s is alive on this database and holds its %d running games: stop it, or wait %v after it died",
		strings.Join(others, ", "), running, r.cfg.NodeTimeout), nil)
	e.Params = map[string]string{"node": strings.Join(others, ", ")}
	return e
}
