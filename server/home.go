package server

import (
	"html/template"
	"net/http"

	"github.com/joinpal/joinpal/docs"
	"github.com/joinpal/joinpal/i18n"
)

// HomeWordCodes lists the catalogue codes of the home page's text.
func HomeWordCodes() []string {
	return []string{"home.title", "home.tagline", "home.what", "home.guests", "home.api", "home.api_link"}
}

var homePage = template.Must(template.New("home").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{index .T "home.title"}}</title>
</head>
<body>
<main>
<h1>{{index .T "home.title"}}</h1>
<p>{{index .T "home.tagline"}}</p>
<p>{{index .T "home.what"}}</p>
<p>{{index .T "home.guests"}}</p>
<p>{{index .T "home.api"}} <a href="/api/openapi.yaml">{{index .T "home.api_link"}}</a></p>
</main>
</body>
</html>
`))

// home serves the small page that says what JoinPal is, in the request's
// language (Spanish by default), with a link to the API's documentation.
func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	lang := s.lang(r)
	t := map[string]string{}
	for _, code := range HomeWordCodes() {
		t[code] = i18n.Message(lang, code, nil)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Language", lang)
	w.Header().Set("Vary", "Accept-Language")
	if err := homePage.Execute(w, map[string]any{"Lang": lang, "T": t}); err != nil {
		s.log.WarnContext(r.Context(), "server: home page", "err", err)
	}
}

// openAPI serves docs/openapi.yaml, the API's documentation.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	_, _ = w.Write(docs.OpenAPI())
}
