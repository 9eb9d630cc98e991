package i18n

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"testing"
)

func TestMessage(t *testing.T) {
	tests := []struct {
		lang, code string
		params     map[string]string
		want       string
	}{
		{"es", "side.white", nil, "Blancas"},
		{"en-US,en;q=0.9", "side.white", nil, "White"},
		{"fr", "side.black", nil, "Negras"},
		{"es", "chess.move.illegal.unreachable", map[string]string{"move": "Rh3", "piece": "rook", "from": "h1", "to": "h3"},
			"Jugada ilegal Rh3: la torre de h1 no puede llegar a h3"},
		{"en", "chess.move.illegal.unreachable", map[string]string{"move": "e8e5", "piece": "king", "from": "e8", "to": "e5"},
			"Illegal move e8e5: the king on e8 cannot reach e5"},
		{"es", "chess.move.illegal.castling.through_check", map[string]string{"move": "O-O", "square": "f1"},
			"Jugada ilegal O-O: no se puede enrocar a través de jaque (f1 está atacada)"},
		{"en", "chess.move.illegal.castling.no_right", map[string]string{"move": "O-O-O", "side": "queen"},
			"Illegal move O-O-O: you can no longer castle queenside"},
		{"es", "no.such.code", nil, "no.such.code"},
	}
	for _, tt := range tests {
		if got := Message(tt.lang, tt.code, tt.params); got != tt.want {
			t.Errorf("Message(%q, %q) = %q, want %q", tt.lang, tt.code, got, tt.want)
		}
	}
}

func TestCatalogueIsJSON(t *testing.T) {
	for _, lang := range Languages() {
		var m map[string]string
		if err := json.Unmarshal(Catalogue(lang), &m); err != nil || len(m) != len(Keys(lang)) {
			t.Errorf("%s: %d keys, %v", lang, len(m), err)
		}
	}
	if Catalogue("fr") != nil {
		t.Error("a French catalogue")
	}
}

// coded is a Coded error for the tests, wrapping an optional cause.
type coded struct {
	code   string
	params map[string]string
	cause  error
}

func (e *coded) Error() string                  { return e.code }
func (e *coded) ErrorCode() string              { return e.code }
func (e *coded) ErrorParams() map[string]string { return maps.Clone(e.params) }
func (e *coded) Unwrap() error                  { return e.cause }

func TestDescribe(t *testing.T) {
	reason := &coded{"chess.move.illegal.unreachable", map[string]string{"move": "g1g3", "piece": "knight", "from": "g1", "to": "g3"}, nil}
	outer := &coded{"game.illegal_move", map[string]string{"move": "outer"}, reason}
	tests := []struct {
		name string
		err  error
		want Description
	}{
		{"nil", nil, Description{}},
		{"plain", errors.New("disk full"), Description{Code: CodeInternal, Reason: CodeInternal, Message: "Error interno del servidor"}},
		{"alone", &coded{"game.not_your_turn", nil, nil}, Description{Code: "game.not_your_turn", Reason: "game.not_your_turn", Message: "No es tu turno"}},
		{"chain", fmt.Errorf("live: move: %w", outer), Description{
			Code: "game.illegal_move", Reason: "chess.move.illegal.unreachable",
			Message: "Jugada ilegal g1g3: el caballo de g1 no puede llegar a g3",
			Params:  map[string]string{"move": "g1g3", "piece": "knight", "from": "g1", "to": "g3"},
		}},
		{"joined", errors.Join(errors.New("x"), reason), Description{Code: CodeInternal, Reason: CodeInternal, Message: "Error interno del servidor"}},
		{"joined, coded first", errors.Join(reason, errors.New("x")), Description{
			Code: "chess.move.illegal.unreachable", Reason: "chess.move.illegal.unreachable",
			Message: "Jugada ilegal g1g3: el caballo de g1 no puede llegar a g3", Params: reason.params,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Describe("es", tt.err)
			if got.Code != tt.want.Code || got.Reason != tt.want.Reason || got.Message != tt.want.Message || !maps.Equal(got.Params, tt.want.Params) {
				t.Errorf("Describe = %+v, want %+v", got, tt.want)
			}
			if c := Code(tt.err); c != tt.want.Code {
				t.Errorf("Code = %q, want %q", c, tt.want.Code)
			}
		})
	}
}

func BenchmarkMessage(b *testing.B) {
	for _, bc := range []struct {
		code   string
		params map[string]string
	}{
		{"chess.move.illegal.unreachable", map[string]string{"move": "Rh3", "piece": "rook", "from": "h1", "to": "h3"}},
		{"server.rate_limited", map[string]string{"seconds": "1"}},
		{"game.postpone_too_late", map[string]string{"left": "3599", "start": "2026-12-01T18:30:00Z"}},
	} {
		b.Run(bc.code, func(b *testing.B) {
			for b.Loop() {
				Message("es", bc.code, bc.params)
			}
		})
	}
}

// TestRenderReportsUnfilled: a placeholder without its parameter is shown
// as Unfilled, Render returns which, and Message hands it to the reporter.
func TestRenderReportsUnfilled(t *testing.T) {
	text, err := Render(Reader{Lang: "es"}, "ai.bad_level", map[string]string{"min": "1", "max": "8"})
	var re *RenderError
	if !errors.As(err, &re) || re.Code != "ai.bad_level" || re.Lang != "es" || len(re.Missing) != 1 || re.Missing[0] != "level" {
		t.Fatalf("Render = %q, %v", text, err)
	}
	if text != "No hay nivel "+Unfilled+" de la IA: los niveles van del 1 al 8" {
		t.Errorf("Render = %q", text)
	}
	var got []error
	restore := OnRenderError(func(err error) { got = append(got, err) })
	Message("en", "server.rate_limited", map[string]string{"seconds": "soon"})
	Message("en", "server.rate_limited", map[string]string{"seconds": "1"})
	restore()
	if len(got) != 1 || !errors.As(got[0], &re) || len(re.Malformed) != 1 || re.Malformed[0] != "seconds" {
		t.Errorf("reported %v", got)
	}
	if text, err := Render(Reader{Lang: "en"}, "server.rate_limited", map[string]string{"seconds": "1"}); err != nil || text != "Too many attempts; try again in 1 second" {
		t.Errorf("Render = %q, %v", text, err)
	}
}
