package pgn

import (
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/chess"
)

func TestErrorParams(t *testing.T) {
	_, err := NewReader(strings.NewReader("1. e4 e5 2. Ke3 *")).Next()
	e, ok := errors.AsType[*Error](err)
	want := map[string]string{"game": "1", "line": "1", "column": "13", "move": "Ke3"}
	if !ok || e.ErrorCode() != CodeIllegalMove || !maps.Equal(e.ErrorParams(), want) {
		t.Fatalf("%v: %s %v, want %s %v", err, e.ErrorCode(), e.ErrorParams(), CodeIllegalMove, want)
	}
	// The chess error that says why is reachable, with its own code.
	if c := chess.CodeOf(err); c != chess.CodeUnreachable {
		t.Errorf("chess code %q, want %q", c, chess.CodeUnreachable)
	}
}

func TestSentinels(t *testing.T) {
	sentinels := []*Error{ErrSyntax, ErrIllegalMove, ErrAmbiguousMove, ErrBadFEN, ErrUnsupportedVariant,
		ErrWriteBadResult, ErrWriteBadTag, ErrWriteBadStart, ErrWriteIllegalMove, ErrWriteBadNAG}
	if len(sentinels) != len(Codes()) {
		t.Errorf("%d sentinels for %d codes", len(sentinels), len(Codes()))
	}
	for i, s := range sentinels {
		if s.Code != Codes()[i].Code || !strings.HasPrefix(s.Error(), "pgn: ") {
			t.Errorf("sentinel %d: %v (%s), code list has %s", i, s, s.Code, Codes()[i].Code)
		}
	}
	_, err := NewReader(strings.NewReader("1. e4 e5 2. Ke3 *")).Next()
	if !errors.Is(err, ErrIllegalMove) || errors.Is(err, ErrSyntax) || !errors.Is(err, chess.ErrIllegalMove) {
		t.Errorf("%v: errors.Is by code fails", err)
	}
	err = Write(new(strings.Builder), &Game{Start: chess.StartingPosition(), Result: "2-0"})
	if !errors.Is(err, ErrWriteBadResult) {
		t.Errorf("%v is not ErrWriteBadResult", err)
	}
}
