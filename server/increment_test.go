package server

import (
	"net/http"
	"testing"
	"time"

	"github.com/joinpal/joinpal/schedule"
)

// TestIncrementFromTheFirstMoveByKind: every way a game is started over
// the API — a lobby seek, a challenge, a game against the AI, a rematch, a
// scheduled game — adds the increment after each side's first move (FIDE
// 6.3), as the stored clock shows.
func TestIncrementFromTheFirstMoveByKind(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	// started returns a game at 1+10 of the kind, alba White, and the
	// player who answers 1. e4 (nil when the AI does).
	tests := []struct {
		name    string
		started func(t *testing.T) (id string, white, black *person)
	}{
		{"lobby seek", func(t *testing.T) (string, *person, *person) {
			alba, bruno := env.guest(t), env.guest(t)
			return env.pairBySeek(alba, bruno, "1+10"), alba, bruno
		}},
		{"challenge", func(t *testing.T) (string, *person, *person) {
			alba, bruno := env.account(t, "alba_inc"), env.account(t, "bruno_inc")
			var c, accepted challengeJSON
			alba.must(http.StatusCreated, "POST", "/api/challenge/bruno_inc", map[string]any{"timeControl": "1+10", "color": "white"}, &c)
			bruno.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/accept", nil, &accepted)
			return accepted.GameID, alba, bruno
		}},
		{"against the AI", func(t *testing.T) (string, *person, *person) {
			alba := env.guest(t)
			var g struct{ ID string }
			alba.must(http.StatusCreated, "POST", "/api/challenge/ai", map[string]any{"level": 1, "color": "white", "timeControl": "1+10"}, &g)
			return g.ID, alba, nil
		}},
		{"rematch", func(t *testing.T) (string, *person, *person) {
			alba, bruno := env.guest(t), env.guest(t)
			first := env.pairBySeek(bruno, alba, "1+10") // bruno White: the rematch gives alba White
			bruno.must(http.StatusOK, "POST", "/api/game/"+first+"/resign", nil, nil)
			alba.must(http.StatusOK, "POST", "/api/game/"+first+"/rematch", nil, nil)
			var c challengeJSON
			bruno.must(http.StatusOK, "POST", "/api/game/"+first+"/rematch", nil, &c)
			if c.GameID == "" {
				t.Fatalf("the rematch did not start: %+v", c)
			}
			return c.GameID, alba, bruno
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, white, black := tt.started(t)
			white.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e2e4", nil, nil)
			if c := env.storedGame(id).State.Clock; c == nil || c.WhiteMs != 70_000 {
				t.Fatalf("after 1. e4 the clock is %+v, want White at 70 000 ms", c)
			}
			if black == nil {
				return
			}
			black.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e7e5", nil, nil)
			if c := env.storedGame(id).State.Clock; c.WhiteMs != 70_000 || c.BlackMs != 70_000 {
				t.Fatalf("after 1... e5 the clock is %+v, want both at 70 000 ms", c)
			}
		})
	}
	t.Run("scheduled", func(t *testing.T) {
		env, _ := schedEnv(t, false)
		ana, beto := env.account(t, "ana"), env.account(t, "beto")
		start := env.clock.Now().Add(2 * time.Hour).Truncate(time.Minute)
		var a scheduleJSON
		ana.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "beto", "local": start.UTC().Format(schedule.LocalLayout),
			"zone": "UTC", "timeControl": "1+10", "color": "white"}, &a)
		beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/accept", nil, &a)
		env.clock.Advance(start.Sub(env.clock.Now()) + 5*time.Second) // White thinks 5 s from the start
		ana.must(http.StatusOK, "POST", "/api/game/"+a.GameID+"/move/e2e4", nil, nil)
		if c := env.storedGame(a.GameID).State.Clock; c == nil || c.WhiteMs != 65_000 {
			t.Fatalf("after 1. e4 the clock is %+v, want White at 65 000 ms", c)
		}
	})
}
