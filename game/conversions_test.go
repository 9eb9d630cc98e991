package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// confusable lists the pairs of types that hold the same kind of value
// with different numbers or texts: a conversion between them compiles (or
// nearly) but means nothing. SideOf, Side.Color and TerminationOf convert.
var confusable = map[[2]string]string{
	{"github.com/joinpal/joinpal/game.Side", "github.com/joinpal/joinpal/chess.Color"}:         "use game.SideOf",
	{"github.com/joinpal/joinpal/chess.Color", "github.com/joinpal/joinpal/game.Side"}:         "use Side.Color",
	{"github.com/joinpal/joinpal/game.Termination", "github.com/joinpal/joinpal/chess.Ending"}: "use game.TerminationOf",
	{"github.com/joinpal/joinpal/chess.Ending", "github.com/joinpal/joinpal/game.Termination"}: "chess.Ending is not a stored id",
}

// TestNoCastsBetweenGameAndChess type-checks every package of the module,
// tests included, and fails on a conversion between game.Side and
// chess.Color or between game.Termination and chess.Ending (also through
// one intermediate conversion, as in game.Side(uint8(c))). Termination
// from Ending does not compile at all; the others would, so this test is
// what catches them. It needs the go command and about ten seconds, so
// -short skips it.
func TestNoCastsBetweenGameAndChess(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module; run without -short")
	}
	pkgs, exports := listModule(t)
	checked := 0
	for _, p := range pkgs {
		var found []string
		if files := append(append([]string{}, p.GoFiles...), p.TestGoFiles...); len(files) > 0 {
			found = append(found, checkPackage(t, p.ImportPath, p.Dir, files, exports, "")...)
		}
		if len(p.XTestGoFiles) > 0 {
			found = append(found, checkPackage(t, p.ImportPath+"_test", p.Dir, p.XTestGoFiles, exports, p.ImportPath)...)
		}
		for _, f := range found {
			t.Error(f)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d packages checked", checked)
	}
}

// TestCastCheckerFinds makes sure the checker sees the casts it is meant
// to refuse, and not the explicit conversions.
func TestCastCheckerFinds(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the module's export data; run without -short")
	}
	_, exports := listModule(t)
	dir := t.TempDir()
	src := `package probe

import (
	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
)

var (
	c    = chess.Black
	s    = game.Side(c)           // found
	back = chess.Color(s)         // found
	wash = game.Side(uint8(c))    // found
	name = chess.Ending(game.Checkmate) // found
	term = chess.Ending(game.Checkmate.String())
	good = game.SideOf(c)
	col  = good.Color()
	end  = game.TerminationOf(chess.EndCheckmate)
	lit  = game.Side(1)
)
`
	if err := os.WriteFile(filepath.Join(dir, "probe.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	found := checkPackage(t, "probe", dir, []string{"probe.go"}, exports, "")
	if len(found) != 4 {
		t.Fatalf("found %d casts, want 4:\n%s", len(found), strings.Join(found, "\n"))
	}
}

type listedPackage struct {
	ImportPath                         string
	Dir                                string
	Export                             string
	ForTest                            string
	GoFiles, TestGoFiles, XTestGoFiles []string
	Module                             *struct{ Main bool }
	Error                              *struct{ Err string }
	DepOnly                            bool
}

// listModule returns the module's own packages and the export data of
// every package their code and tests import, by import path (test
// variants as "path [pkg.test]").
func listModule(t *testing.T) ([]listedPackage, map[string]string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-deps", "-test", "-export",
		"-json=ImportPath,Dir,Export,ForTest,GoFiles,TestGoFiles,XTestGoFiles,Module,Error,DepOnly", "./...")
	cmd.Dir = ".." // the module root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []listedPackage
	exports := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Error != nil {
			t.Fatalf("go list: %s: %s", p.ImportPath, p.Error.Err)
		}
		if p.Export != "" {
			exports[p.ImportPath] = p.Export
		}
		if p.Module != nil && p.Module.Main && p.ForTest == "" && !p.DepOnly && !strings.HasSuffix(p.ImportPath, ".test") {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, exports
}

// checkPackage type-checks files of dir as one package and returns the
// confusable conversions in them. variantOf names the package whose test
// variants the imports prefer (for external tests).
func checkPackage(t *testing.T, path, dir string, files []string, exports map[string]string, variantOf string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		parsed = append(parsed, f)
	}
	lookup := func(imp string) (io.ReadCloser, error) {
		for _, key := range []string{imp + " [" + variantOf + ".test]", imp + " [" + path + ".test]", imp} {
			if file, ok := exports[key]; ok {
				return os.Open(file)
			}
		}
		return nil, fmt.Errorf("no export data for %s", imp)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	var typeErrs []error
	conf := types.Config{
		Importer: importer.ForCompiler(fset, "gc", lookup),
		Error:    func(err error) { typeErrs = append(typeErrs, err) },
	}
	conf.Check(path, fset, parsed, info) // errors are collected above
	if len(typeErrs) > 0 {
		t.Errorf("%s does not type-check, so it was checked only in part: %v", path, typeErrs[0])
	}
	var found []string
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			if why, ok := confusableConversion(info, n); ok {
				found = append(found, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), why))
			}
			return true
		})
	}
	return found
}

// confusableConversion reports whether n converts between a confusable
// pair of types, directly or through one intermediate conversion.
func confusableConversion(info *types.Info, n ast.Node) (string, bool) {
	to, arg, ok := conversion(info, n)
	if !ok {
		return "", false
	}
	froms := []types.Type{info.TypeOf(arg)}
	if _, inner, ok := conversion(info, ast.Unparen(arg)); ok {
		froms = append(froms, info.TypeOf(inner))
	}
	for _, from := range froms {
		pair := [2]string{typeName(to), typeName(from)}
		if advice, bad := confusable[pair]; bad {
			return fmt.Sprintf("conversion from %s to %s: %s", pair[1], pair[0], advice), true
		}
	}
	return "", false
}

// conversion returns the target type and the operand if n is a type
// conversion T(x).
func conversion(info *types.Info, n ast.Node) (types.Type, ast.Expr, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, nil, false
	}
	tv, ok := info.Types[call.Fun]
	if !ok || !tv.IsType() {
		return nil, nil, false
	}
	return tv.Type, call.Args[0], true
}

// typeName returns "path.Name" for a named type, else "".
func typeName(t types.Type) string {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}
