package sqlite

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Heartbeats on a locked file. A server alone on its file records every
// second that it is alive (live.Config.HeartbeatEvery), so that after a
// crash the time it was down is charged to nobody. Storing each beat in
// the database cost a transaction, an fsync of the log and, in time, a
// checkpoint: most of what an idle server did. A store that holds the
// file's lock (WithLock) writes each beat into the lock file instead — one
// write, no fsync: what a process wrote stays in the system's cache when
// the process dies — and into the database only every storedBeatEvery, or
// at once when a write of the store failed since the last stored beat (a
// beat then tells, as it always did, whether the store confirms writes
// again). A beat whose database write fails leaves the file as it was.
//
// A game's write may carry the node's beat (game.Beat): once its commit
// is done, the beat goes into the lock file as the heartbeat's own would,
// and the node's heartbeat need not write one (see live's carrier). A
// beat due in the database is never carried: the heartbeat writes it.
//
// The lock file's beat line names the node, the moment of its last beat
// and the moment of its last beat stored in the database:
//
//	alive 00000001733250000123456 stored 00000001733249991123456 node NAME
//
// (microseconds since the epoch, of the caller's clock). A store that takes
// the lock keeps the line of the holder before it until its own first beat,
// so that the last beat of a process that died survives opens that do not
// beat (a check of the file, a backup's test). The line is believed only
// for a node whose row in the database is not stopped and holds exactly
// the stored moment, and only if the beat came at most storedBeatEvery
// plus beatSlack after it: a database restored from a backup older than
// the line, or a line left while writes failed, falls back to the
// database's beat, which charges nobody the time in doubt.

// storedBeatEvery is how often a heartbeat reaches the database of a
// locked file.
const storedBeatEvery = 10 * time.Second

// beatSlack is how much later than storedBeatEvery after its last stored
// beat a beat in the lock file may come and still be believed: the
// heartbeat's ticks are at most this late.
const beatSlack = 2 * time.Second

// lockBeat is a node's last heartbeat as a lock file holds it.
type lockBeat struct {
	node       string
	at, stored time.Time
}

// beats is what a locked store knows of the heartbeats.
type beats struct {
	mu sync.Mutex
	// own is this store's latest beat, written to the lock file; its node
	// is empty before the first and after MarkStopped.
	own lockBeat
	// storedBegun is when (time.Now) the latest beat stored in the
	// database began, and failures the count of failed writes then.
	storedBegun time.Time
	failures    int64
	// before is the beat the lock file held when the store took the lock.
	before lockBeat
}

// storedDue reports whether node's next beat is due in the database: it
// is the first, storedBeatEvery has passed since the last stored one
// began, the store's write failures (failures, counted now) have changed
// since then, or the beat is another node's. b.mu is held.
func (b *beats) storedDue(node string, failures int64) bool {
	return b.storedBegun.IsZero() || time.Since(b.storedBegun) >= storedBeatEvery ||
		failures != b.failures || node != b.own.node
}

// formatBeat returns b as the lock file's beat line.
func formatBeat(b lockBeat) string {
	return fmt.Sprintf("alive %023d stored %023d node %s\n", b.at.UnixMicro(), b.stored.UnixMicro(), b.node)
}

// parseBeat reads the beat line from a lock file's content: the line
// after the holder's. ok is false when there is none, or it is malformed.
func parseBeat(content []byte) (b lockBeat, ok bool) {
	_, rest, _ := strings.Cut(string(content), "\n")
	line, _, complete := strings.Cut(rest, "\n")
	if !complete {
		return lockBeat{}, false
	}
	at, line, ok1 := strings.Cut(strings.TrimPrefix(line, "alive "), " stored ")
	stored, node, ok2 := strings.Cut(line, " node ")
	if !strings.HasPrefix(rest, "alive ") || !ok1 || !ok2 || node == "" {
		return lockBeat{}, false
	}
	atUs, err1 := strconv.ParseInt(at, 10, 64)
	storedUs, err2 := strconv.ParseInt(stored, 10, 64)
	if err1 != nil || err2 != nil || atUs <= 0 || storedUs <= 0 {
		return lockBeat{}, false
	}
	return lockBeat{node: node, at: time.UnixMicro(atUs).UTC(), stored: time.UnixMicro(storedUs).UTC()}, true
}

// writeBeatLine writes b as the lock file's beat line.
func (s *Store) writeBeatLine(b lockBeat) error {
	_, err := s.lock.f.WriteAt([]byte(formatBeat(b)), s.lock.beatAt)
	return err
}

// Heartbeat records that node is alive at the moment at (and not
// stopped). On a locked file it writes the lock file, and the database
// only every storedBeatEvery or after a failed write (see above); without
// the lock, the database each time.
func (s *Store) Heartbeat(ctx context.Context, node string, at time.Time) error {
	if s.lock == nil {
		return s.Store.Heartbeat(ctx, node, at)
	}
	b := &s.beats
	failures := s.writeFailures.Load()
	b.mu.Lock()
	due := b.storedDue(node, failures)
	b.mu.Unlock()
	begun := time.Now()
	if due {
		if err := s.Store.Heartbeat(ctx, node, at); err != nil {
			return err
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if node != b.own.node {
		b.own = lockBeat{node: node}
	}
	if due && begun.After(b.storedBegun) {
		b.storedBegun, b.failures, b.own.stored = begun, failures, at
	}
	if at.After(b.own.at) {
		b.own.at = at
	}
	if err := s.writeBeatLine(b.own); err != nil {
		return fmt.Errorf("sqlite: heartbeat of node %q in %s: %w", node, lockPath(s.path), err)
	}
	return nil
}

// carryBeat records bt, a heartbeat that rode on a game's write which has
// committed, as Heartbeat would, and marks it carried — but only into the
// lock file: when the database is due a beat (every storedBeatEvery, or
// after a failed write) or the store holds no lock, bt stays uncarried and
// the node's heartbeat writes the beat itself.
func (s *Store) carryBeat(bt *game.Beat) {
	if s.lock == nil {
		return
	}
	b := &s.beats
	failures := s.writeFailures.Load()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.storedDue(bt.Node, failures) {
		return
	}
	if bt.At.After(b.own.at) {
		b.own.at = bt.At
	}
	if s.writeBeatLine(b.own) == nil {
		bt.MarkCarried()
	}
}

// MarkStopped records that node stopped gracefully at the moment at.
func (s *Store) MarkStopped(ctx context.Context, node string, at time.Time) error {
	if err := s.Store.MarkStopped(ctx, node, at); err != nil {
		return err
	}
	if s.lock != nil {
		b := &s.beats
		b.mu.Lock()
		if b.own.node == node {
			b.own = lockBeat{}
		}
		b.mu.Unlock()
	}
	return nil
}

// lastBeats returns the beats the database may lag behind: this store's
// own latest, and the one the holder before it left in the lock file when
// the database agrees with it (see above).
func (s *Store) lastBeats(ctx context.Context) ([]lockBeat, error) {
	if s.lock == nil {
		return nil, nil
	}
	b := &s.beats
	b.mu.Lock()
	own, before := b.own, b.before
	b.mu.Unlock()
	var out []lockBeat
	if own.node != "" {
		out = append(out, own)
	}
	if before.node == "" || before.at.Sub(before.stored) > storedBeatEvery+beatSlack {
		return out, nil
	}
	seen, stopped, err := s.Store.NodeStatus(ctx, before.node)
	if err != nil {
		return nil, err
	}
	if !stopped && seen.Equal(before.stored) {
		out = append(out, before)
	}
	return out, nil
}

// NodeStatus returns node's last heartbeat (or graceful stop) and whether
// its last act was a graceful stop; the zero time and false for a node
// never seen. On a locked file the last heartbeat may be the lock file's.
func (s *Store) NodeStatus(ctx context.Context, node string) (lastSeen time.Time, stopped bool, err error) {
	lastSeen, stopped, err = s.Store.NodeStatus(ctx, node)
	if err != nil || stopped {
		return lastSeen, stopped, err
	}
	beats, err := s.lastBeats(ctx)
	if err != nil {
		return time.Time{}, false, err
	}
	for _, b := range beats {
		if b.node == node && b.at.After(lastSeen) {
			lastSeen = b.at
		}
	}
	return lastSeen, false, nil
}

// LastAlive returns the latest moment any node was seen alive (its last
// heartbeat or graceful stop), or the zero time if no node was ever seen.
// On a locked file it may be the lock file's beat.
func (s *Store) LastAlive(ctx context.Context) (time.Time, error) {
	last, err := s.Store.LastAlive(ctx)
	if err != nil {
		return time.Time{}, err
	}
	beats, err := s.lastBeats(ctx)
	if err != nil {
		return time.Time{}, err
	}
	for _, b := range beats {
		if b.at.After(last) {
			last = b.at
		}
	}
	return last, nil
}

// LiveNodes returns, in name order, the nodes whose last act was a
// heartbeat at or after since. On a locked file a node's last heartbeat
// may be the lock file's.
func (s *Store) LiveNodes(ctx context.Context, since time.Time) ([]string, error) {
	nodes, err := s.Store.LiveNodes(ctx, since)
	if err != nil {
		return nil, err
	}
	beats, err := s.lastBeats(ctx)
	if err != nil {
		return nil, err
	}
	for _, b := range beats {
		if !b.at.Before(since) && !slices.Contains(nodes, b.node) {
			nodes = append(nodes, b.node)
		}
	}
	slices.Sort(nodes)
	return nodes, nil
}
