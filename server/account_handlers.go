package server

import (
	"net/http"
	"slices"
	"sync"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/ratelimit"
)

// credentials is the body of a sign-up or a log-in.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// createGuest answers who the browser is, making it a guest (with a
// session cookie) if it is nobody yet: 201 with the new guest, 200 with
// the user it already was.
func (s *Server) createGuest(w http.ResponseWriter, r *http.Request) {
	who, err := s.viewer(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if who.Known() {
		writeJSON(w, http.StatusOK, who.User)
		return
	}
	if who, err = s.newGuest(w, r); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, who.User)
}

// signUp makes an account. A guest who signs up keeps its id, and so its
// games; anyone else gets a new user. The browser gets a new session
// either way.
func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if !s.decodeJSON(w, r, &req) {
		return
	}
	who, err := s.viewer(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if who.Known() && !who.User.Guest {
		s.writeError(w, r, NewError(CodeHasAccount, "already signed in to an account", nil))
		return
	}
	if err := s.limitBoth(s.signupsPerIP, s.signupsPerAccount, r, req.Username); err != nil {
		s.writeError(w, r, err)
		return
	}
	// An invalid username or password is refused with 400, which gives
	// back the attempt just taken (charge).
	if err := account.ValidateUsername(req.Username); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := account.ValidatePassword(req.Username, req.Password); err != nil {
		s.writeError(w, r, err)
		return
	}
	hash, err := s.hashPassword(r.Context(), req.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var u account.User
	if who.Known() {
		u, err = s.cfg.Accounts.SignUp(r.Context(), who.User.ID, req.Username, hash)
	} else {
		u = account.User{ID: account.NewUserID(), Username: req.Username, DisplayName: req.Username,
			PasswordHash: hash, CreatedAt: s.cfg.Now()}
		err = s.cfg.Accounts.CreateUser(r.Context(), u)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := s.startSession(w, r, u); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, u)
}

// logIn checks a username and password and starts a session. An unknown
// username and a wrong password are the same refusal, in about the same
// time.
func (s *Server) logIn(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if !s.decodeJSON(w, r, &req) {
		return
	}
	// The per-username limit and the growing wait after wrong passwords
	// are kept per address too: a stranger's failures never lock the
	// owner out of their own address.
	key := loginKey(r, req.Username)
	if err := s.charge(r, s.loginsPerIP, clientIP(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.loginDelay.check(key); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.charge(r, s.loginsPerAccount, key); err != nil {
		s.writeError(w, r, err)
		return
	}
	bad := &account.Error{Code: account.CodeBadCredentials, Msg: "bad credentials"}
	u, err := s.cfg.Accounts.UserByUsername(r.Context(), req.Username)
	if account.CodeOf(err) == account.CodeNotFound || err == nil && u.Guest {
		if _, _, err := s.checkPassword(r.Context(), s.dummyHash(), req.Password); err != nil {
			s.writeError(w, r, err)
			return
		}
		s.loginDelay.fail(key)
		s.writeError(w, r, bad)
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	ok, rehash, err := s.checkPassword(r.Context(), u.PasswordHash, req.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !ok {
		s.loginDelay.fail(key)
		s.writeError(w, r, bad)
		return
	}
	s.loginDelay.forget(key)
	s.loginsPerAccount.Reset(key)
	if rehash {
		if hash, err := s.hashPassword(r.Context(), req.Password); err == nil {
			if err := s.cfg.Accounts.SetPasswordHash(r.Context(), u.ID, hash); err != nil {
				s.log.WarnContext(r.Context(), "server: rehashing a password", "user", u.ID, "err", err)
			}
		}
	}
	if _, err := s.startSession(w, r, u); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

// limitBoth takes one attempt from the per-address and the per-account
// limits (the account's key is its username's identity).
func (s *Server) limitBoth(perIP, perAccount *ratelimit.Keyed, r *http.Request, username string) error {
	if err := s.charge(r, perIP, clientIP(r)); err != nil {
		return err
	}
	return s.charge(r, perAccount, account.UserID(username))
}

// dummyHashes holds, per Argon2id parameters, the hash of a password
// nobody has.
var dummyHashes sync.Map

// dummyHash is a hash to check the password of an unknown username
// against, made with the parameters of real hashes, so that the answer
// takes as long as for a known one.
func (s *Server) dummyHash() string {
	if h, ok := dummyHashes.Load(s.cfg.PasswordParams); ok {
		return h.(string)
	}
	h, _ := account.HashPassword("not the password of anyone", s.cfg.PasswordParams)
	actual, _ := dummyHashes.LoadOrStore(s.cfg.PasswordParams, h)
	return actual.(string)
}

// logOut ends the browser's session (deleted from the store, so the
// cookie is worth nothing even if kept) and clears its cookie.
func (s *Server) logOut(w http.ResponseWriter, r *http.Request) {
	who, err := s.viewer(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if who.Token == nil && who.Session.UserID != "" {
		if err := s.cfg.Accounts.DeleteSession(r.Context(), who.Session.Digest); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	s.clearCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
}

// logOutEverywhere ends every session of the signed-in user.
func (s *Server) logOutEverywhere(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, "")
	if !ok {
		return
	}
	if who.Token != nil {
		s.writeError(w, r, NewError(CodeSessionRequired, "sessions are managed from a browser session", nil))
		return
	}
	if err := s.cfg.Accounts.DeleteSessions(r.Context(), who.User.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.clearCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
}

// me answers the signed-in user.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, "")
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, who.User)
}

// langRequest is the body of a change of interface language.
type langRequest struct {
	// Lang is "es", "en", or "" for the browser's choice (Accept-Language).
	Lang string `json:"lang"`
}

// setLang records the signed-in user's interface language (guests too):
// from then on their refusals and pages speak it, whatever the browser
// asks. It answers the user as it now is.
func (s *Server) setLang(w http.ResponseWriter, r *http.Request) {
	var req langRequest
	if !s.decodeJSON(w, r, &req) {
		return
	}
	who, ok := s.signedIn(w, r, "")
	if !ok {
		return
	}
	if req.Lang != "" && !slices.Contains(i18n.Languages(), req.Lang) {
		lang := clip(req.Lang)
		s.writeError(w, r, NewError(CodeBadLanguage, "no catalogue for language "+lang, nil).With("lang", lang))
		return
	}
	if err := s.cfg.Accounts.SetLang(r.Context(), who.User.ID, req.Lang); err != nil {
		s.writeError(w, r, err)
		return
	}
	who.User.Lang = req.Lang
	writeJSON(w, http.StatusOK, who.User)
}
