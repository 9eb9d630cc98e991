package live

import (
	"context"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestTakebackIsDurable: a takeback is stored before it is published, as
// a new event with a new number; a restart after it restores the position
// after it, with the clocks it gave back.
func TestTakebackIsDurable(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+3")
	for i, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		player := "alice"
		if i%2 == 1 {
			player = "bob"
		}
		f.clock.Advance(time.Duration(i+1) * time.Second)
		f.move("g1", player, u, i, int64(i+1))
	}
	before, _ := f.rt.Snapshot(f.ctx, "g1")
	if err := f.rt.OfferTakeback(f.ctx, "g1", "alice"); err != nil {
		t.Fatal(err)
	}
	offered, _ := f.rt.Snapshot(f.ctx, "g1")
	if offered.TakebackOffer == nil || *offered.TakebackOffer != game.White || offered.Seq != before.Seq+1 {
		t.Fatalf("after the offer: offer %v, seq %d (before %d)", offered.TakebackOffer, offered.Seq, before.Seq)
	}
	f.clock.Advance(4 * time.Second)
	if err := f.rt.AcceptTakeback(f.ctx, "g1", "bob"); err != nil {
		t.Fatal(err)
	}
	evs, err := f.rt.EventsSince(f.ctx, "g1", offered.Seq)
	if err != nil || len(evs) != 1 {
		t.Fatalf("events since the offer: %+v, %v", evs, err)
	}
	tb := evs[0]
	if tb.Type != game.EventFull || tb.Seq != offered.Seq+1 || tb.Ply != 2 || len(tb.Moves) != 2 || tb.TakebackOffer != nil {
		t.Fatalf("the takeback's event: %+v", tb)
	}
	// White's clock is what it had after e4 (5:00 + 3 s), black's after e5.
	if *tb.WhiteMs != (5*time.Minute+3*time.Second).Milliseconds() || *tb.BlackMs != (5*time.Minute+3*time.Second).Milliseconds() {
		t.Fatalf("clocks %d / %d after the takeback", *tb.WhiteMs, *tb.BlackMs)
	}
	if n := f.storedPlies("g1"); n != 2 {
		t.Fatalf("the store holds %d moves after the takeback", n)
	}
	f.clock.Advance(2 * time.Second)
	f.restart(time.Minute)
	after, err := f.rt.Snapshot(f.ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if after.Ply != 2 || after.FEN != tb.FEN || after.Seq <= tb.Seq {
		t.Fatalf("after the restart: ply %d, %s, seq %d; want the takeback's position %s, seq above %d",
			after.Ply, after.FEN, after.Seq, tb.FEN, tb.Seq)
	}
	if *after.WhiteMs != *tb.WhiteMs-2000 || *after.BlackMs != *tb.BlackMs {
		t.Fatalf("clocks %d / %d after the restart, want %d / %d", *after.WhiteMs, *after.BlackMs, *tb.WhiteMs-2000, *tb.BlackMs)
	}
	// Play goes on from the restored position.
	ack := f.move("g1", "alice", "f1c4", 2, 10)
	if ack.Move.Ply != 2 || ack.Move.SAN != "Bc4" {
		t.Fatalf("the move after the takeback: %+v", ack.Move)
	}
	f.checkInStep("g1")
}

// TestFailedTakebackWriteLeavesMemoryAsStored: a takeback the store did
// not confirm leaves the game as stored, and accepted again it is made.
func TestFailedTakebackWriteLeavesMemoryAsStored(t *testing.T) {
	for _, tc := range faults {
		t.Run(tc.name, func(t *testing.T) {
			f := newFaultyFixture(t)
			f.create("g1", "5+0")
			f.move("g1", "alice", "e2e4", 0, 1)
			f.move("g1", "bob", "e7e5", 1, 1)
			f.move("g1", "alice", "g1f3", 2, 2)
			if err := f.rt.OfferTakeback(f.ctx, "g1", "alice"); err != nil {
				t.Fatal(err)
			}
			ctx := f.inject("TakeBack", tc.fault, tc.down)
			err := f.rt.AcceptTakeback(ctx, "g1", "bob")
			f.faults.setDown(false)
			stored := f.storedPlies("g1") == 2
			if (err == nil) != stored {
				t.Fatalf("takeback answered %v; stored: %v", err, stored)
			}
			if err != nil && CodeOf(err) != CodeNotStored {
				t.Errorf("refusal %v has code %q, want %s", err, CodeOf(err), CodeNotStored)
			}
			f.checkInStep("g1")
			if !stored {
				if err := f.rt.AcceptTakeback(f.ctx, "g1", "bob"); err != nil {
					t.Fatal(err)
				}
			}
			if n := f.storedPlies("g1"); n != 2 {
				t.Fatalf("%d moves stored", n)
			}
			f.checkInStep("g1")
			f.move("g1", "alice", "d2d4", 2, 3)
			f.checkInStep("g1")
		})
	}
}

// TestTakebackRated: a rated game refuses takebacks unless the policy says
// both players agreed.
func TestTakebackRated(t *testing.T) {
	f := newFixture(t)
	tc := mustTC(t, "5+0")
	if _, err := f.rt.Create(f.ctx, game.Config{ID: "r1", White: alice, Black: bob, TimeControl: tc, Rated: true}); err != nil {
		t.Fatal(err)
	}
	f.move("r1", "alice", "e2e4", 0, 1)
	if err := f.rt.OfferTakeback(f.ctx, "r1", "alice"); game.CodeOf(err) != game.CodeTakebackRated {
		t.Fatalf("takeback in a rated game: %v, want %s", err, game.CodeTakebackRated)
	}
	var asked [2]game.Player
	f.rt.cfg.RatedTakebacks = func(_ context.Context, white, black game.Player) bool {
		asked = [2]game.Player{white, black}
		return true
	}
	if err := f.rt.OfferTakeback(f.ctx, "r1", "alice"); err != nil {
		t.Fatal(err)
	}
	if err := f.rt.AcceptTakeback(f.ctx, "r1", "bob"); err != nil {
		t.Fatal(err)
	}
	if asked != [2]game.Player{alice, bob} || f.storedPlies("r1") != 0 {
		t.Fatalf("policy asked about %v; %d moves stored", asked, f.storedPlies("r1"))
	}
}
