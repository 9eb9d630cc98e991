package server

import (
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/joinpal/joinpal/i18n"
)

// bodyKinds are the request bodies of the main POST endpoints, by a
// number the fuzzer picks.
var bodyKinds = []func() any{
	func() any { return new(credentials) },      // sign-up, log-in
	func() any { return new(seekRequest) },      // POST /api/seek
	func() any { return new(challengeRequest) }, // POST /api/challenge/{username}, open
	func() any { return new(aiRequest) },        // POST /api/challenge/ai
	func() any { return new(declineRequest) },   // POST /api/challenge/{id}/decline
	func() any { return new(tokenRequest) },     // POST /api/tokens
	func() any { return new(scheduleProposal) }, // POST /api/schedule
	func() any { return new(rulesTryRequest) },  // POST /api/rules/try
}

// FuzzRequestBodies: any body, decoded as any of the main endpoints'
// requests, either decodes or is refused with one of the decoder's codes
// (never "internal", never a panic); what decodes is one strictly valid
// JSON value (no duplicate name, valid UTF-8) with no NUL in its text.
func FuzzRequestBodies(f *testing.F) {
	for i, seed := range []string{
		`{"username":"alba","password":"correct horse battery"}`,
		`{"timeControl":"10+5","color":"white","rated":true}`,
		`{"timeControl":"3+2","color":"random"}`,
		`{"level":3,"color":"black","timeControl":"5+0"}`,
		`{"reason":"later"}`,
		`{"name":"bot","scopes":["board:play"]}`,
		`{"opponent":"bruno","local":"2026-12-24T18:00","zone":"Europe/Madrid","timeControl":"10+0","color":"white","rated":false}`,
		`{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","uci":"a1a2"}`,
		`{"Username":"a"}`, `{"username":"a","username":"b"}`, `{"username":"a\u0000"}`, "{\"username\":\"\xff\"}",
		`{"timeControl":1}`, `{"x":1}`, ``, `null`, `[]`, `{"name":"bot"} {}`,
	} {
		f.Add(uint8(i), []byte(seed))
	}
	allowed := []string{string(CodeBadJSON), string(CodeUnknownField), string(CodeWrongType), string(CodeBodyTooLarge), string(CodeBadText)}
	f.Fuzz(func(t *testing.T, kind uint8, body []byte) {
		v := bodyKinds[int(kind)%len(bodyKinds)]()
		err := decodeStrict(strings.NewReader(string(body)), v)
		if err == nil {
			if !jsontext.Value(body).IsValid() || strings.Contains(string(body), `\u0000`) && !strings.Contains(string(body), `\\u0000`) {
				t.Fatalf("%T took %q", v, body)
			}
			return
		}
		code := i18n.Code(err)
		for _, a := range allowed {
			if code == a {
				return
			}
		}
		t.Fatalf("%T, body %q: code %q (%v)", v, body, code, err)
	})
}
