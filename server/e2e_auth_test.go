package server

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// matrixAction is one game action as the authorisation matrix tries it.
type matrixAction struct {
	name string
	// path is the HTTP action after /api/game/{id}; frame the socket's.
	path, frame string
	// setup brings a new game to where the action makes sense (white to
	// move); it returns the game's id.
	setup func(t *testing.T, m *matrix) string
	// rightful are the roles allowed to do it.
	rightful []string
}

// matrix is the people of the authorisation matrix: two accounts playing
// (alba white, bruno black), and everyone who must not act for them.
type matrix struct {
	env   *playEnv
	roles map[string]*person
}

func newMatrix(t *testing.T) *matrix {
	// Every case opens its sockets and keeps them to the end: more than
	// one user may hold open by default.
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		c.SessionTTL = time.Hour
		c.Socket.MaxPerUser, c.Socket.MaxPerAddress = 1000, 1000
	}})
	m := &matrix{env: env, roles: map[string]*person{}}
	alba, bruno := env.account(t, "alba"), env.account(t, "bruno")
	carla := env.account(t, "carla")
	scoped := func(p *person, scopes ...string) (secret, id string) {
		var tok struct{ ID, Token string }
		if scopes == nil {
			scopes = []string{}
		}
		p.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{"name": "bot", "scopes": scopes}, &tok)
		return tok.Token, tok.ID
	}
	token := func(p *person) (secret, id string) {
		return scoped(p, "board:play", "challenge:read", "challenge:write")
	}
	// The players' own tokens, without the scope to play.
	bearer := func(p *person, secret string) *person {
		b := env.anonymous(t)
		b.header.Set("Authorization", "Bearer "+secret)
		b.id = p.id
		return b
	}
	noScope, _ := scoped(alba)
	readOnly, _ := scoped(alba, "challenge:read", "challenge:write")
	blackNoScope, _ := scoped(bruno)
	stranger := env.anonymous(t)
	secret, _ := token(carla)
	stranger.header.Set("Authorization", "Bearer "+secret)
	stranger.id = carla.id
	revoked := env.anonymous(t)
	secret, tokID := token(alba)
	revoked.header.Set("Authorization", "Bearer "+secret)
	alba.must(http.StatusNoContent, "DELETE", "/api/tokens/"+tokID, nil, nil)
	forged := env.anonymous(t)
	forged.header.Set("Cookie", sessionCookie+"=jps_"+"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
	// alba's second browser logs in, then goes unused past its session's
	// life while the players' own sessions are kept alive by use.
	expired := env.anonymous(t)
	expired.must(http.StatusOK, "POST", "/api/account/login", map[string]string{"username": "alba", "password": "correct horse battery"}, nil)
	env.srvTime.Advance(40 * time.Minute)
	alba.must(http.StatusOK, "GET", "/api/account/me", nil, nil)
	bruno.must(http.StatusOK, "GET", "/api/account/me", nil, nil)
	env.srvTime.Advance(25 * time.Minute)
	if res := expired.do("GET", "/api/account/me", nil); res.status != http.StatusUnauthorized {
		t.Fatalf("the expired session still works: %d %s", res.status, res.body)
	}
	m.roles = map[string]*person{
		"white": alba, "black": bruno, "spectator": env.guest(t), "stranger": stranger,
		"forged": forged, "expired": expired, "revoked": revoked,
		"white's token without scopes":     bearer(alba, noScope),
		"white's token to read challenges": bearer(alba, readOnly),
		"black's token without scopes":     bearer(bruno, blackNoScope),
	}
	return m
}

// newGame creates a game between alba (white) and bruno (black) and plays
// moves in it.
func (m *matrix) newGame(t *testing.T, moves ...string) string {
	t.Helper()
	id := game.NewID()
	tc, _ := game.ParseTimeControl("10+0")
	alba, bruno := m.roles["white"], m.roles["black"]
	if _, err := m.env.rt.Create(context.Background(), game.Config{ID: id, TimeControl: tc,
		White: game.Player{ID: alba.id, Name: "alba"}, Black: game.Player{ID: bruno.id, Name: "bruno"}}); err != nil {
		t.Fatal(err)
	}
	for ply, uci := range moves {
		p := alba
		if ply%2 == 1 {
			p = bruno
		}
		p.must(http.StatusOK, "POST", "/api/game/"+id+"/move/"+uci+"?ply="+itoa64(int64(ply)), nil, nil)
	}
	return id
}

// snapshot is what must not change when an action is refused: the stored
// game and the lobby's open challenges of its players.
func (m *matrix) snapshot(t *testing.T, id string) string {
	t.Helper()
	rec := m.env.storedGame(id)
	open, err := m.env.lobby.ChallengesFor(context.Background(), m.roles["white"].id)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(struct {
		Rec  game.Record
		Open int
	}{rec, len(open)})
	return string(b)
}

// TestE2EAuthorisationMatrix: every game action, by HTTP and over the
// socket, by the player to move, the opponent, a spectator, a stranger
// (another account's token), a forged cookie, an expired session and a
// revoked token, and the players' own tokens that lack board:play: only the
// rightful succeed, and every refusal leaves the stored game (and the
// lobby) as it was.
func TestE2EAuthorisationMatrix(t *testing.T) {
	m := newMatrix(t)
	finished := func(t *testing.T, m *matrix) string {
		id := m.newGame(t, "e2e4")
		m.roles["black"].must(http.StatusOK, "POST", "/api/game/"+id+"/resign", nil, nil)
		return id
	}
	actions := []matrixAction{
		{"move", "/move/e2e4?ply=0", "move", func(t *testing.T, m *matrix) string { return m.newGame(t) }, []string{"white"}},
		{"resign", "/resign", "resign", func(t *testing.T, m *matrix) string { return m.newGame(t, "e2e4", "e7e5") }, []string{"white", "black"}},
		{"abort", "/abort", "abort", func(t *testing.T, m *matrix) string { return m.newGame(t) }, []string{"white", "black"}},
		{"draw offer", "/draw/offer", "draw-offer", func(t *testing.T, m *matrix) string { return m.newGame(t, "e2e4", "e7e5") }, []string{"white", "black"}},
		{"draw accept", "/draw/accept", "draw-accept", func(t *testing.T, m *matrix) string {
			id := m.newGame(t, "e2e4", "e7e5")
			m.roles["black"].must(http.StatusOK, "POST", "/api/game/"+id+"/draw/offer", nil, nil)
			return id
		}, []string{"white"}},
		{"draw decline", "/draw/decline", "draw-decline", func(t *testing.T, m *matrix) string {
			id := m.newGame(t, "e2e4", "e7e5")
			m.roles["black"].must(http.StatusOK, "POST", "/api/game/"+id+"/draw/offer", nil, nil)
			return id
		}, []string{"white"}},
		{"takeback offer", "/takeback/offer", "takeback-offer", func(t *testing.T, m *matrix) string { return m.newGame(t, "e2e4", "e7e5") }, []string{"white", "black"}},
		{"takeback accept", "/takeback/accept", "takeback-accept", func(t *testing.T, m *matrix) string {
			id := m.newGame(t, "e2e4", "e7e5")
			m.roles["black"].must(http.StatusOK, "POST", "/api/game/"+id+"/takeback/offer", nil, nil)
			return id
		}, []string{"white"}},
		{"takeback decline", "/takeback/decline", "takeback-decline", func(t *testing.T, m *matrix) string {
			id := m.newGame(t, "e2e4", "e7e5")
			m.roles["black"].must(http.StatusOK, "POST", "/api/game/"+id+"/takeback/offer", nil, nil)
			return id
		}, []string{"white"}},
		{"takeback cancel", "/takeback/cancel", "takeback-cancel", func(t *testing.T, m *matrix) string {
			id := m.newGame(t, "e2e4", "e7e5")
			m.roles["black"].must(http.StatusOK, "POST", "/api/game/"+id+"/takeback/offer", nil, nil)
			return id
		}, []string{"black"}},
		{"leave", "/leave", "leave", func(t *testing.T, m *matrix) string { return m.newGame(t, "e2e4", "e7e5") }, []string{"white", "black"}},
		{"rematch", "/rematch", "rematch", finished, []string{"white", "black"}},
		{"rematch decline", "/rematch/decline", "rematch-decline", func(t *testing.T, m *matrix) string {
			id := finished(t, m)
			m.roles["black"].must(http.StatusOK, "POST", "/api/game/"+id+"/rematch", nil, nil)
			return id
		}, []string{"white"}},
	}
	weakTokens := []string{"white's token without scopes", "white's token to read challenges", "black's token without scopes"}
	order := append([]string{"spectator", "stranger", "forged", "expired", "revoked"}, weakTokens...)
	order = append(order, "white", "black")
	for _, a := range actions {
		t.Run(a.name+" by HTTP", func(t *testing.T) {
			rightful := map[string]bool{}
			for _, r := range a.rightful {
				rightful[r] = true
			}
			id := a.setup(t, m)
			// Every wrong role first, then the first rightful one.
			for _, role := range append(order, a.rightful[0]) {
				if rightful[role] && role != a.rightful[0] {
					continue
				}
				before := m.snapshot(t, id)
				res := m.roles[role].do("POST", "/api/game/"+id+a.path, nil)
				if rightful[role] {
					if res.status != http.StatusOK {
						t.Fatalf("%s (rightful) was refused: %d %s", role, res.status, res.body)
					}
					if m.snapshot(t, id) == before {
						t.Fatalf("%s's %s changed nothing", role, a.name)
					}
					return
				}
				if res.status < 400 || res.status >= 500 {
					t.Fatalf("%s's %s answered %d %s", role, a.name, res.status, res.body)
				}
				if after := m.snapshot(t, id); after != before {
					t.Fatalf("%s's refused %s changed the game:\n%s\n%s", role, a.name, before, after)
				}
			}
		})
		t.Run(a.name+" over the socket", func(t *testing.T) {
			id := a.setup(t, m)
			for _, role := range append([]string{"spectator", "stranger", "forged", "expired"}, weakTokens...) {
				sock := m.roles[role].dial("/api/game/" + id + "/socket")
				before := m.snapshot(t, id)
				d := map[string]any{"id": 77}
				if a.frame == "move" {
					d = map[string]any{"uci": "e2e4", "ply": 0, "id": 77}
				}
				sock.send(a.frame, d)
				if code := sock.refusal(77); code == "" {
					t.Fatalf("%s's %s: no code", role, a.name)
				}
				if after := m.snapshot(t, id); after != before {
					t.Fatalf("%s's refused %s changed the game", role, a.name)
				}
			}
			if _, err := m.roles["revoked"].tryDial("/api/game/"+id+"/socket", nil); err == nil {
				t.Fatal("a revoked token opened a socket")
			}
			sock := m.roles[a.rightful[0]].dial("/api/game/" + id + "/socket")
			d := map[string]any{"id": 78}
			if a.frame == "move" {
				d = map[string]any{"uci": "e2e4", "ply": 0, "id": 78}
			}
			sock.send(a.frame, d)
			sock.ack(78)
		})
	}
}
