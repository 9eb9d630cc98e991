package game

import (
	"testing"
	"time"
)

// TestStateCopies: a state taken with State or StateInto does not change
// as the game goes on, whose own clock snapshot follows every move; one
// taken with StateInto holds its clock in the snapshot it was given, and
// taking it costs no allocation.
func TestStateCopies(t *testing.T) {
	now := &fakeTime{t: time.Date(2026, 12, 7, 22, 0, 0, 0, time.UTC)}
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	moves(t, g, now, 3*time.Second, "e2e4", "e7e5")
	own, into := g.State(), new(ClockSnapshot)
	kept := g.StateInto(into)
	if own.Clock == nil || kept.Clock != into || *into != *own.Clock {
		t.Fatalf("StateInto's clock %p (%+v), want %p holding State's %+v", kept.Clock, kept.Clock, into, own.Clock)
	}
	before := *own.Clock
	moves(t, g, now, 5*time.Second, "g1f3", "b8c6")
	after := g.State()
	if *own.Clock != before || *into != before {
		t.Errorf("states taken before two moves changed with them: %+v, %+v, want %+v", *own.Clock, *into, before)
	}
	if after.Clock.Moves != before.Moves+2 || after.Clock == own.Clock {
		t.Errorf("the state after two moves has the clock %+v, want two moves more than %+v, in a snapshot of its own", *after.Clock, before)
	}
	var buf ClockSnapshot
	if n := testing.AllocsPerRun(50, func() { kept = g.StateInto(&buf) }); n != 0 {
		t.Errorf("StateInto allocates %v times, want 0", n)
	}
}

// TestEventCopiesItsMove: an event keeps a copy of the move it is given,
// which the caller may then reuse, and its clocks of its own.
func TestEventCopiesItsMove(t *testing.T) {
	now := &fakeTime{t: time.Date(2026, 12, 7, 22, 0, 0, 0, time.UTC)}
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	now.Advance(time.Second)
	rec, err := g.Move(White, "e2e4", 0, 7)
	if err != nil {
		t.Fatal(err)
	}
	ev := g.NewEvent(EventMove, &rec)
	if ev.Move == &rec || *ev.Move != rec {
		t.Fatalf("the event's move %p %+v, want a copy of %p %+v", ev.Move, ev.Move, &rec, rec)
	}
	want := rec
	rec = MoveRecord{Ply: 99, UCI: "a7a8q"}
	if *ev.Move != want {
		t.Errorf("the event's move changed with the caller's: %+v, want %+v", *ev.Move, want)
	}
	snap, _ := g.Clock()
	if ev.WhiteMs == nil || ev.BlackMs == nil || *ev.WhiteMs != snap.WhiteMs || *ev.BlackMs != snap.BlackMs {
		t.Errorf("the event's clocks %v, %v, want %d and %d", ev.WhiteMs, ev.BlackMs, snap.WhiteMs, snap.BlackMs)
	}
	if none := g.NewEvent(EventState, nil); none.Move != nil || none.WhiteMs == ev.WhiteMs {
		t.Errorf("an event without a move: move %v, clocks shared with another event: %v", none.Move, none.WhiteMs == ev.WhiteMs)
	}
}
