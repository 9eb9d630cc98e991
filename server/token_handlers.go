package server

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/joinpal/joinpal/account"
)

// TokenNameMax is the longest name of an API token, in characters.
const TokenNameMax = 64

// tokenRequest is the body of a token's creation.
type tokenRequest struct {
	Name   string          `json:"name"`
	Scopes []account.Scope `json:"scopes"`
}

// tokenJSON is a token as the API shows it; Token, the secret, only once,
// when it is created.
type tokenJSON struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Scopes    []account.Scope `json:"scopes"`
	CreatedAt time.Time       `json:"createdAt"`
	RevokedAt *time.Time      `json:"revokedAt,omitempty"`
	Token     string          `json:"token,omitempty"`
}

func toJSON(t account.Token) tokenJSON {
	out := tokenJSON{ID: t.ID, Name: t.Name, Scopes: t.Scopes, CreatedAt: t.CreatedAt}
	if out.Scopes == nil {
		out.Scopes = []account.Scope{}
	}
	if !t.Revoked.IsZero() {
		at := t.Revoked
		out.RevokedAt = &at
	}
	return out
}

// tokenOwner returns the account that manages its tokens in r: signed in
// through a browser session (a token cannot make tokens), not a guest.
func (s *Server) tokenOwner(w http.ResponseWriter, r *http.Request) (Identity, bool) {
	who, ok := s.signedIn(w, r, "")
	switch {
	case !ok:
		return Identity{}, false
	case who.Token != nil:
		s.writeError(w, r, NewError(CodeSessionRequired, "tokens are managed from a browser session", nil))
		return Identity{}, false
	case who.User.Guest:
		s.writeError(w, r, NewError(CodeAccountRequired, "guests have no API tokens", nil))
		return Identity{}, false
	}
	return who, true
}

// createToken makes an API token: 201 with its secret, shown this once
// (the store keeps only its digest).
func (s *Server) createToken(w http.ResponseWriter, r *http.Request) {
	var req tokenRequest
	if !s.decodeJSON(w, r, &req) {
		return
	}
	who, ok := s.tokenOwner(w, r)
	if !ok {
		return
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || utf8.RuneCountInString(name) > TokenNameMax {
		s.writeError(w, r, NewError(CodeBadTokenName, "a token's name has 1 to "+strconv.Itoa(TokenNameMax)+" characters", nil).
			With("max", strconv.Itoa(TokenNameMax)))
		return
	}
	var scopes []account.Scope
	for _, sc := range req.Scopes {
		if !slices.Contains(account.Scopes(), sc) {
			scope := clip(string(sc))
			s.writeError(w, r, NewError(CodeBadScope, "no scope "+scope, nil).With("scope", scope))
			return
		}
		if !slices.Contains(scopes, sc) {
			scopes = append(scopes, sc)
		}
	}
	secret, digest := account.NewSecret(account.TokenPrefix)
	t := account.Token{ID: account.NewTokenID(), Digest: digest, UserID: who.User.ID, Name: name,
		Scopes: scopes, CreatedAt: s.cfg.Now()}
	if err := s.cfg.Accounts.CreateToken(r.Context(), t); err != nil {
		s.writeError(w, r, err)
		return
	}
	out := toJSON(t)
	out.Token = secret
	writeJSON(w, http.StatusCreated, out)
}

// listTokens answers the account's tokens, revoked ones included, without
// their secrets.
func (s *Server) listTokens(w http.ResponseWriter, r *http.Request) {
	who, ok := s.tokenOwner(w, r)
	if !ok {
		return
	}
	ts, err := s.cfg.Accounts.Tokens(r.Context(), who.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]tokenJSON, 0, len(ts))
	for _, t := range ts {
		out = append(out, toJSON(t))
	}
	writeJSON(w, http.StatusOK, out)
}

// revokeToken revokes one of the account's tokens: from now on it is
// refused.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request) {
	who, ok := s.tokenOwner(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	err := s.cfg.Accounts.RevokeToken(r.Context(), who.User.ID, id, s.cfg.Now())
	switch account.CodeOf(err) {
	case "":
		if err != nil {
			s.writeError(w, r, err)
			return
		}
	case account.CodeBadToken, account.CodeNotFound:
		id = clip(id)
		s.writeError(w, r, NewError(CodeTokenNotFound, "no token "+id, nil).With("token", id))
		return
	default:
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
