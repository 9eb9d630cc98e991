package live

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/joinpal/joinpal/game"
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

// ClusterRegistry is what a runtime among several nodes (Config.Cluster)
// needs of the store beyond NodeRegistry. The owner of a game is the node
// the store names for it: the node that created it, or the node that
// claimed it last (under the newest epoch). Both of JoinPal's stores have
// it.
type ClusterRegistry interface {
	NodeRegistry
	// ClaimGamesOf makes node the owner, under a new fencing epoch, of the
	// running games owned by node, by no node, or by a node not alive (no
	// heartbeat since since, or stopped), records node's heartbeat at at,
	// all in one step serialised with every other claim, and returns the
	// epoch and the games claimed.
	ClaimGamesOf(ctx context.Context, node string, at, since time.Time) (epoch int64, claimed []game.Claim, err error)
	// ClaimDeadGames makes node, which runs, the owner under a new
	// fencing epoch of at most limit running games owned by no node or by
	// another node not alive (no heartbeat since since, or stopped), each
	// by a compare-and-set on its owner and epoch, records node's
	// heartbeat at at, all in one step serialised with every other claim,
	// and returns the epoch and the games claimed. The node's own games
	// keep their epoch.
	ClaimDeadGames(ctx context.Context, node string, at, since time.Time, limit int) (epoch int64, claimed []game.Claim, err error)
	// GameOwner returns the node that owns game id ("" for none).
	GameOwner(ctx context.Context, id string) (node string, err error)
}

// checkAlone fails with CodeNodeBusy when another node is alive (its
// heartbeat younger than NodeTimeout) while the store holds running games:
// a runtime alone claims every running game, so two on one database would
// both run them. Among several nodes (Config.Cluster) each claims only its
// own.
func (r *Runtime) checkAlone(ctx context.Context, running int) error {
	if running == 0 || r.cfg.Exclusive || r.cfg.Cluster {
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

// claim makes the running games this node is to run its own under a new
// epoch, and returns the epoch, those games (of recs) and when each last
// ran. Alone on the store, that is every running game, which last ran at
// lastSeen. Among several nodes (Config.Cluster) it is this node's own
// games, those of no node and those of nodes that are not alive; each last
// ran when the node that owned it was last seen.
func (r *Runtime) claim(ctx context.Context, recs []game.Record, lastSeen time.Time) (int64, []game.Record, func(id string) time.Time, error) {
	always := func(string) time.Time { return lastSeen }
	if !r.cfg.Cluster {
		epoch, err := r.cfg.Nodes.ClaimGames(ctx, r.cfg.Node)
		return epoch, recs, always, err
	}
	reg, ok := r.cfg.Nodes.(ClusterRegistry)
	if !ok {
		return 0, nil, nil, fmt.Errorf("live: the store cannot share its games between nodes (no ClaimGamesOf)")
	}
	now := r.cfg.Clock.Now()
	epoch, claimed, err := reg.ClaimGamesOf(ctx, r.cfg.Node, now, now.Add(-r.cfg.NodeTimeout))
	if err != nil {
		return 0, nil, nil, err
	}
	seen := map[string]time.Time{}
	for _, c := range claimed {
		at := c.OwnerSeen
		if c.Owner == "" || at.IsZero() || at.After(now) {
			at = lastSeen
		}
		seen[c.ID] = at
	}
	var mine []game.Record
	for _, rec := range recs {
		if _, ok := seen[rec.ID]; ok {
			mine = append(mine, rec)
		}
	}
	return epoch, mine, func(id string) time.Time {
		if at, ok := seen[id]; ok {
			return at
		}
		return lastSeen
	}, nil
}
