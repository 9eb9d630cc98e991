package natsbus

import (
	"errors"
	"fmt"
	"testing"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// otherError is a coded error of a package natsbus does not know.
type otherError struct{}

func (otherError) Error() string                  { return "chess: illegal move" }
func (otherError) ErrorCode() string              { return "chess.illegal_move" }
func (otherError) ErrorParams() map[string]string { return map[string]string{"move": "e2e5"} }

// An error crosses the wire with its codes and parameters: errors.Is and
// live.CodeOf work on the asking node as on the owner.
func TestErrorsCrossTheWire(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		is    error
		codes []string
	}{
		{"live", live.NewError(live.CodeMoveIDReused, "id 3 reused", nil).With("id", "3"), live.ErrUnavailable, []string{"live.move_id_reused"}},
		{"game inside live", live.NewError(live.CodeNotStored, "not stored", game.ErrGameNotFound), game.ErrGameNotFound, []string{"live.not_stored", "game.not_found"}},
		{"wrapped", fmt.Errorf("live: %w", live.ErrStopped), live.ErrStopped, []string{"live.stopping"}},
		{"another package's", game.NewError(game.CodeIllegalMove, "illegal", otherError{}), game.ErrIllegalMove, []string{"game.illegal_move", "chess.illegal_move"}},
		{"arena", arena.NewError(arena.CodeFull, "the arena is full", nil).With("max", "10000"), nil, []string{"arena.full"}},
		{"not coded", errors.New("boom"), nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := decodeError(encodeError(tt.err))
			if got == nil {
				t.Fatal("the error was lost")
			}
			if tt.is != nil && tt.name != "live" && !errors.Is(got, tt.is) {
				t.Errorf("%v is not %v", got, tt.is)
			}
			var codes []string
			for _, w := range encodeError(got) {
				if w.Code != "" {
					codes = append(codes, w.Code)
				}
			}
			if fmt.Sprint(codes) != fmt.Sprint(tt.codes) {
				t.Errorf("codes %v, want %v", codes, tt.codes)
			}
			if tt.name == "live" && live.CodeOf(got) != live.CodeMoveIDReused {
				t.Errorf("live.CodeOf = %q", live.CodeOf(got))
			}
			if tt.name == "arena" {
				var e *arena.Error
				if arena.CodeOf(got) != arena.CodeFull || !errors.As(got, &e) || e.Params["max"] != "10000" {
					t.Errorf("the arena's refusal came back as %v (%q)", got, arena.CodeOf(got))
				}
			}
			if tt.name == "another package's" {
				var r *remoteError
				if !errors.As(got, &r) || r.ErrorParams()["move"] != "e2e5" {
					t.Errorf("the chess error's parameters were lost: %v", got)
				}
			}
		})
	}
	if decodeError(encodeError(nil)) != nil {
		t.Error("no error became one")
	}
}

func TestSubjectTokens(t *testing.T) {
	for in, want := range map[string]string{"abc-D_9": "abc-D_9", "a.b": "x612e62", "": "x", "a b*": "x6120622a"} {
		if got := token(in); got != want {
			t.Errorf("token(%q) = %q, want %q", in, got, want)
		}
	}
	if got := subject("", "game", "g1"); got != "joinpal.game.g1" {
		t.Errorf("subject = %q", got)
	}
}
