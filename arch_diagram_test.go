package joinpal_test

// The picture of packages in docs/ARCHITECTURE.md, drawn from the imports.

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite the package diagram of docs/ARCHITECTURE.md from the imports (TestArchitectureDiagram)")

// packageJobs is each package's job in a few words, the text the diagram
// gives beside its name. A package missing here fails
// TestArchitectureDiagram: add a line when you add a package.
var packageJobs = map[string]string{
	"cmd/joinpal":                "the one binary; the only place that wires parts together",
	"server":                     "HTTP and WebSocket: handlers over the domain's services",
	"strength":                   "measures the AI's levels against Stockfish",
	"loadtest":                   "measures live on a real store",
	"loadtest/wsload":            "loads a running server over HTTP and WebSockets",
	"match":                      "engine-against-engine matches: Elo, SPRT, PGN",
	"uci":                        "UCI server and client; declares the Engine it needs",
	"ai":                         "the AI's players: a worker pool, time management",
	"engine":                     "the built-in engine and its eight levels",
	"store/sqlite":               "the store on one SQLite file: its dialect and writer",
	"store/postgres":             "the store on PostgreSQL, for more than one machine: its dialect and writer",
	"store/internal/sqlstore":    "every store interface, written once for both dialects",
	"store/storetest":            "the conformance suite both dialects pass",
	"store/sqlite/sqlitetest":    "new SQLite databases for tests, copies of one migrated once",
	"store/internal/codec":       "records to rows and back, for both stores",
	"store/internal/groupcommit": "the group-commit loop both stores use",
	"store/internal/migrate":     "runs a store's embedded schema migrations",
	"live":                       "the runtime: one actor per running game",
	"natsbus":                    "events and commands between nodes, over NATS",
	"lobby":                      "seeks and pairing, challenges, rematches",
	"schedule":                   "games arranged for a date and time",
	"club":                       "clubs: members, roles, who may do what",
	"tournament":                 "round-robin tables, standings and tie-breaks, TRF",
	"league":                     "Swiss tournaments and round-robin leagues over a store",
	"arena":                      "arenas: scoring, streaks, berserk, pairing, the service",
	"game":                       "the domain: Game, Clock, TimeControl, Store, Bus",
	"chess/pgn":                  "PGN reader and writer",
	"rules":                      "the rules guide: texts, exercises, the judge of a try",
	"opening":                    "opening names (ECO, English and Spanish) by EPD",
	"chess":                      "the rules core, standard library only",
	"account":                    "usernames, passwords, session and token secrets",
	"chat":                       "chat rooms: limits, mutes, history, reports",
	"rating":                     "Glicko-2 ratings, speeds, which game ends are rated",
	"ratelimit":                  "how often something may happen",
	"internal/coded":             "the one shape of the domain's coded errors",
	"internal/beat":              "periodic work timed to shared instants",
	"internal/lowprio":           "background work at the lowest scheduling priority",
	"internal/manualclock":       "a clock and timers tests move by hand",
	"analysis":                   "computer analysis of finished games: evals, judgements, accuracy",
	"internal/randid":            "random ids without bias",
	"internal/tcprelay":          "a TCP link tests can cut",
	"internal/broadcast":         "in-process events to every subscriber",
	"i18n":                       "the message catalogues (es, en)",
	"docs":                       "documents served as they are (openapi.yaml)",
	"web":                        "the browser interface, built and embedded",
}

// diagramWidth is where the lists of imports wrap.
const diagramWidth = 80

// packageDiagram draws pkgs (each package with the packages of ours it
// imports): one block per package, its name and job, then what it
// imports. Packages come in layers, highest first: a package's layer is
// the longest chain of imports below it (0 for one that imports nothing
// of ours), so everything a package imports is drawn after it. Within a
// layer, by name; a blank line between layers.
func packageDiagram(pkgs map[string][]string, jobs map[string]string) (string, error) {
	var missing []string
	for p := range pkgs {
		if jobs[p] == "" {
			missing = append(missing, p)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return "", fmt.Errorf("no job for %s in packageJobs (arch_diagram_test.go): add a few words saying what each does", strings.Join(missing, ", "))
	}
	layer := map[string]int{}
	var depth func(p string, path []string) (int, error)
	depth = func(p string, path []string) (int, error) {
		if l, ok := layer[p]; ok {
			return l, nil
		}
		if slices.Contains(path, p) {
			return 0, fmt.Errorf("an import cycle: %s → %s", strings.Join(path, " → "), p)
		}
		l := 0
		for _, imp := range pkgs[p] {
			d, err := depth(imp, append(path, p))
			if err != nil {
				return 0, err
			}
			l = max(l, d+1)
		}
		layer[p] = l
		return l, nil
	}
	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		if _, err := depth(p, nil); err != nil {
			return "", err
		}
		names = append(names, p)
	}
	slices.SortFunc(names, func(a, b string) int {
		if layer[a] != layer[b] {
			return layer[b] - layer[a]
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	for i, p := range names {
		if i > 0 && layer[p] != layer[names[i-1]] {
			b.WriteString("\n") // a blank line between layers
		}
		fmt.Fprintf(&b, "%s ── %s\n", p, jobs[p])
		imports := slices.Sorted(slices.Values(pkgs[p]))
		imports = slices.Compact(imports)
		if len(imports) == 0 {
			b.WriteString("    imports nothing of ours\n")
			continue
		}
		line := "    └─"
		for i, imp := range imports {
			word := " " + imp
			if i < len(imports)-1 {
				word += ","
			}
			if utf8.RuneCountInString(line+word) > diagramWidth {
				b.WriteString(line + "\n")
				line = "      "
			}
			line += word
		}
		b.WriteString(line + "\n")
	}
	return b.String(), nil
}

// diagramBlock finds the fenced block under "Packages and who imports
// whom" in doc and returns the text before its content, the content, and
// the text after it.
func diagramBlock(doc string) (before, block, after string, err error) {
	const heading = "## Packages and who imports whom\n"
	i := strings.Index(doc, heading)
	if i < 0 {
		return "", "", "", fmt.Errorf("docs/ARCHITECTURE.md has no heading %q", strings.TrimSpace(heading))
	}
	open := strings.Index(doc[i:], "\n```\n")
	if open < 0 {
		return "", "", "", fmt.Errorf("docs/ARCHITECTURE.md has no fenced block under %q", strings.TrimSpace(heading))
	}
	start := i + open + len("\n```\n")
	end := strings.Index(doc[start:], "```\n")
	if end < 0 {
		return "", "", "", fmt.Errorf("docs/ARCHITECTURE.md: the block under %q is not closed", strings.TrimSpace(heading))
	}
	return doc[:start], doc[start : start+end], doc[start+end:], nil
}

// TestArchitectureDiagram: the picture of packages in docs/ARCHITECTURE.md
// is the one packageDiagram draws from the real imports. With -update it
// rewrites the picture in place:
//
//	go test -run TestArchitectureDiagram . -update
func TestArchitectureDiagram(t *testing.T) {
	pkgs := modulePackages(t)
	for p := range packageJobs {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("packageJobs (arch_diagram_test.go) describes %s, which is not a package of the module", p)
		}
	}
	want, err := packageDiagram(pkgs, packageJobs)
	if err != nil {
		t.Fatal(err)
	}
	const path = "docs/ARCHITECTURE.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, got, after, err := diagramBlock(string(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(before+want+after), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the package diagram of %s", path)
		return
	}
	t.Errorf("the package diagram of %s is not the imports' (go test -run TestArchitectureDiagram . -update rewrites it); it should read:\n%s", path, want)
}

// TestPackageDiagramLayers: the drawing's order, wrapping and refusals on
// a small graph.
func TestPackageDiagramLayers(t *testing.T) {
	jobs := map[string]string{"top": "uses both", "mid": "uses base", "base": "alone", "other": "alone too"}
	got, err := packageDiagram(map[string][]string{
		"base": nil, "other": nil, "mid": {"base"}, "top": {"mid", "base", "other"},
	}, jobs)
	if err != nil {
		t.Fatal(err)
	}
	want := "top ── uses both\n    └─ base, mid, other\n\n" +
		"mid ── uses base\n    └─ base\n\n" +
		"base ── alone\n    imports nothing of ours\n" +
		"other ── alone too\n    imports nothing of ours\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	long := map[string][]string{"wide": nil}
	for i := range 20 {
		p := fmt.Sprintf("package%02d", i)
		long["wide"] = append(long["wide"], p)
		long[p] = nil
		jobs[p] = "a leaf"
	}
	jobs["wide"] = "imports many"
	got, err = packageDiagram(long, jobs)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(got, "\n") {
		if utf8.RuneCountInString(line) > diagramWidth {
			t.Errorf("a line of %d characters: %q", utf8.RuneCountInString(line), line)
		}
	}
	if !strings.Contains(got, "package19\n\npackage00 ── a leaf") {
		t.Errorf("the wide package's imports do not end before the leaves:\n%s", got)
	}

	if _, err := packageDiagram(map[string][]string{"new": nil}, jobs); err == nil || !strings.Contains(err.Error(), "no job for new") {
		t.Errorf("a package without a job: %v", err)
	}
	if _, err := packageDiagram(map[string][]string{"a": {"b"}, "b": {"a"}}, map[string]string{"a": "x", "b": "y"}); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("a cycle: %v", err)
	}
}
