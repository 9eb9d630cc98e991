package engine

import (
	"context"
	"testing"
)

// An engine's tables take their memory with the first search; the
// transposition table keeps it across searches and gives it up when
// resized.
func TestTablesAllocatedBySearch(t *testing.T) {
	pos := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	e := New(Options{HashMB: 2})
	if e.tt.buckets != nil || e.pawns != nil || e.hist != nil {
		t.Fatal("a new engine holds tables before its first search")
	}
	e.NewGame() // a clear before any search
	if e.tt.buckets != nil || e.pawns != nil || e.hist != nil {
		t.Fatal("clearing an engine that never searched allocated its tables")
	}
	e.Search(context.Background(), pos, nil, Limits{Depth: 3}, nil)
	if e.pawns == nil || e.hist == nil {
		t.Fatal("a search left the engine without its pawn cache or histories")
	}
	want := 2 << 20 / bucketBytes
	if len(e.tt.buckets) != want {
		t.Fatalf("after a search the table has %d buckets, want %d", len(e.tt.buckets), want)
	}
	used := 0
	for i := range e.tt.buckets {
		for j := range e.tt.buckets[i] {
			if e.tt.buckets[i][j].flags&3 != boundNone {
				used++
			}
		}
	}
	if used == 0 {
		t.Error("the search stored nothing in its table")
	}
	first := &e.tt.buckets[0]
	e.Search(context.Background(), pos, nil, Limits{Depth: 3}, nil)
	if &e.tt.buckets[0] != first {
		t.Error("a second search allocated the table again")
	}
	e.SetOptions(Options{HashMB: 1})
	if e.tt.buckets != nil {
		t.Error("a resized table kept its old memory")
	}
	e.Search(context.Background(), pos, nil, Limits{Depth: 3}, nil)
	if want := 1 << 20 / bucketBytes; len(e.tt.buckets) != want {
		t.Errorf("after resizing to 1 MB the table has %d buckets, want %d", len(e.tt.buckets), want)
	}
}
