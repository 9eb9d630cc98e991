package lobby_test

import (
	"regexp"
	"testing"

	"github.com/joinpal/joinpal/lobby"
)

func TestNewNeedsStoreAndGames(t *testing.T) {
	e := newEnv(t)
	for _, cfg := range []lobby.Config{{}, {Store: e.store}, {Games: e.games}} {
		if _, err := lobby.New(cfg); err == nil {
			t.Errorf("New(%+v) succeeded", cfg)
		}
	}
}

// The default ids are 8 letters and digits, all different.
func TestDefaultIDs(t *testing.T) {
	e := newEnv(t, func(c *lobby.Config) { c.NewID = nil })
	id := regexp.MustCompile(`^[0-9A-Za-z]{8}$`)
	seen := map[string]bool{}
	for range 50 {
		c, err := e.svc.Challenge(t.Context(), link(t, account("u:a", 1500)))
		mustNoErr(t, "Challenge", err)
		if !id.MatchString(c.ID) || seen[c.ID] {
			t.Fatalf("id %q: not 8 letters and digits, or seen before", c.ID)
		}
		seen[c.ID] = true
	}
}
