package server

import (
	"net/http"
	"slices"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
)

// settingsRequest is the body of a change of settings: the fields given
// replace the user's, the others stay as they are.
type settingsRequest struct {
	Board         *string            `json:"board"`
	Pieces        *string            `json:"pieces"`
	AutoQueen     *account.AutoQueen `json:"autoQueen"`
	ConfirmMove   *bool              `json:"confirmMove"`
	ConfirmResign *bool              `json:"confirmResign"`
	Sound         *bool              `json:"sound"`
	Volume        *int               `json:"volume"`
	Zen           *bool              `json:"zen"`
	Takebacks     *account.Takebacks `json:"takebacks"`
	Lang          *string            `json:"lang"`
}

// apply returns set with the fields of req given replaced.
func (req settingsRequest) apply(set account.Settings) account.Settings {
	put := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	putBool := func(dst *bool, v *bool) {
		if v != nil {
			*dst = *v
		}
	}
	put(&set.Board, req.Board)
	put(&set.Pieces, req.Pieces)
	put(&set.Lang, req.Lang)
	if req.AutoQueen != nil {
		set.AutoQueen = *req.AutoQueen
	}
	if req.Takebacks != nil {
		set.Takebacks = *req.Takebacks
	}
	if req.Volume != nil {
		set.Volume = *req.Volume
	}
	putBool(&set.ConfirmMove, req.ConfirmMove)
	putBool(&set.ConfirmResign, req.ConfirmResign)
	putBool(&set.Sound, req.Sound)
	putBool(&set.Zen, req.Zen)
	return set
}

// getSettings answers the signed-in user's settings (guests too).
func (s *Server) getSettings(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, scopeFor(actionSettingsRead))
	if !ok {
		return
	}
	set, err := s.cfg.Accounts.Settings(r.Context(), who.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, set)
}

// putSettings changes the signed-in user's settings: the fields the body
// gives, checked all together before any is stored (a bad one refuses the
// whole change). It answers the settings as they now are.
func (s *Server) putSettings(w http.ResponseWriter, r *http.Request) {
	var req settingsRequest
	if !s.decodeJSON(w, r, &req) {
		return
	}
	who, ok := s.signedIn(w, r, scopeFor(actionSettingsWrite))
	if !ok {
		return
	}
	if req.Lang != nil && *req.Lang != "" && !slices.Contains(i18n.Languages(), *req.Lang) {
		lang := clip(*req.Lang)
		s.writeError(w, r, NewError(CodeBadLanguage, "no catalogue for language "+lang, nil).With("lang", lang))
		return
	}
	set, err := s.cfg.Accounts.Settings(r.Context(), who.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	set = req.apply(set)
	if err := set.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.cfg.Accounts.SetSettings(r.Context(), who.User.ID, set); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, set)
}
