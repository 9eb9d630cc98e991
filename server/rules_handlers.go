package server

import (
	"errors"
	"net/http"

	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/rules"
)

// The rules guide: its texts and exercises from package rules,
// every move judged by the rules core. Nothing here needs an account.

// rulesBook returns the embedded guide (its data files are checked by
// package rules' tests, so an error here is internal).
func rulesBook() (*rules.Book, error) { return rules.Default() }

// getRulesIndex serves GET /api/rules/guide: the guide's title,
// introduction and sections, in the request's language.
func (s *Server) getRulesIndex(w http.ResponseWriter, r *http.Request) {
	b, err := rulesBook()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b.Index(s.lang(r)))
}

// getRulesSection serves GET /api/rules/guide/{section}: a section's rules,
// texts and exercises (where each starts; not what they accept).
func (s *Server) getRulesSection(w http.ResponseWriter, r *http.Request) {
	b, err := rulesBook()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	v, err := b.Section(s.lang(r), r.PathValue("section"))
	if err != nil {
		s.writeError(w, r, rulesError(err))
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// getRulesPosition serves GET /api/rules/position?fen=: the side to move,
// check, the legal moves and the outcome, from the rules core.
func (s *Server) getRulesPosition(w http.ResponseWriter, r *http.Request) {
	pos, err := rules.ParseFEN(r.URL.Query().Get("fen"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rules.Describe(pos))
}

// rulesTryRequest is the body of POST /api/rules/try.
type rulesTryRequest struct {
	// FEN is the position the move is tried in.
	FEN string `json:"fen"`
	// Move is the move, in UCI ("e1g1") or SAN ("O-O").
	Move string `json:"move"`
	// Exercise, if set, is the exercise whose step the try is for.
	Exercise string `json:"exercise"`
	// Step is the index of that step (0 for the first).
	Step int `json:"step"`
}

// rulesTryResponse is the answer of POST /api/rules/try.
type rulesTryResponse struct {
	// Legal: the move is legal, and Move says what it did; otherwise
	// Refusal says why not, in the request's language.
	Legal   bool               `json:"legal"`
	Move    *rules.Played      `json:"move,omitempty"`
	Refusal *i18n.Description  `json:"refusal,omitempty"`
	Verdict *rules.Verdict     `json:"exercise,omitempty"`
	After   rules.PositionView `json:"position"`
}

// postRulesTry serves POST /api/rules/try: the move tried in the position,
// played or refused with the rules core's reason, and, for an exercise's
// step, whether it does what the step asks (and the opponent's reply).
// A refused move is an answer (200), not an error: only a bad body, a bad
// FEN or an unknown exercise or step is refused.
func (s *Server) postRulesTry(w http.ResponseWriter, r *http.Request) {
	var req rulesTryRequest
	if !s.decodeJSON(w, r, &req) {
		return
	}
	pos, err := rules.ParseFEN(req.FEN)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var out rulesTryResponse
	var refusal error
	var pl rules.Played
	if req.Exercise != "" {
		b, err := rulesBook()
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		var v rules.Verdict
		pl, refusal, v, err = b.Judge(req.Exercise, req.Step, pos, req.Move)
		if err != nil {
			s.writeError(w, r, rulesError(err))
			return
		}
		out.Verdict = &v
	} else {
		pl, refusal = rules.Play(pos, req.Move)
	}
	after := pos
	if refusal != nil {
		d := s.reader(r).Describe(refusal)
		out.Refusal = &d
	} else {
		out.Legal, out.Move = true, &pl
		after, _ = rules.ParseFEN(pl.FEN)
	}
	if out.Verdict != nil && out.Verdict.Reply != nil {
		after, _ = rules.ParseFEN(out.Verdict.Reply.FEN)
	}
	out.After = rules.Describe(after)
	writeJSON(w, http.StatusOK, out)
}

// rulesError turns package rules' not-found into the server's.
func rulesError(err error) error {
	if errors.Is(err, rules.ErrNotFound) {
		return NewError(CodeNotFound, err.Error(), nil)
	}
	return err
}
