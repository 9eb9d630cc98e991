// Package docs holds the documents the server serves as they are:
// openapi.yaml, the HTTP API's OpenAPI 3.1 description.
package docs

import _ "embed"

//go:embed openapi.yaml
var openAPI []byte

// OpenAPI returns docs/openapi.yaml.
func OpenAPI() []byte { return append([]byte(nil), openAPI...) }
