package game

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/i18n"
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

func TestErrorWith(t *testing.T) {
	e := ErrIllegalMove.With("move", "e2e5")
	if ErrIllegalMove.Params != nil {
		t.Fatal("With changed the sentinel")
	}
	if e.ErrorCode() != string(CodeIllegalMove) || !maps.Equal(e.ErrorParams(), map[string]string{"move": "e2e5"}) || !errors.Is(e, ErrIllegalMove) {
		t.Errorf("With: %+v", e)
	}
	e2 := e.With("other", "x")
	if len(e.Params) != 1 || len(e2.Params) != 2 {
		t.Errorf("With shares the parameters: %v %v", e.Params, e2.Params)
	}
}

func TestCodesListEveryCode(t *testing.T) {
	seen := map[Code]bool{}
	for _, c := range Codes() {
		if seen[c.Code] || !strings.HasPrefix(string(c.Code), "game.") || c.When == "" {
			t.Errorf("code %+v: twice, without the game. prefix or undocumented", c)
		}
		seen[c.Code] = true
	}
	for _, e := range []*Error{
		ErrBadTimeControl, ErrUntimedNotAllowed, ErrNotYourTurn, ErrClockStopped, ErrClockPaused,
		ErrBadClockSnapshot, ErrBadSide, ErrBadStatus, ErrBadTermination, ErrBadResult,
		ErrGameExists, ErrGameNotFound, ErrPlyConflict, ErrStalePly, ErrIllegalMove, ErrGameOver,
		ErrNotAPlayer, ErrNoDrawOffer, ErrCannotAbort, ErrBadPosition, ErrBadGame, ErrCannotPostpone,
		ErrBadRecord, ErrNotStarted,
	} {
		if !seen[e.Code] {
			t.Errorf("%s is not in Codes", e.Code)
		}
	}
}

// An illegal move is refused with game's code, the move as a parameter,
// and the chess error that says why as its cause.
func TestIllegalMoveError(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), "")
	_, err := g.Move(White, "g1g3", 0, 0)
	e, ok := errors.AsType[*Error](err)
	if !ok || e.Code != CodeIllegalMove || !maps.Equal(e.ErrorParams(), map[string]string{"move": "g1g3"}) {
		t.Fatalf("Move: %v", err)
	}
	if c := chess.CodeOf(err); c != chess.CodeUnreachable || !errors.Is(err, chess.ErrIllegalMove) {
		t.Errorf("the chess cause: %q, %v", c, err)
	}
	d := i18n.Describe("es", err)
	if d.Code != "game.illegal_move" || d.Reason != chess.CodeUnreachable || d.Message != "Jugada ilegal g1g3: el caballo de g1 no puede llegar a g3" {
		t.Errorf("Describe: %+v", d)
	}
	long := strings.Repeat("x", 1000)
	_, err = g.Move(White, long, 0, 0)
	if e, _ := errors.AsType[*Error](err); len(err.Error()) > 200 || len(e.Params["move"]) > 50 {
		t.Errorf("a huge move makes a huge error: %d bytes, parameter %d bytes", len(err.Error()), len(e.Params["move"]))
	}
}
