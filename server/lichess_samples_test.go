package server

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var updateSamples = flag.Bool("update-lichess", false, "rewrite web/lichess-types/samples.ts from the server's answers")

// samplesFile is where the lichess samples go: TypeScript that checks
// each against @lichess-org/types (npx tsc --noEmit -p lichess-types in
// web/, a part of make test-web).
const samplesFile = "../web/lichess-types/samples.ts"

// sampleTypes names the type of @lichess-org/types each sample must
// satisfy.
var sampleTypes = map[string]string{
	"gameFull": "GameFullEvent", "gameState": "GameStateEvent", "gameStateOver": "GameStateEvent",
	"chatLine": "ChatLineEvent", "opponentGone": "OpponentGoneEvent",
	"gameStart": "GameStartEvent", "gameFinish": "GameFinishEvent", "gameStartAI": "GameStartEvent",
	"challenge": "ChallengeEvent", "challengeCanceled": "ChallengeCanceledEvent", "challengeDeclined": "ChallengeDeclinedEvent",
	"challengeAnswer": "ChallengeJson", "challengeToBot": "ChallengeJson", "ok": "Ok", "error": "Error",
	"gameFullBot": "GameFullEvent", "gameChat": "PlayerGameChat", "botOnline": "User", "account": "UserExtended",
	// Answers whose type is an operation's, not a named schema.
	"playing":   "O['apiAccountPlaying']['responses'][200]['content']['application/json']",
	"tokenTest": "O['tokenTest']['responses'][200]['content']['application/json']",
	"aiAnswer":  "O['challengeAi']['responses'][201]['content']['application/json']",
}

// joinpalExtensions are the fields JoinPal adds to lichess's objects;
// the samples leave them out, since TypeScript refuses a literal with a
// field its type does not have.
var joinpalExtensions = map[string]bool{"kind": true, "gameId.challenge": true, "code": true, "joinpal": true}

// TestLichessTypeSamples: one answer or line of each of lichess's shapes,
// as the server gives them in a scripted session, with the values that
// change from run to run (ids, times, the address) fixed; they must match
// web/lichess-types/samples.ts, whose TypeScript checks them against
// @lichess-org/types (-update-lichess rewrites it).
func TestLichessTypeSamples(t *testing.T) {
	env := newPlayEnv(t, playOptions{fakeRuntimeClock: true})
	alba, bruno := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno")
	ae, be := alba.stream("/api/stream/event"), bruno.stream("/api/stream/event")
	samples := map[string]any{}
	fixed := map[string]string{}

	// Challenges: declined, cancelled, accepted.
	_, c := alba.call("POST", "/api/challenge/bruno", url.Values{"clock.limit": {"300"}, "clock.increment": {"3"}, "color": {"white"}})
	fixed[c["id"].(string)] = "ch000001"
	samples["challengeAnswer"] = c
	samples["challenge"] = be.next("challenge")
	bruno.okish("/api/challenge/"+c["id"].(string)+"/decline", url.Values{"reason": {"later"}})
	samples["challengeDeclined"] = ae.next("challengeDeclined")
	_, c = alba.call("POST", "/api/challenge/bruno", url.Values{"days": {"3"}})
	fixed[c["id"].(string)] = "ch000002"
	alba.okish("/api/challenge/"+c["id"].(string)+"/cancel", nil)
	samples["challengeCanceled"] = be.next("challengeCanceled")
	id := lichessGame(t, alba, bruno)
	fixed[id] = "gm000001"
	samples["gameStart"] = ae.next("gameStart")
	be.next("gameStart")

	// The game: streams, a draw offer, chat, the opponent gone, the end.
	ws, bs := alba.stream("/api/board/game/stream/"+id), bruno.stream("/api/board/game/stream/"+id)
	samples["gameFull"] = ws.next("gameFull")
	bs.next("gameFull")
	alba.ok("/api/board/game/"+id+"/move/e2e4", url.Values{"offeringDraw": {"true"}})
	samples["gameState"] = bs.state(func(st map[string]any) bool { return st["wdraw"] == true })
	bruno.ok("/api/board/game/"+id+"/chat", url.Values{"room": {"player"}, "text": {"hola"}})
	samples["chatLine"] = ws.next("chatLine")
	bruno.ok("/api/board/game/"+id+"/move/e7e5", nil)
	bs.cancel()
	samples["opponentGone"] = ws.next("opponentGone")
	status, out := alba.call("POST", "/api/board/game/"+id+"/claim-victory", nil)
	if status != http.StatusBadRequest {
		t.Fatalf("an early claim: %d %v", status, out)
	}
	samples["error"] = out
	alba.ok("/api/board/game/"+id+"/resign", nil)
	samples["ok"] = map[string]any{"ok": true}
	samples["gameStateOver"] = ws.state(func(st map[string]any) bool { return st["status"] != "started" })
	samples["gameFinish"] = ae.next("gameFinish")

	// Against the AI.
	_, g := alba.call("POST", "/api/challenge/ai", url.Values{"level": {"3"}, "clock.limit": {"600"}, "color": {"white"}})
	fixed[g["id"].(string)] = "gm000002"
	samples["aiAnswer"] = g
	samples["gameStartAI"] = ae.next("gameStart")

	// The account, the token, a bot: its title, its game's chat, the bots
	// online.
	robo := lichessBot(t, env, "robo", "bot:play")
	robo.ok("/api/bot/account/upgrade", nil)
	fixed[robo.token] = "jpt_token"
	req, _ := http.NewRequest("POST", env.http.URL+"/api/token/test", strings.NewReader(robo.token))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var tested map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&tested); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	samples["tokenTest"] = tested
	_, samples["account"] = robo.call("GET", "/api/account", nil)
	re := robo.stream("/api/stream/event")
	_, c = alba.call("POST", "/api/challenge/robo", url.Values{"clock.limit": {"60"}, "clock.increment": {"1"}, "color": {"black"}})
	fixed[c["id"].(string)] = "ch000003"
	samples["challengeToBot"] = c
	re.next("challenge")
	_, acc := robo.call("POST", "/api/challenge/"+c["id"].(string)+"/accept", url.Values{})
	id = acc["gameId"].(string)
	fixed[id] = "gm000003"
	rs := robo.stream("/api/bot/game/stream/" + id)
	samples["gameFullBot"] = rs.next("gameFull")
	robo.ok("/api/bot/game/"+id+"/move/e2e4", nil)
	// A game against a person: lichess's type of the list wants a string
	// as the opponent's id, where lichess (and JoinPal) answer null for
	// the AI.
	_, samples["playing"] = robo.call("GET", "/api/account/playing", nil)
	robo.ok("/api/bot/game/"+id+"/chat", url.Values{"room": {"player"}, "text": {"good luck"}})
	samples["gameChat"] = robo.array("GET", "/api/bot/game/"+id+"/chat")
	online := robo.array("GET", "/api/bot/online")
	if len(online) != 1 {
		t.Fatalf("bots online: %v", online)
	}
	samples["botOnline"] = online[0]

	text := renderSamples(samples, fixed, env.http.URL)
	if *updateSamples {
		if err := os.MkdirAll(filepath.Dir(samplesFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(samplesFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(samplesFile)
	if err != nil || string(have) != text {
		t.Fatalf("%s is not the server's answers (go test ./server -run TestLichessTypeSamples -update-lichess): %v", samplesFile, err)
	}
}

// renderSamples writes the samples as TypeScript, each satisfying its
// type, with the fixed values in place of the changing ones.
func renderSamples(samples map[string]any, fixed map[string]string, site string) string {
	var b strings.Builder
	b.WriteString("// The server's answers in lichess's shapes, one of each, checked against\n")
	b.WriteString("// @lichess-org/types by `npx tsc --noEmit -p lichess-types` (make test-web).\n")
	b.WriteString("// Generated by `go test ./server -run TestLichessTypeSamples -update-lichess`:\n// do not edit.\n")
	b.WriteString("// JoinPal's own fields (docs/LICHESS-API.md) are left out.\n")
	b.WriteString("import type { components, operations } from '@lichess-org/types';\n\n")
	b.WriteString("type S = components['schemas'];\n")
	b.WriteString("type O = operations;\n")
	b.WriteString("type Ok = { ok: boolean };\n")
	b.WriteString("type Error = { error: string };\n")
	names := make([]string, 0, len(samples))
	for n := range samples {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v := normalise(samples[n], "", fixed, site)
		raw, _ := json.MarshalIndent(v, "", "  ")
		raw = bytes.ReplaceAll(raw, []byte(`\u003c`), []byte("<"))
		typ := sampleTypes[n]
		if typ != "Ok" && typ != "Error" && !strings.HasPrefix(typ, "O[") {
			typ = "S['" + typ + "']"
		}
		fmt.Fprintf(&b, "\nexport const %s = %s satisfies %s;\n", n, raw, typ)
	}
	return b.String()
}

// normalise is v with the fixed values replaced, the times and the
// server's address made constant, and JoinPal's own fields left out;
// parent is the key v is under.
func normalise(v any, parent string, fixed map[string]string, site string) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if joinpalExtensions[k] || joinpalExtensions[k+"."+parent] {
				continue
			}
			if f, ok := fixed[k]; ok { // a key that changes from run to run (a token)
				out[f] = normalise(x, k, fixed, site)
				continue
			}
			switch k {
			case "createdAt", "seenAt":
				out[k] = 1764547200000
				continue
			}
			out[k] = normalise(x, k, fixed, site)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = normalise(x, parent, fixed, site)
		}
		return out
	case string:
		if f, ok := fixed[v]; ok {
			return f
		}
		if strings.HasPrefix(v, site) {
			v = "https://joinpal.example" + strings.TrimPrefix(v, site)
			for from, to := range fixed {
				v = strings.ReplaceAll(v, from, to)
			}
		}
		return v
	}
	return v
}
