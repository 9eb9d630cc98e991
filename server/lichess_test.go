package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/lobby"
)

// lichessClient is a program that speaks lichess's API only: a Bearer
// token, form bodies, NDJSON streams.
type lichessClient struct {
	t     *testing.T
	env   *playEnv
	token string
	name  string
}

// lichessBot signs up username, makes a token with lichess's scopes
// board:play, challenge:read, challenge:write and more, and returns the
// program that holds it.
func lichessBot(t *testing.T, env *playEnv, username string, more ...string) *lichessClient {
	t.Helper()
	p := env.account(t, username)
	var tok tokenJSON
	p.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{
		"name": "lichess", "scopes": append([]string{"board:play", "challenge:read", "challenge:write"}, more...),
	}, &tok)
	return &lichessClient{t: t, env: env, token: tok.Token, name: username}
}

// call sends method path with a form body (nil for none) and returns the
// status and the JSON answer.
func (c *lichessClient) call(method, path string, form url.Values) (int, map[string]any) {
	c.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, c.env.http.URL+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		c.t.Fatalf("%s %s: %d %q is not a JSON object", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, out
}

// array sends method path and returns its answer's items: a JSON array,
// or the lines of an NDJSON answer; it fails unless the status is 200.
func (c *lichessClient) array(method, path string) []any {
	c.t.Helper()
	req, _ := http.NewRequest(method, c.env.http.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	var out []any
	switch ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); ct {
	case "application/x-ndjson":
		for line := range strings.Lines(string(raw)) {
			if strings.TrimSpace(line) == "" {
				continue
			}
			var v any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				c.t.Fatalf("%s %s: a line %q is not JSON", method, path, line)
			}
			out = append(out, v)
		}
	case "application/json":
		if err := json.Unmarshal(raw, &out); err != nil {
			c.t.Fatalf("%s %s: %s is not a JSON array", method, path, raw)
		}
	default:
		c.t.Fatalf("%s %s: content type %q", method, path, ct)
	}
	return out
}

// callJSON is call with a JSON body.
func (c *lichessClient) callJSON(method, path string, body any) (int, map[string]any) {
	c.t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, c.env.http.URL+path, strings.NewReader(string(raw)))
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		c.t.Fatalf("%s %s: %d, not a JSON object", method, path, resp.StatusCode)
	}
	return resp.StatusCode, out
}

// okish sends an action that must answer 200 with "ok": true among other
// fields (the challenge endpoints JoinPal shares with lichess).
func (c *lichessClient) okish(path string, form url.Values) {
	c.t.Helper()
	status, out := c.call("POST", path, form)
	if status != http.StatusOK || out["ok"] != true {
		c.t.Fatalf("POST %s: %d %v, want 200 with ok:true", path, status, out)
	}
}

// ok sends an action that must answer lichess's {"ok":true}.
func (c *lichessClient) ok(path string, form url.Values) {
	c.t.Helper()
	status, out := c.call("POST", path, form)
	if status != http.StatusOK || out["ok"] != true || len(out) != 1 {
		c.t.Fatalf("POST %s: %d %v, want 200 {ok:true}", path, status, out)
	}
}

// refused sends an action that must be refused with status and lichess's
// {"error": "…"}.
func (c *lichessClient) refused(status int, path string) {
	c.t.Helper()
	got, out := c.call("POST", path, nil)
	if msg, _ := out["error"].(string); got != status || msg == "" {
		c.t.Fatalf("POST %s: %d %v, want %d {error}", path, got, out, status)
	}
}

// ndjson is an open NDJSON stream: its lines, read by a goroutine.
type ndjson struct {
	t      *testing.T
	lines  chan map[string]any
	cancel func()
}

// stream opens the NDJSON stream at path.
func (c *lichessClient) stream(path string) *ndjson {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", c.env.http.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		c.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		cancel()
		c.t.Fatalf("GET %s: %d %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	s := &ndjson{t: c.t, lines: make(chan map[string]any, 64), cancel: cancel}
	go func() {
		defer close(s.lines)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if len(strings.TrimSpace(sc.Text())) == 0 {
				continue // keep-alive
			}
			var line map[string]any
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				line = map[string]any{"type": "not JSON: " + sc.Text()}
			}
			s.lines <- line
		}
	}()
	c.t.Cleanup(cancel)
	return s
}

// next returns the next line of type typ, skipping others; it fails when
// the stream ends first.
func (s *ndjson) next(typ string) map[string]any {
	s.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the stream ended before a %s line", typ)
			}
			checkLichessLine(s.t, line)
			if line["type"] == typ {
				return line
			}
		case <-timeout:
			s.t.Fatalf("no %s line", typ)
		}
	}
}

// nextLine returns the next line, whatever its type.
func (s *ndjson) nextLine() map[string]any {
	s.t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			s.t.Fatal("the stream ended")
		}
		checkLichessLine(s.t, line)
		return line
	case <-time.After(10 * time.Second):
		s.t.Fatal("no line")
	}
	return nil
}

// state returns the next gameState for which pred holds.
func (s *ndjson) state(pred func(map[string]any) bool) map[string]any {
	s.t.Helper()
	for {
		if st := s.next("gameState"); pred(st) {
			return st
		}
	}
}

// ends waits for the end of the stream, every line checked.
func (s *ndjson) ends() {
	s.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				return
			}
			checkLichessLine(s.t, line)
		case <-timeout:
			s.t.Fatal("the stream did not end")
		}
	}
}

// The JSON kinds of lichessShapes: a name ending in ? may be absent.
const (
	jsString = "string"
	jsNumber = "number"
	jsBool   = "boolean"
	jsObject = "object"
)

// lichessShapes are the fields of lichess's board stream lines (the types
// GameFullEvent, GameStateEvent, ChatLineEvent, OpponentGoneEvent of
// @lichess-org/types) and of their parts.
var lichessShapes = map[string]map[string]string{
	"gameFull": {
		"type": jsString, "id": jsString, "variant": jsObject, "clock": jsObject + "?", "speed": jsString,
		"perf": jsObject, "rated": jsBool, "createdAt": jsNumber, "white": jsObject, "black": jsObject,
		"initialFen": jsString, "state": jsObject, "daysPerTurn": jsNumber + "?",
	},
	"gameState": {
		"type": jsString, "moves": jsString, "wtime": jsNumber, "btime": jsNumber, "winc": jsNumber, "binc": jsNumber,
		"status": jsString, "winner": jsString + "?", "wdraw": jsBool + "?", "bdraw": jsBool + "?",
		"wtakeback": jsBool + "?", "btakeback": jsBool + "?",
		// JoinPal's extension, beside lichess's.
		"joinpal": jsObject + "?",
	},
	"joinpal": {"clocks": "array?", "perMove": jsNumber + "?", "scheduledAt": jsNumber + "?", "checkedIn": jsObject + "?"},
	// JoinPal's own line: a scheduled game's notification.
	"schedule":          {"type": jsString, "schedule": jsObject},
	"chatLine":          {"type": jsString, "room": jsString, "username": jsString, "text": jsString},
	"opponentGone":      {"type": jsString, "gone": jsBool, "claimWinInSeconds": jsNumber + "?"},
	"variant":           {"key": jsString, "name": jsString, "short": jsString},
	"clock":             {"initial": jsNumber, "increment": jsNumber},
	"perf":              {"name": jsString},
	"gameStart":         {"type": jsString, "game": jsObject},
	"gameFinish":        {"type": jsString, "game": jsObject},
	"challenge":         {"type": jsString, "challenge": jsObject},
	"challengeCanceled": {"type": jsString, "challenge": jsObject},
	"challengeDeclined": {"type": jsString, "challenge": jsObject},
	"gameInfo": {
		"fullId": jsString, "gameId": jsString, "id": jsString, "color": jsString, "fen": jsString,
		"hasMoved": jsBool, "isMyTurn": jsBool, "lastMove": jsString, "opponent": jsObject, "perf": jsString,
		"rated": jsBool, "secondsLeft": jsNumber + "?", "source": jsString, "speed": jsString, "variant": jsObject,
		"status": jsObject, "compat": jsObject, "winner": jsString + "?",
	},
	"opponent":   {"id": jsString + "|null", "username": jsString, "rating": jsNumber + "?", "ai": jsNumber + "?"},
	"gameStatus": {"id": jsNumber, "name": jsString},
	"challengeObject": {
		"id": jsString, "url": jsString, "status": jsString, "challenger": jsObject, "destUser": jsObject + "|null",
		"variant": jsObject, "rated": jsBool, "speed": jsString, "timeControl": jsObject, "color": jsString,
		"finalColor": jsString + "?", "perf": jsObject, "direction": jsString + "?", "declineReason": jsString + "?",
		"declineReasonKey": jsString + "?",
		// JoinPal's own, beside lichess's.
		"kind": jsString, "rematchOf": jsString + "?", "gameId": jsString + "?",
	},
	"challenger": {
		"id": jsString, "name": jsString, "rating": jsNumber, "title": jsString + "?", "provisional": jsBool + "?", "online": jsBool,
	},
	"timeControl": {
		"type": jsString, "limit": jsNumber + "?", "increment": jsNumber + "?", "show": jsString + "?", "daysPerTurn": jsNumber + "?",
	},
	"challengePerf": {"icon": jsString, "name": jsString},
	"player": {
		"id": jsString, "name": jsString, "title": jsString + "|null", "rating": jsNumber + "?",
		"provisional": jsBool + "?", "aiLevel": jsNumber + "?",
	},
}

// lichessStatuses are the names lichess gives a game's status.
var lichessStatuses = map[string]bool{
	"created": true, "started": true, "aborted": true, "mate": true, "resign": true, "stalemate": true,
	"timeout": true, "draw": true, "outoftime": true, "cheat": true, "noStart": true, "unknownFinish": true,
	"variantEnd": true,
}

// checkLichessLine fails unless line has exactly the fields of its type's
// shape, each of its kind, and its parts theirs.
func checkLichessLine(t *testing.T, line map[string]any) {
	t.Helper()
	typ, _ := line["type"].(string)
	shape, ok := lichessShapes[typ]
	if !ok {
		t.Fatalf("a line of unknown type: %v", line)
	}
	checkShape(t, typ, line, shape)
	switch typ {
	case "gameFull":
		for part, shape := range map[string]string{"variant": "variant", "clock": "clock", "perf": "perf", "white": "player", "black": "player"} {
			if obj, ok := line[part].(map[string]any); ok {
				checkShape(t, typ+"."+part, obj, lichessShapes[shape])
			}
		}
		st, _ := line["state"].(map[string]any)
		checkLichessLine(t, st)
	case "gameStart", "gameFinish":
		g, _ := line["game"].(map[string]any)
		checkShape(t, typ+".game", g, lichessShapes["gameInfo"])
		for part, shape := range map[string]string{"opponent": "opponent", "status": "gameStatus", "variant": "variant"} {
			if obj, ok := g[part].(map[string]any); ok {
				checkShape(t, typ+".game."+part, obj, lichessShapes[shape])
			}
		}
	case "challenge", "challengeCanceled", "challengeDeclined":
		c, _ := line["challenge"].(map[string]any)
		checkChallenge(t, typ+".challenge", c)
	case "gameState":
		if !lichessStatuses[line["status"].(string)] {
			t.Fatalf("status %v is not lichess's", line["status"])
		}
		if ext, ok := line["joinpal"].(map[string]any); ok {
			checkShape(t, "gameState.joinpal", ext, lichessShapes["joinpal"])
			clocks, _ := ext["clocks"].([]any)
			if moves, _ := line["moves"].(string); ext["clocks"] != nil && len(clocks) != len(strings.Fields(moves)) {
				t.Fatalf("gameState: %d clocks for the moves %q", len(clocks), moves)
			}
		}
	}
}

// checkChallenge fails unless c is lichess's challenge object.
func checkChallenge(t *testing.T, what string, c map[string]any) {
	t.Helper()
	checkShape(t, what, c, lichessShapes["challengeObject"])
	for part, shape := range map[string]string{"challenger": "challenger", "destUser": "challenger", "timeControl": "timeControl", "perf": "challengePerf", "variant": "variant"} {
		if obj, ok := c[part].(map[string]any); ok {
			checkShape(t, what+"."+part, obj, lichessShapes[shape])
		}
	}
}

func checkShape(t *testing.T, what string, obj map[string]any, shape map[string]string) {
	t.Helper()
	for k := range obj {
		if _, ok := shape[k]; !ok {
			t.Errorf("%s has field %q, not lichess's: %v", what, k, obj)
		}
	}
	for k, kind := range shape {
		v, present := obj[k]
		kind, optional := strings.CutSuffix(kind, "?")
		if !present {
			if !optional && kind != "null" {
				t.Errorf("%s lacks field %q: %v", what, k, obj)
			}
			continue
		}
		if got := jsonKind(v); !slices.Contains(strings.Split(kind, "|"), got) {
			t.Errorf("%s.%s is a %s, want a %s: %v", what, k, got, kind, obj)
		}
	}
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return jsString
	case float64:
		return jsNumber
	case bool:
		return jsBool
	case map[string]any:
		return jsObject
	case nil:
		return "null"
	}
	return "array"
}

// lichessGame starts a game of white against black by a direct challenge
// in lichess's form (5+3) and returns its id.
func lichessGame(t *testing.T, white, black *lichessClient) string {
	t.Helper()
	status, c := white.call("POST", "/api/challenge/"+black.name, url.Values{"clock.limit": {"300"}, "clock.increment": {"3"}, "color": {"white"}})
	if status != http.StatusOK {
		t.Fatalf("challenge: %d %v", status, c)
	}
	status, acc := black.call("POST", "/api/challenge/"+c["id"].(string)+"/accept", url.Values{})
	id, _ := acc["gameId"].(string)
	if status != http.StatusOK || acc["ok"] != true || id == "" {
		t.Fatalf("accept: %d %v", status, acc)
	}
	return id
}

// TestLichessAccount: the token's test, the account and the games being
// played, as lichess answers them.
func TestLichessAccount(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := lichessBot(t, env, "Alba"), lichessBot(t, env, "bruno")

	req, _ := http.NewRequest("POST", env.http.URL+"/api/token/test", strings.NewReader(alba.token+",jpt_nothing"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var tested map[string]*tokenTestJSON
	if err := json.NewDecoder(resp.Body).Decode(&tested); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := tested[alba.token]; got == nil || got.UserID != "alba" || got.Scopes != "board:play,challenge:read,challenge:write" ||
		tested["jpt_nothing"] != nil || len(tested) != 2 {
		t.Fatalf("token test: %+v", tested)
	}

	status, acc := alba.call("GET", "/api/account", nil)
	if status != http.StatusOK || acc["id"] != "alba" || acc["username"] != "Alba" || acc["perfs"] == nil {
		t.Fatalf("account: %d %v", status, acc)
	}
	if blitz, _ := acc["perfs"].(map[string]any)["blitz"].(map[string]any); blitz["rating"] != 1500.0 || blitz["prov"] != true {
		t.Fatalf("account perfs: %v", acc["perfs"])
	}

	id := lichessGame(t, alba, bruno)
	alba.ok("/api/board/game/"+id+"/move/e2e4", nil)
	status, playing := bruno.call("GET", "/api/account/playing", nil)
	list, _ := playing["nowPlaying"].([]any)
	if status != http.StatusOK || len(list) != 1 {
		t.Fatalf("playing: %d %v", status, playing)
	}
	g := list[0].(map[string]any)
	opp, _ := g["opponent"].(map[string]any)
	if g["gameId"] != id || g["color"] != "black" || g["isMyTurn"] != true || g["hasMoved"] != false ||
		g["lastMove"] != "e2e4" || opp["id"] != "alba" || opp["username"] != "Alba" || g["speed"] != "blitz" {
		t.Fatalf("playing: %v", g)
	}

	// Refusals: lichess's {"error"} with its statuses.
	anon := &lichessClient{t: t, env: env, token: "jpt_nothing"}
	anon.refused(http.StatusUnauthorized, "/api/board/game/"+id+"/resign")
	alba.refused(http.StatusBadRequest, "/api/board/game/"+id+"/move/e7e5")
	alba.refused(http.StatusNotFound, "/api/board/game/nothing/move/e2e4")
	var tok tokenJSON
	p := env.account(t, "carla")
	p.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{"name": "reader", "scopes": []string{"challenge:read"}}, &tok)
	carla := &lichessClient{t: t, env: env, token: tok.Token, name: "carla"}
	for _, action := range []string{"move/e7e5", "draw/yes", "takeback/yes", "resign", "abort", "claim-victory", "chat"} {
		carla.refused(http.StatusForbidden, "/api/board/game/"+id+"/"+action)
	}
	if status, out := carla.call("GET", "/api/board/game/stream/"+id, nil); status != http.StatusForbidden || out["error"] == nil {
		t.Fatalf("the stream without board:play: %d %v", status, out)
	}
}

// TestLichessBoardAPI: whole games played through lichess's board API
// only, every line of the streams checked against lichess's shapes.
func TestLichessBoardAPI(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno")
	path := func(id, action string) string { return "/api/board/game/" + id + "/" + action }

	t.Run("moves to mate, chat", func(t *testing.T) {
		id := lichessGame(t, alba, bruno)
		ws, bs := alba.stream("/api/board/game/stream/"+id), bruno.stream("/api/board/game/stream/"+id)
		full := ws.next("gameFull")
		white, _ := full["white"].(map[string]any)
		clock, _ := full["clock"].(map[string]any)
		if full["id"] != id || white["id"] != "alba" || white["name"] != "alba" || clock["initial"] != 300000.0 ||
			clock["increment"] != 3000.0 || full["initialFen"] != "startpos" || full["speed"] != "blitz" {
			t.Fatalf("gameFull: %v", full)
		}
		if st := full["state"].(map[string]any); st["moves"] != "" || st["status"] != "started" || st["winc"] != 3000.0 {
			t.Fatalf("gameFull's state: %v", st)
		}
		bs.next("gameFull")
		alba.ok(path(id, "chat"), url.Values{"room": {"player"}, "text": {"hola"}})
		if l := bs.next("chatLine"); l["username"] != "alba" || l["text"] != "hola" || l["room"] != "player" {
			t.Fatalf("chatLine: %v", l)
		}
		for i, uci := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
			p := alba
			if i%2 == 1 {
				p = bruno
			}
			p.ok(path(id, "move/"+uci), nil)
		}
		for _, s := range []*ndjson{ws, bs} {
			st := s.state(func(st map[string]any) bool { return st["status"] != "started" })
			if st["status"] != "mate" || st["winner"] != "black" || st["moves"] != "f2f3 e7e5 g2g4 d8h4" {
				t.Fatalf("the end: %v", st)
			}
			s.ends()
		}
		alba.refused(http.StatusBadRequest, path(id, "resign"))
	})

	t.Run("draw offered with a move, accepted", func(t *testing.T) {
		id := lichessGame(t, alba, bruno)
		bs := bruno.stream("/api/board/game/stream/" + id)
		bs.next("gameFull")
		alba.ok(path(id, "move/e2e4"), url.Values{"offeringDraw": {"true"}})
		if st := bs.state(func(st map[string]any) bool { return st["wdraw"] == true }); st["moves"] != "e2e4" {
			t.Fatalf("the offer: %v", st)
		}
		bruno.ok(path(id, "draw/no"), nil)
		bs.state(func(st map[string]any) bool { return st["wdraw"] == nil })
		bruno.ok(path(id, "move/e7e5"), nil)
		bruno.ok(path(id, "draw/yes"), nil)
		bs.state(func(st map[string]any) bool { return st["bdraw"] == true })
		alba.ok(path(id, "draw/yes"), nil)
		if st := bs.state(func(st map[string]any) bool { return st["status"] != "started" }); st["status"] != "draw" || st["winner"] != nil {
			t.Fatalf("the draw: %v", st)
		}
		bs.ends()
	})

	t.Run("takeback, then resign", func(t *testing.T) {
		id := lichessGame(t, alba, bruno)
		ws := alba.stream("/api/board/game/stream/" + id)
		ws.next("gameFull")
		alba.ok(path(id, "move/e2e4"), nil)
		bruno.ok(path(id, "move/e7e5"), nil)
		bruno.ok(path(id, "takeback/yes"), nil)
		ws.state(func(st map[string]any) bool { return st["btakeback"] == true })
		alba.ok(path(id, "takeback/yes"), nil)
		if st := ws.state(func(st map[string]any) bool { return st["moves"] == "e2e4" }); st["btakeback"] != nil {
			t.Fatalf("after the takeback: %v", st)
		}
		alba.refused(http.StatusBadRequest, path(id, "takeback/no")) // nothing to decline
		bruno.ok(path(id, "move/c7c5"), nil)
		bruno.ok(path(id, "resign"), nil)
		if st := ws.state(func(st map[string]any) bool { return st["status"] != "started" }); st["status"] != "resign" ||
			st["winner"] != "white" || st["moves"] != "e2e4 c7c5" {
			t.Fatalf("the resignation: %v", st)
		}
		ws.ends()
	})

	t.Run("abort", func(t *testing.T) {
		id := lichessGame(t, alba, bruno)
		bs := bruno.stream("/api/board/game/stream/" + id)
		bs.next("gameFull")
		alba.ok(path(id, "abort"), nil)
		if st := bs.state(func(st map[string]any) bool { return st["status"] != "started" }); st["status"] != "aborted" {
			t.Fatalf("the abort: %v", st)
		}
		bs.ends()
		carla := lichessBot(t, env, "carla")
		if status, out := carla.call("GET", "/api/board/game/stream/"+id, nil); status != http.StatusNotFound || out["error"] == nil {
			t.Fatalf("another's game: %d %v", status, out)
		}
	})
}

// TestLichessClaimVictory: the opponent's stream closes; the other's says
// opponentGone with the seconds until a claim, and claim-victory wins
// once they have passed.
func TestLichessClaimVictory(t *testing.T) {
	env := newPlayEnv(t, playOptions{fakeRuntimeClock: true})
	alba, bruno := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno")
	id := lichessGame(t, alba, bruno)
	ws, bs := alba.stream("/api/board/game/stream/"+id), bruno.stream("/api/board/game/stream/"+id)
	ws.next("gameFull")
	bs.next("gameFull")
	alba.ok("/api/board/game/"+id+"/move/e2e4", nil)
	bruno.ok("/api/board/game/"+id+"/move/e7e5", nil)
	bs.cancel()
	gone := ws.next("opponentGone")
	secs, _ := gone["claimWinInSeconds"].(float64)
	if gone["gone"] != true || secs <= 0 {
		t.Fatalf("opponentGone: %v", gone)
	}
	alba.refused(http.StatusBadRequest, "/api/board/game/"+id+"/claim-victory")
	env.clock.Advance(time.Duration(secs) * time.Second)
	alba.ok("/api/board/game/"+id+"/claim-victory", nil)
	// The absence changed nothing a client sees in the game's state: the
	// next line is the end, not the state again.
	if st := ws.nextLine(); st["type"] != "gameState" || st["status"] != "timeout" || st["winner"] != "white" {
		t.Fatalf("the line after opponentGone: %v", st)
	}
	ws.ends()
}

// TestLichessChallengesAndEvents: challenges made, declined, cancelled
// and accepted in lichess's form bodies, a game against the AI, and the
// event stream's lines for all of them.
func TestLichessChallengesAndEvents(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno")
	ae, be := alba.stream("/api/stream/event"), bruno.stream("/api/stream/event")

	status, c := alba.call("POST", "/api/challenge/bruno", url.Values{"clock.limit": {"300"}, "clock.increment": {"3"}, "color": {"white"}})
	if status != http.StatusOK {
		t.Fatalf("challenge: %d %v", status, c)
	}
	checkChallenge(t, "the answer", c)
	tc, _ := c["timeControl"].(map[string]any)
	if c["status"] != "created" || c["direction"] != "out" || c["challenger"].(map[string]any)["id"] != "alba" ||
		c["destUser"].(map[string]any)["id"] != "bruno" || tc["type"] != "clock" || tc["limit"] != 300.0 || tc["increment"] != 3.0 ||
		tc["show"] != "5+3" || c["speed"] != "blitz" || c["finalColor"] != "white" {
		t.Fatalf("challenge: %v", c)
	}
	id := c["id"].(string)
	if got := be.next("challenge")["challenge"].(map[string]any); got["id"] != id || got["direction"] != "in" {
		t.Fatalf("bruno's challenge line: %v", got)
	}
	ae.next("challenge")
	bruno.okish("/api/challenge/"+id+"/decline", url.Values{"reason": {"tooFast"}})
	if got := ae.next("challengeDeclined")["challenge"].(map[string]any); got["declineReasonKey"] != "toofast" || got["declineReason"] == "" {
		t.Fatalf("declined: %v", got)
	}

	// A JSON body in lichess's shape, then cancelled.
	status, c = alba.callJSON("POST", "/api/challenge/bruno", map[string]any{"clock.limit": 180, "clock.increment": 2})
	if status != http.StatusOK || c["timeControl"].(map[string]any)["show"] != "3+2" {
		t.Fatalf("a JSON challenge: %d %v", status, c)
	}
	alba.okish("/api/challenge/"+c["id"].(string)+"/cancel", nil)
	be.next("challengeCanceled")

	// Accepted: both streams start the game; it ends, both streams say so.
	_, c = alba.call("POST", "/api/challenge/bruno", url.Values{"clock.limit": {"600"}, "color": {"black"}})
	bruno.okish("/api/challenge/"+c["id"].(string)+"/accept", nil)
	start := ae.next("gameStart")["game"].(map[string]any)
	if start["color"] != "black" || start["isMyTurn"] != false || start["opponent"].(map[string]any)["id"] != "bruno" || start["speed"] != "rapid" {
		t.Fatalf("alba's gameStart: %v", start)
	}
	gameID := start["gameId"].(string)
	if g := be.next("gameStart")["game"].(map[string]any); g["gameId"] != gameID || g["color"] != "white" || g["isMyTurn"] != true {
		t.Fatalf("bruno's gameStart: %v", g)
	}
	bruno.ok("/api/board/game/"+gameID+"/move/d2d4", nil)
	alba.ok("/api/board/game/"+gameID+"/resign", nil)
	for _, s := range []*ndjson{ae, be} {
		g := s.next("gameFinish")["game"].(map[string]any)
		if g["gameId"] != gameID || g["status"].(map[string]any)["name"] != "resign" || g["winner"] != "white" || g["lastMove"] != "d2d4" {
			t.Fatalf("gameFinish: %v", g)
		}
	}

	// Against the AI, lichess's level and clock.
	status, g := alba.call("POST", "/api/challenge/ai", url.Values{"level": {"2"}, "clock.limit": {"300"}, "clock.increment": {"0"}, "color": {"white"}})
	if status != http.StatusCreated || g["player"] != "white" || g["source"] != "ai" {
		t.Fatalf("AI: %d %v", status, g)
	}
	ai := ae.next("gameStart")["game"].(map[string]any)
	if ai["gameId"] != g["id"] || ai["opponent"].(map[string]any)["ai"] != 2.0 || ai["opponent"].(map[string]any)["id"] != nil {
		t.Fatalf("the AI's gameStart: %v", ai)
	}
	alba.ok("/api/board/game/"+g["id"].(string)+"/abort", nil)
	if fin := ae.next("gameFinish")["game"].(map[string]any); fin["status"].(map[string]any)["name"] != "aborted" {
		t.Fatalf("the AI's gameFinish: %v", fin)
	}
	if status, out := alba.call("POST", "/api/challenge/ai", url.Values{"level": {"9"}}); status != http.StatusBadRequest || out["error"] == nil {
		t.Fatalf("level 9: %d %v", status, out)
	}
}

// openSeek is an open POST /api/board/seek: done is closed when its
// answer ends.
type openSeek struct {
	done   chan struct{}
	status int
	cancel func()
}

// seek opens POST /api/board/seek with form and reads its answer to the
// end in the background.
func (c *lichessClient) seek(form url.Values) *openSeek {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", c.env.http.URL+"/api/board/seek", strings.NewReader(form.Encode()))
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	s := &openSeek{done: make(chan struct{}), cancel: cancel}
	c.t.Cleanup(cancel)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	s.status = resp.StatusCode
	go func() {
		defer close(s.done)
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
	}()
	return s
}

// waitDone fails unless the seek's answer ends.
func (s *openSeek) waitDone(t *testing.T) {
	t.Helper()
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the seek's answer did not end")
	}
}

// TestLichessSeek: a seek held by its request is paired with the next
// one (both answers end, both event streams start the game); a seek whose
// request closes is cancelled.
func TestLichessSeek(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno, carla := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno"), lichessBot(t, env, "carla")
	ae, be := alba.stream("/api/stream/event"), bruno.stream("/api/stream/event")
	form := url.Values{"time": {"5"}, "increment": {"3"}}
	first := alba.seek(form)
	if first.status != http.StatusOK {
		t.Fatalf("the seek: %d", first.status)
	}
	second := bruno.seek(form)
	if second.status != http.StatusOK {
		t.Fatalf("the second seek: %d", second.status)
	}
	second.waitDone(t)
	first.waitDone(t)
	a, b := ae.next("gameStart")["game"].(map[string]any), be.next("gameStart")["game"].(map[string]any)
	if a["gameId"] != b["gameId"] || a["color"] == b["color"] || a["speed"] != "blitz" {
		t.Fatalf("the paired game: %v / %v", a, b)
	}

	events, cancel := env.lobby.Events().Subscribe()
	defer cancel()
	third := carla.seek(form)
	if third.status != http.StatusOK {
		t.Fatalf("carla's seek: %d", third.status)
	}
	third.cancel()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case e := <-events:
			if e.Type == lobby.SeekRemoved && e.Seek.Owner.Name == "carla" {
				if seeks := env.lobbySeeks(t); len(seeks) != 0 {
					t.Fatalf("seeks left: %v", seeks)
				}
				return
			}
		case <-timeout:
			t.Fatal("the closed seek was not cancelled")
		}
	}
}

// lobbySeeks are the lobby's open seeks.
func (env *playEnv) lobbySeeks(t *testing.T) []lobby.Seek {
	t.Helper()
	seeks, err := env.lobby.Seeks(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return seeks
}

// TestLichessBotAPI: an account made a bot plays through /api/bot/...
// only, shows the BOT title, and may not seek; a person may not use the
// Bot API.
func TestLichessBotAPI(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := lichessBot(t, env, "alba")
	p := env.account(t, "robo")
	var tok tokenJSON
	p.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{
		"name": "bot", "scopes": []string{"bot:play", "board:play", "challenge:read", "challenge:write"},
	}, &tok)
	robo := &lichessClient{t: t, env: env, token: tok.Token, name: "robo"}

	alba.refused(http.StatusForbidden, "/api/bot/account/upgrade") // no bot:play
	id := lichessGame(t, alba, robo)
	robo.refused(http.StatusForbidden, "/api/bot/game/"+id+"/move/e2e4") // not a bot yet
	robo.ok("/api/bot/account/upgrade", nil)
	robo.ok("/api/bot/account/upgrade", nil)
	if _, acc := robo.call("GET", "/api/account", nil); acc["title"] != "BOT" {
		t.Fatalf("the bot's account: %v", acc)
	}
	if status, out := robo.call("POST", "/api/board/seek", url.Values{"time": {"5"}, "increment": {"0"}}); status != http.StatusForbidden ||
		out["code"] != string(CodeNotForBots) {
		t.Fatalf("a bot's seek: %d %v", status, out)
	}

	bs := robo.stream("/api/bot/game/stream/" + id)
	full := bs.next("gameFull")
	if black := full["black"].(map[string]any); black["id"] != "robo" || black["title"] != "BOT" {
		t.Fatalf("the bot in gameFull: %v", full)
	}
	alba.ok("/api/board/game/"+id+"/move/e2e4", nil)
	bs.state(func(st map[string]any) bool { return st["moves"] == "e2e4" })
	if status, out := robo.call("POST", "/api/board/game/"+id+"/move/e7e5", nil); status != http.StatusForbidden || out["code"] != string(CodeNotForBots) {
		t.Fatalf("a bot on the board API: %d %v", status, out)
	}
	if status, out := alba.call("POST", "/api/bot/game/"+id+"/resign", nil); status != http.StatusForbidden {
		t.Fatalf("a person on the Bot API: %d %v", status, out)
	}
	robo.ok("/api/bot/game/"+id+"/move/e7e5", nil)
	robo.ok("/api/bot/game/"+id+"/chat", url.Values{"room": {"player"}, "text": {"gg"}})
	robo.ok("/api/bot/game/"+id+"/resign", nil)
	if st := bs.state(func(st map[string]any) bool { return st["status"] != "started" }); st["status"] != "resign" || st["winner"] != "white" {
		t.Fatalf("the bot's resignation: %v", st)
	}
	bs.ends()
}

// TestLichessStreamsEndOnShutdown: the event stream, a board game stream,
// a held seek and a held challenge end their answers when the server shuts
// down, and the seek and the challenge are cancelled.
func TestLichessStreamsEndOnShutdown(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno, carla := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno"), lichessBot(t, env, "carla")
	id := lichessGame(t, alba, bruno)
	events, board := alba.stream("/api/stream/event"), alba.stream("/api/board/game/stream/"+id)
	board.next("gameFull")
	seek := carla.seek(url.Values{"time": {"5"}, "increment": {"0"}})
	held := bruno.holdChallenge("carla", url.Values{"clock.limit": {"300"}})
	challengeID := held.next(t)["id"].(string)
	env.srv.Shutdown(context.Background())
	events.ends()
	board.ends()
	seek.waitDone(t)
	for held.next(t) != nil {
	}
	if c, err := env.lobby.Get(context.Background(), challengeID); err != nil || c.Status != lobby.Canceled {
		t.Fatalf("the held challenge after the shutdown: %v %v", c.Status, err)
	}
	if seeks := env.lobbySeeks(t); len(seeks) != 0 {
		t.Fatalf("seeks left after the shutdown: %v", seeks)
	}
	if st := env.storedGame(id).State; len(st.GoneSince) > 0 && (!st.GoneSince[0].IsZero() || !st.GoneSince[1].IsZero()) {
		t.Fatalf("a player counted as gone by the shutdown: %+v", st.GoneSince)
	}
}

// TestLichessOneEventStreamPerToken: a second event stream with the same
// token is refused with 429 while the first is open; another token of
// the same account has its own.
func TestLichessOneEventStreamPerToken(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	p := env.account(t, "alba")
	tokens := make([]*lichessClient, 2)
	for i := range tokens {
		var tok tokenJSON
		p.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{"name": "bot", "scopes": []string{"challenge:read"}}, &tok)
		tokens[i] = &lichessClient{t: t, env: env, token: tok.Token, name: "alba"}
	}
	tokens[0].stream("/api/stream/event")
	if status, out := tokens[0].call("GET", "/api/stream/event", nil); status != http.StatusTooManyRequests || out["code"] != string(CodeTooManySockets) {
		t.Fatalf("a second stream: %d %v", status, out)
	}
	tokens[1].stream("/api/stream/event")
}

// TestLichessStreamOpensWithCurrent: an event stream opens with a
// gameStart for each game being played and a challenge for each open one,
// as lichess's does.
func TestLichessStreamOpensWithCurrent(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno, carla := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno"), lichessBot(t, env, "carla")
	id := lichessGame(t, alba, bruno)
	alba.ok("/api/board/game/"+id+"/move/e2e4", nil)
	_, c := alba.call("POST", "/api/challenge/carla", url.Values{"clock.limit": {"180"}, "clock.increment": {"2"}})
	events := alba.stream("/api/stream/event")
	if g := events.next("gameStart")["game"].(map[string]any); g["gameId"] != id || g["color"] != "white" || g["isMyTurn"] != false {
		t.Fatalf("the game being played: %v", g)
	}
	if ch := events.next("challenge")["challenge"].(map[string]any); ch["id"] != c["id"] || ch["direction"] != "out" {
		t.Fatalf("the open challenge: %v", ch)
	}
	carla.okish("/api/challenge/"+c["id"].(string)+"/decline", nil)
	events.next("challengeDeclined")
}
