package sqlstore

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestArgs(t *testing.T) {
	at := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	stored := func(t time.Time) any { return t.UnixMicro() }
	str, n, zero := "s", int64(300), time.Time{}
	text := Text(`{"x":1}`)
	tests := []struct {
		name string
		in   []any
		want string
	}{
		{"none", nil, "[]"},
		{"no time", []any{"a", 1, true}, "[a 1 true]"},
		{"a time", []any{"a", at}, fmt.Sprintf("[a %d]", at.UnixMicro())},
		{"the zero time is NULL", []any{time.Time{}, 2}, "[<nil> 2]"},
		{"values held by pointers", []any{&str, &n, &at, &text}, fmt.Sprintf(`[s 300 %d {"x":1}]`, at.UnixMicro())},
		{"nil pointers and the zero time held are NULL", []any{(*string)(nil), (*int64)(nil), (*time.Time)(nil), (*Text)(nil), &zero},
			"[<nil> <nil> <nil> <nil> <nil>]"},
		{"a text is a string, none is NULL", []any{text, Text(nil), Text{}}, `[{"x":1} <nil> ]`},
	}
	for _, tt := range tests {
		in := fmt.Sprint(tt.in)
		got := Args(tt.in, stored)
		if fmt.Sprint(got) != tt.want {
			t.Errorf("%s: Args = %v, want %s", tt.name, got, tt.want)
		}
		for i, a := range got {
			switch a.(type) {
			case nil, string, int, int64, bool:
			default:
				t.Errorf("%s: argument %d sent as %T", tt.name, i, a)
			}
		}
		if fmt.Sprint(tt.in) != in {
			t.Errorf("%s: Args changed its argument to %v", tt.name, tt.in)
		}
	}
}

// micros is a test Instant: microseconds, or NULL as nil.
type micros struct{ us *int64 }

func (m *micros) Time() (time.Time, error) {
	if m.us == nil {
		return time.Time{}, nil
	}
	if *m.us < 0 {
		return time.Time{}, errors.New("before the epoch")
	}
	return time.UnixMicro(*m.us).UTC(), nil
}

func TestScan(t *testing.T) {
	us := func(v int64) *int64 { return &v }
	tests := []struct {
		name    string
		row     []*int64 // the instants of the row, after its first column
		want    string
		wantErr bool
	}{
		{"no time", nil, "x []", false},
		{"two times", []*int64{us(1_000_000), nil}, "x [1970-01-01 00:00:01 +0000 UTC 0001-01-01 00:00:00 +0000 UTC]", false},
		{"a bad time", []*int64{us(-1)}, "", true},
	}
	for _, tt := range tests {
		var (
			s     string
			times = make([]time.Time, len(tt.row))
			dest  = []any{&s}
		)
		for i := range times {
			dest = append(dest, &times[i])
		}
		next := 0
		scan := func(d ...any) error {
			*d[0].(*string) = "x"
			for i, r := range tt.row {
				d[i+1].(*micros).us = r
			}
			return nil
		}
		err := Scan(scan, dest, func() *micros { next++; return new(micros) })
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: Scan: %v, want error %v", tt.name, err, tt.wantErr)
			continue
		}
		if got := fmt.Sprint(s, " ", times); err == nil && got != tt.want {
			t.Errorf("%s: scanned %s, want %s", tt.name, got, tt.want)
		}
		if next != len(tt.row) {
			t.Errorf("%s: %d instants made for %d times", tt.name, next, len(tt.row))
		}
	}
}

func TestParams(t *testing.T) {
	for _, tt := range []struct {
		from, n int
		want    string
	}{{1, 0, ""}, {1, 1, "$1"}, {3, 3, "$3, $4, $5"}} {
		if got := Params(tt.from, tt.n); got != tt.want {
			t.Errorf("Params(%d, %d) = %q, want %q", tt.from, tt.n, got, tt.want)
		}
	}
}
