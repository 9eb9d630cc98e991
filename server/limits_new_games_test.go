package server

import (
	"net/http"
	"testing"
	"time"
)

// TestNewGamesPerPlayerLimit: seeks, challenges and games against the AI
// count together against Limits.NewGamesPerPlayer; the refused request
// changes nothing, other players are not held back, and the limit refills
// with the server's clock.
func TestNewGamesPerPlayerLimit(t *testing.T) {
	env := newPlayEnv(t, playOptions{config: func(c *Config) { c.Limits.NewGamesPerPlayer = Rate{3, time.Hour} }})
	alba, bruno := env.guest(t), env.guest(t)

	alba.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "5+0"}, nil)
	alba.must(http.StatusCreated, "POST", "/api/challenge/open", map[string]any{"timeControl": "3+2"}, nil)
	alba.must(http.StatusCreated, "POST", "/api/challenge/ai", map[string]any{"level": 1, "timeControl": "10+0"}, nil)

	res := alba.do("POST", "/api/seek", map[string]any{"timeControl": "15+10"})
	e := expect(t, res, http.StatusTooManyRequests, CodeRateLimited)
	if e.Params["seconds"] == "" || res.header.Get("Retry-After") == "" {
		t.Fatalf("the refusal says no wait: %s %v", res.body, res.header)
	}
	var seeks []struct {
		TimeControl string `json:"timeControl"`
	}
	alba.must(http.StatusOK, "GET", "/api/seeks", nil, &seeks)
	for _, s := range seeks {
		if s.TimeControl == "15+10" {
			t.Fatalf("the refused seek is in the lobby: %+v", seeks)
		}
	}
	// The AI's games and the lobby's rematch with the AI are counted too.
	if res := alba.do("POST", "/api/challenge/ai", map[string]any{"level": 1, "timeControl": "10+0"}); res.status != http.StatusTooManyRequests {
		t.Fatalf("a fourth new game: %d %s", res.status, res.body)
	}

	// Another player has a limit of its own.
	bruno.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "15+10"}, nil)

	// One request comes back every Period/N (20 minutes here).
	env.srvTime.Advance(20 * time.Minute)
	alba.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "30+0"}, nil)
	if res := alba.do("POST", "/api/seek", map[string]any{"timeControl": "1+0"}); res.status != http.StatusTooManyRequests {
		t.Fatalf("after one came back, a second: %d %s", res.status, res.body)
	}
}
