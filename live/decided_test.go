package live

import (
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestDecidedElsewhereTakesTheStoredEnd: when the store refuses a write
// because someone else ended the game, the runtime neither retries nor
// overwrites it: the command fails with game.decided, the stored end is
// announced as a full event, and the game leaves memory — whether the
// write was a player's move or the timer's flag.
func TestDecidedElsewhereTakesTheStoredEnd(t *testing.T) {
	tests := []struct {
		name string
		// act makes the runtime write the game.
		act func(f *fixture)
	}{
		{"a move", func(f *fixture) {
			_, err := f.rt.Move(f.ctx, "g1", "bob", MoveRequest{UCI: "e7e5", Ply: 1, ID: 2})
			if game.CodeOf(err) != game.CodeDecided {
				f.t.Errorf("move in a game decided elsewhere: %v, want %s", err, game.CodeDecided)
			}
		}},
		{"the timer's flag", func(f *fixture) {
			f.clock.Advance(5 * time.Minute) // black's time runs out
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.create("g1", "5+0")
			f.move("g1", "alice", "e2e4", 0, 1)
			events, cancel := f.rt.Bus().Subscribe("g1")
			defer cancel()

			// Another process decides the game.
			rec, err := f.store.LoadGame(f.ctx, "g1")
			if err != nil {
				t.Fatal(err)
			}
			st := rec.State
			st.Status, st.Termination, st.Result, st.EndedAt = game.StatusEnded, game.Resignation, game.WhiteWins, f.clock.Now()
			clock := *st.Clock
			clock.State = game.ClockStopped
			st.Clock, st.Seq = &clock, st.Seq+1
			if err := f.store.SaveState(f.ctx, "g1", st); err != nil {
				t.Fatal(err)
			}

			tt.act(f)
			ev := <-events
			if ev.Type != game.EventFull || ev.Status != game.StatusEnded || ev.Termination != game.Resignation || ev.Result != game.WhiteWins {
				t.Fatalf("announced %+v, want the stored end in full", ev)
			}
			if ev.Seq <= 2 {
				t.Errorf("the announcement is numbered %d, not after the events published (2)", ev.Seq)
			}
			if f.running("g1") {
				t.Errorf("the game decided elsewhere is still in memory")
			}
			if got, err := f.store.LoadGame(f.ctx, "g1"); err != nil || len(got.Moves) != 1 || got.State.Result != game.WhiteWins {
				t.Fatalf("stored after the refusal: %d moves, %v, %v", len(got.Moves), got.State.Result, err)
			}
			if strings.Contains(f.logs.String(), "level=ERROR") {
				t.Errorf("a game decided elsewhere was logged as an error:\n%s", f.logs)
			}
		})
	}
}
