package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/web"
)

// bootOf returns the boot data of a page shell.
func bootOf(t *testing.T, r response) bootData {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script id="jp-boot" type="application/json">(.*?)</script>`).FindSubmatch(r.body)
	if m == nil {
		t.Fatalf("no boot data in %.300s", r.body)
	}
	var b bootData
	if err := json.Unmarshal(m[1], &b); err != nil {
		t.Fatalf("boot data: %v: %s", err, m[1])
	}
	return b
}

// TestPagesServeTheShell: every page route answers the shell, with its
// page's name, its path's parameters, the catalogue of its language and
// the bundle's files (or, when the binary was built without the bundle,
// the words that say so).
func TestPagesServeTheShell(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	manifest, built := web.ReadManifest()
	cases := []struct {
		path, page string
		params     map[string]string
	}{
		{"/", "home", map[string]string{}},
		{"/login", "login", map[string]string{}},
		{"/signup", "signup", map[string]string{}},
		{"/@/alba", "profile", map[string]string{"username": "alba"}},
		{"/game/xc4kp2qa", "game", map[string]string{"id": "xc4kp2qa"}},
		{"/replay/xc4kp2qa", "replay", map[string]string{"id": "xc4kp2qa"}},
		{"/challenge/Ch7pQ2xa", "challenge", map[string]string{"id": "Ch7pQ2xa"}},
	}
	for _, tc := range cases {
		r := c.do("GET", tc.path, "")
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %s", tc.path, r.status, r.header.Get("Content-Type"))
			continue
		}
		b := bootOf(t, r)
		if b.Page != tc.page || b.Lang != "es" || b.Me != nil || len(b.Params) != len(tc.params) {
			t.Errorf("%s: boot %+v", tc.path, b)
		}
		for k, v := range tc.params {
			if b.Params[k] != v {
				t.Errorf("%s: param %s = %q, want %q", tc.path, k, b.Params[k], v)
			}
		}
		var cat map[string]string
		if err := json.Unmarshal(b.T, &cat); err != nil || cat["ui.nav.play"] != i18n.Message("es", "ui.nav.play", nil) {
			t.Errorf("%s: the catalogue is not Spanish's: %v", tc.path, err)
		}
		body := string(r.body)
		if !strings.Contains(body, "<title>"+i18n.Message("es", "ui.title."+tc.page, nil)+"</title>") {
			t.Errorf("%s: no title of its own", tc.path)
		}
		if built && (!strings.Contains(body, `src="`+manifest.JS+`"`) || !strings.Contains(body, `href="`+manifest.CSS+`"`)) {
			t.Errorf("%s: the shell does not load the bundle %+v", tc.path, manifest)
		}
		if !built && !strings.Contains(body, i18n.Message("es", "ui.app.not_built", nil)) {
			t.Errorf("%s: a binary without the bundle does not say so", tc.path)
		}
		if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "script-src") {
			t.Errorf("%s: Content-Security-Policy %q", tc.path, csp)
		}
	}
}

// TestPageLanguage: a page speaks the signed-in user's language, else the
// language switch's cookie, else the browser's Accept-Language, else
// Spanish.
func TestPageLanguage(t *testing.T) {
	env := newTestServer(t)
	anon := env.browser(t)
	cases := []struct {
		name   string
		header []string
		want   string
	}{
		{"nothing asked", nil, "es"},
		{"an English browser", []string{"Accept-Language", "en-US,en;q=0.9"}, "en"},
		{"a French browser", []string{"Accept-Language", "fr-FR"}, "es"},
		{"the cookie over the browser", []string{"Accept-Language", "en-US", "Cookie", "joinpal_lang=es"}, "es"},
		{"the cookie alone", []string{"Cookie", "joinpal_lang=en"}, "en"},
		{"a cookie of no language", []string{"Accept-Language", "en", "Cookie", "joinpal_lang=xx"}, "en"},
	}
	for _, tc := range cases {
		r := anon.do("GET", "/", "", tc.header...)
		if b := bootOf(t, r); b.Lang != tc.want || r.header.Get("Content-Language") != tc.want ||
			!strings.Contains(string(r.body), `<html lang="`+tc.want+`">`) {
			t.Errorf("%s: lang %q (header %q), want %q", tc.name, b.Lang, r.header.Get("Content-Language"), tc.want)
		}
	}

	// A user's own setting wins over both, and the shell says who they are.
	alba, _ := env.signUp(t, "alba", "correct horse battery")
	if r := alba.do("PUT", "/api/account/lang", `{"lang":"en"}`); r.status != 200 {
		t.Fatalf("set lang: %d %s", r.status, r.body)
	}
	b := bootOf(t, alba.do("GET", "/@/alba", "", "Accept-Language", "es", "Cookie", "joinpal_lang=es"))
	if b.Lang != "en" || b.Me == nil || b.Me.Username != "alba" || b.Me.Guest {
		t.Errorf("alba's page: lang %q, me %+v", b.Lang, b.Me)
	}
}

// TestPageShellEscapesNames: a name in the boot data cannot end its
// script element.
func TestPageShellEscapesNames(t *testing.T) {
	env := newTestServer(t)
	r := env.browser(t).do("GET", "/@/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", "")
	if strings.Count(string(r.body), "</script>") != strings.Count(shellTemplateText(), "</script>") {
		t.Errorf("the path's text ended a script element: %s", r.body)
	}
	if b := bootOf(t, r); b.Params["username"] != "</script><script>alert(1)</script>" {
		t.Errorf("username param %q", b.Params["username"])
	}
}

// shellTemplateText renders the shell with nothing in it, to count its
// own script elements: with the bundle's module when the binary embeds one,
// as the server renders it.
func shellTemplateText() string {
	data := map[string]any{}
	if manifest, built := web.ReadManifest(); built {
		data["JS"], data["CSS"] = manifest.JS, manifest.CSS
	}
	var sb strings.Builder
	_ = shellPage.Execute(&sb, data)
	return sb.String()
}

// TestAssets: the bundle's files are served with a year's cache, their
// brotli or gzip copy when the browser takes it, and 404 for anything
// else.
func TestAssets(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	manifest, built := web.ReadManifest()
	if !built {
		t.Skip("the bundle is not built into this binary (make build builds it)")
	}
	name := strings.TrimPrefix(manifest.JS, "/assets/")
	plain, _ := fs.ReadFile(web.Assets(), name)
	cases := []struct {
		accept, encoding string
	}{
		{"", ""},
		{"gzip", "gzip"},
		{"gzip, deflate, br", "br"},
		{"br;q=0, gzip", "gzip"},
		{"identity", ""},
	}
	for _, tc := range cases {
		r := c.do("GET", manifest.JS, "", "Accept-Encoding", tc.accept)
		if r.status != 200 || r.header.Get("Content-Encoding") != tc.encoding ||
			!strings.HasPrefix(r.header.Get("Content-Type"), "text/javascript") ||
			!strings.Contains(r.header.Get("Cache-Control"), "immutable") {
			t.Errorf("Accept-Encoding %q: %d, encoding %q, type %q, cache %q", tc.accept, r.status,
				r.header.Get("Content-Encoding"), r.header.Get("Content-Type"), r.header.Get("Cache-Control"))
			continue
		}
		if tc.encoding == "" && string(r.body) != string(plain) {
			t.Errorf("Accept-Encoding %q: the body is not the file", tc.accept)
		}
		if tc.encoding != "" && len(r.body) >= len(plain) {
			t.Errorf("Accept-Encoding %q: %d bytes for a %d-byte file", tc.accept, len(r.body), len(plain))
		}
	}
	for _, path := range []string{"/assets/nothing.js", manifest.JS + ".gz", "/assets/../manifest.json", "/assets/"} {
		if r := c.do("GET", path, ""); r.status != 404 {
			t.Errorf("%s: %d, want 404", path, r.status)
		}
	}
}

// TestEveryPageIsKnown: every page a route serves is in Pages, has a title
// in every language, and a module in the bundle's registry.
func TestEveryPageIsKnown(t *testing.T) {
	main, err := os.ReadFile("../web/src/main.ts")
	if err != nil {
		t.Fatal(err)
	}
	env := newTestServer(t)
	c := env.browser(t)
	served := map[string]bool{}
	param := regexp.MustCompile(`\{[^}]*\}`)
	for _, rt := range env.srv.routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		if method != "GET" || strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/assets/") {
			continue
		}
		r := c.do("GET", param.ReplaceAllString(strings.ReplaceAll(path, "{$}", ""), "x"), "")
		if !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
			continue // not a page (/healthz, /metrics ...)
		}
		served[bootOf(t, r).Page] = true
	}
	// The error page is served for a path no route has.
	served[bootOf(t, c.do("GET", "/no-such-page", "", "Accept", "text/html")).Page] = true
	for _, name := range Pages() {
		for _, lang := range i18n.Languages() {
			if !i18n.Has(lang, "ui.title."+name) {
				t.Errorf("page %s has no title in %s", name, lang)
			}
		}
		if !strings.Contains(string(main), "  "+name+": () => import(") {
			t.Errorf("page %s is not in web/src/main.ts's registry", name)
		}
		if !served[name] {
			t.Errorf("page %s is served by no route", name)
		}
		delete(served, name)
	}
	for name := range served {
		t.Errorf("a route serves page %s, which Pages does not list", name)
	}
}

// TestPageShellCompressed: the shell (which carries a whole catalogue) is
// sent gzip-compressed to a browser that takes it, and plain otherwise.
func TestPageShellCompressed(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	plain := c.do("GET", "/", "", "Accept-Encoding", "identity")
	packed := c.do("GET", "/", "", "Accept-Encoding", "gzip, deflate, br")
	if plain.header.Get("Content-Encoding") != "" || packed.header.Get("Content-Encoding") != "gzip" ||
		!strings.Contains(packed.header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("encodings: plain %q, packed %q (Vary %q)", plain.header.Get("Content-Encoding"),
			packed.header.Get("Content-Encoding"), packed.header.Get("Vary"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed.body))
	if err != nil {
		t.Fatal(err)
	}
	unpacked, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(unpacked, plain.body) || len(packed.body)*2 > len(plain.body) {
		t.Errorf("the compressed shell (%d bytes) is not the plain one (%d bytes) made smaller", len(packed.body), len(plain.body))
	}
}

// TestErrorPageForBrowsers: a browser asking for a path with no page gets
// the error page in the site's shell, in its language, with the status
// 404 (or 500 for a failure); the API and programs get coded JSON as ever.
func TestErrorPageForBrowsers(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	tests := []struct {
		name     string
		method   string
		path     string
		header   []string
		status   int
		page     bool
		contains string
	}{
		{"a browser, Spanish", "GET", "/no-such-page", []string{"Accept", browserAccept}, 404, true, "Esta página no existe"},
		{"a browser, English", "GET", "/no/such/page", []string{"Accept", browserAccept, "Accept-Language", "en"}, 404, true, "This page does not exist"},
		{"an asset that is not there", "GET", "/assets/nothing.js", []string{"Accept", browserAccept}, 404, true, "Esta página no existe"},
		{"the API, from a browser", "GET", "/api/no-such-thing", []string{"Accept", browserAccept}, 404, false, `"code":"server.not_found"`},
		{"a program", "GET", "/no-such-page", []string{"Accept", "application/json"}, 404, false, `"code":"server.not_found"`},
		{"no Accept", "GET", "/no-such-page", nil, 404, false, `"code":"server.not_found"`},
		{"a POST from a browser", "POST", "/no-such-page", []string{"Accept", browserAccept}, 404, false, `"code":"server.not_found"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.do(tt.method, tt.path, "", tt.header...)
			if r.status != tt.status {
				t.Fatalf("status %d: %.300s", r.status, r.body)
			}
			html := strings.HasPrefix(r.header.Get("Content-Type"), "text/html")
			if html != tt.page || !strings.Contains(string(r.body), tt.contains) {
				t.Fatalf("%s: %.400s", r.header.Get("Content-Type"), r.body)
			}
			if tt.page {
				if b := bootOf(t, r); b.Page != errorPage || b.Params["status"] != "404" || b.Params["code"] != string(CodeNotFound) {
					t.Errorf("boot %+v", b)
				}
			}
		})
	}
}

// TestErrorPageForAFailure: a failure answers a browser with the error
// page and 500, a program with the coded JSON "internal".
func TestErrorPageForAFailure(t *testing.T) {
	env := newTestServer(t)
	for _, tt := range []struct {
		accept, lang, want string
		html               bool
	}{
		{"text/html", "es", "Algo ha fallado", true},
		{"text/html", "en", "Something went wrong", true},
		{"application/json", "es", `"code":"internal"`, false},
	} {
		req := httptest.NewRequest("GET", "/profile-of-nobody", nil)
		req.Header.Set("Accept", tt.accept)
		req.Header.Set("Accept-Language", tt.lang)
		w := httptest.NewRecorder()
		env.srv.writeError(w, req, errors.New("server: a failure"))
		body := w.Body.String()
		if w.Code != 500 || strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") != tt.html || !strings.Contains(body, tt.want) {
			t.Errorf("%s %s: %d %s %.300s", tt.accept, tt.lang, w.Code, w.Header().Get("Content-Type"), body)
		}
	}
}

// TestAnalysisPageIsCrossOriginIsolated: the analysis board, and only it,
// is served cross-origin isolated with WebAssembly allowed, for its
// engine's threads (SharedArrayBuffer).
func TestAnalysisPageIsCrossOriginIsolated(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	r := c.do("GET", "/analysis?fen=8/8/8/8/8/8/8/8", "")
	if r.status != 200 {
		t.Fatalf("/analysis: %d", r.status)
	}
	if b := bootOf(t, r); b.Page != "analysis" {
		t.Errorf("/analysis: page %q", b.Page)
	}
	for k, want := range map[string]string{"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"} {
		if got := r.header.Get(k); got != want {
			t.Errorf("/analysis: %s %q, want %q", k, got, want)
		}
	}
	if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") {
		t.Errorf("/analysis: CSP %q", csp)
	}
	home := c.do("GET", "/", "")
	if home.header.Get("Cross-Origin-Embedder-Policy") != "" || strings.Contains(home.header.Get("Content-Security-Policy"), "wasm") {
		t.Errorf("/: isolated too: %v", home.header)
	}
}

// TestEngineAssets: the analysis board's engine is served as WebAssembly,
// compressed, and allowed into the isolated page (its module is also the
// script of its thread workers, which need COEP of their own).
func TestEngineAssets(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	if _, err := fs.Stat(web.Assets(), "stockfish/fsf_14.wasm"); err != nil {
		t.Skip("the bundle is not built into this binary (make build builds it)")
	}
	for path, kind := range map[string]string{"/assets/stockfish/fsf_14.wasm": "application/wasm", "/assets/stockfish/fsf_14.js": "text/javascript"} {
		r := c.do("GET", path, "", "Accept-Encoding", "br")
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), kind) || r.header.Get("Content-Encoding") != "br" {
			t.Errorf("%s: %d %q %q", path, r.status, r.header.Get("Content-Type"), r.header.Get("Content-Encoding"))
		}
		if r.header.Get("Cross-Origin-Embedder-Policy") != "require-corp" || r.header.Get("Cross-Origin-Resource-Policy") != "same-origin" {
			t.Errorf("%s: COEP %q CORP %q", path, r.header.Get("Cross-Origin-Embedder-Policy"), r.header.Get("Cross-Origin-Resource-Policy"))
		}
	}
	if _, err := fs.Stat(web.Assets(), "licenses/@lichess-org__stockfish-web.LICENSE.txt"); err != nil {
		t.Errorf("the engine's licence is not served beside the bundle: %v", err)
	}
}
