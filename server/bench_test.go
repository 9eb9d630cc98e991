package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkSignedInRequest: one GET /api/account/me with a session cookie,
// through the whole handler (cross-origin check, routing, the session
// looked up in SQLite, the JSON answer), without the network.
func BenchmarkSignedInRequest(b *testing.B) {
	env := newTestServer(b)
	c, _ := env.signUp(b, "bencher", "password")
	cookie := c.sessionCookie()
	h := env.srv.Handler()
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest("GET", "/api/account/me", nil)
		r.Header.Set("Cookie", sessionCookie+"="+cookie)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

// BenchmarkDecodeStrict: a log-in body decoded strictly.
func BenchmarkDecodeStrict(b *testing.B) {
	const body = `{"username":"magnus","password":"correct horse battery"}`
	b.ReportAllocs()
	for b.Loop() {
		var v credentials
		if err := decodeStrict(strings.NewReader(body), &v); err != nil {
			b.Fatal(err)
		}
	}
}
