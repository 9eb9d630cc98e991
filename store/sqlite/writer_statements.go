package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// statements are the writer's prepared statements, by text, on its
// connection. Only the writer goroutine uses them.
//
// The statements the writer executes are prepared on the driver's
// connection and run with arguments converted into one slice kept from
// call to call: through database/sql, every execution copied its
// arguments into a new slice of driver values (a move's write has some
// thirty: more than a kilobyte a move). The few queries a write makes
// go through database/sql, whose rows do the scanning.
type statements struct {
	conn *sql.Conn
	// execs are the statements executed, prepared on the driver's
	// connection; queries those queried, prepared on conn.
	execs   map[string]execStmt
	queries map[string]*sql.Stmt
	// args holds the arguments of the execution under way.
	args []driver.NamedValue
}

// newStatements returns the statements of the writer's connection conn.
func newStatements(conn *sql.Conn) *statements {
	return &statements{conn: conn, execs: map[string]execStmt{}, queries: map[string]*sql.Stmt{}}
}

// exec runs query with the arguments a, as the writer's querier gives
// them (times as sqlstore.Args sends them), and returns the number of rows
// it changed.
func (st *statements) exec(ctx context.Context, query *sqliteQuery, a []any) (changed int64, err error) {
	if err := query.check(len(a)); err != nil {
		return 0, err
	}
	err = st.conn.Raw(func(dc any) error {
		ds, err := st.prepared(ctx, dc, query.text)
		if err != nil {
			return err
		}
		args, err := st.bind(query, a)
		defer clear(args) // keep no argument alive past the call
		if err != nil {
			return err
		}
		res, err := ds.ExecContext(ctx, args)
		if err != nil {
			return err
		}
		changed, err = res.RowsAffected()
		return err
	})
	return changed, err
}

// execStmt is a driver's statement that executes under a context, as
// modernc.org/sqlite's do.
type execStmt interface {
	driver.Stmt
	driver.StmtExecContext
}

// prepared returns the statement of query on the driver's connection
// dc, prepared now if it is new.
func (st *statements) prepared(ctx context.Context, dc any, query string) (execStmt, error) {
	if ds, ok := st.execs[query]; ok {
		return ds, nil
	}
	pc, ok := dc.(driver.ConnPrepareContext)
	if !ok {
		return nil, errors.New("sqlite: the driver's connection cannot prepare under a context")
	}
	ds, err := pc.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	es, ok := ds.(execStmt)
	if !ok {
		_ = ds.Close()
		return nil, errors.New("sqlite: the driver's statement cannot execute under a context")
	}
	st.execs[query] = es
	return es, nil
}

// bind puts the arguments a of query, which exec has checked, into
// st.args, in the order of its parameters, converted as database/sql
// would: a time as the store keeps it (microseconds since the epoch, NULL
// for the zero time), a value of the driver's own types as it is, any
// other by driver.DefaultParameterConverter (an int as an int64, a
// driver.Valuer by its value).
func (st *statements) bind(query *sqliteQuery, a []any) ([]driver.NamedValue, error) {
	args := st.args[:0]
	for k := range query.inputs(a) {
		i := query.index(k)
		v := sqlstore.Arg(a[i], storedTime)
		if !driver.IsValue(v) {
			c, err := driver.DefaultParameterConverter.ConvertValue(v)
			if err != nil {
				return args, fmt.Errorf("sqlite: argument $%d (%T): %w", i+1, v, err)
			}
			v = c
		}
		args = append(args, driver.NamedValue{Ordinal: k + 1, Value: v})
	}
	st.args = args
	return args, nil
}

// query returns the statement of query (SQLite's text) prepared on the
// writer's connection, prepared now if it is new; nil when SQLite
// refuses the text (the caller runs it unprepared, and gets its error).
func (st *statements) query(ctx context.Context, query string) *sql.Stmt {
	if p, ok := st.queries[query]; ok {
		return p
	}
	p, err := st.conn.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	st.queries[query] = p
	return p
}

// close closes every statement; the connection stays open.
func (st *statements) close() error {
	var errs []error
	for _, p := range st.queries {
		errs = append(errs, p.Close())
	}
	errs = append(errs, st.conn.Raw(func(any) error {
		var errs []error
		for _, ds := range st.execs {
			errs = append(errs, ds.Close())
		}
		return errors.Join(errs...)
	}))
	st.execs, st.queries = nil, nil
	return errors.Join(errs...)
}

// writer is sqlstore.Querier on the writer's connection: its executions
// on the driver's statements, its queries through database/sql.
type writer struct {
	ctx context.Context
	st  *statements
}

func (w writer) Exec(query string, a ...any) (int64, error) {
	return w.st.exec(w.ctx, text(query), a)
}

func (w writer) Query(query string, a ...any) (sqlstore.Rows, error) {
	return querier{w.ctx, writerQueries{w.st}}.Query(query, a...)
}

func (w writer) QueryRow(query string, a ...any) sqlstore.Row {
	return querier{w.ctx, writerQueries{w.st}}.QueryRow(query, a...)
}

// writerQueries is the writer's connection as a querier's conn, its
// queries prepared once; its executions take the writer's own way
// (writer.Exec), so this runs only those the querier does not.
type writerQueries struct{ st *statements }

func (q writerQueries) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return q.st.conn.ExecContext(ctx, query, args...)
}

func (q writerQueries) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if p := q.st.query(ctx, query); p != nil {
		return p.QueryContext(ctx, args...)
	}
	return q.st.conn.QueryContext(ctx, query, args...)
}

func (q writerQueries) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if p := q.st.query(ctx, query); p != nil {
		return p.QueryRowContext(ctx, args...)
	}
	return q.st.conn.QueryRowContext(ctx, query, args...)
}
