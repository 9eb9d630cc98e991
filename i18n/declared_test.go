package i18n_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// codeShape is what an error code looks like: a package's name, a dot, and
// words joined by dots.
var codeShape = regexp.MustCompile(`^(chess|pgn|uci|game|live|account|ai|analysis|lobby|schedule|chat|server)\.[a-z0-9_]+(\.[a-z0-9_]+)*$`)

// declaredCodes returns, by file, every constant of the module's Go
// sources (tests aside) whose name starts with Code and whose value is a
// string that looks like an error code: every code a package can return is
// one of these, since the packages build errors from their Code constants.
func declaredCodes(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != ".." {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				for i, name := range v.Names {
					if !strings.HasPrefix(name.Name, "Code") || i >= len(v.Values) {
						continue
					}
					lit, ok := v.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					if s, err := strconv.Unquote(lit.Value); err == nil && codeShape.MatchString(s) {
						out[s] = path
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryDeclaredCodeIsListed: a code constant in any package is in its
// package's Codes list, hence in docs/ERRORS.md (TestErrorsDoc) and in
// both catalogues (TestEveryCodeHasTextInEveryLanguage).
func TestEveryDeclaredCodeIsListed(t *testing.T) {
	var listed []string
	for _, c := range errorCodes() {
		listed = append(listed, c.code)
	}
	declared := declaredCodes(t)
	if len(declared) < 100 {
		t.Fatalf("found only %d code constants", len(declared))
	}
	for code, file := range declared {
		if !slices.Contains(listed, code) {
			t.Errorf("%s (declared in %s) is in no package's Codes list, so not in docs/ERRORS.md or the catalogues", code, file)
		}
	}
}
