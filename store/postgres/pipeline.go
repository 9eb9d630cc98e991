package postgres

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// A batch of the group commit's writers goes to PostgreSQL as one
// pipeline on one connection: each statement's Bind and Execute, then one
// Sync, so that the batch is one implicit transaction committed in one
// round trip. The pipeline is sent to the server a few statements at a
// time, and each statement's arguments are encoded into arrays kept from
// batch to batch: a batch of any size then costs no more memory than a
// small one (sent whole, a batch's messages filled a buffer that grew to
// its size, and was dropped, at every batch).

// flushAt is how many bytes of messages the pipeline holds before they
// are sent: below the size up to which the connection keeps its buffer.
const flushAt = 768

// pipelined runs sc.stmts, in order, as one implicit transaction on one
// of the writers' connections, and sets sc.affected[i] to the rows
// sc.stmts[i] changed. On an error nothing of them is stored; the error
// is the first statement's that failed, or the connection's.
func (s *Store) pipelined(ctx context.Context, sc *scratch) error {
	c, err := s.wpool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	conn := c.Conn()
	for _, st := range sc.stmts {
		sd, err := conn.Prepare(ctx, statementName(st.SQL), st.SQL)
		if err != nil {
			return err
		}
		sc.sds = append(sc.sds, sd)
	}
	p := conn.PgConn().StartPipeline(ctx)
	err = sc.send(p, conn.TypeMap())
	if err == nil {
		err = sc.receive(p)
	}
	// Closing a pipeline that failed before its Sync closes the
	// connection: the statements already sent die with their
	// transaction, never committed.
	if e := p.Close(); err == nil {
		err = e
	}
	return err
}

// send queues sc.stmts on p, their messages sent a few hundred bytes at a
// time, then the Sync that ends their transaction.
func (sc *scratch) send(p *pgconn.Pipeline, m *pgtype.Map) error {
	held := 0
	for i, st := range sc.stmts {
		if err := sc.encode(m, sc.sds[i], st.Args); err != nil {
			return fmt.Errorf("postgres: the arguments of %.40q: %w", st.SQL, err)
		}
		p.SendQueryStatement(sc.sds[i], sc.values, sc.formats, nil)
		if held += sc.size(sc.sds[i]); held >= flushAt {
			if err := p.Flush(); err != nil {
				return err
			}
			held = 0
		}
	}
	return p.Sync()
}

// receive reads the answer to each of sc.stmts from p, the rows each
// changed into sc.affected, then the Sync's.
func (sc *scratch) receive(p *pgconn.Pipeline) error {
	for range sc.stmts {
		res, err := p.GetResults()
		if err != nil {
			return err
		}
		rr, ok := res.(*pgconn.ResultReader)
		if !ok {
			return fmt.Errorf("postgres: a pipelined statement answered with %T", res)
		}
		tag, err := rr.Close()
		if err != nil {
			return err
		}
		sc.affected = append(sc.affected, tag.RowsAffected())
	}
	res, err := p.GetResults()
	if err != nil {
		return err
	}
	if _, ok := res.(*pgconn.PipelineSync); !ok {
		return fmt.Errorf("postgres: a pipeline's sync answered with %T", res)
	}
	return nil
}

// statementNames holds the name each statement text is prepared under.
var statementNames sync.Map // string → string

// statementName returns the name statement sql is prepared under on every
// writer's connection: short, so that each Bind carries little.
func statementName(sql string) string {
	if n, ok := statementNames.Load(sql); ok {
		return n.(string)
	}
	h := fnv.New64a()
	h.Write([]byte(sql))
	n := "joinpal_w_" + strconv.FormatUint(h.Sum64(), 36)
	statementNames.Store(sql, n)
	return n
}

// scratch is a pipelined batch: its statements, what they are encoded
// into and the rows each changed, kept from batch to batch.
type scratch struct {
	stmts    []sqlstore.Stmt
	affected []int64
	sds      []*pgconn.StatementDescription
	values   [][]byte
	formats  []int16
	buf      []byte
}

// scratches holds the scratches between batches.
var scratches = sync.Pool{New: func() any { return &scratch{buf: make([]byte, 0, 512)} }}

// put empties sc and keeps it for the next batch.
func (sc *scratch) put() {
	clear(sc.stmts)
	sc.stmts = sc.stmts[:0]
	sc.affected = sc.affected[:0]
	clear(sc.sds)
	sc.sds = sc.sds[:0]
	clear(sc.values)
	sc.values = sc.values[:0]
	sc.formats = sc.formats[:0]
	sc.buf = sc.buf[:0]
	scratches.Put(sc)
}

// encode sets values and formats to args encoded for sd, as pgx encodes
// a prepared statement's arguments (a string as text, any other value in
// the format its parameter's type prefers, else in the other; nil as
// NULL), a time as args sends it (in UTC, to the microsecond; the zero
// time as NULL).
func (sc *scratch) encode(m *pgtype.Map, sd *pgconn.StatementDescription, args []any) error {
	if len(args) != len(sd.ParamOIDs) {
		return fmt.Errorf("%d arguments for %d parameters", len(args), len(sd.ParamOIDs))
	}
	sc.values, sc.formats, sc.buf = sc.values[:0], sc.formats[:0], sc.buf[:0]
	for i, a := range args {
		a = storedArg(a)
		oid := sd.ParamOIDs[i]
		format := m.FormatCodeForOID(oid)
		if _, ok := a.(string); ok {
			format = pgx.TextFormatCode
		}
		v, err := sc.value(m, oid, format, a)
		if err != nil {
			other := int16(pgx.TextFormatCode)
			if format == pgx.TextFormatCode {
				other = pgx.BinaryFormatCode
			}
			var otherErr error
			if v, otherErr = sc.value(m, oid, other, a); otherErr != nil {
				return fmt.Errorf("argument %d: %w", i+1, err)
			}
			format = other
		}
		sc.values = append(sc.values, v)
		sc.formats = append(sc.formats, format)
	}
	return nil
}

// value encodes a into buf and returns its bytes, nil for NULL.
func (sc *scratch) value(m *pgtype.Map, oid uint32, format int16, a any) ([]byte, error) {
	pos := len(sc.buf)
	b, err := m.Encode(oid, format, a, sc.buf)
	if err != nil {
		sc.buf = sc.buf[:pos]
		return nil, err
	}
	if b == nil {
		return nil, nil
	}
	sc.buf = b
	return b[pos:len(b):len(b)], nil
}

// size is about how many bytes a statement's Bind and Execute take in the
// pipeline, with the values encoded last.
func (sc *scratch) size(sd *pgconn.StatementDescription) int {
	n := 32 + len(sd.Name) + 6*len(sc.values)
	for _, v := range sc.values {
		n += len(v)
	}
	return n
}
