package joinpal_test

// The import rules of docs/ARCHITECTURE.md, checked on the source tree.

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/joinpal/joinpal/"

// allowedImports lists, for every package of the module, the packages of
// ours it may import (in its non-test files). A package missing here fails
// the test: a new package gets its rule, and its line in
// docs/ARCHITECTURE.md, when it is added. The graph has no cycles, so
// allowing only packages with rules of their own also bounds what a package
// reaches indirectly (game can reach no store, because chess, chess/pgn and
// i18n cannot either).
var allowedImports = map[string][]string{
	// The rules core and its neighbours import only chess.
	"chess":     {},
	"chess/pgn": {"chess"},
	"engine":    {"chess"},
	"uci":       {"chess"},
	"rules":     {"chess"}, // the rules guide: texts, exercises, the judge of a try
	"opening":   {"chess"}, // opening names by EPD, with their data embedded
	// Leaves anyone may build on.
	"i18n":      {},
	"ratelimit": {},
	// The one shape of coded errors (all but the rules core's) and Clip.
	"internal/coded": {},
	// Random ids, drawn without bias.
	"internal/randid":    {},
	"internal/tcprelay":  {},
	"internal/broadcast": {},
	// Background work at the lowest scheduling priority.
	"internal/lowprio": {},
	// Periodic work timed to shared instants, one wakeup for all.
	"internal/beat": {},
	// A clock that moves only when told, and its timers, for the tests.
	"internal/manualclock": {},
	"account":              {"i18n", "internal/coded", "internal/randid"},
	// The chat's rooms, limits, mutes and reports; reports stored through
	// the chat.Store it declares.
	"chat": {"internal/coded", "internal/randid", "ratelimit"},
	// Glicko-2, speeds, and which games' ends are rated.
	"rating": {"game"},
	// The domain: never a store, never the runtime or the server.
	"game": {"chess", "chess/pgn", "i18n", "internal/coded", "internal/randid"},
	// The runtime sees stores only through game's interfaces.
	"live": {"chess", "game", "i18n", "internal/beat", "internal/coded"},
	// The lobby: seeks, challenges, rematches; stores through its own Store.
	"lobby":    {"game", "internal/broadcast", "internal/coded", "internal/randid", "rating"},
	"schedule": {"game", "internal/broadcast", "internal/coded", "internal/randid"},
	// Clubs: members, roles, the permission table; stores through its own Store.
	"club": {"game", "internal/coded"},
	// Tournaments' pure rules: Berger tables, FIDE tie-breaks, TRF; the
	// standard library only.
	"tournament": {},
	// Tournaments run over a store: registration, rounds, results; games
	// through the interfaces it declares (the runtime, the schedule).
	"league": {"club", "game", "internal/broadcast", "internal/coded", "internal/randid", "rating", "schedule", "tournament"},
	// Arenas: lichess's scoring, standings and pairing (the weighted
	// matching of tournament's blossom algorithm), and the service that
	// runs them; stores through its own Store, games through its Games.
	"arena": {"game", "internal/broadcast", "internal/coded", "internal/randid", "tournament"},
	// Stores import game and their shared internals.
	"store/sqlite":   {"game", "internal/coded", "store/internal/codec", "store/internal/groupcommit", "store/internal/migrate", "store/internal/sqlstore"},
	"store/postgres": {"game", "store/internal/codec", "store/internal/groupcommit", "store/internal/migrate", "store/internal/sqlstore"},
	// The one SQL store: every store interface, written once for both dialects.
	"store/internal/sqlstore":    {"account", "analysis", "arena", "chat", "club", "game", "league", "lobby", "rating", "schedule", "store/internal/codec"},
	"store/internal/codec":       {"chess", "game"},
	"store/internal/groupcommit": {},
	"store/internal/migrate":     {"store/internal/sqlstore"},
	// New SQLite databases for tests, copies of one migrated once.
	"store/sqlite/sqlitetest": {"store/sqlite"},
	"store/storetest":         {"account", "analysis", "arena", "chat", "chess", "club", "game", "internal/manualclock", "league", "live", "lobby", "rating", "schedule", "tournament"},
	// Tools: measurements of the parts above.
	"loadtest": {"chess", "game", "live"},
	// wsload talks to a server only over HTTP and WebSockets.
	"loadtest/wsload": {"loadtest"},
	"match":           {"chess", "chess/pgn", "uci"},
	"strength":        {"engine", "i18n", "match", "uci"},
	// The AI's players: engines, its levels' names, and games only
	// through game's types.
	"ai": {"chess", "engine", "game", "i18n", "internal/coded", "internal/lowprio", "uci"},
	// Computer analysis of finished games: engines and PGN, no game or
	// store (it reads moves, and stores through its own Store).
	"analysis": {"chess", "chess/pgn", "engine", "internal/coded", "internal/lowprio", "uci"},
	// The HTTP server: the domain's services behind one table of routes.
	// It starts no game itself: the lobby, the schedule and the AI hand
	// their games to the runtime, wired by cmd/joinpal.
	"server": {"account", "ai", "analysis", "arena", "chat", "chess/pgn", "club", "docs", "game", "i18n", "internal/beat", "internal/broadcast", "internal/coded", "league", "live", "lobby", "opening", "ratelimit", "rating", "rules", "schedule", "tournament", "web"},
	// Documents the server serves as they are (openapi.yaml).
	"docs": {},
	// The browser interface's bundle, embedded as built (web/dist).
	"web": {},
	// Events and commands between nodes, over NATS: drop-ins for the
	// runtime's, the lobby's and the schedule's in-process carriers.
	"natsbus": {"arena", "chat", "game", "internal/beat", "internal/broadcast", "live"},
	// The one binary wires the parts together: every public package it
	// runs, never an internal one (stores' shared code, coded errors).
	"cmd/joinpal": {"account", "ai", "analysis", "arena", "chat", "chess", "chess/pgn", "club", "engine", "game", "i18n", "league", "live", "loadtest", "loadtest/wsload", "lobby", "match", "natsbus", "rating", "rules", "schedule", "server", "store/postgres", "store/sqlite", "strength", "tournament", "uci"},
}

// modulePackages returns the packages of this module (not of nested
// modules such as bench/) with the packages of ours each imports.
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		if path != "." {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
		}
		p, err := build.ImportDir(path, build.ImportComment)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			t.Errorf("%s: %v", path, err)
			return nil
		}
		if path == "." || len(p.GoFiles)+len(p.CgoFiles) == 0 {
			return nil // the module root holds only tests
		}
		var ours []string
		for _, imp := range p.Imports {
			if rest, ok := strings.CutPrefix(imp, module); ok {
				ours = append(ours, rest)
			}
		}
		out[filepath.ToSlash(path)] = ours
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 10 {
		t.Fatalf("found only %d packages: %v", len(out), out)
	}
	return out
}

func TestImportRules(t *testing.T) {
	for pkg, imports := range modulePackages(t) {
		allowed, ok := allowedImports[pkg]
		if !ok {
			t.Errorf("package %s has no import rule: add it to allowedImports in arch_test.go and to docs/ARCHITECTURE.md (it imports %v)", pkg, imports)
			continue
		}
		for _, imp := range imports {
			if !slices.Contains(allowed, imp) {
				t.Errorf("%s imports %s; it may import only %v (docs/ARCHITECTURE.md)", pkg, imp, allowed)
			}
		}
	}
}

// TestRulesNameRealPackages keeps allowedImports free of packages that are
// gone.
func TestRulesNameRealPackages(t *testing.T) {
	pkgs := modulePackages(t)
	for pkg, allowed := range allowedImports {
		if _, ok := pkgs[pkg]; !ok {
			t.Errorf("allowedImports has a rule for %s, which is not a package of the module", pkg)
		}
		for _, a := range allowed {
			if _, ok := pkgs[a]; !ok {
				t.Errorf("allowedImports lets %s import %s, which is not a package of the module", pkg, a)
			}
		}
	}
}

// TestArchitectureNamesEveryPackage: docs/ARCHITECTURE.md names every
// package of the module, and every nested module, in backquotes.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{}
	for pkg := range modulePackages(t) {
		names = append(names, pkg)
	}
	mods, err := filepath.Glob("*/go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		names = append(names, filepath.Dir(m))
	}
	for _, name := range names {
		if !strings.Contains(string(doc), "`"+name+"`") && !strings.Contains(string(doc), "`"+name+"/`") {
			t.Errorf("docs/ARCHITECTURE.md does not name %s (in backquotes)", name)
		}
	}
}

// TestArchitectureLinksStayInside: docs/ARCHITECTURE.md links only to files
// of the repository that exist.
func TestArchitectureLinksStayInside(t *testing.T) {
	doc, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(doc), "://") {
		t.Error("docs/ARCHITECTURE.md links outside the repository (a URL)")
	}
	for _, m := range regexp.MustCompile(`\]\(([^)]+)\)`).FindAllStringSubmatch(string(doc), -1) {
		target, _, _ := strings.Cut(m[1], "#")
		path := filepath.Join("docs", target)
		if rel, err := filepath.Rel(".", path); err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("link %s leaves the repository", m[1])
			continue
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("link %s: %v", m[1], err)
		}
	}
}

// TestArchitectureRulesTable: the table "Who may import whom" of
// docs/ARCHITECTURE.md says what allowedImports says, row for row.
func TestArchitectureRulesTable(t *testing.T) {
	doc, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "### Who may import whom")
	if !ok {
		t.Fatal(`docs/ARCHITECTURE.md has no section "Who may import whom"`)
	}
	quoted := regexp.MustCompile("`([^`]+)`")
	names := func(text string) []string {
		var out []string
		for _, m := range quoted.FindAllStringSubmatch(text, -1) {
			out = append(out, m[1])
		}
		return out
	}
	inTable := map[string][]string{}
	for line := range strings.SplitSeq(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || !strings.Contains(cells[1], "`") {
			continue
		}
		allowed := strings.TrimSpace(cells[2])
		var imports []string
		if allowed != "nothing" {
			before, _, _ := strings.Cut(allowed, " — ")
			imports = names(before)
		}
		for _, pkg := range names(cells[1]) {
			inTable[pkg] = imports
		}
	}
	for pkg, allowed := range allowedImports {
		got, ok := inTable[pkg]
		if !ok {
			t.Errorf("docs/ARCHITECTURE.md's table has no row for %s", pkg)
			continue
		}
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(allowed))) {
			t.Errorf("%s: docs/ARCHITECTURE.md allows %v, arch_test.go %v", pkg, got, allowed)
		}
	}
	for pkg := range inTable {
		if _, ok := allowedImports[pkg]; !ok {
			t.Errorf("docs/ARCHITECTURE.md's table has a row for %s, arch_test.go none", pkg)
		}
	}
}
