package league

import (
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/tournament"
)

// TestResultOf: how a stored game's end becomes a board's result; a
// no-show is a forfeit (TRF "+"/"-"), both absent a double forfeit, and a
// game not over or aborted stays pending.
func TestResultOf(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status game.Status
		term   game.Termination
		result game.Result
		want   tournament.Result
	}{
		{"mate", game.StatusEnded, game.Checkmate, game.WhiteWins, tournament.WhiteWins},
		{"resigned", game.StatusEnded, game.Resignation, game.BlackWins, tournament.BlackWins},
		{"drawn", game.StatusEnded, game.Agreement, game.Drawn, tournament.Drawn},
		{"black absent", game.StatusEnded, game.NoShow, game.WhiteWins, tournament.WhiteWinsByForfeit},
		{"white absent", game.StatusEnded, game.NoShow, game.BlackWins, tournament.BlackWinsByForfeit},
		{"both absent", game.StatusEnded, game.NoShow, game.BothLose, tournament.DoubleForfeit},
		{"playing", game.StatusStarted, 0, game.NoResult, tournament.Pending},
		{"aborted", game.StatusAborted, 0, game.NoResult, tournament.Pending},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := game.Record{State: game.State{Status: tc.status, Termination: tc.term, Result: tc.result}}
			if got := resultOf(rec); got != tc.want {
				t.Fatalf("resultOf = %v, want %v", got, tc.want)
			}
		})
	}
}
