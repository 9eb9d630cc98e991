package coded

import (
	"errors"
	"fmt"
	"testing"
)

type fooCode string

func (fooCode) Package() string { return "foo" }

type barCode string

func (barCode) Package() string { return "bar" }

func TestError(t *testing.T) {
	sentinel := &Error[fooCode]{Code: "foo.bad", Msg: "bad"}
	cause := errors.New("disk full")
	tests := []struct {
		name string
		err  *Error[fooCode]
		text string
	}{
		{"message", New(fooCode("foo.bad"), "bad thing", nil), "foo: bad thing"},
		{"no message", New(fooCode("foo.bad"), "", nil), "foo: foo.bad"},
		{"cause", New(fooCode("foo.bad"), "bad thing", cause), "foo: bad thing: disk full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err.Error() != tt.text {
				t.Errorf("Error() = %q, want %q", tt.err.Error(), tt.text)
			}
			wrapped := fmt.Errorf("ctx: %w", tt.err)
			if !errors.Is(wrapped, sentinel) {
				t.Error("errors.Is misses the sentinel of the same code")
			}
			if errors.Is(wrapped, &Error[fooCode]{Code: "foo.other"}) {
				t.Error("errors.Is matches another code")
			}
			if errors.Is(wrapped, &Error[barCode]{Code: "foo.bad"}) {
				t.Error("errors.Is matches another package's error with the same text")
			}
			if CodeOf[fooCode](wrapped) != "foo.bad" || CodeOf[barCode](wrapped) != "" {
				t.Error("CodeOf")
			}
		})
	}
	if !errors.Is(New(fooCode("foo.bad"), "x", cause), cause) {
		t.Error("the cause is not reached")
	}
}

func TestWith(t *testing.T) {
	sentinel := &Error[fooCode]{Code: "foo.bad", Msg: "bad"}
	e := sentinel.With("move", "e2e4").With("square", "e4")
	if sentinel.Params != nil {
		t.Fatal("With changed the sentinel")
	}
	p := e.ErrorParams()
	if p["move"] != "e2e4" || p["square"] != "e4" || e.ErrorCode() != "foo.bad" {
		t.Fatalf("params %v, code %s", p, e.ErrorCode())
	}
	p["move"] = "x"
	if e.Params["move"] != "e2e4" {
		t.Error("ErrorParams handed out the error's own map")
	}
}

func TestWithPairs(t *testing.T) {
	e := New(fooCode("foo.range"), "bad range", nil).With("min", "3", "max", "20")
	if e.Params["min"] != "3" || e.Params["max"] != "20" || len(e.Params) != 2 {
		t.Fatalf("params %v", e.Params)
	}
	defer func() {
		if recover() == nil {
			t.Error("an odd count of names and values did not panic")
		}
	}()
	e.With("min")
}
