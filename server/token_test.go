package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/account"
)

// createToken makes a token for the browser's account and returns it.
func createToken(t *testing.T, c *client, body string) tokenJSON {
	t.Helper()
	r := c.do("POST", "/api/tokens", body)
	if r.status != http.StatusCreated {
		t.Fatalf("token: %d %s", r.status, r.body)
	}
	var tok tokenJSON
	r.decode(t, &tok)
	return tok
}

func TestTokens(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		c, u := env.signUp(t, "botmaker", "password")
		tok := createToken(t, c, `{"name":"my bot","scopes":["board:play","board:play","challenge:read"]}`)
		if !strings.HasPrefix(tok.Token, account.TokenPrefix) || tok.Name != "my bot" || len(tok.Scopes) != 2 {
			t.Fatalf("token %+v", tok)
		}
		// The program is its user.
		var me account.User
		r := env.program(t, tok.Token).do("GET", "/api/account/me", "")
		r.decode(t, &me)
		if r.status != http.StatusOK || me.ID != u.ID {
			t.Fatalf("me with the token: %d %s", r.status, r.body)
		}
		// The list has no secrets.
		r = c.do("GET", "/api/tokens", "")
		if r.status != http.StatusOK || strings.Contains(string(r.body), tok.Token) || !strings.Contains(string(r.body), tok.ID) {
			t.Fatalf("list: %d %s", r.status, r.body)
		}
		// Only a browser session manages tokens.
		expect(t, env.program(t, tok.Token).do("POST", "/api/tokens", `{"name":"child"}`), 403, CodeSessionRequired)
		expect(t, env.program(t, tok.Token).do("DELETE", "/api/tokens/"+tok.ID, ""), 403, CodeSessionRequired)
		// Revoked: refused from then on.
		if r := c.do("DELETE", "/api/tokens/"+tok.ID, ""); r.status != http.StatusNoContent {
			t.Fatalf("revoke: %d %s", r.status, r.body)
		}
		expect(t, env.program(t, tok.Token).do("GET", "/api/account/me", ""), 401, account.CodeBadToken)
		var list []tokenJSON
		c.do("GET", "/api/tokens", "").decode(t, &list)
		if len(list) != 1 || list[0].RevokedAt == nil {
			t.Errorf("list after revocation: %+v", list)
		}
	})
}

func TestTokenRefusals(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		c, _ := env.signUp(t, "refused", "password")
		other, _ := env.signUp(t, "stranger", "password")
		theirs := createToken(t, other, `{"name":"theirs"}`)
		guest := env.browser(t)
		guest.do("POST", "/api/guest", "")
		tests := []struct {
			name         string
			c            *client
			method, path string
			body         string
			status       int
			code         string
		}{
			{"guest", guest, "POST", "/api/tokens", `{"name":"x"}`, 403, string(CodeAccountRequired)},
			{"nobody", env.browser(t), "POST", "/api/tokens", `{"name":"x"}`, 401, string(CodeUnauthorized)},
			{"no name", c, "POST", "/api/tokens", `{"name":"  "}`, 400, string(CodeBadTokenName)},
			{"long name", c, "POST", "/api/tokens", `{"name":"` + strings.Repeat("n", TokenNameMax+1) + `"}`, 400, string(CodeBadTokenName)},
			{"bad scope", c, "POST", "/api/tokens", `{"name":"x","scopes":["admin"]}`, 400, string(CodeBadScope)},
			{"unknown field", c, "POST", "/api/tokens", `{"name":"x","expires":1}`, 400, string(CodeUnknownField)},
			{"someone else's", c, "DELETE", "/api/tokens/" + theirs.ID, "", 404, string(CodeTokenNotFound)},
			{"unknown", c, "DELETE", "/api/tokens/nope", "", 404, string(CodeTokenNotFound)},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				expect(t, tt.c.do(tt.method, tt.path, tt.body), tt.status, tt.code)
			})
		}
		var list []tokenJSON
		c.do("GET", "/api/tokens", "").decode(t, &list)
		if len(list) != 0 {
			t.Errorf("refusals made tokens: %+v", list)
		}
		if r := env.program(t, theirs.Token).do("GET", "/api/account/me", ""); r.status != 200 {
			t.Errorf("a stranger's revocation touched the token: %d %s", r.status, r.body)
		}
	})
}

func TestBadBearer(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		secret, _ := account.NewSecret(account.TokenPrefix)
		for _, h := range []string{"Bearer " + secret, "Bearer nonsense", "Basic dXNlcjpwYXNz"} {
			c := env.browser(t)
			c.header.Set("Authorization", h)
			expect(t, c.do("GET", "/api/account/me", ""), 401, account.CodeBadToken)
		}
	})
}

// TestTokenScopes: a token acts only within its scopes; a browser session
// has them all.
func TestTokenScopes(t *testing.T) {
	env := newTestServer(t)
	c, _ := env.signUp(t, "scoped", "password")
	reader := createToken(t, c, `{"name":"reader","scopes":["challenge:read"]}`)
	player := createToken(t, c, `{"name":"player","scopes":["board:play"]}`)
	// A handler that needs board:play, behind the server's own middleware.
	hs := httptest.NewServer(env.srv.cop.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(contextWithState(r.Context()))
		if _, ok := env.srv.signedIn(w, r, account.ScopeBoardPlay); ok {
			w.WriteHeader(http.StatusNoContent)
		}
	})))
	defer hs.Close()
	send := func(auth, cookie string) response {
		req, _ := http.NewRequest("POST", hs.URL, nil)
		if auth != "" {
			req.Header.Set("Authorization", "Bearer "+auth)
		}
		if cookie != "" {
			req.Header.Set("Cookie", sessionCookie+"="+cookie)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return response{status: resp.StatusCode, header: resp.Header, body: b}
	}
	e := expect(t, send(reader.Token, ""), 403, CodeForbidden)
	if e.Params["scope"] != string(account.ScopeBoardPlay) {
		t.Errorf("refusal %+v does not name the scope", e)
	}
	if r := send(player.Token, ""); r.status != http.StatusNoContent {
		t.Errorf("token with the scope: %d %s", r.status, r.body)
	}
	if r := send("", c.sessionCookie()); r.status != http.StatusNoContent {
		t.Errorf("browser session: %d %s", r.status, r.body)
	}
	expect(t, send("", ""), 401, CodeUnauthorized)
}
