package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/schedule"
)

// bearer is the JoinPal API client of c's token, for what lichess's API
// has no way to ask (JoinPal's own clocks, scheduled games).
func (c *lichessClient) bearer() *person {
	return &person{t: c.t, env: c.env, hc: http.DefaultClient, header: http.Header{"Authorization": {"Bearer " + c.token}}}
}

// lichessTokens signs up username and returns n programs, each with a
// token of its own with lichessBot's scopes.
func lichessTokens(t *testing.T, env *playEnv, username string, n int) []*lichessClient {
	t.Helper()
	p := env.account(t, username)
	out := make([]*lichessClient, n)
	for i := range out {
		var tok tokenJSON
		p.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{
			"name": "lichess", "scopes": []string{"board:play", "challenge:read", "challenge:write"},
		}, &tok)
		out[i] = &lichessClient{t: t, env: env, token: tok.Token, name: username}
	}
	return out
}

// newLichessBot is lichessBot for username, made a bot through the Bot API.
func newLichessBot(t *testing.T, env *playEnv, username string) *lichessClient {
	t.Helper()
	b := lichessBot(t, env, username, "bot:play")
	b.ok("/api/bot/account/upgrade", nil)
	return b
}

// TestLichessGameChat: GET /api/{board,bot}/game/{id}/chat is the players'
// chat, oldest first, for the game's players only; beside it the board
// stream keeps its path.
func TestLichessGameChat(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno, carla := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno"), lichessBot(t, env, "carla")
	id := lichessGame(t, alba, bruno)
	if got := alba.array("GET", "/api/board/game/"+id+"/chat"); len(got) != 0 {
		t.Fatalf("a new game's chat: %v", got)
	}
	alba.ok("/api/board/game/"+id+"/chat", url.Values{"room": {"player"}, "text": {"hola"}})
	bruno.ok("/api/board/game/"+id+"/chat", url.Values{"room": {"player"}, "text": {"buenas"}})
	got := bruno.array("GET", "/api/board/game/"+id+"/chat")
	if len(got) != 2 || got[0].(map[string]any)["user"] != "alba" || got[0].(map[string]any)["text"] != "hola" ||
		got[1].(map[string]any)["user"] != "bruno" || got[1].(map[string]any)["text"] != "buenas" {
		t.Fatalf("the chat: %v", got)
	}
	for _, tc := range []struct {
		who    *lichessClient
		path   string
		status int
	}{
		{carla, "/api/board/game/" + id + "/chat", http.StatusNotFound}, // not her game
		{alba, "/api/board/game/" + id + "/moves", http.StatusNotFound}, // no such part
		{alba, "/api/board/game/nothing1/chat", http.StatusNotFound},    // no such game
		{alba, "/api/bot/game/" + id + "/chat", http.StatusForbidden},   // not a bot
		{&lichessClient{t: t, env: env, token: "jpt_x"}, "/api/board/game/" + id + "/chat", http.StatusUnauthorized},
	} {
		if status, out := tc.who.call("GET", tc.path, nil); status != tc.status || out["error"] == nil {
			t.Errorf("GET %s: %d %v, want %d {error}", tc.path, status, out, tc.status)
		}
	}
	bs := bruno.stream("/api/board/game/stream/" + id)
	bs.next("gameFull")
}

// TestLichessBotsOnline: GET /api/bot/online lists the bots whose event
// stream is open, by username, with their BOT title; people are not
// listed, nor bots without a stream.
func TestLichessBotsOnline(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	zeta, robo, nadie := newLichessBot(t, env, "Zeta"), newLichessBot(t, env, "robo"), newLichessBot(t, env, "nadie")
	alba := lichessBot(t, env, "alba")
	_ = nadie
	if got := alba.array("GET", "/api/bot/online"); len(got) != 0 {
		t.Fatalf("no stream open: %v", got)
	}
	zeta.stream("/api/stream/event")
	robo.stream("/api/stream/event")
	alba.stream("/api/stream/event")
	anon := &lichessClient{t: t, env: env} // no credentials needed
	got := anon.array("GET", "/api/bot/online")
	if len(got) != 2 {
		t.Fatalf("online: %v", got)
	}
	for i, want := range []string{"robo", "zeta"} {
		u := got[i].(map[string]any)
		if u["id"] != want || u["title"] != "BOT" || u["perfs"] == nil || u["url"] != nil {
			t.Errorf("online bot %d: %v, want %s", i, u, want)
		}
	}
	if got := anon.array("GET", "/api/bot/online?nb=1"); len(got) != 1 || got[0].(map[string]any)["id"] != "robo" {
		t.Fatalf("nb=1: %v", got)
	}
	if status, out := anon.call("GET", "/api/bot/online?nb=0", nil); status != http.StatusBadRequest || out["error"] == nil {
		t.Fatalf("nb=0: %d %v", status, out)
	}
}

// TestLichessBotTitle: a bot's BOT title is in the challenge objects (the
// answer and the event stream's lines, as challenger and as destination)
// and on the game page's player bars; a bot declines with lichess's
// reasons for bots.
func TestLichessBotTitle(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, robo := lichessBot(t, env, "alba"), newLichessBot(t, env, "robo")
	ae, re := alba.stream("/api/stream/event"), robo.stream("/api/stream/event")
	_, c := alba.call("POST", "/api/challenge/robo", url.Values{"clock.limit": {"300"}, "color": {"white"}})
	if c["destUser"].(map[string]any)["title"] != "BOT" || c["challenger"].(map[string]any)["title"] != nil {
		t.Fatalf("the answer: %v", c)
	}
	if got := re.next("challenge")["challenge"].(map[string]any); got["destUser"].(map[string]any)["title"] != "BOT" {
		t.Fatalf("the bot's challenge line: %v", got)
	}
	// A bot framework declines people with lichess's reason onlyBot.
	robo.okish("/api/challenge/"+c["id"].(string)+"/decline", url.Values{"reason": {"onlyBot"}})
	if got := ae.next("challengeDeclined")["challenge"].(map[string]any); got["declineReasonKey"] != "onlybot" ||
		got["declineReason"] != "I'm only accepting challenges from bots." {
		t.Fatalf("declined: %v", got)
	}

	_, c = robo.call("POST", "/api/challenge/alba", url.Values{"clock.limit": {"300"}, "color": {"white"}})
	if got := ae.next("challenge")["challenge"].(map[string]any); got["challenger"].(map[string]any)["title"] != "BOT" ||
		got["destUser"].(map[string]any)["title"] != nil {
		t.Fatalf("alba's challenge line: %v", got)
	}
	_, acc := alba.call("POST", "/api/challenge/"+c["id"].(string)+"/accept", url.Values{})
	var g struct {
		Ratings map[string]barRatingJSON `json:"ratings"`
	}
	alba.bearer().must(http.StatusOK, "GET", "/api/game/"+acc["gameId"].(string), nil, &g)
	if g.Ratings["white"].Title != "BOT" || g.Ratings["black"].Title != "" {
		t.Fatalf("the game's bars: %+v", g.Ratings)
	}
}

// TestLichessEventStreamRefusals: the event stream refuses as lichess
// does: {error} with 401 for no account, and with 429 and a Retry-After
// for a second stream of one token.
func TestLichessEventStreamRefusals(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := lichessBot(t, env, "alba")
	if status, out := (&lichessClient{t: t, env: env, token: "jpt_x"}).call("GET", "/api/stream/event", nil); status != http.StatusUnauthorized || out["error"] == nil {
		t.Fatalf("no account: %d %v", status, out)
	}
	alba.stream("/api/stream/event")
	req, _ := http.NewRequest("GET", env.http.URL+"/api/stream/event", nil)
	req.Header.Set("Authorization", "Bearer "+alba.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != lichessRetryAfter {
		t.Fatalf("a second stream: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}

// TestLichessPerMoveClock: a game with JoinPal's clock per move shows in
// gameFull as a clock of that limit without increment, and its gameStates
// carry JoinPal's perMove and the clocks move by move.
func TestLichessPerMoveClock(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno")
	var c struct{ ID string }
	alba.bearer().must(http.StatusCreated, "POST", "/api/challenge/bruno", map[string]any{"timeControl": "move:30s", "color": "white"}, &c)
	_, acc := bruno.call("POST", "/api/challenge/"+c.ID+"/accept", url.Values{})
	id := acc["gameId"].(string)
	bs := bruno.stream("/api/board/game/stream/" + id)
	full := bs.next("gameFull")
	st := full["state"].(map[string]any)
	ext, _ := st["joinpal"].(map[string]any)
	if clock := full["clock"].(map[string]any); clock["initial"] != 30000.0 || clock["increment"] != 0.0 || ext["perMove"] != 30000.0 ||
		ext["clocks"] != nil {
		t.Fatalf("gameFull: %v", full)
	}
	alba.ok("/api/board/game/"+id+"/move/e2e4", nil)
	st = bs.state(func(st map[string]any) bool { return st["moves"] == "e2e4" })
	ext = st["joinpal"].(map[string]any)
	clocks := ext["clocks"].([]any)
	if left := clocks[0].(float64); ext["perMove"] != 30000.0 || left <= 0 || left > 30000 || st["winc"] != 0.0 {
		t.Fatalf("after e2e4: %v", st)
	}
}

// TestLichessScheduledGame: a scheduled game between two lichess clients.
// Their event streams carry JoinPal's schedule lines and, once the
// check-in opens, the game's gameStart; opening the board stream then
// checks its player in, which the other's gameStates say.
func TestLichessScheduledGame(t *testing.T) {
	env, svc := schedEnv(t, false)
	anas, beto := lichessTokens(t, env, "ana", 2), lichessBot(t, env, "beto")
	ana := anas[0]
	ae, be := ana.stream("/api/stream/event"), beto.stream("/api/stream/event")
	start := env.clock.Now().Add(2 * time.Hour)
	var a scheduleJSON
	ana.bearer().must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "beto",
		"local": start.UTC().Format(schedule.LocalLayout), "zone": "UTC", "timeControl": "10+0", "color": "white"}, &a)
	be.next("schedule")
	beto.bearer().must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/accept", nil, &a)
	for ae.next("schedule")["schedule"].(map[string]any)["type"] != string(schedule.EventAccepted) {
	}
	if _, got := ana.call("GET", "/api/account/playing", nil); len(got["nowPlaying"].([]any)) != 0 {
		t.Fatalf("playing before the start: %v", got)
	}
	env.clock.Advance(start.Add(-14 * time.Minute).Sub(env.clock.Now()))
	if _, err := (*svc).Tick(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*ndjson{ae, be} {
		if g := s.next("gameStart")["game"].(map[string]any); g["gameId"] != a.GameID {
			t.Fatalf("gameStart: %v", g)
		}
	}
	ws := ana.stream("/api/board/game/stream/" + a.GameID)
	full := ws.next("gameFull")
	ext := full["state"].(map[string]any)["joinpal"].(map[string]any)
	if ext["scheduledAt"] != float64(a.StartAt.UnixMilli()) {
		t.Fatalf("gameFull: %v", full)
	}
	bs := beto.stream("/api/board/game/stream/" + a.GameID)
	bs.next("gameFull")
	st := ws.state(func(st map[string]any) bool {
		in, _ := st["joinpal"].(map[string]any)["checkedIn"].(map[string]any)
		return in["black"] == true
	})
	if in := st["joinpal"].(map[string]any)["checkedIn"].(map[string]any); in["white"] != true || st["status"] != "started" {
		t.Fatalf("after both checked in: %v", st)
	}
	ana.refused(http.StatusBadRequest, "/api/board/game/"+a.GameID+"/move/e2e4") // before the start
	// A stream opened now (ana's other program) announces the game: its
	// check-in is open, no move has been played.
	if g := anas[1].stream("/api/stream/event").next("gameStart")["game"].(map[string]any); g["gameId"] != a.GameID {
		t.Fatalf("a new stream's gameStart: %v", g)
	}
}

// TestLichessAgainstTheAI: a game against the AI played through lichess's
// API only: the challenge, the board stream with the AI's replies, every
// move in the store before its {"ok":true}, the resignation.
func TestLichessAgainstTheAI(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := lichessBot(t, env, "alba")
	status, g := alba.call("POST", "/api/challenge/ai", url.Values{"level": {"1"}, "clock.limit": {"600"}, "color": {"white"}})
	if status != http.StatusCreated {
		t.Fatalf("AI: %d %v", status, g)
	}
	id := g["id"].(string)
	ws := alba.stream("/api/board/game/stream/" + id)
	full := ws.next("gameFull")
	if black := full["black"].(map[string]any); black["aiLevel"] != 1.0 {
		t.Fatalf("gameFull: %v", full)
	}
	moves := ""
	for ply, uci := range []string{"e2e4", "d2d4"} {
		alba.ok("/api/board/game/"+id+"/move/"+uci, nil)
		if n := len(env.storedGame(id).Moves); n < 2*ply+1 {
			t.Fatalf("after the ok of %s the store has %d moves", uci, n)
		}
		st := ws.state(func(st map[string]any) bool { return len(strings.Fields(st["moves"].(string))) == 2*ply+2 })
		if f := strings.Fields(st["moves"].(string)); f[2*ply] != uci {
			t.Fatalf("after %s: %v", uci, st)
		}
		moves = st["moves"].(string)
	}
	alba.ok("/api/board/game/"+id+"/resign", nil)
	if st := ws.state(func(st map[string]any) bool { return st["status"] != "started" }); st["status"] != "resign" ||
		st["winner"] != "black" || st["moves"] != moves {
		t.Fatalf("the resignation: %v", st)
	}
	ws.ends()
}

// TestLichessChallengeIDNamesItsGame: as on lichess, where a challenge and
// its game share their id, the board and Bot APIs take an accepted
// challenge's id for its game's.
func TestLichessChallengeIDNamesItsGame(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, robo := lichessBot(t, env, "alba"), newLichessBot(t, env, "robo")
	_, c := alba.call("POST", "/api/challenge/robo", url.Values{"clock.limit": {"300"}, "color": {"white"}})
	cid := c["id"].(string)
	if status, out := alba.call("POST", "/api/board/game/"+cid+"/move/e2e4", nil); status != http.StatusNotFound {
		t.Fatalf("a move in a challenge not accepted yet: %d %v", status, out)
	}
	_, acc := robo.call("POST", "/api/challenge/"+cid+"/accept", url.Values{})
	gameID := acc["gameId"].(string)
	ws := alba.stream("/api/board/game/stream/" + cid)
	if full := ws.next("gameFull"); full["id"] != gameID {
		t.Fatalf("gameFull of the challenge's id: %v", full)
	}
	alba.ok("/api/board/game/"+cid+"/move/e2e4", nil)
	robo.ok("/api/bot/game/"+cid+"/move/e7e5", nil)
	robo.ok("/api/bot/game/"+cid+"/chat", url.Values{"room": {"player"}, "text": {"gg"}})
	if got := alba.array("GET", "/api/board/game/"+cid+"/chat"); len(got) != 1 {
		t.Fatalf("the chat by the challenge's id: %v", got)
	}
	alba.ok("/api/board/game/"+cid+"/resign", nil)
	if st := ws.state(func(st map[string]any) bool { return st["status"] != "started" }); st["moves"] != "e2e4 e7e5" || st["winner"] != "black" {
		t.Fatalf("the end: %v", st)
	}
	ws.ends()
}

// heldChallenge is an open POST /api/challenge/{username} with
// keepAliveStream: its lines, read by a goroutine, closed at its end.
type heldChallenge struct {
	lines  chan map[string]any
	cancel func()
}

// holdChallenge challenges username with form and keepAliveStream=true.
func (c *lichessClient) holdChallenge(username string, form url.Values) *heldChallenge {
	c.t.Helper()
	form.Set("keepAliveStream", "true")
	ctx, cancel := context.WithCancel(context.Background())
	c.t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "POST", c.env.http.URL+"/api/challenge/"+username, strings.NewReader(form.Encode()))
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		c.t.Fatalf("a held challenge: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	h := &heldChallenge{lines: make(chan map[string]any, 16), cancel: cancel}
	go func() {
		defer close(h.lines)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var line map[string]any
			if strings.TrimSpace(sc.Text()) != "" && json.Unmarshal(sc.Bytes(), &line) == nil {
				h.lines <- line
			}
		}
	}()
	return h
}

// next is the held challenge's next line; nil when its answer has ended.
func (h *heldChallenge) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case line := <-h.lines:
		return line
	case <-time.After(10 * time.Second):
		t.Fatal("no line of the held challenge")
	}
	return nil
}

// TestLichessKeepAliveChallenge: a challenge made with keepAliveStream is
// held open: its first line is the challenge, its last says how it ended
// (accepted, declined, canceled when it expires); closing it first
// cancels the challenge.
func TestLichessKeepAliveChallenge(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := lichessBot(t, env, "alba"), lichessBot(t, env, "bruno")
	be := bruno.stream("/api/stream/event")
	for _, tc := range []struct {
		answer, done string
	}{
		{"accept", "accepted"},
		{"decline", "declined"},
	} {
		h := alba.holdChallenge("bruno", url.Values{"clock.limit": {"300"}, "clock.increment": {"2"}})
		c := h.next(t)
		checkChallenge(t, "the held challenge", c)
		if got := be.next("challenge")["challenge"].(map[string]any); got["id"] != c["id"] {
			t.Fatalf("bruno's challenge %v, want %v", got["id"], c["id"])
		}
		bruno.okish("/api/challenge/"+c["id"].(string)+"/"+tc.answer, url.Values{})
		if done := h.next(t); done["done"] != tc.done || len(done) != 1 {
			t.Fatalf("%s: the last line %v", tc.answer, done)
		}
		if end := h.next(t); end != nil {
			t.Fatalf("%s: a line after done: %v", tc.answer, end)
		}
	}
	// Unanswered past JoinPal's 20 minutes: the answer that finds it
	// expired ends the held request as cancelled.
	h := alba.holdChallenge("bruno", url.Values{"clock.limit": {"60"}})
	c := h.next(t)
	be.next("challenge")
	env.srvTime.Advance(lobby.DefaultChallengeTTL + time.Second)
	if status, out := bruno.call("POST", "/api/challenge/"+c["id"].(string)+"/accept", url.Values{}); status == http.StatusOK {
		t.Fatalf("an expired challenge accepted: %v", out)
	}
	if done := h.next(t); done["done"] != "canceled" {
		t.Fatalf("expired: the last line %v", done)
	}

	h = alba.holdChallenge("bruno", url.Values{"days": {"3"}})
	c = h.next(t)
	be.next("challenge")
	h.cancel()
	if got := be.next("challengeCanceled")["challenge"].(map[string]any); got["id"] != c["id"] {
		t.Fatalf("cancelled %v, want %v", got["id"], c["id"])
	}
}

// TestLichessStandardOnly: a variant other than standard, or a start
// position, is refused in a challenge, a seek and a game against the AI
// (server.unsupported_variant, 400); "standard" and the usual start are
// taken.
func TestLichessStandardOnly(t *testing.T) {
	if lichessStartFEN != chess.StartingFEN {
		t.Fatalf("lichessStartFEN %q is not the start position %q", lichessStartFEN, chess.StartingFEN)
	}
	env := newPlayEnv(t, playOptions{})
	alba := lichessBot(t, env, "alba")
	lichessBot(t, env, "bruno")
	for _, tc := range []struct {
		path string
		form url.Values
		want int
	}{
		{"/api/challenge/bruno", url.Values{"clock.limit": {"300"}, "variant": {"chess960"}}, http.StatusBadRequest},
		{"/api/challenge/bruno", url.Values{"clock.limit": {"300"}, "fen": {"8/8/8/8/8/8/8/K6k w - - 0 1"}}, http.StatusBadRequest},
		{"/api/challenge/open", url.Values{"clock.limit": {"300"}, "variant": {"atomic"}}, http.StatusBadRequest},
		{"/api/challenge/ai", url.Values{"level": {"1"}, "variant": {"crazyhouse"}}, http.StatusBadRequest},
		{"/api/board/seek", url.Values{"time": {"5"}, "increment": {"0"}, "variant": {"horde"}}, http.StatusBadRequest},
		{"/api/challenge/bruno", url.Values{"clock.limit": {"300"}, "variant": {"standard"}, "fen": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}, http.StatusOK},
	} {
		status, out := alba.call("POST", tc.path, tc.form)
		if status != tc.want {
			t.Errorf("%s %v: %d %v, want %d", tc.path, tc.form, status, out, tc.want)
		}
		if tc.want == http.StatusBadRequest && (out["code"] != string(CodeUnsupportedVariant) || out["error"] == "") {
			t.Errorf("%s %v: %v, want %s", tc.path, tc.form, out, CodeUnsupportedVariant)
		}
	}
}

// TestLichessRateLimited: past the new-games limit, lichess's challenge,
// seek and AI endpoints answer 429 in lichess's shape with Retry-After,
// the seconds to wait.
func TestLichessRateLimited(t *testing.T) {
	env := newPlayEnv(t, playOptions{config: func(c *Config) { c.Limits.NewGamesPerPlayer = Rate{1, time.Hour} }})
	alba := lichessBot(t, env, "alba")
	lichessBot(t, env, "bruno")
	if status, out := alba.call("POST", "/api/challenge/bruno", url.Values{"clock.limit": {"300"}}); status != http.StatusOK {
		t.Fatalf("the first challenge: %d %v", status, out)
	}
	for _, tc := range []struct {
		path string
		form url.Values
	}{
		{"/api/challenge/bruno", url.Values{"clock.limit": {"300"}}},
		{"/api/challenge/ai", url.Values{"level": {"1"}}},
		{"/api/board/seek", url.Values{"time": {"5"}, "increment": {"0"}}},
	} {
		req, _ := http.NewRequest("POST", env.http.URL+tc.path, strings.NewReader(tc.form.Encode()))
		req.Header.Set("Authorization", "Bearer "+alba.token)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests || out["error"] == nil || out["code"] != string(CodeRateLimited) ||
			resp.Header.Get("Retry-After") == "" || resp.Header.Get("Retry-After") == lichessRetryAfter {
			t.Errorf("%s: %d %v, Retry-After %q", tc.path, resp.StatusCode, out, resp.Header.Get("Retry-After"))
		}
	}
}
