package chess

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestCodesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Codes() {
		if seen[c.Code] || !strings.HasPrefix(c.Code, "chess.") || c.When == "" {
			t.Errorf("code %+v: twice, without the chess. prefix or undocumented", c)
		}
		seen[c.Code] = true
	}
}

func TestErrorFamilies(t *testing.T) {
	tests := []struct {
		code   string
		family error
	}{
		{CodeFENTurn, ErrInvalidFEN},
		{CodeMissingKing, ErrInvalidPosition},
		{CodeImpossibleCheckAligned, ErrInvalidPosition},
		{CodeUnreachable, ErrIllegalMove},
		{CodeCastlingThroughChk, ErrIllegalMove},
		{CodeAmbiguousMove, ErrAmbiguousMove},
		{CodeSANEmpty, ErrMalformedMove},
	}
	families := []error{ErrInvalidFEN, ErrInvalidPosition, ErrIllegalMove, ErrAmbiguousMove, ErrMalformedMove}
	for _, tt := range tests {
		err := fmt.Errorf("game: move refused: %w", errorf(tt.code, nil, "x"))
		for _, f := range families {
			if errors.Is(err, f) != (f == tt.family) {
				t.Errorf("%s: errors.Is(%v) = %v", tt.code, f, !(f == tt.family))
			}
		}
		if CodeOf(err) != tt.code {
			t.Errorf("CodeOf = %q, want %q", CodeOf(err), tt.code)
		}
	}
}
