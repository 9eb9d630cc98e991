package server

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

// TestTokenScopesOnDeliveredFrames: the frames that tell a user's own
// business (challenges and pairings on the lobby socket, rematch offers on
// the game socket, the schedule socket's notes) reach a token only when
// it holds challenge:read, as the HTTP API that shows the same; a guest
// has no schedule socket.
func TestTokenScopesOnDeliveredFrames(t *testing.T) {
	env, _ := schedEnv(t, false)
	ana, beto := env.account(t, "ana"), env.account(t, "beto")
	bearer := func(scopes ...string) *person {
		var tok struct{ Token string }
		if scopes == nil {
			scopes = []string{}
		}
		ana.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{"name": "bot", "scopes": scopes}, &tok)
		p := env.anonymous(t)
		p.header.Set("Authorization", "Bearer "+tok.Token)
		p.id = ana.id
		return p
	}
	playOnly, reader := bearer("board:play"), bearer("challenge:read")

	t.Run("schedule socket", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			p    *person
			want int
		}{
			{"guest", env.guest(t), http.StatusUnauthorized},
			{"nobody", env.anonymous(t), http.StatusUnauthorized},
			{"token without challenge:read", playOnly, http.StatusForbidden},
		} {
			_, err := tc.p.tryDial("/api/schedule/socket", nil)
			var de *dialError
			if !errors.As(err, &de) || de.status != tc.want {
				t.Errorf("%s opened the schedule socket: %v, want %d", tc.name, err, tc.want)
			}
		}
		reader.dial("/api/schedule/socket")
	})

	t.Run("lobby socket", func(t *testing.T) {
		blind, sees := playOnly.dial("/api/lobby/socket"), reader.dial("/api/lobby/socket")
		for _, s := range []*wsClient{blind, sees} {
			s.frame("seeks")
		}
		beto.must(http.StatusCreated, "POST", "/api/challenge/ana", map[string]any{"timeControl": "10+5"}, nil)
		// Then an event every socket sees: the challenge, published
		// before it, would have come first.
		beto.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "15+10"}, nil)
		sees.frame(frameChallenge)
		blind.frame("seekAdded")
		// ana's own seek pairs with beto's; then another seek, which every
		// socket sees after the pairing.
		ana.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "15+10"}, nil)
		sees.frame(framePaired)
		beto.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "20+0"}, nil)
		for _, s := range []*wsClient{blind, sees} {
			s.next("the last seek", func(f wsFrame) bool { return f.T == "seekAdded" && strings.Contains(string(f.D), "20+0") })
		}
		for _, f := range blind.pending {
			if f.T == frameChallenge || f.T == framePaired {
				t.Fatalf("a token without challenge:read was sent a %s frame: %s", f.T, f.D)
			}
		}
	})

	t.Run("game socket", func(t *testing.T) {
		id := env.pairBySeek(ana, beto, "10+0")
		beto.must(http.StatusOK, "POST", "/api/game/"+id+"/resign", nil, nil)
		beto.must(http.StatusOK, "POST", "/api/game/"+id+"/rematch", nil, nil)
		blind, sees := playOnly.dial("/api/game/"+id+"/socket"), reader.dial("/api/game/"+id+"/socket")
		sees.frame(frameRematch)
		blind.full()
		blind.send("ping", nil)
		blind.frame("pong")
		for _, f := range blind.pending {
			if f.T == frameRematch {
				t.Fatalf("a token without challenge:read was sent a rematch offer: %s", f.D)
			}
		}
	})
}
