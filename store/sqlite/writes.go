package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

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

// Commit runs w as one write of the group commit.
func (b *backend) Commit(ctx context.Context, w *sqlstore.GameWrite) error {
	return b.Write(ctx, w.Apply)
}

// commit applies batch in one transaction and sets the outcome of each
// write: all of them at once, or, when one fails, again each under its
// own savepoint.
func (s *Store) commit(batch []*groupcommit.Request[txWrite]) {
	// The writer's own context: one caller giving up must not abort the
	// transaction that carries the others' writes.
	ctx := context.Background()
	defer s.stmts.prepare(ctx)
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
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		failAll(batch, fmt.Errorf("begin: %w", err))
		return true
	}
	q := querier{ctx, prepared{tx, s.stmts}}
	for _, r := range batch {
		if err := r.Write(q); err != nil {
			r.Err = err
			tx.Rollback()
			return len(batch) == 1
		}
	}
	if err := tx.Commit(); err != nil {
		failAll(batch, fmt.Errorf("commit: %w", err))
	}
	return true
}

// commitEach runs batch in one transaction, each write under its own
// savepoint: a write that fails is rolled back alone.
func (s *Store) commitEach(ctx context.Context, batch []*groupcommit.Request[txWrite]) {
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		failAll(batch, fmt.Errorf("begin: %w", err))
		return
	}
	q := querier{ctx, prepared{tx, s.stmts}}
	sp := func(what, query string) error {
		if _, err := q.Exec(query); err != nil {
			tx.Rollback()
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
	if err := tx.Commit(); err != nil {
		// Nothing of the batch is stored: every write fails, those that
		// had failed on their own keep their own error.
		failAll(batch, fmt.Errorf("commit: %w", err))
	}
}

// statements are the writer's prepared statements, by text. Only the
// writer goroutine uses them. A text met for the first time inside a
// transaction runs unprepared, and is prepared once the transaction has
// ended: the write connection is the only one, and busy until then.
type statements struct {
	db     *sql.DB
	byQL   map[string]*sql.Stmt
	missed []string
}

// get returns the statement of query, or nil if it is not prepared yet.
func (st *statements) get(query string) *sql.Stmt {
	p, ok := st.byQL[query]
	if !ok {
		st.missed = append(st.missed, query)
	}
	return p
}

// prepare prepares the texts missed since it last ran; a text that
// fails to prepare stays unprepared.
func (st *statements) prepare(ctx context.Context) {
	for _, query := range st.missed {
		if _, ok := st.byQL[query]; ok {
			continue
		}
		if p, err := st.db.PrepareContext(ctx, query); err == nil {
			st.byQL[query] = p
		}
	}
	st.missed = st.missed[:0]
}

func (st *statements) close() error {
	var errs []error
	for _, p := range st.byQL {
		errs = append(errs, p.Close())
	}
	return errors.Join(errs...)
}

// prepared is a conn that runs the writer's statements in tx, each
// prepared once.
type prepared struct {
	tx    *sql.Tx
	stmts *statements
}

func (p prepared) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := p.stmts.get(query); st != nil {
		return p.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return p.tx.ExecContext(ctx, query, args...)
}

func (p prepared) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.stmts.get(query); st != nil {
		return p.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return p.tx.QueryContext(ctx, query, args...)
}

func (p prepared) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.tx.QueryRowContext(ctx, query, args...)
}
