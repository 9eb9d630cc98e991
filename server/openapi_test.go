package server

import (
	"bufio"
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/docs"
)

// openAPIOperations reads "METHOD /path" for every operation under the
// top-level paths: key of docs/openapi.yaml. The document keeps the block
// style this reads: a path is a key indented two spaces, its operations
// keys indented four.
func openAPIOperations(t *testing.T, doc []byte) []string {
	t.Helper()
	methods := []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}
	var out []string
	inPaths, path := false, ""
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if !strings.HasPrefix(line, " ") {
			inPaths = line == "paths:"
			continue
		}
		if !inPaths {
			continue
		}
		key, ok := strings.CutSuffix(strings.TrimRight(line, " "), ":")
		switch {
		case ok && strings.HasPrefix(line, "  /"):
			path = strings.TrimSpace(key)
		case ok && strings.HasPrefix(line, "    ") && !strings.HasPrefix(line, "     "):
			if m := strings.TrimSpace(key); slices.Contains(methods, m) {
				if path == "" {
					t.Fatalf("openapi.yaml: operation %s before any path", m)
				}
				out = append(out, strings.ToUpper(m)+" "+path)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("openapi.yaml: no operations under paths:")
	}
	return out
}

// routeOperations returns "METHOD /path" for every route of the table, in
// OpenAPI's spelling ("/{$}" is "/", "{name...}" is "{name}").
func routeOperations(t *testing.T, s *Server) []string {
	t.Helper()
	var out []string
	for _, rt := range s.routes() {
		method, path, ok := strings.Cut(rt.pattern, " ")
		if !ok {
			t.Errorf("route %q has no method", rt.pattern)
			continue
		}
		path = strings.ReplaceAll(path, "{$}", "")
		path = strings.ReplaceAll(path, "...}", "}")
		out = append(out, method+" "+path)
	}
	return out
}

// TestOpenAPIMatchesRoutes: docs/openapi.yaml documents exactly the routes
// of routes.go.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	s := newTestServer(t).srv
	routes := routeOperations(t, s)
	documented := openAPIOperations(t, docs.OpenAPI())
	for _, r := range routes {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is not in docs/openapi.yaml", r)
		}
	}
	for _, d := range documented {
		if !slices.Contains(routes, d) {
			t.Errorf("docs/openapi.yaml documents %s, which routes.go does not serve", d)
		}
	}
	if dup := len(documented) - len(slices.Compact(slices.Sorted(slices.Values(documented)))); dup != 0 {
		t.Errorf("docs/openapi.yaml documents %d operations twice", dup)
	}
}
