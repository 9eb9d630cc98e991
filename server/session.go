package server

import (
	"crypto/rand"
	"net/http"
	"strconv"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
)

// sessionCookie is the cookie that carries a browser's session secret.
const sessionCookie = "joinpal_session"

// extendTo is when a session used at now expires: SessionTTL later,
// rounded down to a thirtieth of the TTL (a day for 30 days), so that the
// store extends a busy session — a durable write — at most once in that
// step, not on every request.
func (s *Server) extendTo(now time.Time) time.Time {
	return now.Add(s.cfg.SessionTTL).Truncate(max(s.cfg.SessionTTL/30, time.Minute))
}

// startSession stores a new session for user and sets its cookie on w,
// replacing (and deleting) the session r came with, if any: a sign-up or a
// log-in never keeps a session id chosen before it.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u account.User) (account.Session, error) {
	if st := stateOf(r); st != nil && st.done && st.who.Token == nil && st.who.Session.UserID != "" {
		if err := s.cfg.Accounts.DeleteSession(r.Context(), st.who.Session.Digest); err != nil {
			return account.Session{}, err
		}
	}
	secret, digest := account.NewSecret(account.SessionPrefix)
	now := s.cfg.Now()
	sess := account.Session{Digest: digest, UserID: u.ID, CreatedAt: now, ExpiresAt: s.extendTo(now)}
	if err := s.cfg.Accounts.CreateSession(r.Context(), sess); err != nil {
		return account.Session{}, err
	}
	http.SetCookie(w, s.cookie(r, secret, sess.ExpiresAt))
	if st := stateOf(r); st != nil {
		st.done, st.who, st.err, st.staleCookie = true, Identity{User: u, Session: sess}, nil, false
	}
	return sess, nil
}

// cookie is the session cookie with value, HttpOnly, SameSite=Lax, Secure
// when the request came over https (directly or through a trusted proxy)
// or when configured, for the whole site.
func (s *Server) cookie(r *http.Request, value string, expires time.Time) *http.Cookie {
	c := &http.Cookie{
		Name:     sessionCookie,
		Value:    value,
		Path:     "/",
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   overHTTPS(r) || s.cfg.SecureCookies,
	}
	if value == "" {
		c.MaxAge = -1
	} else {
		c.Expires = expires
	}
	return c
}

// clearCookie tells the browser to forget its session cookie.
func (s *Server) clearCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.cookie(r, "", time.Time{}))
}

// clearStaleCookie clears the session cookie if r came with one that names
// no live session.
func (s *Server) clearStaleCookie(w http.ResponseWriter, r *http.Request) {
	if st := stateOf(r); st != nil && st.staleCookie {
		s.clearCookie(w, r)
	}
}

// newGuest makes a guest for a request that comes from nobody: a user with
// a generated display name, in a new session. Guests are rate-limited per
// address.
func (s *Server) newGuest(w http.ResponseWriter, r *http.Request) (Identity, error) {
	if err := limited(s.guestsPerIP, clientIP(r)); err != nil {
		return Identity{}, err
	}
	u := account.User{
		ID:          account.NewUserID(),
		DisplayName: guestName(i18n.Match(r.Header.Get("Accept-Language"))),
		Guest:       true,
		CreatedAt:   s.cfg.Now(),
	}
	if err := s.cfg.Accounts.CreateUser(r.Context(), u); err != nil {
		return Identity{}, err
	}
	sess, err := s.startSession(w, r, u)
	if err != nil {
		return Identity{}, err
	}
	return Identity{User: u, Session: sess}, nil
}

// guestNames is how many two-word guest names the catalogues have
// (guest.name.1 … guest.name.N).
const guestNames = 24

// GuestNameCodes lists the catalogue codes of the guests' names.
func GuestNameCodes() []string {
	out := make([]string, guestNames)
	for i := range out {
		out[i] = "guest.name." + strconv.Itoa(i+1)
	}
	return out
}

// guestName returns a display name for a new guest in lang: one of the
// catalogue's two-word names and a number from 1000 to 9999, e.g. "Lince
// Veloz 4821".
func guestName(lang string) string {
	codes := GuestNameCodes()
	var b [4]byte
	rand.Read(b[:])
	n := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
	word := i18n.Message(lang, codes[n%uint32(len(codes))], nil)
	return word + " " + strconv.Itoa(1000+int(n/uint32(len(codes))%9000))
}
