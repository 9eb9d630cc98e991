package i18n_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/joinpal/joinpal/"

// sourceFiles parses every non-test Go file of the module, by package
// directory ("game", "chess/pgn").
func sourceFiles(t *testing.T) (*token.FileSet, map[string][]*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	out := map[string][]*ast.File{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != ".." && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel("..", filepath.Dir(p))
		dir = filepath.ToSlash(dir)
		out[dir] = append(out[dir], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fset, out
}

// values calls f on every package-level name declared with tok (const or
// var) in files, with its value (nil when it has none).
func values(files []*ast.File, tok token.Token, f func(name string, value ast.Expr)) {
	for _, file := range files {
		for _, decl := range file.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != tok {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					var v ast.Expr
					if i < len(vs.Values) {
						v = vs.Values[i]
					}
					f(name.Name, v)
				}
			}
		}
	}
}

// sentinels finds the package-level variables Err... = <something naming a
// constant Code...> of each package and the code each stands for.
func sentinels(pkgs map[string][]*ast.File) map[string]map[string]string {
	out := map[string]map[string]string{}
	for dir, files := range pkgs {
		consts := map[string]string{}
		values(files, token.CONST, func(name string, v ast.Expr) {
			if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				consts[name], _ = strconv.Unquote(lit.Value)
			}
		})
		values(files, token.VAR, func(name string, v ast.Expr) {
			if !strings.HasPrefix(name, "Err") || v == nil {
				return
			}
			ast.Inspect(v, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && strings.HasPrefix(id.Name, "Code") && consts[id.Name] != "" {
					if out[dir] == nil {
						out[dir] = map[string]string{}
					}
					out[dir][name] = consts[id.Name]
					return false
				}
				return true
			})
		})
	}
	return out
}

// TestProducersPassTheDeclaredParameters: a sentinel error (one per code,
// for errors.Is) carries no parameters, so no code returns or hands on
// the sentinel of a code whose message asks for some — its text would be
// left with a placeholder unfilled (the server's tests catch those that
// they reach; this catches them all, reached or not).
func TestProducersPassTheDeclaredParameters(t *testing.T) {
	declared := map[string][]string{}
	for _, c := range errorCodes() {
		declared[c.code] = c.params
	}
	fset, pkgs := sourceFiles(t)
	sent := sentinels(pkgs)
	n := 0
	for _, s := range sent {
		n += len(s)
	}
	if n < 20 {
		t.Fatalf("found %d sentinels: the way packages declare them has changed, and this test must learn it", n)
	}
	for dir, files := range pkgs {
		for _, f := range files {
			imports := map[string]string{} // local name → package directory
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if rest, ok := strings.CutPrefix(p, module); ok {
					name := path.Base(rest)
					if imp.Name != nil {
						name = imp.Name.Name
					}
					imports[name] = rest
				}
			}
			// code returns the code of e when it is a sentinel.
			code := func(e ast.Expr) (string, string) {
				switch x := e.(type) {
				case *ast.Ident:
					return x.Name, sent[dir][x.Name]
				case *ast.SelectorExpr:
					if pkg, ok := x.X.(*ast.Ident); ok && imports[pkg.Name] != "" {
						return pkg.Name + "." + x.Sel.Name, sent[imports[pkg.Name]][x.Sel.Name]
					}
				}
				return "", ""
			}
			check := func(e ast.Expr) {
				name, c := code(e)
				if c != "" && len(declared[c]) > 0 {
					t.Errorf("%s: %s is the sentinel of %s, whose message asks for %v: return an error of that code with them",
						fset.Position(e.Pos()), name, c, declared[c])
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.ReturnStmt:
					for _, r := range x.Results {
						check(r)
					}
				case *ast.CallExpr:
					if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
						if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "errors" {
							return true // errors.Is(err, ErrX) compares; it produces nothing
						}
					}
					for _, a := range x.Args {
						check(a)
					}
				}
				return true
			})
		}
	}
}
