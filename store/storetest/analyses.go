package storetest

import (
	"reflect"
	"testing"

	"github.com/joinpal/joinpal/analysis"
)

// RunAnalyses checks analysis.Store: a game without an analysis has none,
// a saved one reads back whole, and a second save replaces the first.
func RunAnalyses(t *testing.T, open func(t *testing.T) analysis.Store) {
	s := open(t)
	ctx := t.Context()
	if _, ok, err := s.Analysis(ctx, "nogame"); err != nil || ok {
		t.Fatalf("Analysis of a game never analysed: ok %v, err %v; want none", ok, err)
	}
	first := analysis.Report{
		Engine: "JoinPal, 1000 nodes",
		Start:  analysis.Eval{CP: 20},
		Plies: []analysis.Ply{
			{Ply: 1, UCI: "e2e4", SAN: "e4", Eval: &analysis.Eval{CP: 30}, Accuracy: 100},
			{Ply: 2, UCI: "f7f6", SAN: "f6", Eval: &analysis.Eval{Mate: 2, CP: 31996}, Best: "e7e5", BestSAN: "e5",
				Line: []string{"e7e5", "g1f3"}, Judgement: analysis.Blunder, Accuracy: 12.5},
		},
		White: analysis.Side{Accuracy: 100, ACPL: 0},
		Black: analysis.Side{Accuracy: 12.5, ACPL: 970, Blunders: 1},
	}
	if err := s.SaveAnalysis(ctx, "g1", first); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.Analysis(ctx, "g1")
	if err != nil || !ok || !reflect.DeepEqual(got, first) {
		t.Fatalf("Analysis(g1) = %+v, %v, %v; want %+v", got, ok, err, first)
	}
	second := first
	second.Engine = "Stockfish, depth 14"
	if err := s.SaveAnalysis(ctx, "g1", second); err != nil {
		t.Fatal(err)
	}
	if got, _, err := s.Analysis(ctx, "g1"); err != nil || got.Engine != second.Engine {
		t.Errorf("after a second save: engine %q, %v; want %q", got.Engine, err, second.Engine)
	}
	if _, ok, _ := s.Analysis(ctx, "g2"); ok {
		t.Error("another game has an analysis it never got")
	}
}
