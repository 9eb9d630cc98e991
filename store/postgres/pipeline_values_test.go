package postgres_test

import (
	"bytes"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/store/internal/sqlstore"
	"github.com/joinpal/joinpal/store/postgres"
)

// encodingOIDs are the parameter types the encodings are compared on:
// those the pipeline encodes itself, and others it leaves to pgx.
var encodingOIDs = []uint32{
	pgtype.TextOID, pgtype.VarcharOID, pgtype.JSONOID, pgtype.JSONBOID,
	pgtype.Int2OID, pgtype.Int4OID, pgtype.Int8OID, pgtype.BoolOID, pgtype.TimestamptzOID,
	pgtype.TimestampOID, pgtype.DateOID, pgtype.NumericOID, pgtype.Float8OID, pgtype.ByteaOID, 0,
}

// checkEncoding fails t unless the pipeline's own encoding of a for a
// parameter of type oid, where it has one, is pgx's byte for byte, in
// the same format, NULL where pgx sends NULL.
func checkEncoding(t *testing.T, m *pgtype.Map, oid uint32, a any) {
	t.Helper()
	v, format, ok := postgres.EncodeDirect(m, oid, a)
	if !ok {
		return
	}
	want, wantFormat, err := postgres.EncodeThroughPgx(m, oid, a)
	switch {
	case err != nil:
		t.Errorf("oid %d, %T %v: encoded as %x, pgx refuses it: %v", oid, a, a, v, err)
	case (v == nil) != (want == nil) || !bytes.Equal(v, want) || format != wantFormat:
		t.Errorf("oid %d, %T %v: encoded as %x (NULL %v) in format %d, pgx: %x (NULL %v) in format %d",
			oid, a, a, v, v == nil, format, want, want == nil, wantFormat)
	}
}

// TestDirectEncodingIsPgx: every argument the pipeline encodes itself
// (texts, integers, booleans, instants, held by pointers or not) is
// encoded as pgx encodes it; every other is left to pgx.
func TestDirectEncodingIsPgx(t *testing.T) {
	m := pgtype.NewMap()
	str, num, at := "héllo", int64(1)<<40, time.Date(2026, 12, 7, 21, 30, 1, 123456789, time.FixedZone("X", -5*3600))
	zero := time.Time{}
	text := sqlstore.Text(`{"a": 1}`)
	var nilString *string
	var nilInt *int64
	var nilTime *time.Time
	args := []any{
		"", "e2e4", str, &str, nilString, text, &text, sqlstore.Text(nil), sqlstore.Text{},
		int64(0), int64(-1), int64(255), int64(256), num, &num, nilInt,
		int64(math.MaxInt16), int64(math.MaxInt16 + 1), int64(math.MinInt16), int64(math.MinInt16 - 1),
		int64(math.MaxInt32), int64(math.MaxInt32 + 1), int64(math.MinInt32), int64(math.MinInt32 - 1),
		int64(math.MaxInt64), int64(math.MinInt64), 7, -300,
		true, false,
		at, &at, zero, &zero, nilTime, at.Truncate(time.Microsecond), time.Date(1969, 7, 20, 20, 17, 40, 999, time.UTC),
		time.Date(1999, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC),
		nil, 1.5, []byte("x"), struct{}{},
	}
	direct := 0
	for _, oid := range encodingOIDs {
		for _, a := range args {
			if _, _, ok := postgres.EncodeDirect(m, oid, a); ok {
				direct++
			}
			checkEncoding(t, m, oid, a)
		}
	}
	// Each kind the pipeline encodes itself was encoded so.
	for _, tc := range []struct {
		oid uint32
		a   any
	}{
		{pgtype.TextOID, &str}, {pgtype.JSONBOID, &text}, {pgtype.Int8OID, &num}, {pgtype.Int4OID, int64(7)},
		{pgtype.Int2OID, 7}, {pgtype.BoolOID, true}, {pgtype.TimestamptzOID, &at}, {pgtype.TimestamptzOID, zero},
	} {
		if _, _, ok := postgres.EncodeDirect(m, tc.oid, tc.a); !ok {
			t.Errorf("oid %d, %T: left to pgx, want encoded by the pipeline", tc.oid, tc.a)
		}
	}
	for _, tc := range []struct {
		oid uint32
		a   any
	}{
		{pgtype.Int4OID, int64(math.MaxInt32 + 1)}, {pgtype.NumericOID, int64(1)}, {pgtype.TimestampOID, at},
		{pgtype.ByteaOID, "x"}, {pgtype.TextOID, nilString}, {pgtype.TextOID, 1.5},
	} {
		if v, _, ok := postgres.EncodeDirect(m, tc.oid, tc.a); ok {
			t.Errorf("oid %d, %T %v: encoded by the pipeline as %x, want left to pgx", tc.oid, tc.a, tc.a, v)
		}
	}
	if direct == 0 {
		t.Fatal("the pipeline encoded nothing itself")
	}
}

// FuzzDirectEncoding: texts, integers and instants of any value are
// encoded by the pipeline as pgx encodes them.
func FuzzDirectEncoding(f *testing.F) {
	f.Add("e2e4", int64(300), int64(1_765_000_000_123_456_789), uint8(0))
	f.Add("", int64(-1), int64(0), uint8(3))
	f.Add(`{"turn":1}`, int64(math.MinInt64), int64(-62135596800_000_000_0), uint8(7))
	m := pgtype.NewMap()
	f.Fuzz(func(t *testing.T, s string, n, nanos int64, which uint8) {
		oid := encodingOIDs[int(which)%len(encodingOIDs)]
		at := time.Unix(0, nanos).In(time.FixedZone("Z", int(n%50_000)))
		text := sqlstore.Text(s)
		for _, a := range []any{s, &s, text, &text, n, &n, int(n), n != 0, at, &at} {
			checkEncoding(t, m, oid, a)
		}
		if t.Failed() {
			t.Log(fmt.Sprintf("string %q, integer %d, nanoseconds %d", s, n, nanos))
		}
	})
}

// TestPipelinedHeldArguments: arguments held by pointers, texts in bytes
// and the integers, booleans and instants the pipeline encodes itself are
// stored as their values, NULL where nil or zero, through a writers'
// batch.
func TestPipelinedHeldArguments(t *testing.T) {
	s, admin := pipelineTable(t, "CREATE TABLE held_t (id bigint PRIMARY KEY, s text, j jsonb, i4 integer, i2 smallint, b boolean, at timestamptz)")
	const insert = "INSERT INTO held_t (id, s, j, i4, i2, b, at) VALUES ($1, $2, $3, $4, $5, $6, $7)"
	id, str, n4 := int64(1)<<40, "Cf3+", int64(-70000)
	doc := sqlstore.Text(`{"turn": "black"}`)
	at := time.Date(2026, 12, 7, 22, 1, 2, 345678901, time.FixedZone("CET", 3600))
	var none time.Time
	if _, err := postgres.Pipelined(t.Context(), s, []sqlstore.Stmt{
		{SQL: insert, Args: []any{&id, &str, &doc, &n4, int64(-3), true, &at}},
		{SQL: insert, Args: []any{int64(2), (*string)(nil), sqlstore.Text(nil), (*int64)(nil), nil, false, &none}},
	}); err != nil {
		t.Fatal(err)
	}
	var got []string
	rows, err := admin.Query(t.Context(), "SELECT id, s, j::text, i4, i2, b, at FROM held_t ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var (
			rid    int64
			rs, rj *string
			r4, r2 *int64
			rb     bool
			rat    *time.Time
			deref  = func(p *string) any {
				if p == nil {
					return nil
				}
				return *p
			}
		)
		if err := rows.Scan(&rid, &rs, &rj, &r4, &r2, &rb, &rat); err != nil {
			t.Fatal(err)
		}
		row := fmt.Sprint(rid, " ", deref(rs), " ", deref(rj), " ")
		if r4 != nil {
			row += fmt.Sprint(*r4)
		}
		if r2 != nil {
			row += fmt.Sprint(" ", *r2)
		}
		row += fmt.Sprint(" ", rb)
		if rat != nil {
			row += " " + rat.UTC().Format(time.RFC3339Nano)
		}
		got = append(got, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`2 <nil> <nil>  false`,
		fmt.Sprint(id) + ` Cf3+ {"turn": "black"} -70000 -3 true 2026-12-07T21:01:02.345678Z`,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("rows stored:\n%q\nwant:\n%q", got, want)
	}
}
