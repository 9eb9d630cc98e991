package live

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// claimBatch bounds the games one claim of Failover takes: nodes that scan
// at once each take random batches, and so share a dead node's games.
const claimBatch = 50

// Failover takes over, among several nodes (Config.Cluster), the running
// games of the nodes that are dead — no heartbeat within NodeTimeout, the
// lease — or that stopped gracefully, and returns how many it took. Each
// game is claimed by one node only, under a new epoch (see
// ClusterRegistry.ClaimDeadGames), then restored as Start restores a game:
// suspended as of its previous owner's last heartbeat and stored so, then
// resumed, the time since charged to nobody. A node that owned one of the
// games and still writes it (it was cut off, not dead) is refused by the
// store (game.CodeNotOwner) and drops the game.
//
// The runtime calls it after each heartbeat; natsbus calls it when another
// node announces its stop, so a node that stops gracefully hands its games
// over at once. It claims batches of at most claimBatch games, each a
// random share of those left, until a batch takes none, and calls Config.Claimed with each batch it resumed. Calls
// never overlap; a runtime that is not started or is stopping takes
// nothing.
func (r *Runtime) Failover(ctx context.Context) (int, error) {
	reg, ok := r.cfg.Nodes.(ClusterRegistry)
	if !r.cfg.Cluster || !ok {
		return 0, nil
	}
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	total := 0
	for {
		n, err := r.claimBatch(ctx, reg)
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}

// claimBatch claims and resumes one batch of the games of dead nodes and
// returns how many it claimed.
func (r *Runtime) claimBatch(ctx context.Context, reg ClusterRegistry) (int, error) {
	r.mu.Lock()
	if r.stopping || !r.started {
		r.mu.Unlock()
		return 0, nil
	}
	r.wg.Add(1) // Stop waits until the games claimed run or are left to others
	r.mu.Unlock()
	defer r.wg.Done()
	now, begun := r.cfg.Clock.Now(), time.Now()
	cctx, cancel := context.WithTimeout(ctx, r.cfg.StoreTimeout)
	epoch, claimed, err := reg.ClaimDeadGames(cctx, r.cfg.Node, now, now.Add(-r.cfg.NodeTimeout), claimBatch)
	cancel()
	if err != nil {
		return 0, fmt.Errorf("live: claiming the games of dead nodes: %w", err)
	}
	r.beat(begun) // the claim stored a heartbeat
	if len(claimed) == 0 {
		return 0, nil
	}
	actors := make([]*actor, len(claimed))
	var mu sync.Mutex
	var failed []int
	inParallel(len(claimed), func(i int) {
		c := claimed[i]
		at := c.OwnerSeen
		if at.IsZero() || at.After(now) {
			at = now
		}
		a, err := r.restoreOne(c.ID, at, epoch)
		if err != nil {
			r.restoreFailed(c.ID, err)
			r.retryLater(c.ID, at, epoch, minRetry)
			mu.Lock()
			failed = append(failed, i)
			mu.Unlock()
			return
		}
		actors[i] = a
	})
	var running []*actor
	var ids []string
	for _, a := range actors {
		if a != nil && r.spawn(a) {
			running = append(running, a)
			ids = append(ids, a.id)
		}
	}
	r.cfg.Logger.Info("live: took over the games of dead or stopped nodes", "games", len(running), "failed", len(failed), "epoch", epoch)
	r.resumeAll(running)
	if len(ids) > 0 && r.cfg.Claimed != nil {
		r.cfg.Claimed(ids)
	}
	return len(claimed), nil
}

// scanSoon runs Failover in the background unless a scan is running or
// the runtime is stopping.
func (r *Runtime) scanSoon() {
	if !r.cfg.Cluster {
		return
	}
	r.mu.Lock()
	if r.stopping || r.scanning {
		r.mu.Unlock()
		return
	}
	r.scanning = true
	r.wg.Add(1)
	r.mu.Unlock()
	go func() {
		defer r.wg.Done()
		defer func() {
			r.mu.Lock()
			r.scanning = false
			r.mu.Unlock()
		}()
		if _, err := r.Failover(context.Background()); err != nil {
			r.cfg.Logger.Error("live: failover", "err", err)
		}
	}()
}
