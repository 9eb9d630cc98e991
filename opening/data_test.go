package opening

import (
	"io/fs"
	"runtime"
	"strings"
	"testing"
)

// TestDataParses: every line of the embedded data parses, its moves are
// legal, and no two lines name the same position.
func TestDataParses(t *testing.T) {
	files, err := fs.Glob(dataFS, "data/*.tsv")
	if err != nil || len(files) != 5 {
		t.Fatalf("data files = %v, %v", files, err)
	}
	seen := map[string]string{}
	lines := 0
	for _, name := range files {
		data, err := fs.ReadFile(dataFS, name)
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			if i == 0 {
				if text != "eco\tname\tpgn" {
					t.Errorf("%s: header %q", name, text)
				}
				continue
			}
			lines++
			o, pos, plies, err := parseLine(text)
			if err != nil {
				t.Errorf("%s:%d: %v", name, i+1, err)
				continue
			}
			if len(o.ECO) != 3 || o.ECO[0] < 'A' || o.ECO[0] > 'E' || o.Family == "" || plies == 0 {
				t.Errorf("%s:%d: %+v after %d plies", name, i+1, o, plies)
			}
			epd := EPD(&pos)
			if other, dup := seen[epd]; dup {
				t.Errorf("%s:%d: %q names the position of %q", name, i+1, o.Name, other)
			}
			seen[epd] = o.Name
		}
	}
	if lines != 3807 || Count() != lines {
		t.Errorf("%d lines, Count() = %d; want 3807", lines, Count())
	}
}

// TestEveryFamilyNamedInBothLanguages: every family of the data has an
// English name and a reviewed Spanish one, and every reviewed name is of a
// family or a variation part the data holds.
func TestEveryFamilyNamedInBothLanguages(t *testing.T) {
	b := loaded()
	c := spanish()
	families, parts := map[string]bool{}, map[string]bool{}
	for _, o := range b.byEPD {
		families[o.Family] = true
		if o.Variation != "" {
			for _, p := range strings.Split(o.Variation, ", ") {
				parts[p] = true
			}
		}
	}
	for f := range families {
		if strings.TrimSpace(f) == "" {
			t.Errorf("a family without an English name")
		}
		if es := c.Families[f]; strings.TrimSpace(es) == "" {
			t.Errorf("family %q has no Spanish name", f)
		}
	}
	for f := range c.Families {
		if !families[f] {
			t.Errorf("names.es.json names family %q, which the data does not hold", f)
		}
	}
	for v, es := range c.Variations {
		if !parts[v] || strings.TrimSpace(es) == "" {
			t.Errorf("names.es.json names variation %q as %q; the data holds it: %v", v, es, parts[v])
		}
	}
}

// BenchmarkParseData measures the parse done once at first use: its time,
// what it allocates, and the heap the parsed data keeps (retained-B).
func BenchmarkParseData(b *testing.B) {
	b.ReportAllocs()
	var kept *book
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for b.Loop() {
		var err error
		if kept, err = parseAll(dataFS); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "retained-B")
	runtime.KeepAlive(kept)
}

func BenchmarkFromUCI(b *testing.B) {
	moves := strings.Fields("e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6 f2f3 f8e7 d1d2 e8g8 e1c1 b8d7 g2g4 b7b5 g4g5 b5b4 c3e2 f6e8 f3f4 a6a5 f4f5 a5a4 b3d4 e5d4 e2d4 b4b3 c1b1 b3c2 d4c2 e6b3 a2b3 a4b3 c2a3 d7e5 h2h4 a8a3")
	loaded()
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := FromUCI("", moves); !ok {
			b.Fatal("no opening")
		}
	}
}

func BenchmarkByFEN(b *testing.B) {
	loaded()
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := ByFEN("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"); !ok {
			b.Fatal("no opening")
		}
	}
}
