package server

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/manualclock"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// testParams are cheap Argon2id parameters, so that tests that sign up
// many users stay fast; one test checks DefaultParams.
var testParams = account.Params{Memory: 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

// testEnv is a real server on a real SQLite store in a temporary folder.
type testEnv struct {
	logs  *syncBuffer
	srv   *Server
	store testStore
	clock *manualclock.Clock
	http  *httptest.Server
}

// testStore is what the tests need of a store: both of JoinPal's are one.
type testStore interface {
	account.Store
	game.Store
	live.NodeRegistry
}

// newTestServer starts the server's handler over HTTP on a fresh SQLite
// file; cfg's fields, where set, replace the defaults.
func newTestServer(t testing.TB, opts ...func(*Config)) *testEnv {
	t.Helper()
	st, err := sqlite.Open(context.Background(), sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerOn(t, st, opts...)
}

// newPostgresTestServer is newTestServer on PostgreSQL, in a schema of its
// own.
func newPostgresTestServer(t *testing.T, opts ...func(*Config)) *testEnv {
	t.Helper()
	st, err := postgres.Open(context.Background(), testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerOn(t, st, opts...)
}

// newTestServerOn starts the server on st, which it closes at the end.
func newTestServerOn(t testing.TB, st testStore, opts ...func(*Config)) *testEnv {
	t.Helper()
	t.Cleanup(func() { st.Close() })
	clk := manualclock.New(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	logs := &syncBuffer{}
	cfg := Config{Accounts: st, Now: clk.Now, PasswordParams: testParams,
		Log: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	for _, o := range opts {
		o(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return &testEnv{logs: logs, srv: srv, store: st, clock: clk, http: hs}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// client is a browser: it keeps cookies.
type client struct {
	t   testing.TB
	env *testEnv
	hc  *http.Client
	// header is added to every request.
	header http.Header
}

func (e *testEnv) browser(t testing.TB) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, env: e, hc: &http.Client{Jar: jar}, header: http.Header{}}
}

// response is an answer, read whole.
type response struct {
	status int
	header http.Header
	body   []byte
}

// errorBody is the JSON of a refusal.
type errorBody struct {
	Code    string            `json:"code"`
	Reason  string            `json:"reason"`
	Message string            `json:"message"`
	Params  map[string]string `json:"params"`
}

func (r response) refusal(t *testing.T) errorBody {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(r.body, &e); err != nil || e.Code == "" {
		t.Fatalf("answer %d %q is not a refusal: %v", r.status, r.body, err)
	}
	return e
}

func (r response) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("answer %d %q: %v", r.status, r.body, err)
	}
}

// do sends method path with body (raw JSON text, or "" for none).
func (c *client) do(method, path, body string, header ...string) response {
	c.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, c.env.http.URL+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	for k, v := range c.header {
		req.Header[k] = v
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: b}
}

// expect fails unless r is a refusal with status and code.
func expect[C ~string](t *testing.T, r response, status int, code C) errorBody {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d (%s), want %d %s", r.status, r.body, status, code)
	}
	e := r.refusal(t)
	if e.Code != string(code) {
		t.Fatalf("code %q (%s), want %q", e.Code, r.body, code)
	}
	return e
}

// sessionCookie returns the session cookie the browser holds ("" if none).
func (c *client) sessionCookie() string {
	u, _ := url.Parse(c.env.http.URL)
	for _, ck := range c.hc.Jar.Cookies(u) {
		if ck.Name == sessionCookie {
			return ck.Value
		}
	}
	return ""
}

// withCookie returns a browser that sends the session cookie value and
// keeps no jar (a copied or forged cookie).
func (e *testEnv) withCookie(t *testing.T, value string) *client {
	c := &client{t: t, env: e, hc: &http.Client{}, header: http.Header{}}
	c.header.Set("Cookie", sessionCookie+"="+value)
	return c
}

// program is an API client with a Bearer token.
func (e *testEnv) program(t *testing.T, token string) *client {
	c := &client{t: t, env: e, hc: &http.Client{}, header: http.Header{}}
	c.header.Set("Authorization", "Bearer "+token)
	return c
}

// signUp makes an account from a new browser and returns the browser.
func (e *testEnv) signUp(t testing.TB, username, password string) (*client, account.User) {
	t.Helper()
	c := e.browser(t)
	r := c.do("POST", "/api/account/signup", `{"username":"`+username+`","password":"`+password+`"}`)
	if r.status != http.StatusCreated {
		t.Fatalf("sign-up of %s: %d %s", username, r.status, r.body)
	}
	var u account.User
	r.decode(t, &u)
	return c, u
}

var tlsState = tls.ConnectionState{HandshakeComplete: true}

// envMaker starts a test server with options, on one store.
type envMaker func(opts ...func(*Config)) *testEnv

// onBothStores runs f on SQLite and on PostgreSQL.
func onBothStores(t *testing.T, f func(t *testing.T, newEnv envMaker)) {
	t.Run("sqlite", func(t *testing.T) {
		f(t, func(opts ...func(*Config)) *testEnv { return newTestServer(t, opts...) })
	})
	t.Run("postgres", func(t *testing.T) {
		f(t, func(opts ...func(*Config)) *testEnv { return newPostgresTestServer(t, opts...) })
	})
}
