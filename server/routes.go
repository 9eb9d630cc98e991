package server

import "net/http"

// route is one entry of the server's table: a net/http ServeMux pattern
// ("METHOD /path/{param}") and its handler. docs/openapi.yaml documents
// exactly these routes (TestOpenAPIMatchesRoutes).
type route struct {
	pattern string
	handler http.HandlerFunc
}

// routes is the one table of every route the server serves.
func (s *Server) routes() []route {
	return []route{
		// The site and its operation.
		{"GET /{$}", s.home},
		{"GET /api/openapi.yaml", s.openAPI},
		{"GET /healthz", s.healthz},
		{"GET /metrics", s.metricsHandler},

		// People: guests, accounts, sessions.
		{"POST /api/guest", s.createGuest},
		{"POST /api/account/signup", s.signUp},
		{"POST /api/account/login", s.logIn},
		{"POST /api/account/logout", s.logOut},
		{"DELETE /api/account/sessions", s.logOutEverywhere},
		{"GET /api/account/me", s.me},

		// API tokens for programs and bots.
		{"POST /api/tokens", s.createToken},
		{"GET /api/tokens", s.listTokens},
		{"DELETE /api/tokens/{id}", s.revokeToken},

		// ---- play routes (games, lobby, sockets): SERVER-PLAY adds them here ----

		// ---- end of play routes ----
	}
}
