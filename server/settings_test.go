package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
)

// TestSettings: an account reads its settings (the defaults at first),
// changes some fields and keeps the others; every bad value is refused
// with its code and changes nothing, the language included; the settings
// reach the page's boot data; nobody has none.
func TestSettings(t *testing.T) {
	env := newTestServer(t)
	c, _ := env.signUp(t, "sofia", "hunter2-secret")
	get := func() account.Settings {
		t.Helper()
		r := c.do("GET", "/api/account/settings", "")
		var set account.Settings
		if r.status != http.StatusOK || json.Unmarshal(r.body, &set) != nil {
			t.Fatalf("GET settings: %d %s", r.status, r.body)
		}
		return set
	}
	if got := get(); got != account.DefaultSettings() {
		t.Fatalf("settings at first = %+v, want the defaults", got)
	}
	r := c.do("PUT", "/api/account/settings", `{"board":"blue","pieces":"dejavu","autoQueen":"always","zen":true,"volume":30,"takebacks":"never","lang":"en"}`)
	want := account.DefaultSettings()
	want.Board, want.Pieces, want.AutoQueen, want.Zen, want.Volume, want.Takebacks, want.Lang = "blue", "dejavu", account.AutoQueenAlways, true, 30, account.TakebacksNever, "en"
	var answered account.Settings
	if r.status != http.StatusOK || json.Unmarshal(r.body, &answered) != nil || answered != want {
		t.Fatalf("PUT settings: %d %s, want %+v", r.status, r.body, want)
	}
	if got := get(); got != want {
		t.Fatalf("settings after PUT = %+v, want %+v", got, want)
	}

	for _, tc := range []struct {
		body  string
		code  string
		param map[string]string
	}{
		{`{"board":"purple"}`, string(account.CodeBadSetting), map[string]string{"field": "board", "value": "purple"}},
		{`{"pieces":"wood","board":"green"}`, string(account.CodeBadSetting), map[string]string{"field": "pieces", "value": "wood"}},
		{`{"autoQueen":"sometimes"}`, string(account.CodeBadSetting), map[string]string{"field": "autoQueen"}},
		{`{"volume":101}`, string(account.CodeBadSetting), map[string]string{"field": "volume", "value": "101"}},
		{`{"volume":-1}`, string(account.CodeBadSetting), map[string]string{"field": "volume"}},
		{`{"takebacks":"rated"}`, string(account.CodeBadSetting), map[string]string{"field": "takebacks"}},
		{`{"lang":"fr","board":"green"}`, string(CodeBadLanguage), map[string]string{"lang": "fr"}},
		{`{"zen":"yes"}`, string(CodeWrongType), map[string]string{"field": "zen"}},
		{`{"volume":1.5}`, string(CodeWrongType), map[string]string{"field": "volume"}},
		{`{"theme":"blue"}`, string(CodeUnknownField), map[string]string{"field": "theme"}},
		{`{"Board":"blue"}`, string(CodeUnknownField), nil},
		{`{"board":"blue","board":"green"}`, string(CodeBadJSON), nil},
		{`{"board":"gr\u0000een"}`, string(CodeBadText), nil},
		{`{"board":"green"} {}`, string(CodeBadJSON), nil},
	} {
		r := c.do("PUT", "/api/account/settings", tc.body)
		e := expect(t, r, http.StatusBadRequest, tc.code)
		for k, v := range tc.param {
			if e.Params[k] != v {
				t.Errorf("PUT %s: param %s = %q, want %q", tc.body, k, e.Params[k], v)
			}
		}
		if got := get(); got != want {
			t.Errorf("PUT %s was refused but changed the settings to %+v", tc.body, got)
		}
	}
	e := expect(t, c.do("PUT", "/api/account/settings", `{"board":"purple"}`), http.StatusBadRequest, account.CodeBadSetting)
	if msg := i18n.Message("en", string(account.CodeBadSetting), map[string]string{"field": "board", "value": "purple"}); e.Message != msg {
		t.Errorf("refusal in the account's language en: %q, want %q", e.Message, msg)
	}

	page := c.do("GET", "/settings", "", "Accept", "text/html")
	if page.status != http.StatusOK || !strings.Contains(string(page.body), `"settings":{"board":"blue","pieces":"dejavu"`) {
		t.Errorf("the settings page's boot data lacks the settings: %d %.300s", page.status, page.body)
	}

	for _, m := range []string{"GET", "PUT"} {
		expect(t, env.browser(t).do(m, "/api/account/settings", `{}`), http.StatusUnauthorized, CodeUnauthorized)
	}
}

// TestSettingsScopes: a token reads the settings only with
// preference:read, and changes them only with preference:write.
func TestSettingsScopes(t *testing.T) {
	env := newTestServer(t)
	c, _ := env.signUp(t, "tomas", "hunter2-secret")
	bearer := func(scopes ...string) *client {
		var tok struct{ Token string }
		body, _ := json.Marshal(map[string]any{"name": "bot", "scopes": append([]string{}, scopes...)})
		r := c.do("POST", "/api/tokens", string(body))
		if r.status != http.StatusCreated || json.Unmarshal(r.body, &tok) != nil {
			t.Fatalf("POST token: %d %s", r.status, r.body)
		}
		b := env.browser(t)
		b.header.Set("Authorization", "Bearer "+tok.Token)
		return b
	}
	none, reader, writer := bearer("board:play"), bearer("preference:read"), bearer("preference:write")
	for _, tc := range []struct {
		who    *client
		method string
		want   int
	}{
		{none, "GET", http.StatusForbidden},
		{none, "PUT", http.StatusForbidden},
		{reader, "GET", http.StatusOK},
		{reader, "PUT", http.StatusForbidden},
		{writer, "GET", http.StatusForbidden},
		{writer, "PUT", http.StatusOK},
	} {
		if r := tc.who.do(tc.method, "/api/account/settings", `{"zen":true}`); r.status != tc.want {
			t.Errorf("%s with scopes: %d %s, want %d", tc.method, r.status, r.body, tc.want)
		}
	}
}
