package live

import (
	"errors"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestStaleOwnerDropsTheGame: once another node has claimed the running
// games (it started while this one stalled past its timeout), this
// runtime's next write of a game is refused by the store, changes nothing,
// and the game leaves this runtime — whether the write was a move or the
// timer's flag.
func TestStaleOwnerDropsTheGame(t *testing.T) {
	tests := []struct {
		name string
		act  func(f *fixture)
	}{
		{"a move", func(f *fixture) {
			_, err := f.rt.Move(f.ctx, "g1", "bob", MoveRequest{UCI: "e7e5", Ply: 1, ID: 2})
			if !errors.Is(err, ErrUnavailable) || !errors.Is(err, game.ErrNotOwner) {
				f.t.Errorf("move by a stale owner: %v, want %s for %s", err, CodeUnavailable, game.CodeNotOwner)
			}
		}},
		{"the timer's flag", func(f *fixture) { f.clock.Advance(5 * time.Minute) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.create("g1", "5+0")
			f.move("g1", "alice", "e2e4", 0, 1)
			before, err := f.store.LoadGame(f.ctx, "g1")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.store.ClaimGames(f.ctx, "other"); err != nil {
				t.Fatal(err)
			}
			tt.act(f)
			if f.running("g1") {
				t.Errorf("the stale owner still runs the game")
			}
			after, err := f.store.LoadGame(f.ctx, "g1")
			if err != nil {
				t.Fatal(err)
			}
			if len(after.Moves) != 1 || after.State.Seq != before.State.Seq || after.State.Status != game.StatusStarted {
				t.Errorf("the stale owner's write changed the game: %d moves, seq %d (was %d), %v",
					len(after.Moves), after.State.Seq, before.State.Seq, after.State.Status)
			}
		})
	}
}
