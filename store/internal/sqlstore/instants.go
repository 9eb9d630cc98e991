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

// Args returns args with each argument as Arg sends it; args itself when
// none needs it.
func Args(args []any, store func(time.Time) any) []any {
	out, copied := args, false
	for i, a := range args {
		if !held(a) {
			continue
		}
		if !copied {
			out, copied = slices.Clone(args), true
		}
		out[i] = Arg(a, store)
	}
	return out
}

// Arg returns a as Args sends it: a time.Time as store(t), or nil for the
// zero time; a Text as a string, nil for none; an argument held by a
// pointer (*string, *int64, *time.Time, *Text) as its value would be, nil
// for a nil pointer; any other value as it is.
func Arg(a any, store func(time.Time) any) any {
	switch v := a.(type) {
	case time.Time:
		return instantValue(v, store)
	case Text:
		return textValue(v)
	case *time.Time:
		if v != nil {
			return instantValue(*v, store)
		}
	case *string:
		if v != nil {
			return *v
		}
	case *int64:
		if v != nil {
			return *v
		}
	case *Text:
		if v != nil {
			return textValue(*v)
		}
	default:
		return a
	}
	return nil // a nil pointer: NULL
}

// held reports whether Arg sends a otherwise than as it is.
func held(a any) bool {
	switch a.(type) {
	case time.Time, Text, *time.Time, *string, *int64, *Text:
		return true
	}
	return false
}

// instantValue is t as Arg sends it.
func instantValue(t time.Time, store func(time.Time) any) any {
	if t.IsZero() {
		return nil
	}
	return store(t)
}

// textValue is t as Arg sends it.
func textValue(t Text) any {
	if t == nil {
		return nil
	}
	return string(t)
}

// Text is a text argument held in bytes, as a JSON document is encoded:
// the dialects send it as text, never as a blob, and nil as NULL. A
// binder that writes the text where it sends it reads it in place; any
// other makes it a string (Arg).
type Text []byte
