package storetest

import (
	"testing"

	"github.com/joinpal/joinpal/game"
)

// testDecided: a game stored as ended or aborted is never rewritten with
// another end, nor given another move, whoever writes; the same end written
// again is accepted (its other fields may change).
func testDecided(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	mated := newRecord(t, "mated")
	mustCreate(t, s, mated)
	for ply := range 4 {
		st := stateAfter(mated, ply)
		if ply == 3 {
			st.Status, st.Termination, st.Result, st.EndedAt = game.StatusEnded, game.Checkmate, game.BlackWins, at(9000)
		}
		if err := s.AppendMove(t.Context(), mated.ID, move(ply), st); err != nil {
			t.Fatalf("AppendMove(%d): %v", ply, err)
		}
	}
	aborted := newRecord(t, "aborted")
	aborted.State.Status = game.StatusAborted
	mustCreate(t, s, aborted)

	abandoned := stateAfter(mated, 3)
	abandoned.Status, abandoned.Termination, abandoned.Result, abandoned.Seq = game.StatusEnded, game.Abandonment, game.BothLose, 99
	restarted := stateAfter(aborted, 0)
	for _, tt := range []struct {
		name  string
		write func() error
		id    string
	}{
		{"another end", func() error { return s.SaveState(t.Context(), "mated", abandoned) }, "mated"},
		{"playing again", func() error { return s.SaveState(t.Context(), "mated", stateAfter(mated, 3)) }, "mated"},
		{"a move after the end", func() error { return s.AppendMove(t.Context(), "mated", move(4), stateAfter(mated, 4)) }, "mated"},
		{"a move at a taken ply", func() error { return s.AppendMove(t.Context(), "mated", move(3), stateAfter(mated, 3)) }, "mated"},
		{"an aborted game started", func() error { return s.SaveState(t.Context(), "aborted", restarted) }, "aborted"},
		{"a move in an aborted game", func() error { return s.AppendMove(t.Context(), "aborted", move(0), restarted) }, "aborted"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := mustLoad(t, s, tt.id)
			wantCode(t, tt.name, tt.write(), game.CodeDecided)
			checkRecord(t, "the game after a refused write", mustLoad(t, s, tt.id), before)
		})
	}

	// The same end again, with what else may change after it (presence).
	again := mustLoad(t, s, "mated")
	again.State.Present = [2]bool{true, true}
	again.State.Seq++
	if err := s.SaveState(t.Context(), "mated", again.State); err != nil {
		t.Fatalf("SaveState of the same end: %v", err)
	}
	checkRecord(t, "the game after the same end again", mustLoad(t, s, "mated"), again)
}
