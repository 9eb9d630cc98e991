// Package sqlite is JoinPal's embedded store, kept in one SQLite file
// through modernc.org/sqlite (pure Go, no cgo). The store's queries are
// store/internal/sqlstore's, shared with store/postgres; this package holds
// the opening and the pragmas, SQLite's dialect and query layer (dialect.go),
// the one writer (writes.go) and the migrations.
//
// # Durability
//
// The database runs in WAL mode with PRAGMA synchronous=FULL, so every commit
// syncs the write-ahead log to disk before it returns: a write the store has
// acknowledged survives a crash of the process, of the operating system and
// a loss of power. synchronous=NORMAL, SQLite's usual companion of WAL, is
// not enough: it syncs the log only at checkpoints, so a commit survives the
// process dying but the last commits may roll back after a power loss or an
// OS crash — and an acknowledged move must never be lost.
//
// # Group commit
//
// SQLite admits one writer at a time, and a synced commit costs one fsync,
// so a store that committed each move alone would be bound by the disk's
// fsync rate. Instead every write (CreateGame, AppendMove, SaveState,
// Heartbeat, MarkStopped, and those of the lobby, the people and the
// schedule) is handed to one writer goroutine, which owns the only write
// connection and prepares each statement once. The writer takes the first waiting write and every
// other write queued behind it (up to a batch limit), applies them all in one
// BEGIN IMMEDIATE transaction, commits — one fsync for the whole batch — and
// only then answers each caller. While one batch is being synced the next
// one queues up, so the batch grows with the load and there is no timer: a
// lone write is committed at once.
//
// Each write in a batch runs inside its own SAVEPOINT: a write that fails (a
// ply conflict, a duplicate id, a missing game) is rolled back to its
// savepoint and answered with its error, and the others in the batch commit
// as if it had never been there. Only a failure of the transaction itself
// (BEGIN or COMMIT) fails every write of the batch, and then none of them is
// stored. A caller returns only after its own write has committed, or with an
// error.
//
// The log is copied into the database file by a checkpointer of its own,
// beside the writer, not by the commits (see checkpoint.go).
//
// Reads (LoadGame, ActiveGames, NodeStatus) use a separate pool of read-only
// connections, which in WAL mode read a consistent snapshot without waiting
// for the writer. Both pools set a busy timeout, for other processes that
// open the same file (a backup, the sqlite3 shell).
//
// # Schema
//
// The schema is created on first start by embedded migrations
// (migrations/*.sql), each applied in its own transaction and recorded in
// the table schema_migrations. See docs/STORAGE.md.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// Store is a game.Store on one SQLite file. It is safe for concurrent use.
// Open one Store per file and process.
type Store struct {
	*sqlstore.Store // the shared queries, run on this file

	path  string
	opts  options
	wdb   *sql.DB                     // the one write connection
	wconn *sql.Conn                   // wdb's connection, held by the writer goroutine (writes.go)
	rdb   *sql.DB                     // the read-only pool
	reads *readStatements             // its prepared statements
	stmts *statements                 // the writer's prepared statements
	wq    writer                      // the writer's querier, on stmts (writes.go)
	q     *groupcommit.Queue[txWrite] // the writer's queue

	cdb       *sql.DB       // the checkpointer's connection (checkpoint.go)
	walFrames atomic.Int64  // the frames in the log at the last checkpoint
	commits   atomic.Int64  // the writer's transactions so far, committed or not
	ckptSeen  atomic.Int64  // commits as of the last checkpoint
	ckptWake  chan struct{} // the writer's wake of the checkpointer (committed)
	stopCkpt  chan struct{} // closed to stop the checkpointer
	ckptDone  chan struct{} // closed once it has stopped

	lock  *heldLock // the file's lock (WithLock), held until Close; nil without
	beats beats     // the heartbeats kept in the lock file (beat.go)
	// writeFailures counts the writes that failed (beat.go).
	writeFailures atomic.Int64

	closeOnce sync.Once
	closeErr  error
}

var _ game.Store = (*Store)(nil)

// ErrClosed is returned (wrapped) by the methods of a closed Store.
var ErrClosed = errors.New("sqlite: store closed")

// Option changes how Open sets up a Store.
type Option func(*options)

type options struct {
	readers     int
	busyTimeout time.Duration
	maxBatch    int
	// checkpointEvery is the shortest time between two of the
	// checkpointer's checkpoints.
	checkpointEvery time.Duration
	// checkpointed, if set, is called after each of the checkpointer's
	// checkpoints (for tests).
	checkpointed func()
	// lock, if set, is the node name Open takes the file's lock for.
	lock string
}

// WithReaders sets the number of read connections (default: the number of
// CPUs, at least 4).
func WithReaders(n int) Option {
	return func(o *options) { sqlstore.SetIfPositive(&o.readers, n) }
}

// WithBusyTimeout sets how long a connection waits for a lock held by
// another process before failing with SQLITE_BUSY (default 5 s).
func WithBusyTimeout(d time.Duration) Option {
	return func(o *options) { sqlstore.SetIfPositive(&o.busyTimeout, d) }
}

// WithMaxBatch sets the most writes committed together in one transaction
// (default 512). 1 turns group commit off: one transaction and one fsync per
// write.
func WithMaxBatch(n int) Option {
	return func(o *options) { sqlstore.SetIfPositive(&o.maxBatch, n) }
}

// WithCheckpointEvery sets the shortest time between two copies of the
// write-ahead log into the database file, made beside the writer (default
// 200 ms).
func WithCheckpointEvery(d time.Duration) Option {
	return func(o *options) { sqlstore.SetIfPositive(&o.checkpointEvery, d) }
}

// WithLock makes Open take the file's lock for the node named owner, so
// that no other process runs on the file while the store is open: Open
// fails with CodeLocked, naming the holder, if another holds it. The lock
// is the file PATH.lock beside the database, released by Close or by the
// end of the process, however it ends. A server takes it; tools that read
// or copy a file in use (joinpal backup) do not.
func WithLock(owner string) Option {
	return func(o *options) { o.lock = owner }
}

// Open opens the store in the SQLite file at path, creating the file (and
// its directory) and the schema on first start and applying any migration
// not yet applied. It fails if the file's schema is newer than this program.
// ctx bounds the opening only.
func Open(ctx context.Context, path string, opts ...Option) (*Store, error) {
	o := options{readers: max(4, runtime.NumCPU()), busyTimeout: 5 * time.Second, maxBatch: 512,
		checkpointEvery: checkpointEvery}
	for _, opt := range opts {
		opt(&o)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s := &Store{path: abs, opts: o}
	if o.lock != "" {
		if s.lock, err = takeLock(abs, o.lock); err != nil {
			return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
		}
		// The last beat of the holder before is kept until this store's
		// own first (beat.go).
		if b, ok := parseBeat(s.lock.before); ok {
			s.beats.before = b
			if err := s.writeBeatLine(b); err != nil {
				s.lock.f.Close()
				return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
			}
		}
	}
	ok := false
	defer func() {
		if !ok && s.lock != nil {
			s.lock.f.Close()
		}
	}()
	ms := o.busyTimeout.Milliseconds()
	s.wdb, err = sql.Open("sqlite", dsn(abs, url.Values{
		"_pragma": {
			fmt.Sprintf("busy_timeout(%d)", ms),
			"journal_mode(WAL)",
			"synchronous(FULL)",
			"foreign_keys(1)",
			// The checkpointer copies the log (checkpoint.go), not the
			// commits.
			"wal_autocheckpoint(0)",
		},
		"_txlock": {"immediate"},
	}))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s.wdb.SetMaxOpenConns(1)
	s.wdb.SetMaxIdleConns(1)
	s.wdb.SetConnMaxLifetime(0)
	s.wdb.SetConnMaxIdleTime(0)
	if err := s.setupWaiting(ctx); err != nil {
		s.wdb.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s.rdb, err = sql.Open("sqlite", dsn(abs, url.Values{
		"_pragma": {
			fmt.Sprintf("busy_timeout(%d)", ms),
			"query_only(1)",
		},
	}))
	if err != nil {
		s.closeWriter()
		s.wdb.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s.rdb.SetMaxOpenConns(o.readers)
	s.rdb.SetMaxIdleConns(o.readers)
	s.reads = newReadStatements(s.rdb)
	if err := s.rdb.PingContext(ctx); err != nil {
		s.rdb.Close()
		s.closeWriter()
		s.wdb.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s.cdb, err = sql.Open("sqlite", dsn(abs, url.Values{"_pragma": {fmt.Sprintf("busy_timeout(%d)", ms)}}))
	if err == nil {
		s.cdb.SetMaxOpenConns(1)
		s.cdb.SetConnMaxLifetime(0)
		s.cdb.SetConnMaxIdleTime(0)
		err = s.cdb.PingContext(ctx)
	}
	if err != nil {
		if s.cdb != nil {
			s.cdb.Close()
		}
		s.rdb.Close()
		s.closeWriter()
		s.wdb.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s.stopCkpt, s.ckptDone, s.ckptWake = make(chan struct{}), make(chan struct{}), make(chan struct{}, 1)
	go s.checkpointLoop(s.stopCkpt, s.ckptDone)
	s.q = groupcommit.New(o.maxBatch, 1, s.commit)
	s.Store = sqlstore.New((*backend)(s), dialect)
	ok = true
	return s, nil
}

// dsn returns the modernc.org/sqlite data source name for the file at abs.
func dsn(abs string, q url.Values) string {
	return "file:" + (&url.URL{Path: abs}).EscapedPath() + "?" + q.Encode()
}

// setupWaiting is setup, tried again while the file is busy, for up to the
// busy timeout: switching a new file to WAL mode needs a lock that SQLite
// does not wait for, so two processes opening a new file at once may find
// it taken.
func (s *Store) setupWaiting(ctx context.Context) error {
	deadline := time.Now().Add(s.opts.busyTimeout)
	for {
		err := s.setup(ctx)
		var e interface{ Code() int }
		if err == nil || !errors.As(err, &e) || e.Code()&0xff != sqliteBusy || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// sqliteBusy is SQLite's primary result code SQLITE_BUSY.
const sqliteBusy = 5

// setup checks the pragmas that durability rests on, migrates the schema,
// and prepares the write statements.
func (s *Store) setup(ctx context.Context) error {
	var mode string
	if err := s.wdb.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return err
	}
	if mode != "wal" {
		return fmt.Errorf("journal_mode is %q, not wal", mode)
	}
	var sync int
	if err := s.wdb.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync); err != nil {
		return err
	}
	if sync != 2 { // FULL
		return fmt.Errorf("synchronous is %d, not 2 (FULL)", sync)
	}
	if err := runMigrations(ctx, s.wdb, 0); err != nil {
		return err
	}
	conn, err := s.wdb.Conn(ctx)
	if err != nil {
		return err
	}
	s.wconn = conn
	s.stmts = newStatements(conn)
	return nil
}

// closeWriter closes the writer's statements and gives its connection
// back to wdb.
func (s *Store) closeWriter() error {
	if s.stmts == nil {
		return nil
	}
	return errors.Join(s.stmts.close(), s.wconn.Close())
}

// Path returns the absolute path of the store's file.
func (s *Store) Path() string { return s.path }

// Close stops taking writes, commits every write already queued and answers
// its caller, checkpoints the write-ahead log into the database file and
// closes the file. Calls made after Close fail with ErrClosed. Close may be
// called more than once; later calls return the first call's result.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.q.Close() // the writer drains the queue, then stops
		close(s.stopCkpt)
		<-s.ckptDone
		var errs []error
		errs = append(errs, s.reads.close(), s.rdb.Close(), s.cdb.Close(), s.closeWriter())
		if _, err := s.wdb.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
			errs = append(errs, fmt.Errorf("checkpoint: %w", err))
		}
		errs = append(errs, s.wdb.Close())
		if s.lock != nil {
			errs = append(errs, s.lock.f.Close()) // last: the file is whole
		}
		if err := errors.Join(errs...); err != nil {
			s.closeErr = fmt.Errorf("sqlite: close %s: %w", s.path, err)
		}
	})
	return s.closeErr
}
