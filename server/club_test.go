package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
)

// withClubs wires a club service on the test store, on the test clock.
func withClubs(env **testEnv) func(*Config) {
	return func(c *Config) {
		svc, err := club.New(club.Config{Store: c.Accounts.(club.Store), Now: c.Now})
		if err != nil {
			panic(err)
		}
		c.Clubs = svc
	}
}

// clubPageOf reads GET /api/club/{id} as c sees it.
func clubPageOf(t *testing.T, c *client, id string) (clubPageJSON, []byte) {
	t.Helper()
	r := c.do("GET", "/api/club/"+id, "")
	if r.status != http.StatusOK {
		t.Fatalf("GET /api/club/%s: %d %s", id, r.status, r.body)
	}
	var p clubPageJSON
	r.decode(t, &p)
	return p, r.body
}

func mustStatus(t *testing.T, r response, status int) response {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d (%s), want %d", r.status, r.body, status)
	}
	return r
}

func names(ms []club.Membership) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Name+":"+string(m.Role))
	}
	return strings.Join(out, ",")
}

// TestClubsOverHTTP: every route of /api/club…, on both stores: a club by
// request (a request approved, one declined), members promoted, demoted,
// removed, a club by invitation (an invitation accepted), the search, the
// ownership handed over, leaving, deleting.
func TestClubsOverHTTP(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		var env *testEnv
		env = newEnv(withClubs(&env))
		ana, _ := env.signUp(t, "ana", "password-ana")
		beto, _ := env.signUp(t, "beto", "password-beto")
		cris, _ := env.signUp(t, "cris", "password-cris")
		nobody := env.browser(t)

		r := mustStatus(t, ana.do("POST", "/api/clubs", `{"name":"  Peón  Rojo ","description":"Los jueves <b>a las 7</b>","policy":"request"}`), http.StatusCreated)
		var p clubPageJSON
		r.decode(t, &p)
		if p.Club.ID != "peon-rojo" || p.Club.Name != "Peón Rojo" || p.Club.Description != "Los jueves <b>a las 7</b>" ||
			p.Club.Policy != club.ByRequest || p.Club.Members != 1 || !strings.HasSuffix(p.Club.URL, "/club/peon-rojo") ||
			p.Me == nil || !p.Me.Own || !p.Me.Manage || p.ChatRoom != "club:peon-rojo" || p.Tournaments == nil || p.Games == nil {
			t.Fatalf("created: %s", r.body)
		}
		mustStatus(t, beto.do("POST", "/api/club/peon-rojo/join", ""), http.StatusOK).decode(t, &p)
		if p.Me.Role != "requested" || len(p.Requests) != 0 || names(p.Members) != "ana:owner" {
			t.Fatalf("beto's request, as beto sees it: %+v", p)
		}
		env.clock.Advance(time.Minute) // requests are listed by when they were made
		mustStatus(t, cris.do("POST", "/api/club/peon-rojo/join", ""), http.StatusOK)
		p, _ = clubPageOf(t, ana, "peon-rojo")
		if names(p.Requests) != "beto:requested,cris:requested" {
			t.Fatalf("the owner sees requests %q", names(p.Requests))
		}
		p, _ = clubPageOf(t, nobody, "peon-rojo")
		if p.Me != nil || len(p.Requests) != 0 || names(p.Members) != "ana:owner" {
			t.Fatalf("nobody sees %+v", p)
		}
		mustStatus(t, ana.do("POST", "/api/club/peon-rojo/requests/beto/approve", ""), http.StatusOK)
		mustStatus(t, ana.do("POST", "/api/club/PEON-ROJO/requests/CRIS/decline", ""), http.StatusOK).decode(t, &p)
		if names(p.Members) != "ana:owner,beto:member" || len(p.Requests) != 0 || p.Club.Members != 2 {
			t.Fatalf("after approving beto and declining cris: %+v", p)
		}
		p, _ = clubPageOf(t, beto, "peon-rojo")
		if p.Me.Role != "member" || p.Me.Manage || names(p.Members) != "ana:owner,beto:member" {
			t.Fatalf("beto sees %+v", p)
		}

		mustStatus(t, ana.do("PUT", "/api/club/peon-rojo/members/beto/role", `{"role":"admin"}`), http.StatusOK)
		env.clock.Advance(time.Minute)
		mustStatus(t, beto.do("POST", "/api/club/peon-rojo/invite", `{"username":"cris"}`), http.StatusOK).decode(t, &p)
		if names(p.Invitations) != "cris:invited" {
			t.Fatalf("invitations %q", names(p.Invitations))
		}
		mustStatus(t, cris.do("POST", "/api/club/peon-rojo/accept", ""), http.StatusOK).decode(t, &p)
		if names(p.Members) != "ana:owner,beto:admin,cris:member" || p.Me.Role != "member" {
			t.Fatalf("after cris accepts: %q", names(p.Members))
		}
		mustStatus(t, beto.do("DELETE", "/api/club/peon-rojo/members/cris", ""), http.StatusOK)
		mustStatus(t, ana.do("PUT", "/api/club/peon-rojo/members/beto/role", `{"role":"member"}`), http.StatusOK).decode(t, &p)
		if names(p.Members) != "ana:owner,beto:member" {
			t.Fatalf("after removing cris and demoting beto: %q", names(p.Members))
		}

		mustStatus(t, beto.do("PUT", "/api/club/peon-rojo", `{"description":"","policy":"invitation"}`), http.StatusForbidden)
		mustStatus(t, ana.do("PUT", "/api/club/peon-rojo", `{"description":"Los martes","policy":"open"}`), http.StatusOK).decode(t, &p)
		if p.Club.Description != "Los martes" || p.Club.Policy != club.Open {
			t.Fatalf("after editing: %+v", p.Club)
		}

		// A second club, by invitation; the list, the search, one's own.
		mustStatus(t, cris.do("POST", "/api/clubs", `{"name":"Alfil Loco","description":"","policy":"invitation"}`), http.StatusCreated)
		var list struct {
			Clubs []clubJSON `json:"clubs"`
			Mine  []mineJSON `json:"mine"`
		}
		mustStatus(t, beto.do("GET", "/api/clubs", ""), http.StatusOK).decode(t, &list)
		if len(list.Clubs) != 2 || list.Clubs[0].ID != "peon-rojo" || len(list.Mine) != 1 || list.Mine[0].Role != "member" {
			t.Fatalf("list: %+v", list)
		}
		mustStatus(t, nobody.do("GET", "/api/clubs?q=alfil&max=5", ""), http.StatusOK).decode(t, &list)
		if len(list.Clubs) != 1 || list.Clubs[0].ID != "alfil-loco" || len(list.Mine) != 0 {
			t.Fatalf("search: %+v", list)
		}
		expect(t, beto.do("POST", "/api/club/alfil-loco/join", ""), http.StatusForbidden, club.CodeInvitationOnly)

		// Handing over, leaving, deleting.
		expect(t, ana.do("POST", "/api/club/peon-rojo/leave", ""), http.StatusConflict, club.CodeOwnerMustTransfer)
		mustStatus(t, ana.do("POST", "/api/club/peon-rojo/transfer", `{"username":"beto"}`), http.StatusOK).decode(t, &p)
		if names(p.Members) != "beto:owner,ana:admin" || p.Club.OwnerID == "" || p.Me.Own {
			t.Fatalf("after handing over: %q %+v", names(p.Members), p.Me)
		}
		mustStatus(t, ana.do("POST", "/api/club/peon-rojo/leave", ""), http.StatusOK).decode(t, &p)
		if names(p.Members) != "beto:owner" || p.Me.Role != "" {
			t.Fatalf("after ana leaves: %q", names(p.Members))
		}
		expect(t, ana.do("DELETE", "/api/club/peon-rojo", ""), http.StatusForbidden, club.CodeNotOwner)
		mustStatus(t, beto.do("DELETE", "/api/club/peon-rojo", ""), http.StatusNoContent)
		expect(t, beto.do("GET", "/api/club/peon-rojo", ""), http.StatusNotFound, club.CodeNotFound)
	})
}

// TestClubRefusalsChangeNothing: each refusal of the club routes answers
// its code and status, and the club reads the same after it as before.
func TestClubRefusalsChangeNothing(t *testing.T) {
	var env *testEnv
	env = newTestServer(t, withClubs(&env))
	ana, _ := env.signUp(t, "ana", "password-ana")
	beto, _ := env.signUp(t, "beto", "password-beto")
	cris, _ := env.signUp(t, "cris", "password-cris")
	guest := env.browser(t)
	mustStatus(t, guest.do("POST", "/api/guest", ""), http.StatusCreated)
	nobody := env.browser(t)
	mustStatus(t, ana.do("POST", "/api/clubs", `{"name":"Torre Blanca","description":"","policy":"request"}`), http.StatusCreated)
	mustStatus(t, beto.do("POST", "/api/club/torre-blanca/join", ""), http.StatusOK)

	var tok struct{ Token string }
	mustStatus(t, ana.do("POST", "/api/tokens", `{"name":"lector","scopes":["club:read"]}`), http.StatusCreated).decode(t, &tok)
	reader := env.program(t, tok.Token)

	const id = "/api/club/torre-blanca"
	tests := []struct {
		name         string
		c            *client
		method, path string
		body         string
		status       int
		code         string
	}{
		{"a taken name", cris, "POST", "/api/clubs", `{"name":"torre-blanca","description":"","policy":"open"}`, 409, string(club.CodeNameTaken)},
		{"a look-alike name", cris, "POST", "/api/clubs", `{"name":"Tоrre Blanca","description":"","policy":"open"}`, 400, string(club.CodeNameChars)},
		{"a short name", cris, "POST", "/api/clubs", `{"name":"ab","description":"","policy":"open"}`, 400, string(club.CodeNameLength)},
		{"a reserved name", cris, "POST", "/api/clubs", `{"name":"New","description":"","policy":"open"}`, 400, string(club.CodeNameReserved)},
		{"a bad policy", cris, "POST", "/api/clubs", `{"name":"Otro club","description":"","policy":"closed"}`, 400, string(club.CodeBadPolicy)},
		{"a long description", cris, "POST", "/api/clubs", `{"name":"Otro club","description":"` + strings.Repeat("x", 1001) + `","policy":"open"}`, 400, string(club.CodeDescriptionLength)},
		{"an unknown field", cris, "POST", "/api/clubs", `{"name":"Otro club","description":"","policy":"open","x":1}`, 400, string(CodeUnknownField)},
		{"a missing field", cris, "POST", "/api/clubs", `{"name":"Otro club"}`, 400, string(club.CodeBadPolicy)},
		{"a wrong type", cris, "POST", "/api/clubs", `{"name":5,"description":"","policy":"open"}`, 400, string(CodeWrongType)},
		{"a guest's club", guest, "POST", "/api/clubs", `{"name":"Otro club","description":"","policy":"open"}`, 403, string(club.CodeNeedsAccount)},
		{"nobody's club", nobody, "POST", "/api/clubs", `{"name":"Otro club","description":"","policy":"open"}`, 401, string(CodeUnauthorized)},
		{"a token without club:write", reader, "POST", id + "/join", "", 403, string(CodeForbidden)},
		{"a guest joins", guest, "POST", id + "/join", "", 403, string(club.CodeNeedsAccount)},
		{"joining twice", beto, "POST", id + "/join", "", 409, string(club.CodeAlreadyRequested)},
		{"the owner joins", ana, "POST", id + "/join", "", 409, string(club.CodeAlreadyMember)},
		{"no such club", cris, "POST", "/api/club/nada-de-nada/join", "", 404, string(club.CodeNotFound)},
		{"accepting no invitation", cris, "POST", id + "/accept", "", 409, string(club.CodeNoInvitation)},
		{"leaving a club one is not in", cris, "POST", id + "/leave", "", 409, string(club.CodeNotMember)},
		{"the owner leaves", ana, "POST", id + "/leave", "", 409, string(club.CodeOwnerMustTransfer)},
		{"a requester approves", beto, "POST", id + "/requests/beto/approve", "", 403, string(club.CodeNotAdmin)},
		{"approving no request", ana, "POST", id + "/requests/cris/approve", "", 409, string(club.CodeNoRequest)},
		{"declining no request", ana, "POST", id + "/requests/cris/decline", "", 409, string(club.CodeNoRequest)},
		{"approving an unknown user", ana, "POST", id + "/requests/zoe/approve", "", 404, "account.not_found"},
		{"inviting by a stranger", cris, "POST", id + "/invite", `{"username":"cris"}`, 403, string(club.CodeNotAdmin)},
		{"inviting the owner", ana, "POST", id + "/invite", `{"username":"ana"}`, 400, string(club.CodeSelf)},
		{"inviting, bad body", ana, "POST", id + "/invite", `{"user":"cris"}`, 400, string(CodeUnknownField)},
		{"removing the owner", ana, "DELETE", id + "/members/ana", "", 400, string(club.CodeSelf)},
		{"removing a requester", ana, "DELETE", id + "/members/beto", "", 409, string(club.CodeNotMember)},
		{"promoting a requester", ana, "PUT", id + "/members/beto/role", `{"role":"admin"}`, 409, string(club.CodeNotMember)},
		{"making an owner", ana, "PUT", id + "/members/beto/role", `{"role":"owner"}`, 400, string(club.CodeBadRole)},
		{"a role, bad body", ana, "PUT", id + "/members/beto/role", `{"role":"admin"} {}`, 400, string(CodeBadJSON)},
		{"handing over to a requester", ana, "POST", id + "/transfer", `{"username":"beto"}`, 409, string(club.CodeNotMember)},
		{"handing over by a stranger", cris, "POST", id + "/transfer", `{"username":"cris"}`, 403, string(club.CodeNotOwner)},
		{"deleting by a requester", beto, "DELETE", id, "", 403, string(club.CodeNotOwner)},
		{"editing by a requester", beto, "PUT", id, `{"description":"x","policy":"open"}`, 403, string(club.CodeNotAdmin)},
		{"editing to a bad policy", ana, "PUT", id, `{"description":"x","policy":"secret"}`, 400, string(club.CodeBadPolicy)},
		{"editing, a bad body", ana, "PUT", id, `{"description":"x"`, 400, string(CodeBadJSON)},
		{"deleting by nobody", nobody, "DELETE", id, "", 401, string(CodeUnauthorized)},
		{"a bad max", nobody, "GET", "/api/clubs?max=0", "", 400, string(CodeBadPage)},
	}
	_, before := clubPageOf(t, ana, "torre-blanca")
	var list []byte
	list = mustStatus(t, ana.do("GET", "/api/clubs", ""), http.StatusOK).body
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, tt.c.do(tt.method, tt.path, tt.body), tt.status, tt.code)
			if _, after := clubPageOf(t, ana, "torre-blanca"); !bytes.Equal(after, before) {
				t.Fatalf("the club changed:\n%s\nwas\n%s", after, before)
			}
			if after := mustStatus(t, ana.do("GET", "/api/clubs", ""), http.StatusOK).body; !bytes.Equal(after, list) {
				t.Fatalf("the list changed:\n%s\nwas\n%s", after, list)
			}
		})
	}
	// A token with club:read sees its user's place; one without does not.
	p, _ := clubPageOf(t, reader, "torre-blanca")
	if p.Me == nil || !p.Me.Own || names(p.Requests) != "beto:requested" {
		t.Errorf("a club:read token sees %+v", p)
	}
}

// TestClubGamesOverHTTP: a club's page lists its members' finished games,
// newest first, and no one else's.
func TestClubGamesOverHTTP(t *testing.T) {
	var env *testEnv
	env = newTestServer(t, withClubs(&env))
	ana, ua := env.signUp(t, "ana", "password-ana")
	mustStatus(t, ana.do("POST", "/api/clubs", `{"name":"Club de partidas","description":"","policy":"open"}`), http.StatusCreated)
	ctx := t.Context()
	for i, g := range []struct{ id, white, black string }{{"g0", ua.ID, "x"}, {"g1", "x", ua.ID}, {"g2", "x", "y"}} {
		rec := finishedRecord(t, g.id, g.white, g.black, int64(i))
		if err := env.store.CreateGame(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	p, _ := clubPageOf(t, env.browser(t), "club-de-partidas")
	var ids []string
	for _, g := range p.Games {
		ids = append(ids, g.ID)
	}
	if !slices.Equal(ids, []string{"g1", "g0"}) {
		t.Fatalf("the club's games %v, want [g1 g0]", ids)
	}
	b, _ := json.Marshal(p.Games[0])
	if !strings.Contains(string(b), `"status"`) {
		t.Errorf("a game as listed: %s", b)
	}
}

// finishedRecord is a game between white and black (user ids) that white
// won by resignation, ended n minutes after the test clock's start.
func finishedRecord(t *testing.T, id, white, black string, n int64) game.Record {
	t.Helper()
	tc, err := game.ParseTimeControl("5+0")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	return game.Record{ID: id, White: game.Player{ID: white, Name: "W " + white}, Black: game.Player{ID: black, Name: "B " + black},
		TimeControl: tc, CreatedAt: start, Moves: []game.MoveRecord{},
		State: game.State{Status: game.StatusEnded, Termination: game.Resignation, Result: game.WhiteWins,
			EndedAt: start.Add(time.Duration(n+1) * time.Minute),
			Clock: &game.ClockSnapshot{TimeControl: tc, State: game.ClockStopped, Turn: game.White,
				WhiteMs: tc.Initial().Milliseconds(), BlackMs: tc.Initial().Milliseconds()}}}
}
