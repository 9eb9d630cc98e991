package postgres

import (
	"encoding/binary"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/store/internal/codec"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// The arguments a game's writes send most — texts, integers, booleans and
// instants, held by pointers into the write (sqlstore.Arg) or not — are
// encoded by the pipeline itself, into the batch's buffer, byte for byte
// as pgx encodes them: through pgx, each would be made an any again, and
// an instant wrapped twice.

// y2kMicros is 2000-01-01T00:00:00Z in microseconds since the Unix epoch:
// PostgreSQL's binary timestamptz counts from it.
const y2kMicros = 946_684_800_000_000

// direct encodes a, an argument for a parameter of type oid, as encode
// would through pgx, when a is a text (a string or a sqlstore.Text) for a
// text, varchar, json or jsonb parameter, an integer for an integer
// parameter it fits, a boolean for a boolean one, or an instant for a
// timestamptz one, any of them held by a pointer or not; ok is false for
// any other argument, which encode leaves to pgx.
func (sc *scratch) direct(m *pgtype.Map, oid uint32, a any) (v []byte, format int16, ok bool) {
	switch x := a.(type) {
	case string:
		return text(sc, oid, x)
	case *string:
		if x != nil {
			return text(sc, oid, *x)
		}
	case sqlstore.Text:
		if x != nil {
			return text(sc, oid, x)
		}
	case *sqlstore.Text:
		if x != nil && *x != nil {
			return text(sc, oid, *x)
		}
	case int64:
		return sc.integer(oid, x)
	case *int64:
		if x != nil {
			return sc.integer(oid, *x)
		}
	case int:
		return sc.integer(oid, int64(x))
	case bool:
		if oid == pgtype.BoolOID {
			b := byte(0)
			if x {
				b = 1
			}
			return put(sc, []byte{b}), pgx.BinaryFormatCode, true
		}
	case time.Time:
		return sc.instant(m, oid, x)
	case *time.Time:
		if x != nil {
			return sc.instant(m, oid, *x)
		}
	}
	return nil, 0, false
}

// text encodes t for a textual parameter of sc: its bytes, as text.
func text[T ~string | ~[]byte](sc *scratch, oid uint32, t T) ([]byte, int16, bool) {
	switch oid {
	case pgtype.TextOID, pgtype.VarcharOID, pgtype.JSONOID, pgtype.JSONBOID:
		return put(sc, t), pgx.TextFormatCode, true
	}
	return nil, 0, false
}

// integer encodes n for an integer parameter it fits: big-endian, binary.
func (sc *scratch) integer(oid uint32, n int64) ([]byte, int16, bool) {
	var b [8]byte
	switch {
	case oid == pgtype.Int8OID:
		binary.BigEndian.PutUint64(b[:], uint64(n))
		return put(sc, b[:]), pgx.BinaryFormatCode, true
	case oid == pgtype.Int4OID && n >= math.MinInt32 && n <= math.MaxInt32:
		binary.BigEndian.PutUint32(b[:4], uint32(n))
		return put(sc, b[:4]), pgx.BinaryFormatCode, true
	case oid == pgtype.Int2OID && n >= math.MinInt16 && n <= math.MaxInt16:
		binary.BigEndian.PutUint16(b[:2], uint16(n))
		return put(sc, b[:2]), pgx.BinaryFormatCode, true
	}
	return nil, 0, false
}

// instant encodes t for a timestamptz parameter as args sends it: NULL
// for the zero time, else its microseconds since 2000, binary.
func (sc *scratch) instant(m *pgtype.Map, oid uint32, t time.Time) ([]byte, int16, bool) {
	if oid != pgtype.TimestamptzOID {
		return nil, 0, false
	}
	if t.IsZero() {
		return nil, m.FormatCodeForOID(oid), true
	}
	t = codec.Time(t)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(t.Unix()*1_000_000+int64(t.Nanosecond()/1000)-y2kMicros))
	return put(sc, b[:]), pgx.BinaryFormatCode, true
}

// put appends b to sc's buffer and returns its bytes there, never nil
// (nil is NULL).
func put[T ~string | ~[]byte](sc *scratch, b T) []byte {
	pos := len(sc.buf)
	sc.buf = append(sc.buf, b...)
	if sc.buf == nil {
		sc.buf = []byte{}
	}
	return sc.buf[pos:len(sc.buf):len(sc.buf)]
}
