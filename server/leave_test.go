package server

import (
	"net/http"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// TestLeavePaths: every way of leaving — the socket's leave frame, POST
// /api/game/{id}/leave, and the page's beacon to it on pagehide (which the
// page sends after the player confirmed leaving through a site link) —
// follows game.Game.Leave's one rule: an abort while the game may still be
// aborted, a resignation after.
func TestLeavePaths(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	paths := []string{"frame", "http", "beacon"}
	stages := []struct {
		name   string
		moves  []string
		status game.Status
		result game.Result
	}{
		{"before any move", nil, game.StatusAborted, game.NoResult},
		{"after white's first move", []string{"e2e4"}, game.StatusAborted, game.NoResult},
		{"after both first moves", []string{"e2e4", "e7e5"}, game.StatusEnded, game.WhiteWins},
	}
	for _, path := range paths {
		for _, st := range stages {
			t.Run(path+" "+st.name, func(t *testing.T) {
				id, _, bruno, white, black := startedGame(t, env, "5+0")
				for i, uci := range st.moves {
					c := white
					if i%2 == 1 {
						c = black
					}
					c.move(uci, i, int64(i+1))
				}
				switch path {
				case "frame":
					black.send("leave", map[string]any{"id": 9})
					black.ack(9)
				case "http":
					bruno.must(http.StatusOK, "POST", "/api/game/"+id+"/leave", nil, nil)
				case "beacon":
					if status, body := beacon(t, bruno, "/api/game/"+id+"/leave", "same-origin", env.http.URL); status != http.StatusOK {
						t.Fatalf("beacon: %d %s", status, body)
					}
				}
				ended(white)
				got := env.storedGame(id).State
				term := game.Resignation
				if st.status == game.StatusAborted {
					term = game.TerminationNone
				}
				if got.Status != st.status || got.Termination != term || got.Result != st.result {
					t.Fatalf("left: %v %v %v, want %v %v %v", got.Status, got.Termination, got.Result, st.status, term, st.result)
				}
			})
		}
	}
}
