package live

// Clients never see a version skipped without a full: a write that fails
// takes a number that no later write reuses, and the event after the gap
// must say the whole game.

import (
	"testing"

	"github.com/joinpal/joinpal/game"
)

// checkNoSilentGap fails the test unless every event in evs after the first
// has the next version or is a full event, starting after version from.
func checkNoSilentGap(t *testing.T, from int64, evs []game.Event) {
	t.Helper()
	last := from
	for _, ev := range evs {
		if ev.Seq != last+1 && ev.Type != game.EventFull {
			t.Fatalf("version %d after %d as a %q event; events %v", ev.Seq, last, ev.Type, seqsOf(evs))
		}
		last = ev.Seq
	}
}

func seqsOf(evs []game.Event) []int64 {
	out := make([]int64, len(evs))
	for i, ev := range evs {
		out[i] = ev.Seq
	}
	return out
}

func TestFailedWriteSkipsNoVersionSilently(t *testing.T) {
	cases := []struct {
		name  string
		fault fault
	}{
		{"write refused", refuse},
		{"write landed after its caller gave up", lateCommit},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFaultyFixture(t)
			f.create("g1", "5+0")
			f.move("g1", "alice", "e2e4", 0, 1)
			before, err := f.rt.Snapshot(f.ctx, "g1")
			if err != nil {
				t.Fatal(err)
			}
			events, cancel := f.rt.Bus().Subscribe("g1")
			defer cancel()
			f.faults.next("AppendMove", tc.fault, nil)
			if _, err := f.rt.Move(f.ctx, "g1", "bob", MoveRequest{UCI: "e7e5", Ply: 1, ID: 2}); err == nil {
				t.Fatal("the failing write was acknowledged")
			}
			// A client that reconnects now is told what the store holds.
			caught, err := f.rt.EventsSince(f.ctx, "g1", before.Seq)
			if err != nil {
				t.Fatal(err)
			}
			checkNoSilentGap(t, before.Seq, caught)
			// The next moves go through (after a late commit the first is
			// refused: the late move landed before it).
			var got []game.Event
			for _, mv := range []struct {
				side, uci string
				ply       int
				id        int64
			}{{"bob", "d7d5", 1, 3}, {"bob", "e7e5", 1, 2}, {"alice", "g1f3", 2, 4}} {
				_, err := f.rt.Move(f.ctx, "g1", mv.side, MoveRequest{UCI: mv.uci, Ply: mv.ply, ID: mv.id})
				t.Logf("%s %s: %v", mv.side, mv.uci, err)
			}
			now, err := f.rt.Snapshot(f.ctx, "g1")
			if err != nil {
				t.Fatal(err)
			}
			if now.Ply != 3 {
				t.Fatalf("after the failure the game has %d plies, want 3", now.Ply)
			}
		drain:
			for {
				select {
				case ev := <-events:
					got = append(got, ev)
				default:
					break drain
				}
			}
			if len(got) == 0 || got[len(got)-1].Seq != now.Seq {
				t.Fatalf("published %v, want up to version %d", seqsOf(got), now.Seq)
			}
			checkNoSilentGap(t, before.Seq, got)
			// A client that reconnects from the version before the failure
			// catches up without a silent gap either.
			caught, err = f.rt.EventsSince(f.ctx, "g1", before.Seq)
			if err != nil {
				t.Fatal(err)
			}
			if len(caught) == 0 || caught[len(caught)-1].Seq != now.Seq {
				t.Fatalf("caught up with %v, want up to version %d", seqsOf(caught), now.Seq)
			}
			checkNoSilentGap(t, before.Seq, caught)
		})
	}
}
