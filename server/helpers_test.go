package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/store/sqlite"
)

// fakeClock is a clock the tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// testParams are cheap Argon2id parameters, so that tests that sign up
// many users stay fast; one test checks DefaultParams.
var testParams = account.Params{Memory: 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

// testEnv is a real server on a real SQLite store in a temporary folder.
type testEnv struct {
	srv   *Server
	store *sqlite.Store
	clock *fakeClock
	http  *httptest.Server
}

// newTestServer starts the server's handler over HTTP on a fresh SQLite
// file; cfg's fields, where set, replace the defaults.
func newTestServer(t *testing.T, opts ...func(*Config)) *testEnv {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "joinpal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clk := &fakeClock{t: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
	cfg := Config{Accounts: st, Now: clk.Now, PasswordParams: testParams}
	for _, o := range opts {
		o(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return &testEnv{srv: srv, store: st, clock: clk, http: hs}
}

// client is a browser: it keeps cookies.
type client struct {
	t    *testing.T
	env  *testEnv
	hc   *http.Client
	lang string
	// header is added to every request.
	header http.Header
}

func (e *testEnv) browser(t *testing.T) *client {
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

func (r response) decode(t *testing.T, v any) {
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
func expect(t *testing.T, r response, status int, code string) errorBody {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d (%s), want %d %s", r.status, r.body, status, code)
	}
	e := r.refusal(t)
	if e.Code != code {
		t.Fatalf("code %q (%s), want %q", e.Code, r.body, code)
	}
	return e
}
