package sqlite

import (
	"context"
	"fmt"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// The one writer: every write is a function run inside the writer's
// transaction, its statements prepared once on the write connection. A
// batch first runs without savepoints (two statements a write fewer);
// only when one of its writes fails is it rolled back and run again with
// a savepoint around each write, so that the failed one changes nothing
// and the others still commit.

// txWrite is one write of the writer, run in its transaction.
type txWrite = func(q sqlstore.Querier) error

// Commit runs w as one write of the group commit; once it has committed,
// the heartbeat it carries (game.Beat), if any, goes to the lock file.
func (b *backend) Commit(ctx context.Context, w *sqlstore.GameWrite) error {
	if err := b.Write(ctx, w.Func()); err != nil {
		return err
	}
	if bt := game.BeatOf(ctx); bt != nil {
		(*Store)(b).carryBeat(bt)
	}
	return nil
}

// commit applies batch in one transaction and sets the outcome of each
// write: all of them at once, or, when one fails, again each under its
// own savepoint.
func (s *Store) commit(batch []*groupcommit.Request[txWrite]) {
	// The writer's own context: one caller giving up must not abort the
	// transaction that carries the others' writes.
	ctx := context.Background()
	defer s.committed()
	s.checkpointIfLong(ctx)
	if s.commitAll(ctx, batch) {
		return
	}
	for _, r := range batch {
		r.Err = nil
	}
	s.commitEach(ctx, batch)
}

// failAll gives err to every write of batch that has no error of its own.
func failAll(batch []*groupcommit.Request[txWrite], err error) {
	for _, r := range batch {
		if r.Err == nil {
			r.Err = err
		}
	}
}

// commitAll runs every write of batch in one transaction without
// savepoints and commits it. It reports false, having rolled the
// transaction back, when a write of a batch of several failed: the batch
// must run again with savepoints. A lone write's failure is its outcome.
func (s *Store) commitAll(ctx context.Context, batch []*groupcommit.Request[txWrite]) bool {
	if err := s.begin(ctx); err != nil {
		failAll(batch, err)
		return true
	}
	q := s.querier(ctx)
	for _, r := range batch {
		if err := r.Write(q); err != nil {
			r.Err = err
			s.rollback(ctx)
			return len(batch) == 1
		}
	}
	if err := s.commitTx(ctx); err != nil {
		failAll(batch, err)
	}
	return true
}

// querier returns the writer's querier under ctx. It is the Store's own,
// set for each transaction, so that making it a Querier for each write
// allocates nothing.
func (s *Store) querier(ctx context.Context) *writer {
	s.wq = writer{ctx, s.stmts}
	return &s.wq
}

// commitEach runs batch in one transaction, each write under its own
// savepoint: a write that fails is rolled back alone.
func (s *Store) commitEach(ctx context.Context, batch []*groupcommit.Request[txWrite]) {
	if err := s.begin(ctx); err != nil {
		failAll(batch, err)
		return
	}
	q := s.querier(ctx)
	sp := func(what, query string) error {
		if _, err := q.Exec(query); err != nil {
			s.rollback(ctx)
			failAll(batch, fmt.Errorf("%s: %w", what, err))
			return err
		}
		return nil
	}
	for _, r := range batch {
		if sp("savepoint", "SAVEPOINT w") != nil {
			return
		}
		if err := r.Write(q); err != nil {
			r.Err = err
			if sp("rollback to savepoint", "ROLLBACK TO w") != nil {
				return
			}
		}
		if sp("release savepoint", "RELEASE w") != nil {
			return
		}
	}
	if err := s.commitTx(ctx); err != nil {
		// Nothing of the batch is stored: every write fails, those that
		// had failed on their own keep their own error.
		failAll(batch, err)
	}
}

// The writer's transactions are statements on its connection, BEGIN
// IMMEDIATE to COMMIT, prepared once as its others are, rather than
// database/sql's transactions: each of
// those starts a goroutine that watches its context (which the writer's
// never ends) and binds every prepared statement to it anew.

// The writer's own statements, made once: a transaction runs them
// without looking them up.
var (
	beginQuery    = parseQuery("BEGIN IMMEDIATE")
	commitQuery   = parseQuery("COMMIT")
	rollbackQuery = parseQuery("ROLLBACK")
)

// begin starts the writer's transaction, taking the file's write lock at
// once.
func (s *Store) begin(ctx context.Context) error {
	if _, err := s.stmts.exec(ctx, beginQuery, nil); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	return nil
}

// commitTx commits the writer's transaction; when the commit fails, the
// transaction is rolled back, so that nothing of it stays and the next
// can begin.
func (s *Store) commitTx(ctx context.Context) error {
	if _, err := s.stmts.exec(ctx, commitQuery, nil); err != nil {
		s.rollback(ctx)
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// rollback rolls the writer's transaction back. Its error is not the
// writes' outcome (they have failed already), and SQLite may have rolled
// the transaction back itself ("no transaction is active").
func (s *Store) rollback(ctx context.Context) {
	_, _ = s.stmts.exec(ctx, rollbackQuery, nil)
}
