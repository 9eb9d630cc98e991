package storetest

import (
	"testing"

	"github.com/joinpal/joinpal/game"
)

// testOnCommit: a game's write made under game.WithOnCommit runs the
// function once, before the write returns, when the write commits through
// the store's group commit (a move, a state of a game under way); a write
// the store refuses never runs it, and changes nothing.
func testOnCommit(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	rec := newRecord(t, "g")
	mustCreate(t, s, rec)
	for _, tt := range []struct {
		name  string
		write func(onCommit func()) error
		runs  int
	}{
		{"a move", func(f func()) error {
			return s.AppendMove(game.WithOnCommit(t.Context(), f), "g", move(0), stateAfter(rec, 0))
		}, 1},
		{"the next move", func(f func()) error {
			return s.AppendMove(game.WithOnCommit(t.Context(), f), "g", move(1), stateAfter(rec, 1))
		}, 1},
		{"a move at a ply taken", func(f func()) error {
			return s.AppendMove(game.WithOnCommit(t.Context(), f), "g", move(1), stateAfter(rec, 1))
		}, 0},
		{"a move of a missing game", func(f func()) error {
			return s.AppendMove(game.WithOnCommit(t.Context(), f), "nope", move(0), stateAfter(rec, 0))
		}, 0},
		{"a state", func(f func()) error {
			return s.SaveState(game.WithOnCommit(t.Context(), f), "g", stateAfter(rec, 2))
		}, 1},
	} {
		before := mustLoad(t, s, "g")
		runs := 0
		err := tt.write(func() { runs++ })
		if runs != tt.runs || (err == nil) != (tt.runs == 1) {
			t.Errorf("%s: %v, the function ran %d times; want %d", tt.name, err, runs, tt.runs)
		}
		if err != nil {
			checkRecord(t, "the game after "+tt.name, mustLoad(t, s, "g"), before)
		}
	}
}
