// Package postgres is JoinPal's store for more than one machine, in
// PostgreSQL through github.com/jackc/pgx/v5 (pgxpool). The store's
// queries are store/internal/sqlstore's, shared with store/sqlite; this
// package holds the pool, PostgreSQL's dialect and query layer (dialect.go),
// the commit of the game writes (writes.go) and the migrations.
//
// # Durability
//
// A write returns only after PostgreSQL has committed it, and the store
// never turns synchronous_commit off: a commit is acknowledged only once its
// WAL record is flushed to disk, so an acknowledged move survives any crash
// of JoinPal, of PostgreSQL or of the machine. (Open checks the setting and
// refuses a session where it is off, local or remote_write.)
//
// # Writes
//
// AppendMove is one statement — a data-modifying WITH that advances the
// game's move counter only at the expected ply and inserts the move only if
// it did — so a move costs one round trip and one commit, and a ply
// conflict stores nothing. Concurrent moves of the same game serialise on
// the game's row: the second to arrive finds the counter moved and fails
// with game.CodePlyConflict.
//
// With group commit (the default; see WithGroupCommit), AppendMove and
// SaveState are handed to a writer goroutine that sends every write waiting
// (up to a batch limit) in one pipelined batch inside one transaction, so
// that a single round trip and a single WAL flush serve many games; callers
// return once that transaction has committed. A write may carry its node's
// heartbeat (game.WithBeat): the batch then records the node alive too.
// Heartbeat and MarkStopped themselves are one statement each on the pool,
// never queued behind the games' writes. A
// ply conflict or a missing game is not an SQL error (the statement just
// changes nothing), so it fails alone and the rest of the batch commits. If
// the batch meets a real SQL error, it is rolled back and each of its writes
// is retried alone, so that one bad write cannot fail the others. A
// CreateGame with moves already played, and the end of a rated game with
// its rating update, run in a transaction of its own; so do the writes of
// the lobby, the people and the schedule.
//
// Reads of many statements run in REPEATABLE READ, READ ONLY transactions,
// so a game and its moves come from one snapshot.
//
// # Schema
//
// The schema is created by embedded migrations (migrations/*.sql), each in
// its own transaction under a transaction-level advisory lock, so that nodes
// starting together apply each migration once; applied migrations are listed
// in schema_migrations. The tables live in the connection's search_path
// (set search_path in the DSN to use a schema other than public). See
// docs/STORAGE.md.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// Store is a game.Store in a PostgreSQL database. It is safe for concurrent
// use, and many Stores (on many machines) may share one database.
type Store struct {
	*sqlstore.Store // the shared queries, run on this database

	pool *pgxpool.Pool
	// wpool is the group commit writers' own connections, one each, so
	// that their batches never wait behind the reads for one of pool's
	// (nil without group commit).
	wpool *pgxpool.Pool
	opts  options

	q      *groupcommit.Queue[*sqlstore.GameWrite] // nil without group commit
	rated  ratedCache                              // whether known games are rated
	mu     sync.RWMutex                            // guards closed
	closed bool

	closeOnce sync.Once
}

var _ game.Store = (*Store)(nil)

// ErrClosed is returned (wrapped) by the methods of a closed Store.
var ErrClosed = errors.New("postgres: store closed")

// Option changes how Open sets up a Store.
type Option func(*options)

type options struct {
	groupCommit bool
	maxBatch    int
	writers     int
}

// WithGroupCommit turns group commit on (the default) or off. Off, every
// write is its own transaction on its own pooled connection, and PostgreSQL
// alone groups the WAL flushes of concurrent commits.
func WithGroupCommit(on bool) Option { return func(o *options) { o.groupCommit = on } }

// WithMaxBatch sets the most writes committed together in one transaction
// with group commit (default 256).
func WithMaxBatch(n int) Option {
	return func(o *options) { sqlstore.SetIfPositive(&o.maxBatch, n) }
}

// WithWriters sets the number of writer goroutines with group commit
// (default 2): while one batch is being committed the next can be sent.
func WithWriters(n int) Option {
	return func(o *options) { sqlstore.SetIfPositive(&o.writers, n) }
}

// writerPingIdle is how long a writer's connection may sit idle before
// it is pinged on being taken.
const writerPingIdle = time.Minute

// Open connects to the PostgreSQL database dsn (a URL or key=value string
// as pgx reads it; pool settings such as pool_max_conns are accepted),
// checks that commits are durable, and applies the schema migrations not
// yet applied. It fails if the database's schema is newer than this
// program. ctx bounds the opening only.
func Open(ctx context.Context, dsn string, opts ...Option) (*Store, error) {
	o := options{groupCommit: true, maxBatch: 256, writers: 2}
	for _, opt := range opts {
		opt(&o)
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	s := &Store{pool: pool, opts: o}
	if err := s.setup(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	if o.groupCommit {
		wcfg := cfg.Copy()
		wcfg.MaxConns = int32(o.writers)
		// pgxpool pings a connection idle for over a second before handing
		// it out: at a move a second, a round trip before every write. The
		// writers ping only a connection idle for a minute; a write that
		// meets a connection broken meanwhile runs again on another
		// (writeAlone).
		wcfg.ShouldPing = func(_ context.Context, p pgxpool.ShouldPingParams) bool {
			return p.IdleDuration > writerPingIdle
		}
		if s.wpool, err = pgxpool.NewWithConfig(ctx, wcfg); err != nil {
			pool.Close()
			return nil, fmt.Errorf("postgres: open: %w", err)
		}
		s.q = groupcommit.New(o.maxBatch, o.writers, s.commit)
	}
	s.Store = sqlstore.New((*backend)(s), dialect)
	return s, nil
}

// setup checks durability and migrates the schema.
func (s *Store) setup(ctx context.Context) error {
	var sc string
	if err := s.pool.QueryRow(ctx, "SHOW synchronous_commit").Scan(&sc); err != nil {
		return err
	}
	if sc != "on" && sc != "remote_apply" {
		return fmt.Errorf("synchronous_commit is %q: commits would be acknowledged before they are durable", sc)
	}
	return runMigrations(ctx, s.pool, 0)
}

// Close stops taking writes, commits the writes already queued and answers
// their callers, waits for the calls in progress, and closes the pool.
// Calls made after Close fail with ErrClosed. Close may be called more than
// once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		if s.q != nil {
			s.q.Close() // the writers drain the queue, then stop
			s.wpool.Close()
		}
		s.pool.Close()
	})
	return nil
}

// open fails with ErrClosed once Close has begun.
func (s *Store) open() error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	return nil
}

// begin runs f in a transaction with opts, committing if f succeeds.
func (s *Store) begin(ctx context.Context, opts pgx.TxOptions, f func(pgx.Tx) error) error {
	if err := s.open(); err != nil {
		return err
	}
	return pgx.BeginTxFunc(ctx, s.pool, opts, f)
}
