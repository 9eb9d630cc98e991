package storetest

import (
	"context"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// testFenced: a node that claims the running games draws an epoch newer
// than every one before; a write made under an older epoch is refused with
// game.CodeNotOwner and changes nothing; the owner's writes, and writes
// that carry no epoch, apply; finished games are not claimed.
func testFenced(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	rec := newRecord(t, "g")
	mustCreate(t, s, rec)
	ended := newRecord(t, "ended")
	ended.State.Status = game.StatusAborted
	mustCreate(t, s, ended)

	under := func(epoch int64) context.Context { return game.WithEpoch(t.Context(), epoch) }
	// Before any claim, a node's writes under epoch 0 apply.
	if err := s.AppendMove(under(0), "g", move(0), stateAfter(rec, 0)); err != nil {
		t.Fatalf("a move under epoch 0 of an unclaimed game: %v", err)
	}
	a, err := s.ClaimGames(t.Context(), "a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.ClaimGames(t.Context(), "b")
	if err != nil {
		t.Fatal(err)
	}
	if a < 1 || b <= a {
		t.Fatalf("epochs drawn: %d then %d; want each newer than the last", a, b)
	}
	before := mustLoad(t, s, "g")
	for _, tt := range []struct {
		name  string
		write func() error
	}{
		{"a move under the old owner's epoch", func() error { return s.AppendMove(under(a), "g", move(1), stateAfter(rec, 1)) }},
		{"a state under the old owner's epoch", func() error { return s.SaveState(under(a), "g", stateAfter(rec, 0)) }},
		{"a move under epoch 0", func() error { return s.AppendMove(under(0), "g", move(1), stateAfter(rec, 1)) }},
	} {
		wantCode(t, tt.name, tt.write(), game.CodeNotOwner)
		checkRecord(t, "the game after "+tt.name, mustLoad(t, s, "g"), before)
	}
	if err := s.AppendMove(under(b), "g", move(1), stateAfter(rec, 1)); err != nil {
		t.Fatalf("the owner's move: %v", err)
	}
	if err := s.SaveState(t.Context(), "g", stateAfter(rec, 1)); err != nil {
		t.Fatalf("a write without an epoch: %v", err)
	}
	// The aborted game was not claimed: any node may still write its end
	// again.
	if err := s.SaveState(under(0), "ended", ended.State); err != nil {
		t.Fatalf("the end of an unclaimed finished game again: %v", err)
	}
}
