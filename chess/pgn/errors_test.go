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
