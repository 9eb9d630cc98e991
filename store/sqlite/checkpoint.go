package sqlite

import (
	"context"
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
// sleeps until the writer wakes it.

// checkpointEvery is, by default, the shortest time between two of the
// checkpointer's checkpoints.
const checkpointEvery = 200 * time.Millisecond

// checkpointCommits is how many commits since the last checkpoint make
// the next one due at once; fewer wait for checkpointQuiet.
const checkpointCommits = 32

// checkpointQuiet is how long the checkpointer leaves a log that grew by
// fewer than checkpointCommits commits. Such a log is small (a server at
// a move a second adds a few pages a commit), and each checkpoint costs
// two fsyncs: at a minute, a quiet server's checkpoints come with its
// 32nd commit, or a minute after the last, rather than every few seconds.
const checkpointQuiet = time.Minute

// checkpointDue reports whether the log is to be checkpointed now, when
// commits commits came since the last checkpoint, which was since ago.
func checkpointDue(commits int64, since time.Duration) bool {
	return commits >= checkpointCommits || (commits > 0 && since >= checkpointQuiet)
}

// walLimit is how many frames (pages) the log may hold before the writer
// checkpoints it itself: 8,192 pages of 4 KiB, 32 MiB.
const walLimit = 8192

// checkpointLoop checkpoints the log when it is due until stop is closed.
// It sleeps while nothing is to be copied: the writer wakes it (see
// committed) with the first commit since its last checkpoint, and again
// once that commit has checkpointCommits behind it.
func (s *Store) checkpointLoop(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	c := checkpointer{last: time.Now()}
	for {
		var due <-chan time.Time
		if wait, ok := checkpointWait(s.commits.Load()-c.seen, time.Since(c.last), s.opts.checkpointEvery); ok {
			timer.Reset(wait)
			due = timer.C
		}
		select {
		case <-stop:
			return
		case <-s.ckptWake:
		case now := <-due:
			s.checkpointIfDue(&c, now)
		}
		timer.Stop()
	}
}

// checkpointWait returns how long the checkpointer waits before its next
// look at the log, when commits came since its last checkpoint, since
// ago: until checkpointCommits of them are due, at most every every; a
// few, checkpointQuiet after the last. With none, ok is false: it waits
// for the writer to wake it.
func checkpointWait(commits int64, since, every time.Duration) (wait time.Duration, ok bool) {
	switch {
	case commits <= 0:
		return 0, false
	case commits >= checkpointCommits:
		return max(0, every-since), true
	default:
		return max(0, checkpointQuiet-since, every-since), true
	}
}

// committed counts a transaction of the writer's, and wakes the
// checkpointer when it is the first since the last checkpoint or the one
// that makes the next due at once. A wake it misses while it checkpoints
// is not needed: it looks at the count again before it sleeps.
func (s *Store) committed() {
	n := s.commits.Add(1) - s.ckptSeen.Load()
	if n == 1 || n == checkpointCommits {
		select {
		case s.ckptWake <- struct{}{}:
		default:
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
	s.ckptSeen.Store(n)
	if s.opts.checkpointed != nil {
		s.opts.checkpointed()
	}
	return true
}

// checkpoint runs a PASSIVE checkpoint on db and records how many frames
// the log then held; it returns that count, or -1 if it failed.
func (s *Store) checkpoint(ctx context.Context, db conn) int64 {
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
		s.checkpoint(ctx, s.wconn)
	}
}
