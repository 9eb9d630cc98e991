package postgres

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// A batch of the group commit's writers goes to PostgreSQL as one
// pipeline on one connection: each statement's Bind and Execute, then one
// Sync, so that the batch is one implicit transaction committed in one
// round trip. Every statement's arguments are encoded first, into arrays
// kept from batch to batch, so that one that cannot be encoded leaves the
// connection untouched; the messages then go to the server a few hundred
// bytes at a time through the connection's own protocol buffers, and the
// answers are read from them as they come. pgx's pipeline mode would
// keep a queue entry or three per statement, made and boxed anew at
// every batch: a dozen allocations a move.

// flushAt is how many bytes of messages the pipeline holds before they
// are sent: below the size up to which the connection keeps its buffer.
const flushAt = 768

// The messages a pipeline sends that carry nothing of their own: read
// only, shared by every writer.
var (
	executeMsg pgproto3.Execute
	syncMsg    pgproto3.Sync
)

// pipelined runs sc.stmts, in order, as one implicit transaction on one
// of the writers' connections, and sets sc.affected[i] to the rows
// sc.stmts[i] changed. On an error nothing of them is stored; the error
// is the first statement's that failed, or the connection's. A
// connection left in doubt (a failed read or write, ctx ended, a
// transaction left open) is closed, so that the pool opens another: its
// transaction, never committed, dies with it.
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
	m := conn.TypeMap()
	for i, st := range sc.stmts {
		if err := sc.encode(m, sc.sds[i], st.Args); err != nil {
			return fmt.Errorf("postgres: the arguments of %.40q: %w", st.SQL, err)
		}
	}
	pc := conn.PgConn()
	ready, err := sc.exchange(ctx, pc)
	if !ready {
		closing, cancel := context.WithTimeout(context.Background(), closeWithin)
		_ = pc.Close(closing)
		cancel()
	}
	return err
}

// closeWithin bounds the goodbye to a connection left in doubt.
const closeWithin = time.Second

// exchange sends sc's statements on pc and reads their answers. ready
// tells whether pc was left as it was found, between transactions (the
// server's ReadyForQuery read): an error PostgreSQL answered leaves it
// so, a connection's failure or ctx's end does not.
func (sc *scratch) exchange(ctx context.Context, pc *pgconn.PgConn) (ready bool, err error) {
	if ctx.Done() != nil {
		// ctx's end stops the connection's reads and writes where they are.
		stop := context.AfterFunc(ctx, func() { _ = pc.Conn().SetDeadline(time.Unix(1, 0)) })
		defer func() {
			if !stop() {
				ready, err = false, ctx.Err()
			}
		}()
	}
	f := pc.Frontend()
	held, from := 0, 0
	for i, sd := range sc.sds {
		to := sc.ends[i]
		sc.bind = pgproto3.Bind{PreparedStatement: sd.Name, ParameterFormatCodes: sc.formats[from:to], Parameters: sc.values[from:to]}
		f.SendBind(&sc.bind)
		f.SendExecute(&executeMsg)
		if held += sc.size(sd, from, to); held >= flushAt {
			if err := f.Flush(); err != nil {
				return false, err
			}
			held = 0
		}
		from = to
	}
	sc.bind = pgproto3.Bind{}
	f.SendSync(&syncMsg)
	if err := f.Flush(); err != nil {
		return false, err
	}
	return sc.receive(f)
}

// receive reads the answers to sc.stmts up to the Sync's ReadyForQuery:
// the rows each statement changed into sc.affected, or the first error
// PostgreSQL answered (after which it skips the rest of the batch).
// Notices, parameters and notifications between them are passed over:
// the writers' connections set no parameter and listen to nothing.
func (sc *scratch) receive(f *pgproto3.Frontend) (ready bool, err error) {
	var failed error
	for {
		msg, err := f.Receive()
		if err != nil {
			if failed != nil { // a FATAL error, then the connection's end
				return false, failed
			}
			return false, err
		}
		switch msg := msg.(type) {
		case *pgproto3.CommandComplete:
			sc.affected = append(sc.affected, rowsAffected(msg.CommandTag))
		case *pgproto3.ErrorResponse:
			if failed == nil {
				failed = pgconn.ErrorResponseToPgError(msg)
			}
		case *pgproto3.ReadyForQuery:
			if msg.TxStatus != 'I' {
				// A statement began a transaction that the Sync left open:
				// nothing after it is committed, and the connection, as pgx
				// knows it, would go back to the pool idle.
				if failed == nil {
					failed = fmt.Errorf("postgres: a pipeline left its connection in a transaction (status %q)", msg.TxStatus)
				}
				return false, failed
			}
			if failed == nil && len(sc.affected) != len(sc.stmts) {
				return true, fmt.Errorf("postgres: %d of a pipeline's %d statements answered", len(sc.affected), len(sc.stmts))
			}
			return true, failed
		}
	}
}

// rowsAffected reads the rows a statement changed from its command tag:
// the number that ends it ("UPDATE 1", "INSERT 0 1"), 0 for none.
func rowsAffected(tag []byte) int64 {
	var n, mult int64 = 0, 1
	for i := len(tag) - 1; i >= 0 && tag[i] >= '0' && tag[i] <= '9'; i-- {
		n += int64(tag[i]-'0') * mult
		mult *= 10
	}
	return n
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
	// values and formats hold every statement's arguments encoded, one
	// after the other; ends[i] is where sc.stmts[i]'s end. Their bytes are
	// in buf.
	values  [][]byte
	formats []int16
	ends    []int
	buf     []byte
	// bind is the Bind message being sent.
	bind pgproto3.Bind
}

// scratches holds the scratches between batches.
var scratches = sync.Pool{New: func() any { return newScratch() }}

// newScratch returns an empty scratch. Its buffer is never nil: a value
// encoded empty into it stays a value, not NULL.
func newScratch() *scratch { return &scratch{buf: make([]byte, 0, 512)} }

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
	sc.ends = sc.ends[:0]
	sc.buf = sc.buf[:0]
	scratches.Put(sc)
}

// encode appends to values and formats args encoded for sd, as pgx encodes
// a prepared statement's arguments (a string as text, any other value in
// the format its parameter's type prefers, else in the other; nil as
// NULL), each as args sends it (sqlstore.Arg: a time in UTC, to the
// microsecond, the zero time as NULL; a value held by a pointer as the
// value). The arguments a game's writes send most it encodes itself
// (direct), the others through pgx.
func (sc *scratch) encode(m *pgtype.Map, sd *pgconn.StatementDescription, args []any) error {
	if len(args) != len(sd.ParamOIDs) {
		return fmt.Errorf("%d arguments for %d parameters", len(args), len(sd.ParamOIDs))
	}
	for i, a := range args {
		oid := sd.ParamOIDs[i]
		v, format, ok := sc.direct(m, oid, a)
		if !ok {
			var err error
			if v, format, err = sc.throughPgx(m, oid, a); err != nil {
				return fmt.Errorf("argument %d: %w", i+1, err)
			}
		}
		sc.values = append(sc.values, v)
		sc.formats = append(sc.formats, format)
	}
	sc.ends = append(sc.ends, len(sc.values))
	return nil
}

// throughPgx encodes a, an argument for a parameter of type oid, through
// pgx (see encode).
func (sc *scratch) throughPgx(m *pgtype.Map, oid uint32, a any) ([]byte, int16, error) {
	a = storedArg(a)
	format := m.FormatCodeForOID(oid)
	if _, ok := a.(string); ok {
		format = pgx.TextFormatCode
	}
	v, err := sc.value(m, oid, format, a)
	if err == nil {
		return v, format, nil
	}
	other := int16(pgx.TextFormatCode)
	if format == pgx.TextFormatCode {
		other = pgx.BinaryFormatCode
	}
	if v, otherErr := sc.value(m, oid, other, a); otherErr == nil {
		return v, other, nil
	}
	return nil, 0, err
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
// pipeline, its values being sc.values[from:to].
func (sc *scratch) size(sd *pgconn.StatementDescription, from, to int) int {
	n := 32 + len(sd.Name) + 6*(to-from)
	for _, v := range sc.values[from:to] {
		n += len(v)
	}
	return n
}
