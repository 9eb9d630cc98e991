package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// maxReadStatements bounds the read pool's prepared statements: the
// store's texts are constants but for a few built with a list's length
// (TakeSeeks' ids), which past the bound run unprepared.
const maxReadStatements = 256

// readStatements are the read pool's statements, each prepared once on the
// pool (database/sql then prepares it once on each connection that runs
// it): SQLite parsed every read's text each time, a tenth of an idle
// server's CPU (the lobby's sweep, the league's tick). A statement is
// reset, not finalised, when its rows close, so it holds no snapshot of
// the log that would stop a checkpoint.
type readStatements struct {
	db *sql.DB

	mu     sync.Mutex
	byQL   map[string]*sql.Stmt
	closed bool
}

func newReadStatements(db *sql.DB) *readStatements {
	return &readStatements{db: db, byQL: map[string]*sql.Stmt{}}
}

// get returns the statement of query, prepared now if it is new; nil
// when it cannot be (the bound reached, the pool closed, a text SQLite
// refuses: the caller runs it unprepared, and gets its error).
func (rs *readStatements) get(ctx context.Context, query string) *sql.Stmt {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if p, ok := rs.byQL[query]; ok || rs.closed || len(rs.byQL) >= maxReadStatements {
		return p
	}
	p, err := rs.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	rs.byQL[query] = p
	return p
}

// close closes every statement; get prepares none after it.
func (rs *readStatements) close() error {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.closed = true
	var errs []error
	for _, p := range rs.byQL {
		errs = append(errs, p.Close())
	}
	clear(rs.byQL)
	return errors.Join(errs...)
}

// pooled is a conn that runs reads on the read pool, each statement
// prepared once (readStatements).
type pooled struct{ stmts *readStatements }

func (p pooled) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return p.stmts.db.ExecContext(ctx, query, args...)
}

func (p pooled) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.stmts.get(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.stmts.db.QueryContext(ctx, query, args...)
}

func (p pooled) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := p.stmts.get(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.stmts.db.QueryRowContext(ctx, query, args...)
}
