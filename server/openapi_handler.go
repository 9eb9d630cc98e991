package server

import (
	"net/http"

	"github.com/joinpal/joinpal/docs"
)

// openAPI serves docs/openapi.yaml, the API's documentation.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	_, _ = w.Write(docs.OpenAPI())
}
