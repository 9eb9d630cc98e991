package server

import (
	"context"
	"net/http"
	"strings"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ratelimit"
)

// Identity is who sent a request: a user, through a browser session or an
// API token.
type Identity struct {
	// User is the user; its ID is empty when the request came from nobody
	// known.
	User account.User
	// Session is the browser session the request came with (zero for a
	// token or nobody).
	Session account.Session
	// Token is the API token the request came with (Authorization: Bearer);
	// nil for a browser.
	Token *account.Token
}

// Known reports whether the request came from a user.
func (id Identity) Known() bool { return id.User.ID != "" }

// Allows reports whether the identity may act with scope: a browser
// session may do everything its user may; a token only what its scopes
// say. The empty scope is allowed to every known identity.
func (id Identity) Allows(scope account.Scope) bool {
	return id.Known() && (id.Token == nil || scope == "" || id.Token.Allows(scope))
}

// stateKey keys the per-request state in a request's context.
type stateKey struct{}

// requestState is what the server learns of a request as it serves it:
// who sent it, resolved once and on demand.
type requestState struct {
	done bool
	who  Identity
	err  error
	// staleCookie is set when the session cookie named no live session, so
	// that the answer clears it.
	staleCookie bool
	// refunds give back the rate-limit events the request took, should it
	// be refused with 400 (see charge).
	refunds []func()
}

func stateOf(r *http.Request) *requestState {
	st, _ := r.Context().Value(stateKey{}).(*requestState)
	return st
}

// viewer returns who sent r: the user of its Bearer token, else of its
// session cookie, else nobody (the zero Identity, no error). A malformed,
// unknown or revoked token is an error (account.bad_token: a program should
// be told); a cookie that names no live session counts as no cookie. It
// resolves once per request.
func (s *Server) viewer(r *http.Request) (Identity, error) {
	st := stateOf(r)
	if st == nil {
		st = &requestState{}
	}
	if !st.done {
		st.who, st.err = s.resolve(r, st)
		st.done = true
	}
	return st.who, st.err
}

func (s *Server) resolve(r *http.Request, st *requestState) (Identity, error) {
	if h := r.Header.Get("Authorization"); h != "" {
		secret, ok := strings.CutPrefix(h, "Bearer ")
		if !ok {
			return Identity{}, account.BadTokenError("the Authorization header is not a Bearer token")
		}
		d, err := account.ParseSecret(account.TokenPrefix, strings.TrimSpace(secret))
		if err != nil {
			return Identity{}, err
		}
		t, u, err := s.cfg.Accounts.Token(r.Context(), d)
		if err != nil {
			return Identity{}, err
		}
		if !t.Revoked.IsZero() {
			return Identity{}, account.BadTokenError("revoked token")
		}
		return Identity{User: u, Token: &t}, nil
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return Identity{}, nil
	}
	d, err := account.ParseSecret(account.SessionPrefix, c.Value)
	if err != nil {
		st.staleCookie = true
		return Identity{}, nil
	}
	now := s.cfg.Now()
	sess, u, err := s.cfg.Accounts.Session(r.Context(), d, now, s.extendTo(now))
	if err != nil {
		if account.CodeOf(err) == account.CodeBadToken {
			st.staleCookie = true
			return Identity{}, nil
		}
		return Identity{}, err
	}
	return Identity{User: u, Session: sess}, nil
}

// signedIn returns the user who sent r, who must be someone (a guest or an
// account) whose credentials allow scope. Otherwise it answers the refusal
// (server.unauthorized, account.bad_token or server.forbidden) and returns
// false.
func (s *Server) signedIn(w http.ResponseWriter, r *http.Request, scope account.Scope) (Identity, bool) {
	who, err := s.viewer(r)
	switch {
	case err != nil:
		s.writeError(w, r, err)
		return Identity{}, false
	case !who.Known():
		s.clearStaleCookie(w, r)
		s.writeError(w, r, NewError(CodeUnauthorized, "not signed in", nil))
		return Identity{}, false
	case !who.Allows(scope):
		s.writeError(w, r, scopeRefusal(who, scope))
		return Identity{}, false
	}
	return who, true
}

// player returns the user who sent r, making a guest at once (with its
// session cookie set on w) when the request comes from nobody: guests play
// without signing up. A token must allow scope. On refusal it answers and
// returns false.
func (s *Server) player(w http.ResponseWriter, r *http.Request, scope account.Scope) (Identity, bool) {
	who, err := s.viewer(r)
	if err != nil {
		s.writeError(w, r, err)
		return Identity{}, false
	}
	if !who.Known() {
		who, err = s.newGuest(w, r)
		if err != nil {
			s.writeError(w, r, err)
			return Identity{}, false
		}
		return who, true
	}
	if err := scopeRefusal(who, scope); err != nil {
		s.writeError(w, r, err)
		return Identity{}, false
	}
	return who, true
}

// CheckOrigin refuses (with CodeCrossOrigin) a request that another site's
// page sent, by the rules http.CrossOriginProtection applies to
// state-changing requests (Sec-Fetch-Site, else Origin against Host, the
// trusted origins allowed) — whatever the method. WebSocket upgrades are
// GET requests, which the protection lets through, so their handler calls
// it before accepting.
func (s *Server) CheckOrigin(r *http.Request) error {
	probe := r.Clone(r.Context())
	probe.Method = http.MethodPost
	if err := s.cop.Check(probe); err != nil {
		return NewError(CodeCrossOrigin, "cross-origin request refused: "+err.Error(), nil)
	}
	return nil
}

// limited takes one event of key from the rate limit k, or returns the
// refusal (CodeRateLimited, with the seconds to wait) when it is hit.
func limited(k *ratelimit.Keyed, key string) error {
	if ok, wait := k.Allow(key); !ok {
		return retryAfter(wait.Seconds())
	}
	return nil
}

// contextWithState returns ctx with a fresh per-request state, as the
// server's handler gives every request.
func contextWithState(ctx context.Context) context.Context {
	return context.WithValue(ctx, stateKey{}, &requestState{})
}
