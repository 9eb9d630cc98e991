package live

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// startClock creates game id under tc and makes both first moves, so that
// White's clock runs from now with the whole base time. It returns the
// game's events from then on.
func startClock(t *testing.T, f *fixture, id, tc string) <-chan game.Event {
	t.Helper()
	f.create(id, tc)
	events, cancel := f.rt.Bus().Subscribe(id)
	t.Cleanup(cancel)
	f.move(id, "alice", "e2e4", 0, 1)
	f.move(id, "bob", "e7e5", 1, 1)
	<-events
	<-events
	return events
}

// noEvent fails if an event is waiting.
func noEvent(t *testing.T, events <-chan game.Event, when string) {
	t.Helper()
	select {
	case ev := <-events:
		t.Fatalf("event %s: %+v", when, ev)
	default:
	}
}

// wantFlag reads the next event and checks that White lost on time, with 0
// left, and that the store says so.
func wantFlag(t *testing.T, f *fixture, id string, events <-chan game.Event) {
	t.Helper()
	var ev game.Event
	select {
	case ev = <-events:
	default:
		t.Fatal("no flag event")
	}
	if ev.Status != game.StatusEnded || ev.Termination != game.Timeout || ev.Result != game.BlackWins || *ev.WhiteMs != 0 {
		t.Fatalf("flag event %+v", ev)
	}
	rec, err := f.store.LoadGame(f.ctx, id)
	if err != nil || rec.State.Termination != game.Timeout || rec.State.Clock.WhiteMs != 0 {
		t.Fatalf("stored %+v, %v", rec.State, err)
	}
}

// TestTimerWaitsForTheLagGrace: the runtime's timer does not flag at the
// raw deadline but at the deadline plus the grace, min(quota, 2 s): 1170
// ms at 1+0, 2 s at 5+3.
func TestTimerWaitsForTheLagGrace(t *testing.T) {
	for _, tt := range []struct {
		tc    string
		base  time.Duration
		grace time.Duration
	}{
		// base: the base time and the increment of White's first move.
		{"1+0", time.Minute, 1170 * time.Millisecond},
		{"5+3", 5*time.Minute + 3*time.Second, 2 * time.Second},
	} {
		t.Run(tt.tc, func(t *testing.T) {
			f := newFixture(t)
			events := startClock(t, f, "g1", tt.tc)
			f.clock.Advance(tt.base)
			noEvent(t, events, "at the raw deadline")
			f.clock.Advance(tt.grace - time.Millisecond)
			noEvent(t, events, "1 ms before the end of the grace")
			f.clock.Advance(time.Millisecond)
			wantFlag(t, f, "g1", events)
		})
	}
}

// TestLateMoveSavedByLag: at 1+0, a move arriving 60.1 s
// into White's turn with 300 ms of lag is charged 59.8 s and played.
func TestLateMoveSavedByLag(t *testing.T) {
	f := newFixture(t)
	events := startClock(t, f, "g1", "1+0")
	f.clock.Advance(60100 * time.Millisecond)
	ack, err := f.rt.Move(f.ctx, "g1", "alice", MoveRequest{UCI: "g1f3", Ply: 2, ID: 2, Lag: 300 * time.Millisecond})
	if err != nil {
		t.Fatalf("the move was refused: %v", err)
	}
	if ack.Move.Spent != 59800*time.Millisecond || ack.Move.LagCredit != 300*time.Millisecond || ack.Move.Remaining != 200*time.Millisecond {
		t.Fatalf("ack %+v", ack.Move)
	}
	if ev := <-events; ev.Type != game.EventMove || ev.Status != game.StatusStarted {
		t.Fatalf("event %+v", ev)
	}
	// The game goes on: Black's clock runs, and no timer flags White.
	f.clock.Advance(30 * time.Second)
	noEvent(t, events, "after the saved move")
	rec, _ := f.store.LoadGame(f.ctx, "g1")
	if len(rec.Moves) != 3 || rec.State.Status != game.StatusStarted {
		t.Fatalf("stored %d moves, status %v", len(rec.Moves), rec.State.Status)
	}
}

// TestLateMoveLostOnTime: a move within the grace whose lag does not cover
// its lateness, at 1+1, loses on time; it is not stored and no increment
// is added.
func TestLateMoveLostOnTime(t *testing.T) {
	f := newFixture(t)
	events := startClock(t, f, "g1", "1+1")
	f.clock.Advance(61500 * time.Millisecond) // 61 s: White's first move earned 1 s
	_, err := f.rt.Move(f.ctx, "g1", "alice", MoveRequest{UCI: "g1f3", Ply: 2, ID: 2, Lag: 300 * time.Millisecond})
	if game.CodeOf(err) != game.CodeGameOver {
		t.Fatalf("the late move: %v, want game over", err)
	}
	wantFlag(t, f, "g1", events)
	if rec, _ := f.store.LoadGame(f.ctx, "g1"); len(rec.Moves) != 2 {
		t.Fatalf("%d moves stored", len(rec.Moves))
	}
}

// TestTimerAfterTheQuotaIsSpent: a player who spent the quota on a claimed
// lag has one gain of it back (390 ms at 1+0), and the flag falls that
// long after the raw deadline.
func TestTimerAfterTheQuotaIsSpent(t *testing.T) {
	f := newFixture(t)
	events := startClock(t, f, "g1", "1+0")
	f.clock.Advance(5 * time.Second)
	ack, err := f.rt.Move(f.ctx, "g1", "alice", MoveRequest{UCI: "g1f3", Ply: 2, ID: 2, Lag: time.Hour})
	if err != nil || ack.Move.LagCredit != 1170*time.Millisecond {
		t.Fatalf("a lying claim: %+v, %v", ack.Move, err)
	}
	f.clock.Advance(time.Second)
	f.move("g1", "bob", "b8c6", 3, 2)
	<-events
	<-events
	f.clock.Advance(ack.Move.Remaining + 389*time.Millisecond)
	noEvent(t, events, "inside the small grace")
	f.clock.Advance(time.Millisecond)
	wantFlag(t, f, "g1", events)
}
