package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// rulesTry is the decoded answer of POST /api/rules/try.
type rulesTry struct {
	Legal bool `json:"legal"`
	Move  *struct {
		UCI, SAN, FEN string
		EnPassant     bool `json:"enPassant"`
		Castle        string
	} `json:"move"`
	Refusal  *errorBody `json:"refusal"`
	Exercise *struct {
		Done     bool `json:"done"`
		Next     int  `json:"next"`
		Finished bool `json:"finished"`
		Reply    *struct{ UCI, SAN, FEN string }
	} `json:"exercise"`
	Position struct {
		FEN   string `json:"fen"`
		Turn  string `json:"turn"`
		Legal []struct{ UCI, SAN string }
	} `json:"position"`
}

func tryBody(t *testing.T, fields map[string]any) string {
	t.Helper()
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRulesGuideAPI: the guide's index and sections in both languages,
// without an account; an unknown section is 404.
func TestRulesGuideAPI(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	var ix struct {
		Lang     string
		Title    string
		Sections []struct{ ID, Title string }
	}
	r := c.do("GET", "/api/rules/guide", "", "Accept-Language", "en-GB")
	r.decode(t, &ix)
	if r.status != http.StatusOK || ix.Lang != "en" || ix.Title != "The rules of chess" || len(ix.Sections) < 10 {
		t.Fatalf("%d %+v", r.status, ix)
	}
	var sec struct {
		ID    string
		Title string
		Rules []struct {
			ID       string
			Exercise *struct{ ID, FEN, Orientation string }
		}
	}
	r = c.do("GET", "/api/rules/guide/castling", "")
	r.decode(t, &sec)
	if r.status != http.StatusOK || sec.Title != "El enroque" || len(sec.Rules) < 2 || sec.Rules[1].Exercise == nil || sec.Rules[1].Exercise.ID != "castle-through-check" {
		t.Fatalf("%d %s", r.status, r.body)
	}
	expect(t, c.do("GET", "/api/rules/guide/nope", ""), http.StatusNotFound, CodeNotFound)
	for _, page := range []string{"/rules", "/rules/en-passant"} {
		if r := c.do("GET", page, ""); r.status != http.StatusOK || !strings.Contains(string(r.body), `"page":"rules"`) {
			t.Errorf("%s: %d", page, r.status)
		}
	}
}

func TestRulesPositionAPI(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	var pos struct {
		Turn  string
		Check bool
		Legal []struct{ UCI, SAN string }
	}
	r := c.do("GET", "/api/rules/position?fen="+url.QueryEscape("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), "")
	r.decode(t, &pos)
	if r.status != http.StatusOK || pos.Turn != "white" || !pos.Check || len(pos.Legal) != 3 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	e := expect(t, c.do("GET", "/api/rules/position?fen=nonsense", ""), http.StatusBadRequest, "chess.fen.fields")
	if e.Message == "" {
		t.Error("no message")
	}
	// The half-move clock counts: at 100 the game is drawn by fifty moves.
	var ended struct{ Ending, OutcomeCode string }
	r = c.do("GET", "/api/rules/position?fen="+url.QueryEscape("8/8/8/4k3/8/8/2q5/1N2K3 b - - 100 80"), "")
	r.decode(t, &ended)
	if r.status != http.StatusOK || ended.Ending != "fifty_moves" || ended.OutcomeCode != "outcome.fifty_moves" {
		t.Errorf("fifty moves: %d %s", r.status, r.body)
	}
}

// TestRulesTryAPI: a refused castling through check is explained naming
// the square and the attacker, in the request's language; an exercise's
// step is judged and its reply played; bad input is refused.
func TestRulesTryAPI(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	const fen = "r3k2r/8/8/8/2b5/n7/PPP3PP/R3K2R w KQkq - 0 1"
	var got rulesTry
	r := c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": fen, "move": "e1g1", "exercise": "castle-through-check", "step": 0}))
	r.decode(t, &got)
	if r.status != http.StatusOK || got.Legal || got.Refusal == nil || got.Exercise == nil || !got.Exercise.Done || got.Exercise.Next != 1 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if want := "el rey no puede enrocar: pasaría por f1, atacada por el alfil de c4"; !strings.Contains(got.Refusal.Message, want) {
		t.Errorf("message %q lacks %q", got.Refusal.Message, want)
	}
	if got.Position.FEN != fen || len(got.Position.Legal) == 0 {
		t.Errorf("the position after a refusal: %+v", got.Position)
	}
	got = rulesTry{}
	r = c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": fen, "move": "O-O"}), "Accept-Language", "en")
	r.decode(t, &got)
	if want := "it would pass through f1, attacked by the bishop on c4"; got.Refusal == nil || !strings.Contains(got.Refusal.Message, want) || got.Exercise != nil {
		t.Errorf("%s lacks %q", r.body, want)
	}
	got = rulesTry{}
	r = c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": fen, "move": "O-O-O", "exercise": "castle-through-check", "step": 1}))
	r.decode(t, &got)
	if !got.Legal || got.Move.Castle != "queen" || got.Move.SAN != "O-O-O" || !got.Exercise.Done || !got.Exercise.Finished || got.Position.Turn != "black" {
		t.Errorf("%s", r.body)
	}
	// Two steps with a reply: en passant is no longer allowed after it.
	start := "4k3/6p1/8/3pP3/8/8/8/4K3 w - d6 0 2"
	got = rulesTry{}
	r = c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": start, "move": "Kd2", "exercise": "ep-expired", "step": 0}))
	r.decode(t, &got)
	if got.Exercise == nil || !got.Exercise.Done || got.Exercise.Reply == nil || got.Exercise.Reply.SAN != "g6" || got.Position.FEN != got.Exercise.Reply.FEN {
		t.Fatalf("%s", r.body)
	}
	later := got.Position.FEN
	got = rulesTry{}
	r = c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": later, "move": "exd6", "exercise": "ep-expired", "step": 1}))
	r.decode(t, &got)
	if got.Refusal == nil || got.Refusal.Reason != "chess.move.illegal.en_passant_expired" || !got.Exercise.Finished ||
		!strings.Contains(got.Refusal.Message, "la captura al paso solo se puede hacer justo después del avance doble") {
		t.Errorf("%s", r.body)
	}
	expect(t, c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": "x", "move": "e2e4"})), http.StatusBadRequest, "chess.fen.fields")
	expect(t, c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": fen, "move": "e2e4", "exercise": "nope"})), http.StatusNotFound, CodeNotFound)
	expect(t, c.do("POST", "/api/rules/try", tryBody(t, map[string]any{"fen": fen, "move": "e2e4", "exercise": "ep-expired", "step": 5})), http.StatusNotFound, CodeNotFound)
	expect(t, c.do("POST", "/api/rules/try", `{"fen":"`+fen+`","mvoe":"e2e4"}`), http.StatusBadRequest, CodeUnknownField)
}
