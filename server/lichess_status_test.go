package server

import (
	"testing"

	"github.com/joinpal/joinpal/game"
)

// TestLichessStatus: every way a game stands or ends has a status name of
// lichess's, and the ones lichess names apart are named as lichess does.
func TestLichessStatus(t *testing.T) {
	tests := []struct {
		status game.Status
		term   game.Termination
		want   string
	}{
		{game.StatusCreated, game.TerminationNone, "created"},
		{game.StatusStarted, game.TerminationNone, "started"},
		{game.StatusAborted, game.TerminationNone, "aborted"},
		{game.StatusEnded, game.Checkmate, "mate"},
		{game.StatusEnded, game.Resignation, "resign"},
		{game.StatusEnded, game.Stalemate, "stalemate"},
		{game.StatusEnded, game.Timeout, "outoftime"},
		{game.StatusEnded, game.TimeoutVsInsufficientMaterial, "outoftime"},
		{game.StatusEnded, game.Abandonment, "timeout"},
		{game.StatusEnded, game.NoShow, "noStart"},
		{game.StatusEnded, game.NoStart, "noStart"},
		{game.StatusEnded, game.Agreement, "draw"},
	}
	for _, tt := range tests {
		if got := lichessStatus(tt.status, tt.term); got != tt.want {
			t.Errorf("lichessStatus(%v, %v) = %q, want %q", tt.status, tt.term, got, tt.want)
		}
	}
	for _, term := range game.Terminations() {
		if got := lichessStatus(game.StatusEnded, term); !lichessStatuses[got] {
			t.Errorf("%v: %q is no status of lichess's", term, got)
		}
	}
	if got := lichessGameStatus(game.StatusCreated, game.TerminationNone); got != "started" {
		t.Errorf("a game nobody moved in is %q on the board API, want started", got)
	}
}
