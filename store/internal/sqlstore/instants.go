package sqlstore

import (
	"slices"
	"time"
)

// Instant is a dialect's scan destination of a stored instant.
type Instant interface {
	// Time returns the instant scanned, in UTC; NULL is the zero time.
	Time() (time.Time, error)
}

// Scan runs scan on dest with every *time.Time read through an Instant of
// the dialect (newInstant returns a fresh one, a pointer scan can fill),
// then sets the times. A dialect's Row and Rows scan through it.
func Scan[I Instant](scan func(dest ...any) error, dest []any, newInstant func() I) error {
	var (
		at       []int
		instants []I
		actual   = dest
	)
	for i, d := range dest {
		if _, ok := d.(*time.Time); ok {
			if at == nil {
				actual = slices.Clone(dest)
			}
			in := newInstant()
			at, instants, actual[i] = append(at, i), append(instants, in), in
		}
	}
	if err := scan(actual...); err != nil {
		return err
	}
	for j, i := range at {
		t, err := instants[j].Time()
		if err != nil {
			return err
		}
		*dest[i].(*time.Time) = t
	}
	return nil
}

// Args returns args with every time.Time replaced by store(t), or by nil
// for the zero time; args itself when it holds no time.
func Args(args []any, store func(time.Time) any) []any {
	out, copied := args, false
	for i, a := range args {
		if _, ok := a.(time.Time); ok {
			if !copied {
				out, copied = slices.Clone(args), true
			}
			out[i] = Arg(a, store)
		}
	}
	return out
}

// Arg returns a as Args sends it: a time.Time as store(t), or nil for the
// zero time; any other value as it is.
func Arg(a any, store func(time.Time) any) any {
	t, ok := a.(time.Time)
	switch {
	case !ok:
		return a
	case t.IsZero():
		return nil
	}
	return store(t)
}
