package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
)

// TestViewStateOutcome: the state a socket frame carries names the
// catalogue's sentence for how the game ended, and nothing while it runs.
func TestViewStateOutcome(t *testing.T) {
	cases := []struct {
		name string
		ev   game.Event
		want string
		es   string
	}{
		{"running", game.Event{Status: game.StatusStarted, Turn: game.White}, "", ""},
		{"created", game.Event{Status: game.StatusCreated, Turn: game.White}, "", ""},
		{"aborted", game.Event{Status: game.StatusAborted, Turn: game.Black}, "outcome.aborted", "Partida anulada"},
		{"mate by black", game.Event{Status: game.StatusEnded, Termination: game.Checkmate, Result: game.BlackWins, Turn: game.White},
			"outcome.checkmate.black", "Las negras ganan por jaque mate"},
		{"white resigned", game.Event{Status: game.StatusEnded, Termination: game.Resignation, Result: game.BlackWins, Turn: game.White},
			"outcome.resignation.black", "Las negras ganan: las blancas abandonaron"},
		{"agreement", game.Event{Status: game.StatusEnded, Termination: game.Agreement, Result: game.Drawn, Turn: game.White},
			"outcome.agreement", "Tablas por acuerdo"},
		{"white flagged", game.Event{Status: game.StatusEnded, Termination: game.Timeout, Result: game.BlackWins, Turn: game.White},
			"outcome.timeout.black", "Las negras ganan por tiempo"},
		{"white flagged, black cannot mate", game.Event{Status: game.StatusEnded, Termination: game.TimeoutVsInsufficientMaterial, Result: game.Drawn, Turn: game.White},
			"outcome.timeout_vs_insufficient_material.black", "Tablas: las negras no pueden dar mate (tiempo)"},
		{"no show", game.Event{Status: game.StatusEnded, Termination: game.NoShow, Result: game.WhiteWins, Turn: game.Black},
			"outcome.no_show.white", "Las blancas ganan por incomparecencia"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := viewState(c.ev, false)
			if st.Outcome != c.want {
				t.Fatalf("outcome = %q, want %q", st.Outcome, c.want)
			}
			b, err := json.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			if c.want == "" {
				if strings.Contains(string(b), `"outcome"`) {
					t.Fatalf("a game that goes on has an outcome: %s", b)
				}
				return
			}
			if !strings.Contains(string(b), `"outcome":"`+c.want+`"`) {
				t.Fatalf("JSON %s lacks the outcome %s", b, c.want)
			}
			if got := i18n.Message("es", c.want, nil); got != c.es {
				t.Fatalf("es text of %s = %q, want %q", c.want, got, c.es)
			}
		})
	}
}
