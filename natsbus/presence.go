package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/joinpal/joinpal/internal/beat"
)

// A player's connection to a game may be held on several nodes at once
// (two tabs sent to two nodes by the proxy). Each node tells the game's
// owner when the player's first socket on it opens and its last closes;
// the owner counts the nodes that hold the player, and tells its runtime
// that the player is gone only when none does. A node that stops
// gracefully says so (its sockets close without a word each), and the
// players it alone held start their reconnection window. A node that
// starts says so too, so that the others tell it again who is connected
// to the games it now runs (a restored game counts both players gone).
// A node that dies without a word holds its players until three of its
// leases pass (no heartbeat in the store within 3×live.Config.NodeTimeout):
// then ExpireNodes drops its holds, and the players no other node holds
// start their reconnection window. If it was only cut off and comes back,
// the owner asks every node to tell it again who is connected there.

// presenceKey is one player of one game.
type presenceKey struct{ game, player string }

// nodeNews is what a node tells the others about itself.
type nodeNews struct {
	Node string `json:"node"`
	// Up: the node has started and runs its games; else it is stopping.
	Up bool `json:"up"`
}

// newsSubject is the subject of the nodes' news.
func (g *Games) newsSubject() string { return subject(g.prefix, "nodes") }

// heldBy records, on the owner, that node holds (or, with held false, no
// longer holds) the connection of key's player, and reports whether any
// node still holds it.
func (g *Games) heldBy(key presenceKey, node string, held bool) (anyone bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	nodes := g.holders[key]
	if held {
		if nodes == nil {
			nodes = map[string]bool{}
			g.holders[key] = nodes
		}
		if !nodes[node] {
			nodes[node] = true
			g.holds[node]++
		}
		return true
	}
	g.unhold(key, nodes, node)
	return len(nodes) > 0
}

// unhold drops node from nodes, the nodes that hold key's player, and
// key from the holders once none does; g.mu is held.
func (g *Games) unhold(key presenceKey, nodes map[string]bool, node string) {
	if nodes[node] {
		delete(nodes, node)
		if g.holds[node]--; g.holds[node] <= 0 {
			delete(g.holds, node)
		}
	}
	if len(nodes) == 0 {
		delete(g.holders, key)
	}
}

// present records this node's own view: key's player has a socket here.
func (g *Games) present(key presenceKey, here bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if here {
		g.here[key] = true
	} else {
		delete(g.here, key)
	}
}

// announce tells the other nodes that this node is up or stopping.
func (g *Games) announce(up bool) error {
	data, _ := json.Marshal(nodeNews{Node: g.Node(), Up: up})
	if err := g.nc.Publish(g.newsSubject(), data); err != nil {
		return fmt.Errorf("natsbus: announcing node %s: %w", g.Node(), err)
	}
	if err := g.nc.Flush(); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
		return fmt.Errorf("natsbus: announcing node %s: %w", g.Node(), err)
	}
	return nil
}

// news handles another node's news.
func (g *Games) news(msg *nats.Msg) {
	var n nodeNews
	if err := json.Unmarshal(msg.Data, &n); err != nil || n.Node == g.Node() {
		return
	}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return
	}
	// Whatever this node knew of owners may have changed.
	clear(g.owner)
	var gone []presenceKey
	if !n.Up && g.holds[n.Node] > 0 {
		for key, nodes := range g.holders {
			if nodes[n.Node] {
				g.unhold(key, nodes, n.Node)
				if len(nodes) == 0 {
					gone = append(gone, key)
				}
			}
		}
	}
	var here []presenceKey
	if n.Up {
		for key := range g.here {
			here = append(here, key)
		}
	}
	g.wg.Add(1)
	g.mu.Unlock()
	go func() {
		defer g.wg.Done()
		if !n.Up {
			g.crowds.dropNode(n.Node)
			// Its games are stored as stopped: take a share of them now
			// rather than after the lease.
			if _, err := g.Runtime.Failover(context.Background()); err != nil {
				g.log.Error("natsbus: taking over the games of a stopped node", "node", n.Node, "err", err)
			}
		}
		for _, key := range gone {
			ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
			_ = g.Runtime.Disconnected(ctx, key.game, key.player)
			cancel()
		}
		for _, key := range here {
			ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
			if g.ownerOf(ctx, key.game) == n.Node {
				_, _ = g.route(ctx, request{Op: "connected", Game: key.game, Player: key.player, From: g.Node()})
			}
			cancel()
		}
	}()
}

// Claimed is called by the runtime (live.Config.Claimed) with the games
// it just took over from dead or stopped nodes. A restored game counts
// both players gone: this node tells the game which of its players are
// connected here, and announces itself up again so that every other node
// does the same for the players connected there.
func (g *Games) Claimed(ids []string) {
	taken := make(map[string]bool, len(ids))
	for _, id := range ids {
		taken[id] = true
	}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return
	}
	var here []presenceKey
	for key := range g.here {
		if taken[key.game] {
			here = append(here, key)
		}
	}
	g.mu.Unlock()
	for _, key := range here {
		ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
		_, _ = g.route(ctx, request{Op: "connected", Game: key.game, Player: key.player, From: g.Node()})
		cancel()
	}
	if err := g.announce(true); err != nil {
		g.log.Warn("natsbus: announcing the games taken over", "err", err)
	}
}

// presenceLeases is how many leases a node's heartbeat may be late
// before its players count as gone. More than one: a node overloaded past
// its lease loses its games to the others, and its players would
// otherwise all be counted gone and back again with each late heartbeat.
const presenceLeases = 3

// ExpireNodes drops the holds of the nodes that are not alive (no
// heartbeat within three of the runtime's leases, or stopped): the players of this
// node's games that no live node holds any more are gone (their
// reconnection window starts). A node whose holds were dropped and that
// is alive again is asked, with every other node, to tell this node again
// which of its games' players are connected there. Listen runs it after
// each heartbeat period; it returns the players it found gone.
func (g *Games) ExpireNodes(ctx context.Context) (int, error) {
	alive, err := g.owners.LiveNodes(ctx, g.Now().Add(-presenceLeases*g.Lease()))
	if err != nil {
		return 0, fmt.Errorf("natsbus: reading the live nodes: %w", err)
	}
	live := map[string]bool{g.Node(): true}
	for _, n := range alive {
		live[n] = true
	}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return 0, nil
	}
	// Every hold is looked at only when a node that holds some is dead:
	// a node holds thousands of its own players' connections.
	dead := map[string]bool{}
	for n := range g.holds {
		if !live[n] {
			dead[n] = true
			g.expired[n] = true
		}
	}
	var gone []presenceKey
	if len(dead) > 0 {
		for key, nodes := range g.holders {
			for n := range nodes {
				if dead[n] {
					g.unhold(key, nodes, n)
				}
			}
			if len(nodes) == 0 {
				gone = append(gone, key)
			}
		}
	}
	back := false
	for n := range g.expired {
		if live[n] {
			delete(g.expired, n)
			back = true
		}
	}
	g.mu.Unlock()
	g.crowds.expire(live)
	for _, key := range gone {
		if !g.Runs(key.game) {
			continue
		}
		dctx, cancel := context.WithTimeout(ctx, g.timeout)
		if err := g.Runtime.Disconnected(dctx, key.game, key.player); err != nil {
			g.log.Warn("natsbus: a player held only by a dead node", "game", key.game, "player", key.player, "err", err)
		}
		cancel()
	}
	if back {
		if err := g.announce(true); err != nil {
			return len(gone), err
		}
	}
	return len(gone), nil
}

// watchNodes runs ExpireNodes every heartbeat period until Close, at the
// instants the node's other periodic work waits for too (beat.Until).
func (g *Games) watchNodes() {
	every := max(g.Lease()/5, 100*time.Millisecond)
	tick := beat.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-g.done:
			return
		case <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
			if _, err := g.ExpireNodes(ctx); err != nil {
				g.log.Warn("natsbus: expiring the dead nodes' players", "err", err)
			}
			cancel()
			tick.Next()
		}
	}
}
