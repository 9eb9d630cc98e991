package ai_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/i18n"
)

// TestGamePlayer: the AI plays as "ai:N" at each of the engine's levels,
// named by the level's catalogue code in the default language; any other
// level is refused with its range in the error's parameters.
func TestGamePlayer(t *testing.T) {
	levels := ai.Levels()
	for _, l := range levels {
		p, err := ai.GamePlayer(l.Number)
		if err != nil {
			t.Fatalf("level %d: %v", l.Number, err)
		}
		want := i18n.Message(i18n.Default, l.NameCode(), nil)
		if p.ID != ai.PlayerID(l.Number) || p.AILevel != l.Number || p.Name != want || !p.IsAI() {
			t.Errorf("level %d: %+v, want name %q", l.Number, p, want)
		}
	}
	if got := ai.PlayerID(2); got != "ai:2" {
		t.Errorf("PlayerID(2) = %q", got)
	}
	lo, hi := levels[0].Number, levels[len(levels)-1].Number
	for _, n := range []int{lo - 1, hi + 1, -7} {
		_, err := ai.GamePlayer(n)
		var e *ai.Error
		if !errors.Is(err, ai.ErrBadLevel) || !errors.As(err, &e) {
			t.Fatalf("level %d: %v", n, err)
		}
		if e.Params["min"] != strconv.Itoa(lo) || e.Params["max"] != strconv.Itoa(hi) || e.Params["level"] != strconv.Itoa(n) {
			t.Errorf("level %d: params %v", n, e.Params)
		}
		if msg := i18n.Message(i18n.Spanish, string(e.Code), e.Params); msg != "No hay nivel "+strconv.Itoa(n)+" de la IA: los niveles van del "+strconv.Itoa(lo)+" al "+strconv.Itoa(hi) {
			t.Errorf("level %d: %q", n, msg)
		}
		if err := ai.CheckLevel(n); !errors.Is(err, ai.ErrBadLevel) {
			t.Errorf("CheckLevel(%d) = %v", n, err)
		}
	}
}
