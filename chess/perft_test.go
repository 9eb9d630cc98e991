package chess

import (
	"bufio"
	"flag"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// perftCap is the largest node count a perft line may have to be run. The
// full suites (trillions of nodes) run with -perft.cap=0 (make perft-full).
var perftCap = flag.Uint64("perft.cap", 0, "largest perft node count to test; 0 means no cap when the flag is given (default: 1G for tricky.perft and 1M for random.perft; 200k and 2k with -short)")

func effectiveCap(t *testing.T, normal, short uint64) uint64 {
	capSet := false
	flag.Visit(func(f *flag.Flag) { capSet = capSet || f.Name == "perft.cap" })
	switch {
	case capSet && *perftCap == 0:
		return ^uint64(0)
	case capSet:
		return *perftCap
	case testing.Short():
		return short
	}
	return normal
}

type perftCase struct {
	id    string
	fen   string
	depth int
	nodes uint64
}

// readPerftFile reads the scalachess perft format: "id", "epd" and
// "perft DEPTH NODES" lines.
func readPerftFile(t *testing.T, path string) []perftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	var id, fen string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		switch fields[0] {
		case "id":
			id = fields[1]
		case "epd":
			fen = strings.Join(fields[1:], " ")
		case "perft":
			d, err1 := strconv.Atoi(fields[1])
			n, err2 := strconv.ParseUint(fields[2], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad line %q", path, sc.Text())
			}
			out = append(out, perftCase{id, fen, d, n})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// runPerftCases runs the lines under the node limit, spread over the
// machine's cores.
func runPerftCases(t *testing.T, cases []perftCase, limit uint64) {
	var (
		ran  atomic.Int64
		work = make(chan perftCase)
		wg   sync.WaitGroup
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				s, err := ParseSetup(c.fen)
				if err != nil {
					t.Errorf("%s: %v", c.id, err)
					continue
				}
				// Some lines (align-*) hold checks no game can reach.
				pos, err := s.PositionWith(GeneratorTest(Chess960))
				if err != nil {
					t.Errorf("%s: %v", c.id, err)
					continue
				}
				if got := Perft(&pos, c.depth); got != c.nodes {
					t.Errorf("%s (%s) perft %d = %d, want %d", c.id, c.fen, c.depth, got, c.nodes)
				}
				ran.Add(1)
			}
		}()
	}
	for _, c := range cases {
		if c.nodes <= limit {
			work <- c
		}
	}
	close(work)
	wg.Wait()
	t.Logf("%d of %d perft lines run (cap %d nodes)", ran.Load(), len(cases), limit)
	if ran.Load() == 0 {
		t.Fatal("no perft line ran")
	}
}

// TestPerftTricky runs every position of tricky.perft, each at every depth
// of up to a billion nodes (2.4 of the file's 41.7 billion; the six deepest
// lines, up to 12 billion nodes each, are make perft-tricky); -short caps
// it at 200k nodes a line.
func TestPerftTricky(t *testing.T) {
	runPerftCases(t, readPerftFile(t, "testdata/perft/tricky.perft"), effectiveCap(t, 1_000_000_000, 200_000))
}

// TestPerftRandom runs random.perft's 6,838 positions up to a node cap
// (the full file, 4.3 trillion nodes, is make perft-full).
func TestPerftRandom(t *testing.T) {
	runPerftCases(t, readPerftFile(t, "testdata/perft/random.perft"), effectiveCap(t, 1_000_000, 2_000))
}

// TestPerftWithoutBulkCounting checks the generator and PlayUnchecked at
// every ply, against a perft that plays every leaf move.
func TestPerftWithoutBulkCounting(t *testing.T) {
	for _, c := range []struct {
		fen   string
		depth int
		want  uint64
	}{
		{StartingFEN, 4, 197281},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
	} {
		pos, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := slowPerft(&pos, c.depth); got != c.want {
			t.Errorf("%s: slow perft %d = %d, want %d", c.fen, c.depth, got, c.want)
		}
	}
}

func slowPerft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves(nil) {
		child := *p
		child.PlayUnchecked(m)
		if child.Key() != child.computeKey() {
			panic("incremental key differs from the computed one after " + m.String())
		}
		n += slowPerft(&child, depth-1)
	}
	return n
}

func TestDivide(t *testing.T) {
	pos := StartingPosition()
	entries := Divide(&pos, 3)
	if len(entries) != 20 {
		t.Fatalf("got %d root moves, want 20", len(entries))
	}
	var total uint64
	for _, e := range entries {
		total += e.Nodes
		if pos.UCI(e.Move) == "e2e4" && e.Nodes != 600 {
			t.Errorf("e2e4: %d, want 600", e.Nodes)
		}
	}
	if total != 8902 {
		t.Errorf("total %d, want 8902", total)
	}
}
