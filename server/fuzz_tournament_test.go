package server

import (
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/league"
)

// FuzzTournamentBodies: any body of the tournament routes (POST
// /api/tournaments, and the actions' bodies: a bye, a pairing, a result, a
// withdrawal) decodes strictly or is refused with a decoder's code; a new
// tournament's settings that decode are judged by league's rules, whose
// every refusal is a code of package league, and settings they take are
// taken again as they came out (the defaults are a fixed point); an
// adjudicated result is one of the six texts or refused.
func FuzzTournamentBodies(f *testing.F) {
	for i, seed := range []string{
		`{"name":"Liga de invierno","club":"peon-rojo","format":"round-robin","cycles":2,"timeControl":"10+5","rated":true,"tieBreaks":["DE","SB"]}`,
		`{"name":"Abierto","format":"swiss","rounds":7,"timeControl":"5+3","lateEntries":true,"maxByes":2,"byeNoticeMinutes":60,"accelerated":true}`,
		`{"name":"Liga lunes","format":"round-robin","timeControl":"15+10","mode":"arranged","startsAt":"2027-01-04T19:00:00+01:00","roundMinutes":10080,"zone":"Europe/Madrid","unplayed":"adjudicate"}`,
		`{"round":3,"on":true}`, `{"round":2}`, `{"round":1,"board":2,"result":"1/2-1/2","reason":"acuerdo"}`, `{"username":"beto"}`,
		`{"name":"x","format":"arena","timeControl":"untimed"}`, `{"name":"abc","format":"swiss","rounds":0,"timeControl":"1+0","tieBreaks":["BH","BH"]}`,
		`{"name":"abc","format":"swiss","rounds":3,"timeControl":"1+0","startsAt":"yesterday"}`, `{"result":"2-0","reason":""}`,
		``, `null`, `{}`, `{"round":"1"}`, `{"name":"a","name":"b"}`,
	} {
		f.Add(uint8(i), []byte(seed))
	}
	decoders := []string{string(CodeBadJSON), string(CodeUnknownField), string(CodeWrongType), string(CodeBodyTooLarge), string(CodeBadText)}
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, kind uint8, body []byte) {
		var (
			create tournamentNew
			action tournamentBody
		)
		v := []any{&create, &action}[int(kind)%2]
		if err := decodeStrict(strings.NewReader(string(body)), v); err != nil {
			code := i18n.Code(err)
			for _, a := range decoders {
				if code == a {
					return
				}
			}
			t.Fatalf("%T, body %q: code %q (%v)", v, body, code, err)
		}
		judge := func(what string, err error) bool {
			if err != nil && !strings.HasPrefix(i18n.Code(err), "league.") {
				t.Fatalf("%s of %q: %v is not a league refusal", what, body, err)
			}
			return err == nil
		}
		switch v.(type) {
		case *tournamentNew:
			set, err := settingsOf(create)
			if !judge("the body", err) {
				return
			}
			got, err := league.Check(create.Name, set, now)
			if !judge("the settings", err) {
				return
			}
			again, err := league.Check(create.Name, got, now)
			if err != nil || len(again.TieBreaks) != len(got.TieBreaks) || again.Mode != got.Mode || again.Unplayed != got.Unplayed {
				t.Fatalf("settings %+v taken, then %+v, %v", got, again, err)
			}
		case *tournamentBody:
			if r, ok := league.ParseResult(action.Result); ok != (league.ResultText(r) != "") {
				t.Fatalf("result %q: %v, %v", action.Result, r, ok)
			}
		}
	})
}
