package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/schedule"
)

func TestCrossSitePostRefused(t *testing.T) {
	env := newTestServer(t)
	body := `{"username":"csrfvictim","password":"password"}`
	tests := []struct {
		name   string
		header []string
	}{
		{"Sec-Fetch-Site cross-site", []string{"Sec-Fetch-Site", "cross-site"}},
		{"Sec-Fetch-Site same-site", []string{"Sec-Fetch-Site", "same-site"}},
		{"Origin of another host", []string{"Origin", "https://evil.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := env.browser(t)
			expect(t, c.do("POST", "/api/account/signup", body, tt.header...), 403, CodeCrossOrigin)
			expect(t, c.do("POST", "/api/guest", "", tt.header...), 403, CodeCrossOrigin)
			if c.sessionCookie() != "" {
				t.Error("a cross-site request got a session")
			}
		})
	}
	if _, err := env.store.UserByUsername(context.Background(), "csrfvictim"); account.CodeOf(err) != account.CodeNotFound {
		t.Errorf("a cross-site sign-up stored the user: %v", err)
	}
	// The same site's page, and programs (no Origin at all), pass.
	c := env.browser(t)
	if r := c.do("POST", "/api/guest", "", "Sec-Fetch-Site", "same-origin"); r.status != http.StatusCreated {
		t.Errorf("same-origin: %d %s", r.status, r.body)
	}
	if r := c.do("POST", "/api/guest", "", "Origin", env.http.URL); r.status != http.StatusOK {
		t.Errorf("Origin of the site: %d %s", r.status, r.body)
	}
	// A cross-site GET reads but changes nothing: allowed.
	if r := c.do("GET", "/api/account/me", "", "Sec-Fetch-Site", "cross-site"); r.status != http.StatusOK {
		t.Errorf("cross-site GET: %d %s", r.status, r.body)
	}
}

func TestCheckOrigin(t *testing.T) {
	env := newTestServer(t, func(c *Config) { c.TrustedOrigins = []string{"https://friend.example"} })
	tests := []struct {
		header []string
		ok     bool
	}{
		{nil, true}, // a program: no Origin
		{[]string{"Origin", "http://joinpal.example"}, true},
		{[]string{"Sec-Fetch-Site", "same-origin"}, true},
		{[]string{"Origin", "https://friend.example"}, true},
		{[]string{"Origin", "https://evil.example"}, false},
		{[]string{"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"}, false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "http://joinpal.example/api/game/x/socket", nil)
		r.Header.Set("Connection", "Upgrade")
		r.Header.Set("Upgrade", "websocket")
		for i := 0; i+1 < len(tt.header); i += 2 {
			r.Header.Set(tt.header[i], tt.header[i+1])
		}
		err := env.srv.CheckOrigin(r)
		if (err == nil) != tt.ok {
			t.Errorf("headers %v: %v, want ok %v", tt.header, err, tt.ok)
		}
		if err != nil && i18n.Code(err) != string(CodeCrossOrigin) {
			t.Errorf("headers %v: code %s", tt.header, i18n.Code(err))
		}
		if r.Method != "GET" {
			t.Error("CheckOrigin changed the request")
		}
	}
}

func TestLanguageOfRefusals(t *testing.T) {
	env := newTestServer(t)
	tests := []struct{ accept, lang string }{
		{"", "es"}, {"en-US,en;q=0.9", "en"}, {"fr-FR", "es"}, {"fr, en;q=0.5", "en"}, {"es-MX", "es"},
	}
	for _, tt := range tests {
		c := env.browser(t)
		r := c.do("GET", "/api/account/me", "", "Accept-Language", tt.accept)
		e := expect(t, r, 401, CodeUnauthorized)
		if want := i18n.Message(tt.lang, string(CodeUnauthorized), nil); e.Message != want {
			t.Errorf("Accept-Language %q: %q, want %q", tt.accept, e.Message, want)
		}
	}
	// The user's own setting wins over the header.
	ctx := context.Background()
	u := account.User{ID: "lang-user", Username: "english", DisplayName: "english", Lang: "en", PasswordHash: "x"}
	if err := env.store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	secret, d := account.NewSecret(account.SessionPrefix)
	now := env.clock.Now()
	if err := env.store.CreateSession(ctx, account.Session{Digest: d, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(DefaultSessionTTL)}); err != nil {
		t.Fatal(err)
	}
	e := expect(t, env.withCookie(t, secret).do("POST", "/api/tokens", `{"name":""}`, "Accept-Language", "es"), 400, CodeBadTokenName)
	if want := i18n.Message("en", string(CodeBadTokenName), map[string]string{"max": "64"}); e.Message != want {
		t.Errorf("user with lang en: %q, want %q", e.Message, want)
	}
}

func TestNotFoundAndMethodNotAllowed(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	expect(t, c.do("GET", "/no/such/page", ""), 404, CodeNotFound)
	r := c.do("PUT", "/api/account/login", `{}`)
	e := expect(t, r, 405, CodeMethodNotAllowed)
	if e.Params["method"] != "PUT" || !strings.Contains(r.header.Get("Allow"), "POST") {
		t.Errorf("405: %+v, Allow %q", e, r.header.Get("Allow"))
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q", ct)
	}
}

// TestInternalErrorsAreLoggedNotShown: a failure that is nobody's fault is
// answered "internal" in the request's language, and its cause goes to
// the log only.
func TestInternalErrorsAreLoggedNotShown(t *testing.T) {
	env := newTestServer(t)
	c, _ := env.signUp(t, "unlucky", "hunter2-secret")
	env.store.Close()
	r := c.do("GET", "/api/account/me", "", "Accept-Language", "en")
	e := expect(t, r, 500, i18n.CodeInternal)
	if e.Message != i18n.Message("en", i18n.CodeInternal, nil) || strings.Contains(string(r.body), "sqlite") {
		t.Errorf("answer %s", r.body)
	}
	if logs := env.logs.String(); !strings.Contains(logs, "sqlite") || !strings.Contains(logs, "/api/account/me") {
		t.Errorf("the cause is not in the log:\n%s", logs)
	}
	if strings.Contains(env.logs.String(), "hunter2-secret") {
		t.Errorf("a password reached the log:\n%s", env.logs)
	}
}

func TestPanicIsInternal(t *testing.T) {
	env := newTestServer(t)
	w := httptest.NewRecorder()
	env.srv.mux.HandleFunc("GET /test-panic", func(http.ResponseWriter, *http.Request) { panic(errors.New("boom")) })
	r := httptest.NewRequest("GET", "/test-panic", nil)
	env.srv.Handler().ServeHTTP(w, r)
	if w.Code != 500 || !strings.Contains(w.Body.String(), `"internal"`) || strings.Contains(w.Body.String(), "boom") {
		t.Errorf("panic answered %d %s", w.Code, w.Body)
	}
	if !strings.Contains(env.logs.String(), "boom") {
		t.Errorf("the panic is not logged:\n%s", env.logs)
	}
}

func TestStatusTable(t *testing.T) {
	tests := []struct {
		code string
		want int
	}{
		{i18n.CodeInternal, 500},
		{"chess.fen.fields", 400},                 // a family's code
		{string(CodeBadJSON), 400},                // the server's own family
		{string(CodeRateLimited), 429},            // a row of the table
		{string(schedule.CodeNotFound), 404},      // a domain's row
		{string(lobby.CodeChallengeExpired), 410}, // another
		{"nobody.declares_this", 500},             // no family: internal
	}
	for _, tt := range tests {
		if got := Status(tt.code); got != tt.want {
			t.Errorf("Status(%q) = %d, want %d", tt.code, got, tt.want)
		}
	}
}

// undeclared is a coded error whose code no package declares.
type undeclared struct{}

func (undeclared) Error() string                  { return "secret detail" }
func (undeclared) ErrorCode() string              { return "nobody.declares_this" }
func (undeclared) ErrorParams() map[string]string { return map[string]string{"x": "secret param"} }

// TestUndeclaredCodeIsInternal: a code of no known package is answered as
// internal, 500, with nothing of it told; its cause goes to the log.
func TestUndeclaredCodeIsInternal(t *testing.T) {
	env := newTestServer(t)
	w := httptest.NewRecorder()
	env.srv.writeError(w, httptest.NewRequest("GET", "/x", nil), fmt.Errorf("wrapped: %w", undeclared{}))
	if w.Code != 500 || !strings.Contains(w.Body.String(), `"internal"`) || strings.Contains(w.Body.String(), "secret") ||
		strings.Contains(w.Body.String(), "nobody") {
		t.Errorf("answered %d %s", w.Code, w.Body)
	}
	if !strings.Contains(env.logs.String(), "secret detail") {
		t.Errorf("the cause is not logged:\n%s", env.logs)
	}
}

// TestEveryDocumentedCodeHasAStatus: every error code of docs/ERRORS.md
// (the codes every package declares, which the i18n tests hold equal to
// the catalogues) has a row or a family in the status table.
func TestEveryDocumentedCodeHasAStatus(t *testing.T) {
	b, err := os.ReadFile("../docs/ERRORS.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(b), "<!-- BEGIN CODES")
	table, _, _ = strings.Cut(table, "<!-- END CODES -->")
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\|")
	n := 0
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		n++
		if _, ok := statusOf(m[1]); !ok {
			t.Errorf("code %s of docs/ERRORS.md has no status in server/errors.go", m[1])
		}
	}
	if n < 100 {
		t.Fatalf("read only %d codes from docs/ERRORS.md", n)
	}
}

func TestHealthz(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	var h health
	r := c.do("GET", "/healthz", "")
	r.decode(t, &h)
	if r.status != 503 || h.Status != "starting" {
		t.Errorf("before SetReady: %d %+v", r.status, h)
	}
	env.srv.SetReady()
	r = c.do("GET", "/healthz", "")
	r.decode(t, &h)
	if r.status != 200 || h.Status != "ok" {
		t.Errorf("ready: %d %+v", r.status, h)
	}
	ran := false
	env.srv.OnShutdown(func(context.Context) { ran = true })
	env.srv.Shutdown(context.Background())
	r = c.do("GET", "/healthz", "")
	r.decode(t, &h)
	if r.status != 503 || h.Status != "stopping" || !ran || !env.srv.Draining() {
		t.Errorf("stopping: %d %+v, hook ran %v", r.status, h, ran)
	}
}

func TestHomePage(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	r := c.do("GET", "/", "")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
		t.Fatalf("home: %d %s", r.status, r.header)
	}
	for _, want := range []string{`lang="es"`, `"page":"home"`, `"lang":"es"`, i18n.Message("es", "ui.title.home", nil)} {
		if !strings.Contains(string(r.body), want) {
			t.Errorf("home lacks %q", want)
		}
	}
	r = c.do("GET", "/", "", "Accept-Language", "en")
	if !strings.Contains(string(r.body), `"lang":"en"`) {
		t.Errorf("home in English is not in English: %.300s", r.body)
	}
	r = c.do("GET", "/api/openapi.yaml", "")
	if r.status != 200 || !strings.HasPrefix(string(r.body), "openapi: 3.1") {
		t.Errorf("openapi.yaml: %d %.40s", r.status, r.body)
	}
	expect(t, c.do("GET", "/index.html", ""), 404, CodeNotFound)
}

// TestSetLang: a user (a guest too) chooses the interface language, which
// then wins over the browser's Accept-Language; a language with no
// catalogue is refused and changes nothing; "" goes back to the browser's.
func TestSetLang(t *testing.T) {
	env := newTestServer(t)
	c, _ := env.signUp(t, "ana_es", "hunter2-secret")
	refusal := func(accept string) string {
		t.Helper()
		return expect(t, c.do("POST", "/api/tokens", `{"name":""}`, "Accept-Language", accept), 400, CodeBadTokenName).Message
	}
	inLang := func(lang string) string {
		return i18n.Message(lang, string(CodeBadTokenName), map[string]string{"max": "64"})
	}
	if got := refusal("es"); got != inLang("es") {
		t.Fatalf("before: %q", got)
	}
	r := c.do("PUT", "/api/account/lang", `{"lang":"en"}`)
	if r.status != 200 || !strings.Contains(string(r.body), `"lang":"en"`) {
		t.Fatalf("PUT lang en: %d %s", r.status, r.body)
	}
	if got := refusal("es"); got != inLang("en") {
		t.Errorf("after choosing en, with Accept-Language es: %q, want %q", got, inLang("en"))
	}
	e := expect(t, c.do("PUT", "/api/account/lang", `{"lang":"fr"}`), 400, CodeBadLanguage)
	if e.Params["lang"] != "fr" || e.Message != i18n.Message("en", string(CodeBadLanguage), map[string]string{"lang": "fr"}) {
		t.Errorf("refusal of fr: %+v", e)
	}
	if got := refusal("es"); got != inLang("en") {
		t.Errorf("a refused change changed the language: %q", got)
	}
	if r := c.do("PUT", "/api/account/lang", `{"lang":""}`); r.status != 200 {
		t.Fatalf("PUT lang \"\": %d %s", r.status, r.body)
	}
	if got := refusal("es"); got != inLang("es") {
		t.Errorf("back to the browser's choice: %q", got)
	}
	expect(t, env.browser(t).do("PUT", "/api/account/lang", `{"lang":"en"}`), 401, CodeUnauthorized)
}
