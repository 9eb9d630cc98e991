package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// Checkpoints: the write-ahead log's frames are copied into the database
// file by a goroutine of their own, on a connection of their own, so that
// the writer's commits do not. SQLite's automatic checkpoint runs inside
// the commit that takes the log past 1,000 pages: that commit, and every
// write queued behind it, waited for the copy and the database file's
// fsync. A PASSIVE checkpoint runs beside the writer (it copies the frames
// committed when it began, and takes no writer's lock); once it has copied
// every frame, the next write starts the log over from its beginning.
// Under a steady stream of writes it may never catch up exactly, and the
// log would grow: once it holds walLimit frames, the writer copies the
// few frames left itself, before its next batch, and the log starts over.
//
// A checkpoint that copies a frame or two costs as much as one that
// copies hundreds (a read of the log's index, a write and an fsync of the
// database file): when few commits came since the last (a server without
// players, whose only write is its heartbeat), the checkpointer waits
// until checkpointQuiet has passed since it last ran; when none came, it
// does nothing.

// checkpointEvery is how often the checkpointer copies the log by
// default.
const checkpointEvery = 200 * time.Millisecond

// checkpointCommits is how many commits since the last checkpoint make
// the next one due at once; fewer wait for checkpointQuiet.
const checkpointCommits = 32

// checkpointQuiet is how long the checkpointer leaves a log that grew by
// fewer than checkpointCommits commits.
const checkpointQuiet = 5 * time.Second

// checkpointDue reports whether the log is to be checkpointed now, when
// commits commits came since the last checkpoint, which was since ago.
func checkpointDue(commits int64, since time.Duration) bool {
	return commits >= checkpointCommits || (commits > 0 && since >= checkpointQuiet)
}

// walLimit is how many frames (pages) the log may hold before the writer
// checkpoints it itself: 8,192 pages of 4 KiB, 32 MiB.
const walLimit = 8192

// checkpointLoop checkpoints the log every opts.checkpointEvery until
// stop is closed.
func (s *Store) checkpointLoop(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(s.opts.checkpointEvery)
	defer t.Stop()
	c := checkpointer{last: time.Now()}
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			s.checkpointIfDue(&c, now)
		}
	}
}

// checkpointer is what the checkpointer knows of its last checkpoint: the
// writer's commits counted then, and when it ran.
type checkpointer struct {
	seen int64
	last time.Time
}

// checkpointIfDue checkpoints the log at now if it is due (checkpointDue)
// and reports whether it did.
func (s *Store) checkpointIfDue(c *checkpointer, now time.Time) bool {
	n := s.commits.Load()
	if !checkpointDue(n-c.seen, now.Sub(c.last)) {
		return false
	}
	s.checkpoint(context.Background(), s.cdb)
	c.seen, c.last = n, now
	return true
}

// checkpoint runs a PASSIVE checkpoint on db and records how many frames
// the log then held; it returns that count, or -1 if it failed.
func (s *Store) checkpoint(ctx context.Context, db *sql.DB) int64 {
	var busy, frames, copied int64
	if err := db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
		return -1
	}
	s.walFrames.Store(frames)
	return frames
}

// checkpointIfLong is the writer's own checkpoint, before a batch: only
// when the log has grown past walLimit frames.
func (s *Store) checkpointIfLong(ctx context.Context) {
	if s.walFrames.Load() >= walLimit {
		s.checkpoint(ctx, s.wdb)
	}
}
