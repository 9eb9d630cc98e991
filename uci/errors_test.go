package uci

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
)

// hasParams reports whether err is an *Error with exactly the parameters
// want, which are the ones Codes declares for its code.
func hasParams(err error, want map[string]string) bool {
	e, ok := errors.AsType[*Error](err)
	if !ok || !maps.Equal(e.ErrorParams(), want) {
		return false
	}
	for _, c := range Codes() {
		if c.Code == e.Code {
			return slices.Equal(slices.Sorted(slices.Values(c.Params)), slices.Sorted(maps.Keys(want)))
		}
	}
	return false
}

func TestErrorShape(t *testing.T) {
	err := fmt.Errorf("match: %w", errorf(CodeOptionValue, map[string]string{"option": "Hash", "value": "0"}, "Hash wants a whole number from 1 to 16, not %q", "0"))
	if !errors.Is(err, ErrOptionValue) || errors.Is(err, ErrUnknownOption) {
		t.Errorf("%v: errors.Is by code fails", err)
	}
	if got, want := err.Error(), `match: uci: bad option value: Hash wants a whole number from 1 to 16, not "0"`; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	timeout := fmt.Errorf("%w: waiting for uciok after 1s", ErrTimeout)
	if e, ok := errors.AsType[*Error](timeout); !ok || e.ErrorCode() != CodeTimeout || e.ErrorParams() != nil {
		t.Errorf("%v: code %v", timeout, e)
	}
	seen := map[string]bool{}
	for _, c := range Codes() {
		if seen[c.Code] || c.When == "" {
			t.Errorf("code %q twice or undocumented", c.Code)
		}
		seen[c.Code] = true
	}
	for _, s := range []*Error{ErrTimeout, ErrExited, ErrIllegalMove, ErrUnknownOption, ErrOptionValue, ErrClosed} {
		if !seen[s.Code] {
			t.Errorf("sentinel code %q not in Codes", s.Code)
		}
	}
}
