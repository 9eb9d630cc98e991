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

// checkpointEvery is how often the checkpointer copies the log by
// default.
const checkpointEvery = 200 * time.Millisecond

// walLimit is how many frames (pages) the log may hold before the writer
// checkpoints it itself: 8,192 pages of 4 KiB, 32 MiB.
const walLimit = 8192

// checkpointLoop checkpoints the log every opts.checkpointEvery until
// stop is closed.
func (s *Store) checkpointLoop(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(s.opts.checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		s.checkpoint(context.Background(), s.cdb)
	}
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
