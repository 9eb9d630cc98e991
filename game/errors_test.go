package game

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestError(t *testing.T) {
	cause := io.ErrUnexpectedEOF
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"message", NewError(CodeNotYourTurn, "not your turn", nil), "game: not your turn"},
		{"cause", NewError(CodeBadClockSnapshot, "bad clock snapshot", cause), "game: bad clock snapshot: unexpected EOF"},
		{"no message", &Error{Code: CodeBadResult}, "game: game.bad_result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestErrorIsAs(t *testing.T) {
	cause := io.ErrUnexpectedEOF
	err := fmt.Errorf("loading game 7: %w", NewError(CodeBadClockSnapshot, "bad clock snapshot", cause))

	if !errors.Is(err, ErrBadClockSnapshot) {
		t.Error("errors.Is(err, ErrBadClockSnapshot) = false")
	}
	if errors.Is(err, ErrBadTimeControl) {
		t.Error("errors.Is(err, ErrBadTimeControl) = true for another code")
	}
	if !errors.Is(err, cause) {
		t.Error("errors.Is does not reach the cause")
	}
	var ge *Error
	if !errors.As(err, &ge) || ge.Code != CodeBadClockSnapshot {
		t.Errorf("errors.As = %v, code %q", ge, ge.Code)
	}
	if got := CodeOf(err); got != CodeBadClockSnapshot {
		t.Errorf("CodeOf = %q", got)
	}
	if got := CodeOf(io.EOF); got != "" {
		t.Errorf("CodeOf(io.EOF) = %q, want empty", got)
	}
	if got := CodeOf(nil); got != "" {
		t.Errorf("CodeOf(nil) = %q, want empty", got)
	}
	var nilErr *Error
	if NewError(CodeBadSide, "x", nil).Is(nilErr) {
		t.Error("Is(nil *Error) = true")
	}
}

func TestSentinels(t *testing.T) {
	sentinels := []*Error{
		ErrBadTimeControl, ErrUntimedNotAllowed, ErrNotYourTurn, ErrClockStopped,
		ErrClockPaused, ErrBadClockSnapshot, ErrBadSide, ErrBadStatus,
		ErrBadTermination, ErrBadResult,
	}
	seen := map[Code]bool{}
	for _, e := range sentinels {
		if seen[e.Code] {
			t.Errorf("code %q used twice", e.Code)
		}
		seen[e.Code] = true
		if !strings.HasPrefix(string(e.Code), "game.") {
			t.Errorf("code %q does not start with game.", e.Code)
		}
		if !strings.HasPrefix(e.Error(), "game: ") {
			t.Errorf("message %q does not start with game: ", e.Error())
		}
		if !errors.Is(NewError(e.Code, "other words", nil), e) {
			t.Errorf("errors.Is fails for code %q", e.Code)
		}
	}
}
