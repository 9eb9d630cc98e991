package live

// While the store confirms no writes, the games' clocks are held: no flag
// falls on a player whose moves were refused, and the time of the turn
// spent during the outage is given back when writes resume.

import (
	"errors"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

func TestOutageIsChargedToNobody(t *testing.T) {
	f := newFaultyFixture(t)
	f.create("g1", "1+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	f.move("g1", "bob", "e7e5", 1, 1)
	f.clock.Advance(10 * time.Second) // alice thinks 10 s of her 60
	down := f.clock.Now()
	f.faults.setDown(true)
	before := f.rt.Stats()
	refusals := 0
	// Alice keeps trying to move through a 70 s outage, past her flag.
	for range 7 {
		if _, err := f.rt.Move(f.ctx, "g1", "alice", MoveRequest{UCI: "g1f3", Ply: 2, ID: 2}); err == nil {
			t.Fatal("a move was acknowledged while the store was down")
		} else if c := CodeOf(err); c != CodeNotStored && c != CodeUnavailable {
			t.Fatalf("a move refused with %v, want %s or %s", err, CodeNotStored, CodeUnavailable)
		}
		refusals++
		f.clock.Advance(10 * time.Second)
	}
	st := f.rt.Stats()
	if !st.StoreDownSince.Equal(down) || st.StoreError == "" {
		t.Fatalf("during the outage: stats say down since %v (%q), want %v", st.StoreDownSince, st.StoreError, down)
	}
	if got := st.Refused - before.Refused; got != uint64(refusals) {
		t.Errorf("%d refusals counted, want %d", got, refusals)
	}
	f.faults.setDown(false)
	// The first retry (or the next command) resumes the game.
	f.clock.Advance(maxRetry)
	st = f.rt.Stats()
	if !st.StoreDownSince.IsZero() {
		t.Errorf("after the outage: stats say the store is down since %v", st.StoreDownSince)
	}
	snap, err := f.rt.Snapshot(f.ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if snap.Status != game.StatusStarted {
		t.Fatalf("after the outage the game is %v (%v), want it still played", snap.Status, snap.Termination)
	}
	// Alice has her 50 s less the time since the game resumed.
	if snap.WhiteMs == nil || *snap.WhiteMs < 20_000 || *snap.WhiteMs > 50_000 {
		t.Fatalf("alice has %v ms left after the outage, want 50 s less the retry's wait", snap.WhiteMs)
	}
	ack := f.move("g1", "alice", "g1f3", 2, 2)
	if ack.Move.SAN != "Nf3" {
		t.Fatalf("alice's move after the outage: %+v", ack)
	}
	f.checkInStep("g1")
}

// TestHeldGameResumesWithTheNextCommand: a move sent once the store is back
// resumes the held game first, the whole outage given back.
func TestHeldGameResumesWithTheNextCommand(t *testing.T) {
	f := newFaultyFixture(t)
	f.create("g1", "1+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	f.move("g1", "bob", "e7e5", 1, 1)
	f.clock.Advance(10 * time.Second)
	f.faults.next("AppendMove", refuse, nil)
	if _, err := f.rt.Move(f.ctx, "g1", "alice", MoveRequest{UCI: "g1f3", Ply: 2, ID: 2}); !errors.Is(err, ErrNotStored) {
		t.Fatalf("the refused move: %v", err)
	}
	// The timer's first retry is not yet due: alice's next move resumes.
	f.clock.Advance(minRetry / 2)
	f.move("g1", "alice", "g1f3", 2, 2)
	snap, err := f.rt.Snapshot(f.ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if *snap.WhiteMs != 50_000 {
		t.Fatalf("alice has %d ms left, want 50000: the outage given back", *snap.WhiteMs)
	}
	if st := f.rt.Stats(); !st.StoreDownSince.IsZero() || st.Refused != 1 {
		t.Fatalf("stats after the outage: %+v", st)
	}
}
