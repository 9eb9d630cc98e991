package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/joinpal/joinpal/game"
)

// The nodes' side of the store (live.NodeRegistry and
// live.ClusterRegistry): each node's heartbeats and stop in the nodes
// table, the claims that make a node the owner of running games under a
// fencing epoch, and a game's owner.

// upsertNodeSQL records a node's heartbeat or stop; an older one never
// overwrites a newer.
const upsertNodeSQL = `INSERT INTO nodes (node, last_seen, stopped) VALUES ($1, $2, $3)
		ON CONFLICT (node) DO UPDATE SET last_seen = excluded.last_seen, stopped = excluded.stopped
		WHERE excluded.last_seen >= nodes.last_seen`

// Heartbeat records that node is alive at the moment at (and not stopped).
// It is a write of its own (Backend.WriteOne), not one of the group commit's:
// where the database takes several writers (PostgreSQL), a node renews its
// lease ahead of a queue of game writes, which under load could otherwise
// hold the renewal past the lease and hand the node's games to another.
func (s *Store) Heartbeat(ctx context.Context, node string, at time.Time) error {
	return s.upsertNode(ctx, fmt.Sprintf("heartbeat of node %q", node), node, at, false)
}

// MarkStopped records that node stopped gracefully at the moment at.
func (s *Store) MarkStopped(ctx context.Context, node string, at time.Time) error {
	return s.upsertNode(ctx, fmt.Sprintf("stop of node %q", node), node, at, true)
}

// HeartbeatStmt is the statement that records node alive at at, for a
// backend that carries a heartbeat in a game write's transaction (see
// GameWrite.Beat).
func HeartbeatStmt(node string, at time.Time) Stmt {
	return Stmt{upsertNodeSQL, []any{node, at, false}}
}

// upsertNode writes node's row of the nodes table in a write of its own.
func (s *Store) upsertNode(ctx context.Context, op, node string, at time.Time, stopped bool) error {
	return s.writeOne(ctx, op, func(q Querier) error {
		_, err := q.Exec(upsertNodeSQL, node, at, stopped)
		return err
	})
}

// NodeStatus returns node's last heartbeat (or graceful stop) and whether
// its last act was a graceful stop; the zero time and false for a node
// never seen.
func (s *Store) NodeStatus(ctx context.Context, node string) (lastSeen time.Time, stopped bool, err error) {
	err = s.readOne(ctx, fmt.Sprintf("status of node %q", node), func(q Querier) error {
		err := q.QueryRow("SELECT last_seen, stopped FROM nodes WHERE node = $1", node).Scan(&lastSeen, &stopped)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	return lastSeen, stopped, err
}

// LastAlive returns the latest moment any node was seen alive (its last
// heartbeat or graceful stop), or the zero time if no node was ever seen.
func (s *Store) LastAlive(ctx context.Context) (time.Time, error) {
	var last time.Time
	err := s.readOne(ctx, "last node alive", func(q Querier) error {
		err := q.QueryRow("SELECT last_seen FROM nodes ORDER BY last_seen DESC LIMIT 1").Scan(&last)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	return last, err
}

// LiveNodes returns, in name order, the nodes whose last act was a
// heartbeat at or after since.
func (s *Store) LiveNodes(ctx context.Context, since time.Time) ([]string, error) {
	var out []string
	err := s.readOne(ctx, "live nodes", func(q Querier) error {
		rows, err := q.Query("SELECT node FROM nodes WHERE NOT stopped AND last_seen >= $1 ORDER BY node", since)
		out, err = collect(rows, err, func(r Row) (n string, err error) { return n, r.Scan(&n) })
		return err
	})
	return out, err
}

// ClaimGames makes node the owner of every running game (created or
// started) under a new epoch, newer than every epoch drawn before, and
// returns it. From then on, writes of those games made under an older
// epoch are refused with game.CodeNotOwner.
func (s *Store) ClaimGames(ctx context.Context, node string) (epoch int64, err error) {
	err = s.write(ctx, fmt.Sprintf("claim the running games for node %q", node), func(q Querier) error {
		var err error
		if epoch, err = nextEpoch(q); err != nil {
			return err
		}
		_, err = q.Exec(fmt.Sprintf("UPDATE games SET owner = $1, owner_epoch = $2 WHERE status IN (%d, %d)",
			game.StatusCreated, game.StatusStarted), node, epoch)
		return err
	})
	return epoch, err
}

// ClaimGamesOf makes node the owner, under a new epoch newer than every
// epoch drawn before, of the running games owned by node itself, by no
// node, or by a node not alive (whose last heartbeat is older than since,
// or that stopped), records node's heartbeat at the moment at, and returns
// the epoch and the games claimed, each with its previous owner and when
// that owner was last seen. It is one transaction, serialised with every
// other claim by the epoch's row: of two nodes that start at once, the
// second sees the first alive (its heartbeat written with its claim) and
// leaves it its games.
func (s *Store) ClaimGamesOf(ctx context.Context, node string, at, since time.Time) (epoch int64, claimed []game.Claim, err error) {
	err = s.write(ctx, fmt.Sprintf("claim the running games of node %q", node), func(q Querier) error {
		claimed = nil
		var err error
		if epoch, err = nextEpoch(q); err != nil {
			return err
		}
		seen := map[string]time.Time{}
		alive := map[string]bool{}
		nodes, err := readNodes(q)
		if err != nil {
			return err
		}
		for _, n := range nodes {
			seen[n.name] = n.lastSeen
			alive[n.name] = n.aliveSince(since) && n.name != node
		}
		rows, err := q.Query(fmt.Sprintf("SELECT id, owner FROM games WHERE status IN (%d, %d)", game.StatusCreated, game.StatusStarted))
		running, err := collect(rows, err, func(r Row) (c game.Claim, err error) {
			err = r.Scan(&c.ID, &c.Owner)
			return c, err
		})
		if err != nil {
			return err
		}
		for _, c := range running {
			if !alive[c.Owner] {
				c.OwnerSeen = seen[c.Owner]
				claimed = append(claimed, c)
			}
		}
		for _, c := range claimed {
			if _, err := q.Exec("UPDATE games SET owner = $1, owner_epoch = $2 WHERE id = $3", node, epoch, c.ID); err != nil {
				return err
			}
		}
		_, err = q.Exec(upsertNodeSQL, node, at, false)
		return err
	})
	if err != nil {
		return 0, nil, err
	}
	return epoch, claimed, nil
}

// ClaimDeadGames makes node, which is running, the owner of at most limit
// running games whose owner is another node that is not alive (its last
// heartbeat older than since, or it stopped) or no node, under a new
// epoch newer than every epoch drawn before; records node's heartbeat at
// the moment at; and returns the epoch and the games claimed, each with
// its previous owner and when that owner was last seen (a random share of
// them when there are more than limit). It first looks for such games in
// one read, and when there are none returns no game,
// drawing no epoch and writing nothing. Each game found is then taken by
// a compare-and-set on its owner and epoch as read, in one transaction
// serialised with every other claim by the epoch's row: of two nodes that
// claim at once, the second finds the games the first took changed and
// leaves them. The node's own games are never claimed (their epoch stays
// the one its writes carry).
func (s *Store) ClaimDeadGames(ctx context.Context, node string, at, since time.Time, limit int) (epoch int64, claimed []game.Claim, err error) {
	type found struct {
		claim game.Claim
		epoch int64
	}
	var dead []found
	err = s.read(ctx, "find the games of dead nodes", func(q Querier) error {
		seen := map[string]time.Time{}
		alive := []any{node}
		nodes, err := readNodes(q)
		if err != nil {
			return err
		}
		for _, n := range nodes {
			seen[n.name] = n.lastSeen
			if n.name != node && n.aliveSince(since) {
				alive = append(alive, n.name)
			}
		}
		rows, err := q.Query(fmt.Sprintf("SELECT id, owner, owner_epoch FROM games WHERE status IN (%d, %d) AND owner NOT IN (%s)",
			game.StatusCreated, game.StatusStarted, Params(1, len(alive))), alive...)
		dead, err = collect(rows, err, func(r Row) (d found, err error) {
			err = r.Scan(&d.claim.ID, &d.claim.Owner, &d.epoch)
			d.claim.OwnerSeen = seen[d.claim.Owner]
			return d, err
		})
		return err
	})
	if err != nil || len(dead) == 0 {
		return 0, nil, err
	}
	// A random share: nodes that claim at once mostly pick different
	// games, and so share them rather than queue for the same ones.
	rand.Shuffle(len(dead), func(i, j int) { dead[i], dead[j] = dead[j], dead[i] })
	dead = dead[:min(len(dead), limit)]
	err = s.write(ctx, fmt.Sprintf("claim the games of dead nodes for node %q", node), func(q Querier) error {
		claimed = nil
		var err error
		if epoch, err = nextEpoch(q); err != nil {
			return err
		}
		for _, d := range dead {
			n, err := q.Exec(fmt.Sprintf("UPDATE games SET owner = $1, owner_epoch = $2 WHERE id = $3 AND owner = $4 AND owner_epoch = $5 AND status IN (%d, %d)",
				game.StatusCreated, game.StatusStarted), node, epoch, d.claim.ID, d.claim.Owner, d.epoch)
			if err != nil {
				return err
			}
			if n == 1 {
				claimed = append(claimed, d.claim)
			}
		}
		_, err = q.Exec(upsertNodeSQL, node, at, false)
		return err
	})
	if err != nil {
		return 0, nil, err
	}
	return epoch, claimed, nil
}

// GameOwner returns the node that owns game id ("" if none ever claimed
// or created it). It fails with game.CodeGameNotFound if there is no such
// game.
func (s *Store) GameOwner(ctx context.Context, id string) (node string, err error) {
	err = s.read(ctx, fmt.Sprintf("owner of game %q", id), func(q Querier) error {
		err := q.QueryRow("SELECT owner FROM games WHERE id = $1", id).Scan(&node)
		if errors.Is(err, sql.ErrNoRows) {
			return NotFound(id)
		}
		return err
	})
	return node, err
}

// nextEpoch draws a fencing epoch newer than every one drawn before. Its
// row serialises the claims: a second claim waits for the first's
// transaction.
func nextEpoch(q Querier) (epoch int64, err error) {
	err = q.QueryRow("UPDATE owner_epochs SET epoch = epoch + 1 WHERE id = 1 RETURNING epoch").Scan(&epoch)
	return epoch, err
}

// nodeRow is one row of the nodes table.
type nodeRow struct {
	name     string
	lastSeen time.Time
	stopped  bool
}

// aliveSince reports whether the node was seen at since or later and has
// not recorded a stop.
func (n nodeRow) aliveSince(since time.Time) bool { return !n.stopped && !n.lastSeen.Before(since) }

// readNodes reads every node's row, for the claims of running games.
func readNodes(q Querier) ([]nodeRow, error) {
	rows, err := q.Query("SELECT node, last_seen, stopped FROM nodes")
	return collect(rows, err, func(r Row) (n nodeRow, err error) {
		err = r.Scan(&n.name, &n.lastSeen, &n.stopped)
		return n, err
	})
}
