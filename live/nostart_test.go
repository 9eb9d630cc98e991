package live

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// createNoStart creates game id at 3+0 between alice and bob, with the
// first move not made a loss when loses is set.
func (f *fixture) createNoStart(id string, loses bool) {
	f.t.Helper()
	tc, err := game.ParseTimeControl("3+0")
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.rt.Create(f.ctx, game.Config{ID: id, White: alice, Black: bob, TimeControl: tc, NoStartLoses: loses}); err != nil {
		f.t.Fatal(err)
	}
}

// TestFirstMoveDeadline: the runtime's timer ends a game whose side to
// move did not make its first move in time — aborted, or lost by that
// side when the game was made with NoStartLoses — at the deadline and not
// a millisecond before, and the store says so.
func TestFirstMoveDeadline(t *testing.T) {
	tests := []struct {
		name   string
		loses  bool
		moves  int // made before the wait: 0 White's absence, 1 Black's
		status game.Status
		term   game.Termination
		result game.Result
	}{
		{"white does not move, lost", true, 0, game.StatusEnded, game.NoStart, game.BlackWins},
		{"black does not move, lost", true, 1, game.StatusEnded, game.NoStart, game.WhiteWins},
		{"white does not move, aborted", false, 0, game.StatusAborted, game.TerminationNone, game.NoResult},
		{"black does not move, aborted", false, 1, game.StatusAborted, game.TerminationNone, game.NoResult},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.createNoStart("g1", tt.loses)
			events, cancel := f.rt.Bus().Subscribe("g1")
			t.Cleanup(cancel)
			if tt.moves == 1 {
				f.move("g1", "alice", "e2e4", 0, 1)
				<-events
			}
			f.clock.Advance(game.FirstMoveTimeout - time.Millisecond)
			noEvent(t, events, "a millisecond before the deadline")
			f.clock.Advance(time.Millisecond)
			var ev game.Event
			select {
			case ev = <-events:
			default:
				t.Fatal("no event at the deadline")
			}
			if ev.Status != tt.status || ev.Termination != tt.term || ev.Result != tt.result {
				t.Fatalf("event: status %v, termination %v, result %v; want %v, %v, %v", ev.Status, ev.Termination, ev.Result, tt.status, tt.term, tt.result)
			}
			rec, err := f.store.LoadGame(f.ctx, "g1")
			if err != nil {
				t.Fatal(err)
			}
			if st := rec.State; st.Status != tt.status || st.Termination != tt.term || st.Result != tt.result || rec.NoStartLoses != tt.loses {
				t.Fatalf("stored: %+v, NoStartLoses %v", st, rec.NoStartLoses)
			}
		})
	}
}

// TestNoStartAfterRestart: the option is stored with the game, so a game
// running when the server stopped still ends as lost by the absent side,
// its deadline moved by the downtime.
func TestNoStartAfterRestart(t *testing.T) {
	f := newFixture(t)
	f.createNoStart("g1", true)
	f.move("g1", "alice", "e2e4", 0, 1)
	f.clock.Advance(10 * time.Second)
	f.restart(time.Hour)
	events, cancel := f.rt.Bus().Subscribe("g1")
	defer cancel()
	f.clock.Advance(game.FirstMoveTimeout - 10*time.Second - time.Millisecond)
	noEvent(t, events, "before the deadline moved by the downtime")
	f.clock.Advance(time.Millisecond)
	select {
	case ev := <-events:
		if ev.Termination != game.NoStart || ev.Result != game.WhiteWins {
			t.Fatalf("event %+v", ev)
		}
	default:
		t.Fatal("no end at the deadline")
	}
}
