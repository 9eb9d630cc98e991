package server

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/joinpal/joinpal/ratelimit"
)

// guard wraps the server's handler with what every request and response
// gets before any route sees it: X-Content-Type-Options: nosniff on every
// answer (JSON, PGN, calendars, assets and refusals alike), and the refusal
// (400 server.bad_text) of a path or query that holds a NUL character or
// is not valid UTF-8, so that no handler or store ever sees one.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if field, bad := badRequestText(r.URL); bad {
			s.writeError(w, r, NewError(CodeBadText, "bad text in "+field, nil).With("field", field))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// badRequestText finds the part of u that holds a NUL or invalid UTF-8:
// "path", or the query parameter's name ("query" when the name itself is
// the bad text).
func badRequestText(u *url.URL) (field string, bad bool) {
	if badText(u.Path) {
		return "path", true
	}
	q, _ := url.ParseQuery(u.RawQuery) // pairs that do not parse are dropped here, as by URL.Query
	for name, values := range q {
		if badText(name) {
			return "query", true
		}
		for _, v := range values {
			if badText(v) {
				return clip(name), true
			}
		}
	}
	return "", false
}

// badText reports whether text holds a NUL character or is not valid
// UTF-8.
func badText(text string) bool {
	return strings.IndexByte(text, 0) >= 0 || !utf8.ValidString(text)
}

// charge takes one event of key from the rate limit k for the request r,
// or returns the refusal (CodeRateLimited). The event is given back if the
// request is then refused with 400 (it was judged wrong before it cost
// anything: a malformed seek, an invalid username), so that refused
// requests do not spend a client's budget.
func (s *Server) charge(r *http.Request, k *ratelimit.Keyed, key string) error {
	if err := limited(k, key); err != nil {
		return err
	}
	if st := stateOf(r); st != nil {
		st.refunds = append(st.refunds, func() { k.Undo(key) })
	}
	return nil
}

// refund gives back the rate-limit events r took, once.
func refund(r *http.Request) {
	st := stateOf(r)
	if st == nil {
		return
	}
	for _, f := range st.refunds {
		f()
	}
	st.refunds = nil
}
