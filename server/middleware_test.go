package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/schedule"
)

// TestBadTextRefused: a NUL character or bytes that are not UTF-8 in a
// path id, a query parameter or a JSON string are refused with 400
// server.bad_text before any store sees them, on SQLite and PostgreSQL.
func TestBadTextRefused(t *testing.T) {
	for _, pg := range []bool{false, true} {
		name := "sqlite"
		if pg {
			name = "postgres"
		}
		t.Run(name, func(t *testing.T) {
			env := newPlayEnv(t, playOptions{postgres: pg})
			alba := env.account(t, "alba")
			guest := env.anonymous(t)
			for _, tc := range []struct {
				name, method, path string
				body               string
				field              string
			}{
				{"a game id with NUL", "GET", "/api/game/ab%00cd", "", "path"},
				{"a game id not UTF-8", "GET", "/api/game/ab%FFcd/pgn", "", "path"},
				{"a username with NUL", "GET", "/api/user/alba%00", "", "path"},
				{"a profile page with NUL", "GET", "/@/alba%00", "", "path"},
				{"a challenge id with NUL", "POST", "/api/challenge/x%00y/accept", "", "path"},
				{"a token id not UTF-8", "DELETE", "/api/tokens/%C3%28", "", "path"},
				{"a query with NUL", "GET", "/api/games/user/alba?page=1%00", "", "page"},
				{"a query not UTF-8", "GET", "/api/rules/position?fen=%FF", "", "fen"},
				{"a query name with NUL", "GET", "/api/games/now?a%00=1", "", "query"},
				{"a username in JSON with NUL", "POST", "/api/account/login", `{"username":"alba\u0000","password":"x"}`, "username"},
				{"a sign-up with NUL", "POST", "/api/account/signup", `{"username":"nuevo\u0000","password":"correct horse battery"}`, "username"},
				{"a seek not UTF-8", "POST", "/api/seek", "{\"timeControl\":\"10+0\xff\"}", "timeControl"},
				{"a token name with NUL", "POST", "/api/tokens", `{"name":"bot\u0000","scopes":[]}`, "name"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					p := guest
					if tc.method != "GET" {
						p = alba
					}
					var body any
					if tc.body != "" {
						body = []byte(tc.body)
					}
					res := p.do(tc.method, tc.path, body)
					e := res.refusal(t)
					if res.status != http.StatusBadRequest || e.Code != string(CodeBadText) || e.Params["field"] != tc.field {
						t.Fatalf("%d %s, want 400 %s of %s", res.status, res.body, CodeBadText, tc.field)
					}
				})
			}
		})
	}
}

// TestNoSniffEverywhere: every answer says X-Content-Type-Options: nosniff,
// whatever its type: API JSON, PGN, a calendar, the OpenAPI document, a
// page, an asset and a refusal.
func TestNoSniffEverywhere(t *testing.T) {
	env, _ := schedEnv(t, false)
	ana, beto := env.account(t, "ana"), env.account(t, "beto")
	gameID := env.pairBySeek(ana, beto, "10+0")
	local := env.clock.Now().Add(3 * time.Hour).UTC().Format(schedule.LocalLayout)
	var sched struct{ ID string }
	beto.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "ana", "local": local,
		"zone": "UTC", "timeControl": "10+0", "color": "white", "rated": false}, &sched)
	home := ana.do("GET", "/", nil)
	asset := ""
	if i := strings.Index(string(home.body), "/assets/"); i >= 0 {
		asset = string(home.body[i:])
		asset = asset[:strings.IndexAny(asset, `"' >`)]
	}
	paths := []string{"/api/game/" + gameID, "/api/game/" + gameID + "/pgn", "/api/schedule/" + sched.ID + "/ics",
		"/api/openapi.yaml", "/healthz", "/", "/api/game/nothing", "/api/nothing", "/api/game/%00"}
	if asset != "" {
		paths = append(paths, asset)
	}
	for _, path := range paths {
		res := ana.do("GET", path, nil)
		if got := res.header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s (%d, %s): X-Content-Type-Options %q", path, res.status, res.header.Get("Content-Type"), got)
		}
	}
	if asset == "" {
		t.Log("the test bundle has no asset to ask for")
	}
}

// TestRefusedRequestsSpendNoBudget: requests refused as malformed (400)
// give back the rate-limit event they took: more invalid seeks than the
// budget leave a valid one allowed, and so do invalid sign-ups; refusals
// that judged something (a wrong password) still count.
func TestRefusedRequestsSpendNoBudget(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := env.account(t, "alba")
	for range 61 {
		if res := alba.do("POST", "/api/seek", map[string]any{"timeControl": "nonsense"}); res.status != http.StatusBadRequest {
			t.Fatalf("an invalid seek: %d %s", res.status, res.body)
		}
	}
	alba.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "10+0"}, nil)

	stranger := env.anonymous(t)
	for range 6 {
		if res := stranger.do("POST", "/api/account/signup", map[string]any{"username": "x", "password": "correct horse battery"}); res.status != http.StatusBadRequest {
			t.Fatalf("an invalid sign-up: %d %s", res.status, res.body)
		}
	}
	stranger.must(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"username": "valida", "password": "correct horse battery"}, nil)

	thief := env.anonymous(t)
	limited := false
	for range 30 {
		res := thief.do("POST", "/api/account/login", map[string]any{"username": "alba", "password": "wrong password"})
		if res.status == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Fatal("30 wrong passwords were never rate limited")
	}
}
