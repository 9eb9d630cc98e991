package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
)

func TestGuestAtOnce(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	r := c.do("POST", "/api/guest", "")
	if r.status != http.StatusCreated {
		t.Fatalf("guest: %d %s", r.status, r.body)
	}
	var g account.User
	r.decode(t, &g)
	if !g.Guest || g.ID == "" || g.Username != "" {
		t.Fatalf("guest %+v", g)
	}
	// The name is one of the catalogue's, in Spanish by default, and a
	// number.
	words, num, _ := strings.Cut(g.DisplayName[:max(0, len(g.DisplayName)-5)]+"|"+g.DisplayName[max(0, len(g.DisplayName)-5):], "|")
	n, err := strconv.Atoi(strings.TrimSpace(num))
	found := false
	for _, code := range GuestNameCodes() {
		found = found || words == i18n.Message("es", code, nil)
	}
	if !found || err != nil || n < 1000 || n > 9999 {
		t.Errorf("display name %q is not a catalogue name and a number", g.DisplayName)
	}
	// The cookie: HttpOnly, SameSite=Lax, for the site, not Secure on
	// plain HTTP.
	ck := r.header.Get("Set-Cookie")
	for _, want := range []string{sessionCookie + "=" + account.SessionPrefix, "HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(ck, want) {
			t.Errorf("Set-Cookie %q lacks %q", ck, want)
		}
	}
	if strings.Contains(ck, "Secure") {
		t.Errorf("Set-Cookie %q is Secure on plain HTTP", ck)
	}
	// The same browser again: the same guest.
	r = c.do("POST", "/api/guest", "")
	var again account.User
	r.decode(t, &again)
	if r.status != http.StatusOK || again.ID != g.ID {
		t.Errorf("second call: %d %+v, want 200 and guest %s", r.status, again, g.ID)
	}
	if r := c.do("GET", "/api/account/me", ""); r.status != http.StatusOK {
		t.Errorf("me: %d %s", r.status, r.body)
	}
}

func TestGuestNameInEnglish(t *testing.T) {
	env := newTestServer(t)
	c := env.browser(t)
	c.header.Set("Accept-Language", "en-GB,en;q=0.9")
	var g account.User
	c.do("POST", "/api/guest", "").decode(t, &g)
	for _, code := range GuestNameCodes() {
		if strings.HasPrefix(g.DisplayName, i18n.Message("en", code, nil)+" ") {
			return
		}
	}
	t.Errorf("display name %q is not an English catalogue name", g.DisplayName)
}

func TestSecureCookieUnderTLSOrWhenConfigured(t *testing.T) {
	env := newTestServer(t, func(c *Config) { c.SecureCookies = true })
	r := env.browser(t).do("POST", "/api/guest", "")
	if ck := r.header.Get("Set-Cookie"); !strings.Contains(ck, "Secure") {
		t.Errorf("Set-Cookie %q is not Secure with SecureCookies", ck)
	}
	req, _ := http.NewRequest("GET", "https://joinpal.example/", nil)
	req.TLS = &tlsState
	if ck := env.srv.cookie(req, "x", env.clock.Now()); !ck.Secure {
		t.Error("cookie under TLS is not Secure")
	}
}

func TestSignUpOfAGuestKeepsItsID(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		c := env.browser(t)
		var g account.User
		c.do("POST", "/api/guest", "").decode(t, &g)
		guestCookie := c.sessionCookie()
		r := c.do("POST", "/api/account/signup", `{"username":"Magnus","password":"correct horse"}`)
		if r.status != http.StatusCreated {
			t.Fatalf("sign-up: %d %s", r.status, r.body)
		}
		var u account.User
		r.decode(t, &u)
		if u.ID != g.ID || u.Guest || u.Username != "Magnus" || u.DisplayName != "Magnus" {
			t.Fatalf("account %+v, want the guest %s made an account", u, g.ID)
		}
		if strings.Contains(string(r.body), "argon2") {
			t.Fatalf("the answer shows the hash: %s", r.body)
		}
		// A new session: the guest's cookie is worth nothing now.
		if c.sessionCookie() == guestCookie {
			t.Error("the session id chosen before the sign-up is kept")
		}
		expect(t, env.withCookie(t, guestCookie).do("GET", "/api/account/me", ""), 401, CodeUnauthorized)
		var me account.User
		c.do("GET", "/api/account/me", "").decode(t, &me)
		if me.ID != g.ID || me.Username != "Magnus" {
			t.Errorf("me %+v", me)
		}
		// Signed in to an account, a second sign-up is refused.
		expect(t, c.do("POST", "/api/account/signup", `{"username":"other","password":"correct horse"}`), 409, CodeHasAccount)
	})
}

func TestSignUpWithoutGuestAndLogIn(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		_, u := env.signUp(t, "alice", "wonderland")
		if u.Guest || u.ID == "" {
			t.Fatalf("account %+v", u)
		}
		c := env.browser(t)
		r := c.do("POST", "/api/account/login", `{"username":"ALICE","password":"wonderland"}`)
		var in account.User
		r.decode(t, &in)
		if r.status != http.StatusOK || in.ID != u.ID {
			t.Fatalf("log-in: %d %s", r.status, r.body)
		}
		if c.sessionCookie() == "" {
			t.Fatal("no session cookie after log-in")
		}
		if r := c.do("GET", "/api/account/me", ""); r.status != http.StatusOK {
			t.Fatalf("me after log-in: %d %s", r.status, r.body)
		}
	})
}

func TestDefaultPasswordParamsAreOWASPs(t *testing.T) {
	env := newTestServer(t, func(c *Config) { c.PasswordParams = account.Params{} })
	_, u := env.signUp(t, "owasp", "a long passphrase")
	stored, err := env.store.UserByID(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stored.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("stored hash %q is not Argon2id with OWASP's parameters", stored.PasswordHash)
	}
}

// TestAccountRefusals: every refusal of sign-up and log-in has its code
// and status and leaves no user and no session behind.
func TestAccountRefusals(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv(func(c *Config) { c.Limits.SignupsPerIP = Rate{100, time.Hour} })
		env.signUp(t, "taken", "password1")
		tests := []struct {
			name, path, body string
			status           int
			code             string
		}{
			{"short username", "/api/account/signup", `{"username":"ab","password":"password1"}`, 400, string(account.CodeUsernameLength)},
			{"username chars", "/api/account/signup", `{"username":"año","password":"password1"}`, 400, string(account.CodeUsernameChars)},
			{"username start", "/api/account/signup", `{"username":"1abc","password":"password1"}`, 400, string(account.CodeUsernameStart)},
			{"reserved", "/api/account/signup", `{"username":"Admin","password":"password1"}`, 400, string(account.CodeUsernameReserved)},
			{"short password", "/api/account/signup", `{"username":"newbie","password":"short"}`, 400, string(account.CodePasswordShort)},
			{"password is username", "/api/account/signup", `{"username":"newbie12","password":"newbie12"}`, 400, string(account.CodePasswordUsername)},
			{"taken", "/api/account/signup", `{"username":"TAKEN","password":"password1"}`, 409, string(account.CodeUsernameTaken)},
			{"wrong password", "/api/account/login", `{"username":"taken","password":"password2"}`, 401, string(account.CodeBadCredentials)},
			{"unknown user", "/api/account/login", `{"username":"nobody","password":"password1"}`, 401, string(account.CodeBadCredentials)},
			{"malformed", "/api/account/signup", `{"username":"newbie",`, 400, string(CodeBadJSON)},
			{"not an object", "/api/account/login", `[1,2]`, 400, string(CodeWrongType)},
			{"unknown field", "/api/account/signup", `{"username":"newbie","password":"password1","admin":true}`, 400, string(CodeUnknownField)},
			{"wrong type", "/api/account/signup", `{"username":7,"password":"password1"}`, 400, string(CodeWrongType)},
			{"trailing data", "/api/account/signup", `{"username":"newbie","password":"password1"} {}`, 400, string(CodeBadJSON)},
			{"empty body", "/api/account/login", ``, 400, string(CodeBadJSON)},
			{"oversized", "/api/account/signup", `{"username":"newbie","password":"` + strings.Repeat("x", DefaultMaxBody) + `"}`, 413, string(CodeBodyTooLarge)},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				c := env.browser(t)
				r := c.do("POST", tt.path, tt.body)
				e := expect(t, r, tt.status, tt.code)
				if e.Message == "" || e.Message == tt.code {
					t.Errorf("no message: %+v", e)
				}
				if c.sessionCookie() != "" {
					t.Error("a refusal set a session cookie")
				}
				for _, name := range []string{"newbie", "newbie12", "ab", "Admin"} {
					if _, err := env.store.UserByUsername(context.Background(), name); account.CodeOf(err) != account.CodeNotFound {
						t.Errorf("after the refusal, user %s: %v", name, err)
					}
				}
			})
		}
		if strings.Contains(env.logs.String(), "password1") || strings.Contains(env.logs.String(), "password2") {
			t.Errorf("a password reached the log:\n%s", env.logs)
		}
	})
}

func TestUnknownFieldNamesTheField(t *testing.T) {
	env := newTestServer(t)
	e := expect(t, env.browser(t).do("POST", "/api/account/login", `{"username":"a","password":"b","colour":"red"}`), 400, CodeUnknownField)
	if e.Params["field"] != "colour" || !strings.Contains(e.Message, "colour") {
		t.Errorf("refusal %+v does not name the field", e)
	}
	e = expect(t, env.browser(t).do("POST", "/api/account/login", `{"username":["a"],"password":"b"}`), 400, CodeWrongType)
	if e.Params["field"] != "username" {
		t.Errorf("refusal %+v does not name the field", e)
	}
}

func TestLogInRateLimits(t *testing.T) {
	t.Run("per account", func(t *testing.T) {
		env := newTestServer(t, func(c *Config) {
			c.Limits.LoginsPerAccount = Rate{3, time.Minute}
			c.LoginDelay = time.Millisecond
		})
		env.signUp(t, "victim", "right password")
		c := env.browser(t)
		for range 3 {
			expect(t, c.do("POST", "/api/account/login", `{"username":"victim","password":"guess"}`), 401, account.CodeBadCredentials)
			env.clock.Advance(time.Second) // past the growing wait
		}
		// The limit holds for the right password too, and for the name in
		// another case: it changes nothing. Three attempts one second
		// apart, one every 20 s: 17 s to wait.
		r := c.do("POST", "/api/account/login", `{"username":"VICTIM","password":"right password"}`)
		e := expect(t, r, 429, CodeRateLimited)
		if e.Params["seconds"] != "17" || r.header.Get("Retry-After") != "17" {
			t.Errorf("refusal %+v, Retry-After %q; want 17 s", e, r.header.Get("Retry-After"))
		}
		if c.sessionCookie() != "" {
			t.Error("a rate-limited log-in set a session")
		}
		// Another account is not limited.
		env.signUp(t, "bystander", "right password")
		if r := c.do("POST", "/api/account/login", `{"username":"bystander","password":"right password"}`); r.status != 200 {
			t.Errorf("another account: %d %s", r.status, r.body)
		}
		env.clock.Advance(17 * time.Second)
		if r := c.do("POST", "/api/account/login", `{"username":"victim","password":"right password"}`); r.status != 200 {
			t.Errorf("after the wait: %d %s", r.status, r.body)
		}
	})
	t.Run("per address", func(t *testing.T) {
		env := newTestServer(t, func(c *Config) { c.Limits.LoginsPerIP = Rate{2, time.Minute} })
		c := env.browser(t)
		c.do("POST", "/api/account/login", `{"username":"one","password":"password"}`)
		c.do("POST", "/api/account/login", `{"username":"two","password":"password"}`)
		expect(t, c.do("POST", "/api/account/login", `{"username":"three","password":"password"}`), 429, CodeRateLimited)
	})
	t.Run("sign-ups per address", func(t *testing.T) {
		env := newTestServer(t, func(c *Config) { c.Limits.SignupsPerIP = Rate{1, time.Hour} })
		env.signUp(t, "first", "password")
		expect(t, env.browser(t).do("POST", "/api/account/signup", `{"username":"second","password":"password"}`), 429, CodeRateLimited)
		if _, err := env.store.UserByUsername(context.Background(), "second"); account.CodeOf(err) != account.CodeNotFound {
			t.Errorf("rate-limited sign-up stored a user: %v", err)
		}
	})
	t.Run("sign-ups per account", func(t *testing.T) {
		env := newTestServer(t, func(c *Config) { c.Limits.SignupsPerAccount = Rate{2, time.Hour} })
		// Refused as invalid (400), a sign-up gives its attempt back.
		for range 3 {
			expect(t, env.browser(t).do("POST", "/api/account/signup", `{"username":"wanted","password":"short"}`), 400, account.CodePasswordShort)
		}
		env.signUp(t, "wanted", "long enough")
		expect(t, env.browser(t).do("POST", "/api/account/signup", `{"username":"WANTED","password":"long enough"}`), 409, account.CodeUsernameTaken)
		expect(t, env.browser(t).do("POST", "/api/account/signup", `{"username":"Wanted","password":"long enough"}`), 429, CodeRateLimited)
		env.signUp(t, "unwanted", "long enough")
	})
	t.Run("guests per address", func(t *testing.T) {
		env := newTestServer(t, func(c *Config) { c.Limits.GuestsPerIP = Rate{1, time.Hour} })
		env.browser(t).do("POST", "/api/guest", "")
		expect(t, env.browser(t).do("POST", "/api/guest", ""), 429, CodeRateLimited)
	})
}

func TestLogOutRevokes(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		c, _ := env.signUp(t, "leaver", "password")
		kept := c.sessionCookie()
		r := c.do("POST", "/api/account/logout", "")
		if r.status != http.StatusNoContent {
			t.Fatalf("log-out: %d %s", r.status, r.body)
		}
		if c.sessionCookie() != "" {
			t.Error("the cookie is not cleared")
		}
		// A copy of the cookie is worth nothing: the session is gone from the
		// store.
		expect(t, env.withCookie(t, kept).do("GET", "/api/account/me", ""), 401, CodeUnauthorized)
	})
}

func TestLogOutEverywhere(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		a, _ := env.signUp(t, "many", "password")
		b := env.browser(t)
		b.do("POST", "/api/account/login", `{"username":"many","password":"password"}`)
		if r := a.do("DELETE", "/api/account/sessions", ""); r.status != http.StatusNoContent {
			t.Fatalf("log out everywhere: %d %s", r.status, r.body)
		}
		expect(t, b.do("GET", "/api/account/me", ""), 401, CodeUnauthorized)
	})
}

func TestExpiredSession(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv(func(c *Config) { c.SessionTTL = 2 * time.Hour })
		// The client's cookie jar judges expiry by the real time: the
		// server's clock starts from it, so the cookie of a 2-hour session
		// is alive for the jar whatever the hour of the run.
		env.clock.Set(time.Now())
		c, _ := env.signUp(t, "sleeper", "password")
		kept := c.sessionCookie()
		env.clock.Advance(90 * time.Minute) // used within its life: extended
		if r := c.do("GET", "/api/account/me", ""); r.status != http.StatusOK {
			t.Fatalf("me within the TTL: %d %s", r.status, r.body)
		}
		env.clock.Advance(3 * time.Hour)
		r := env.withCookie(t, kept).do("GET", "/api/account/me", "")
		expect(t, r, 401, CodeUnauthorized)
		if ck := r.header.Get("Set-Cookie"); !strings.Contains(ck, "Max-Age=0") {
			t.Errorf("the dead session's cookie is not cleared: %q", ck)
		}
	})
}

func TestForgedCookieIsNobody(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		env := newEnv()
		secret, _ := account.NewSecret(account.SessionPrefix)
		for _, v := range []string{secret, "garbage", account.SessionPrefix + "short"} {
			expect(t, env.withCookie(t, v).do("GET", "/api/account/me", ""), 401, CodeUnauthorized)
		}
		// A forged cookie gets a new guest of its own, never someone else's.
		var g account.User
		env.withCookie(t, secret).do("POST", "/api/guest", "").decode(t, &g)
		if !g.Guest {
			t.Errorf("a forged cookie made %+v", g)
		}
	})
}
