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
// and as its cause the chess error that says why, in the rules core's
// detail (chess.Position.Try); text that is no UCI move keeps ParseUCI's
// syntax error.
func TestIllegalMoveError(t *testing.T) {
	for _, tc := range []struct {
		fen, move, reason, message string
	}{
		{"", "g1g3", chess.CodeWayKnight, "Jugada ilegal g1g3: el caballo de g1 no puede ir a g3: el caballo salta en forma de L, dos casillas en una dirección y una de lado"},
		{"r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1", "e1g1", chess.CodeCastlingThroughAttacked, "Jugada ilegal e1g1: el rey no puede enrocar: pasaría por f1, atacada por el alfil de c4"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6", chess.CodeEnPassantExpired, ""},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1f2", chess.CodeKingAttacked, ""},
		{"", "e7e5", chess.CodeOpponentsPiece, "Jugada ilegal e7e5: el peón de e7 es del rival"},
		{"", "Nf3", chess.CodeUCISyntax, ""},
		{"", "e2e9", chess.CodeUCISyntax, ""},
	} {
		now := newFakeTime()
		g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), tc.fen)
		_, err := g.Move(White, tc.move, 0, 0)
		e, ok := errors.AsType[*Error](err)
		if !ok || e.Code != CodeIllegalMove || e.ErrorParams()["move"] != tc.move {
			t.Fatalf("Move(%s): %v", tc.move, err)
		}
		d := i18n.Describe("es", err)
		if d.Code != "game.illegal_move" || d.Reason != tc.reason || (tc.message != "" && d.Message != tc.message) {
			t.Errorf("Move(%s) described as %+v, want reason %s %q", tc.move, d, tc.reason, tc.message)
		}
		if g.Ply() != 0 {
			t.Errorf("Move(%s) refused changed the game", tc.move)
		}
	}
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), "")
	long := strings.Repeat("x", 1000)
	_, err := g.Move(White, long, 0, 0)
	if e, _ := errors.AsType[*Error](err); len(err.Error()) > 200 || len(e.Params["move"]) > 50 {
		t.Errorf("a huge move makes a huge error: %d bytes, parameter %d bytes", len(err.Error()), len(e.Params["move"]))
	}
}
