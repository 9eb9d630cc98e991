package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/web"
)

// langCookie remembers the interface language a browser chose with the
// language switch (for a visitor not signed in; a signed-in user's setting
// comes first).
const langCookie = "joinpal_lang"

// Pages lists the browser pages by the name the shell's "page" tells the
// bundle (web/src/main.ts registers a module for each; each has its title,
// ui.title.<name>).
func Pages() []string {
	return []string{"home", "login", "signup", "profile", "game", "replay", "challenge", "rules", "schedule", "clubs", "club", "tournaments", "tournament", "arenas", "arena", "error", "tv", "settings", "analysis"}
}

// shellPage is the HTML every page of the interface starts as: the bundle's
// stylesheet and module, and the boot data they read (web/src/lib/boot.ts).
var shellPage = template.Must(template.New("shell").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{{.Title}}</title>
<link rel="icon" href="data:,">
{{if .CSS}}<link rel="stylesheet" href="{{.CSS}}">
<link rel="modulepreload" href="{{.JS}}">{{end}}
<script id="jp-boot" type="application/json">{{.Boot}}</script>
{{if .JS}}<script type="module" src="{{.JS}}"></script>{{end}}
</head>
<body>
<div id="root">{{if .Heading}}<h1>{{.Heading}}</h1><p>{{.Text}}</p><p><a href="/">{{.Home}}</a></p>{{end}}<noscript><p>{{.NoScript}}</p></noscript>{{if not .JS}}<p>{{.NotBuilt}}</p>{{end}}</div>
</body>
</html>
`))

// bootMe is who the page's browser is, as the shell tells the bundle.
type bootMe struct {
	ID          string `json:"id"`
	Username    string `json:"username,omitempty"`
	DisplayName string `json:"displayName"`
	Guest       bool   `json:"guest"`
	Lang        string `json:"lang,omitempty"`
}

// bootData is the JSON of the shell's <script id="jp-boot">.
type bootData struct {
	Page   string            `json:"page"`
	Params map[string]string `json:"params"`
	Lang   string            `json:"lang"`
	Langs  []string          `json:"langs"`
	Me     *bootMe           `json:"me"`
	T      json.RawMessage   `json:"t"`
	// Settings are an account's settings (web/src/lib/settings.ts); a
	// guest's browser keeps its own.
	Settings *account.Settings `json:"settings,omitempty"`
}

// page serves the shell of the page name; params names the path
// parameters the page reads.
func (s *Server) page(name string, params ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		values := map[string]string{}
		for _, p := range params {
			values[p] = r.PathValue(p)
		}
		s.writePage(w, r, name, http.StatusOK, values)
	}
}

// writePage answers r with the shell of the page name, its parameters
// values, and the status given (200 for a page; 404 or 500 for the error
// page, whose heading and text the shell also carries, so that they show
// before the bundle runs and without it).
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, name string, status int, values map[string]string) {
	who, _ := s.viewer(r) // a bad token on a page is nobody: pages are public
	lang := s.lang(r)
	b := bootData{Page: name, Params: values, Lang: lang, Langs: i18n.Languages(), T: i18n.Catalogue(lang)}
	if who.Known() {
		u := who.User
		b.Me = &bootMe{ID: u.ID, Username: u.Username, DisplayName: u.DisplayName, Guest: u.Guest, Lang: u.Lang}
		if !u.Guest {
			if set, err := s.cfg.Accounts.Settings(r.Context(), u.ID); err == nil {
				b.Settings = &set
			} else {
				s.log.DebugContext(r.Context(), "server: page settings", "user", u.ID, "err", err)
			}
		}
	}
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(true) // "</script>" in a name cannot end the script
	if err := enc.Encode(b); err != nil {
		if name == errorPage {
			http.Error(w, http.StatusText(status), status)
			return
		}
		s.writeError(w, r, err)
		return
	}
	m, built := web.ReadManifest()
	data := map[string]any{
		"Lang":     lang,
		"Title":    i18n.Message(lang, "ui.title."+name, nil),
		"Boot":     template.JS(strings.TrimSpace(js.String())),
		"NoScript": i18n.Message(lang, "ui.app.noscript", nil),
		"NotBuilt": i18n.Message(lang, "ui.app.not_built", nil),
	}
	if name == errorPage {
		kind := errorKind(status)
		data["Heading"] = i18n.Message(lang, "ui.error."+kind+".heading", nil)
		data["Text"] = i18n.Message(lang, "ui.error."+kind+".text", nil)
		data["Home"] = i18n.Message(lang, "ui.error.home", nil)
	}
	if built {
		data["JS"], data["CSS"] = m.JS, m.CSS
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Language", lang)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Language, Cookie, Accept-Encoding")
	csp := "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; " +
		"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
	if name == analysisPage {
		// The board's engine (stockfish-web) compiles WebAssembly and
		// runs its threads on a SharedArrayBuffer, which only a
		// cross-origin isolated page has.
		csp += "; script-src 'self' 'wasm-unsafe-eval'"
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
	}
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	var page bytes.Buffer
	if err := shellPage.Execute(&page, data); err != nil {
		if name == errorPage {
			http.Error(w, http.StatusText(status), status)
			return
		}
		s.writeError(w, r, fmt.Errorf("server: page %s: %w", name, err))
		return
	}
	if !acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		w.WriteHeader(status)
		_, _ = w.Write(page.Bytes())
		return
	}
	// The shell carries its language's whole catalogue: compressed, it
	// is about a quarter of its size (docs/BENCHMARKS.md).
	h.Set("Content-Encoding", "gzip")
	w.WriteHeader(status)
	zw := gzip.NewWriter(w)
	_, _ = zw.Write(page.Bytes())
	if err := zw.Close(); err != nil {
		s.log.DebugContext(r.Context(), "server: page", "page", name, "err", err)
	}
}

// analysisPage is the analysis board, the one page served cross-origin
// isolated (its engine needs SharedArrayBuffer).
const analysisPage = "analysis"

// engineAssets is the folder of the bundle that holds the analysis
// board's engine: its threads are workers of the isolated page, so its
// files say they may be embedded there.
const engineAssets = "stockfish/"

// errorPage is the page a browser is shown for a path with no page (404)
// or a failure (500), in the site's shell and the reader's language.
const errorPage = "error"

// errorKind names the error page's texts for status: "not_found" or
// "failed".
func errorKind(status int) string {
	if status == http.StatusNotFound {
		return "not_found"
	}
	return "failed"
}

// wantsPage reports whether the answer to r is better an HTML page than
// JSON: a browser's GET or HEAD of a path outside the API that accepts
// HTML. Programs (and the API's paths) get the coded JSON whatever.
func wantsPage(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if p := r.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") {
		return false
	}
	return strings.Contains(r.Header.Get("Accept"), "text/html")
}

// assets serves the bundle's files (web.Assets), named by their content's
// hash and so cached for a year; the .br or .gz copy when the browser
// takes it.
func (s *Server) assets(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if !fs.ValidPath(name) || strings.HasSuffix(name, ".gz") || strings.HasSuffix(name, ".br") {
		s.writeError(w, r, NewError(CodeNotFound, "no such asset", nil))
		return
	}
	files := web.Assets()
	data, err := fs.ReadFile(files, name)
	if err != nil {
		s.writeError(w, r, NewError(CodeNotFound, "no such asset", nil))
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Type", contentType(name))
	if strings.HasPrefix(name, engineAssets) {
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
	}
	accepts := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !acceptsEncoding(accepts, enc.token) {
			continue
		}
		if packed, err := fs.ReadFile(files, name+enc.ext); err == nil {
			h.Set("Content-Encoding", enc.token)
			data = packed
			break
		}
	}
	etag := `"` + name
	if enc := h.Get("Content-Encoding"); enc != "" {
		etag += "." + enc
	}
	h.Set("ETag", etag+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

// acceptsEncoding reports whether an Accept-Encoding header takes token
// (without q=0).
func acceptsEncoding(header, token string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), token) {
			return !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") || strings.Contains(params, "q=0.")
		}
	}
	return false
}

// contentType is the MIME type of an asset by its extension.
func contentType(name string) string {
	types := map[string]string{
		".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".map": "application/json",
		".json": "application/json", ".txt": "text/plain; charset=utf-8", ".svg": "image/svg+xml",
		".woff2": "font/woff2", ".wasm": "application/wasm", ".png": "image/png", ".ogg": "audio/ogg", ".mp3": "audio/mpeg",
	}
	if t, ok := types[path.Ext(name)]; ok {
		return t
	}
	return "application/octet-stream"
}

// zoneCookie holds the IANA time zone of the browser (set by the page's
// script, web/src/lib/i18n.ts), in which messages show instants.
const zoneCookie = "tz"

// zoneFromCookie returns the time zone the browser named in its zone
// cookie, or nil when it named none we know.
func zoneFromCookie(r *http.Request) *time.Location {
	c, err := r.Cookie(zoneCookie)
	if err != nil || c.Value == "" || c.Value == "Local" || len(c.Value) > 64 {
		return nil
	}
	loc, err := time.LoadLocation(c.Value)
	if err != nil {
		return nil
	}
	return loc
}

// langFromCookie returns the language a browser chose with the language
// switch, or "".
func langFromCookie(r *http.Request) string {
	c, err := r.Cookie(langCookie)
	if err != nil || !slices.Contains(i18n.Languages(), c.Value) {
		return ""
	}
	return c.Value
}
