package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
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

// testOwners: a game created under a node and an epoch is that node's;
// ClaimGamesOf takes the running games of the claiming node, of no node
// and of nodes not alive, leaves the alive nodes' games to them, says
// whose each was and when that node was last seen, and records the
// claiming node's heartbeat.
func testOwners(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	reg, ok := s.(live.ClusterRegistry)
	if !ok {
		t.Skip("the store does not share its games between nodes")
	}
	ctx := t.Context()
	mustCreateIn(t, s, game.WithNode(game.WithEpoch(ctx, 1), "a"), newRecord(t, "of-a"))
	mustCreate(t, s, newRecord(t, "of-none"))
	owner := func(id, want string) {
		t.Helper()
		if got, err := reg.GameOwner(ctx, id); err != nil || got != want {
			t.Errorf("the owner of %s: %q, %v; want %q", id, got, err, want)
		}
	}
	owner("of-a", "a")
	owner("of-none", "")
	if _, err := reg.GameOwner(ctx, "missing"); !errors.Is(err, game.ErrGameNotFound) {
		t.Errorf("the owner of a missing game: %v, want %s", err, game.CodeGameNotFound)
	}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if err := reg.Heartbeat(ctx, "a", t0); err != nil {
		t.Fatal(err)
	}
	// b starts beside a, alive: b takes only the game of no node, and its
	// heartbeat is written with its claim.
	e1, claimed, err := reg.ClaimGamesOf(ctx, "b", t0.Add(time.Second), t0.Add(-10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if len(claimed) != 1 || claimed[0].ID != "of-none" || claimed[0].Owner != "" {
		t.Errorf("b, beside a, claimed %+v; want only of-none, of no node", claimed)
	}
	if seen, stopped, err := reg.NodeStatus(ctx, "b"); err != nil || stopped || !seen.Equal(t0.Add(time.Second)) {
		t.Errorf("b after its claim: seen %v, stopped %v, %v; want alive as of its claim", seen, stopped, err)
	}
	owner("of-a", "a")
	owner("of-none", "b")
	// c starts once a is dead and b still beats: c takes a's game, and says
	// when a was last seen.
	if err := reg.Heartbeat(ctx, "b", t0.Add(25*time.Second)); err != nil {
		t.Fatal(err)
	}
	e2, claimed, err := reg.ClaimGamesOf(ctx, "c", t0.Add(30*time.Second), t0.Add(20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if e2 <= e1 || len(claimed) != 1 || claimed[0].ID != "of-a" || claimed[0].Owner != "a" || !claimed[0].OwnerSeen.Equal(t0) {
		t.Errorf("c, once a is gone, claimed %+v under epoch %d (after %d); want of-a, of a last seen at %v, under a newer epoch", claimed, e2, e1, t0)
	}
	owner("of-a", "c")
	owner("of-none", "b")
}

func mustCreateIn(t *testing.T, s Store, ctx context.Context, rec game.Record) {
	t.Helper()
	if err := s.CreateGame(ctx, rec); err != nil {
		t.Fatalf("CreateGame(%q): %v", rec.ID, err)
	}
}

// testDeadOwners: ClaimDeadGames, made by a running node, takes the
// running games of no node and of other nodes not alive (heartbeat too
// old, or stopped), at most limit at a time, never its own nor those of
// live nodes; says whose each was and when that node was last seen; draws
// no epoch when there is nothing to take; and the previous owner's writes
// are refused from then on.
func testDeadOwners(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	reg, ok := s.(live.ClusterRegistry)
	if !ok {
		t.Skip("the store does not share its games between nodes")
	}
	ctx := t.Context()
	in := func(node string, epoch int64) context.Context { return game.WithNode(game.WithEpoch(ctx, epoch), node) }
	recs := map[string]game.Record{}
	for _, g := range []struct{ id, node string }{{"a1", "a"}, {"a2", "a"}, {"b1", "b"}, {"c1", "c"}, {"none", ""}} {
		recs[g.id] = newRecord(t, g.id)
		mustCreateIn(t, s, in(g.node, 0), recs[g.id])
	}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for node, at := range map[string]time.Time{"a": t0, "b": t0.Add(20 * time.Second), "c": t0} {
		if err := reg.Heartbeat(ctx, node, at); err != nil {
			t.Fatal(err)
		}
	}
	claim := func(limit int) (int64, map[string]game.Claim) {
		t.Helper()
		e, claimed, err := reg.ClaimDeadGames(ctx, "c", t0.Add(21*time.Second), t0.Add(16*time.Second), limit)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]game.Claim{}
		for _, c := range claimed {
			got[c.ID] = c
		}
		return e, got
	}
	// a is dead, b alive, c (the claimer, its own heartbeat old) keeps its
	// own game.
	e1, got := claim(2)
	if len(got) != 2 || e1 < 1 {
		t.Fatalf("the first claim, at most 2: %+v under epoch %d; want 2 games under a new epoch", got, e1)
	}
	e2, more := claim(10)
	for id, c := range more {
		got[id] = c
	}
	if len(got) != 3 || e2 <= e1 || got["a1"].Owner != "a" || !got["a1"].OwnerSeen.Equal(t0) || got["a2"].Owner != "a" || got["none"].Owner != "" {
		t.Errorf("claimed %+v (epochs %d, %d); want a1, a2 of a last seen at %v and none, under newer epochs", got, e1, e2, t0)
	}
	if seen, stopped, err := reg.NodeStatus(ctx, "c"); err != nil || stopped || !seen.Equal(t0.Add(21*time.Second)) {
		t.Errorf("c after its claim: seen %v, stopped %v, %v; want alive as of its claim", seen, stopped, err)
	}
	if e, again := claim(10); e != 0 || len(again) != 0 {
		t.Errorf("a claim with nothing dead: %+v under epoch %d; want nothing, no epoch", again, e)
	}
	// a's write, made under the epoch it held the game with, is refused.
	wantCode(t, "a move of the dead owner", s.AppendMove(in("a", 0), "a1", move(0), stateAfter(recs["a1"], 0)), game.CodeNotOwner)
	// b stops gracefully: its game is taken at once.
	if err := reg.MarkStopped(ctx, "b", t0.Add(20*time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, got := claim(10); len(got) != 1 || got["b1"].Owner != "b" {
		t.Errorf("once b stopped, claimed %+v; want b1 of b", got)
	}
	for id, want := range map[string]string{"a1": "c", "a2": "c", "b1": "c", "c1": "c", "none": "c"} {
		if owner, err := reg.GameOwner(ctx, id); err != nil || owner != want {
			t.Errorf("the owner of %s: %q, %v; want %q", id, owner, err, want)
		}
	}
}
