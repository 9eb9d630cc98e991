package engine

import (
	"context"
	"testing"
)

// BenchmarkSearch searches a few positions to a fixed depth from a new game
// and reports the speed in nodes per second.
func BenchmarkSearch(b *testing.B) {
	fens := []string{benchFENs[0], benchFENs[1], benchFENs[3], benchFENs[10], benchFENs[24]}
	e := New(Options{HashMB: 16})
	var nodes uint64
	for b.Loop() {
		for _, fen := range fens {
			pos := mustFEN(b, fen)
			e.NewGame()
			e.Search(context.Background(), pos, nil, Limits{Depth: 9}, nil)
			nodes += e.nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkEvaluate measures the static evaluation alone.
func BenchmarkEvaluate(b *testing.B) {
	e := New(Options{HashMB: 1})
	e.allocate() // the evaluation alone, without a search to allocate its tables
	pos := mustFEN(b, benchFENs[1])
	for b.Loop() {
		e.evaluate(&pos)
	}
}

func TestBench(t *testing.T) {
	n1, _ := Bench(3)
	n2, _ := Bench(3)
	if n1 == 0 || n1 != n2 {
		t.Errorf("Bench(3) gave %d then %d nodes, want the same non-zero count", n1, n2)
	}
}
