package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chat"
)

// chatLines returns the texts of the "chat" and "chat-history" frames
// among frames.
func chatLines(t *testing.T, frames []wsFrame) []string {
	t.Helper()
	var out []string
	for _, f := range frames {
		switch f.T {
		case "chat":
			var l chatLineJSON
			decodeFrameData(t, f, &l)
			out = append(out, l.Text)
		case "chat-history":
			var h chatHistoryJSON
			decodeFrameData(t, f, &h)
			for _, l := range h.Lines {
				out = append(out, l.Text)
			}
		}
	}
	return out
}

// said waits on c for the "chat" frame of text and returns its line.
func said(t *testing.T, c *wsClient, text string) chatLineJSON {
	t.Helper()
	var l chatLineJSON
	c.next("the line "+text, func(f wsFrame) bool {
		if f.T != "chat" {
			return false
		}
		decodeFrameData(t, f, &l)
		return l.Text == text
	})
	return l
}

// history returns c's "chat-history" frame.
func history(t *testing.T, c *wsClient) chatHistoryJSON {
	t.Helper()
	var h chatHistoryJSON
	decodeFrameData(t, c.frame("chat-history"), &h)
	return h
}

// say sends a line with id and returns the answer: "" for an ack, else
// the refusal's code.
func say(c *wsClient, id int64, text string) string {
	c.t.Helper()
	c.send(frameChatSay, map[string]any{"text": text, "id": id})
	return chatAnswer(c, id)
}

// chatAnswer is the answer to the frame with id: "" for an ack, else the
// refusal's code.
func chatAnswer(c *wsClient, id int64) string {
	c.t.Helper()
	f := c.answer(id)
	if f.T == "ack" {
		return ""
	}
	var e errorData
	decodeFrameData(c.t, f, &e)
	return e.Code
}

// neverGot fails if any frame c has read but not been asked for is a line
// with text.
func neverGot(t *testing.T, c *wsClient, who, text string) {
	t.Helper()
	for _, l := range chatLines(t, c.pending) {
		if l == text {
			t.Fatalf("%s received %q", who, text)
		}
	}
}

// TestE2EChatRooms: in a rated game the players talk in their room and
// the spectators in theirs, and no spectator's line ever reaches a player;
// a muted opponent's lines stop reaching the muter, a report stores the
// line, guests and nobody may only read among spectators and in the lobby,
// and a line comes back as text, whatever it looks like.
func TestE2EChatRooms(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	id, alba, bruno := ratedGame(t, env)
	path := "/api/game/" + id + "/socket"
	white, black := alba.dial(path), bruno.dial(path)
	carla := env.account(t, "carla")
	gus := env.guest(t)
	watcher, guest, nobody := carla.dial(path), gus.dial(path), env.anonymous(t).dial(path)
	for name, c := range map[string]*wsClient{"white": white, "black": black} {
		if h := history(t, c); h.Room != chat.KindPlayers || !h.Write || h.Max != 140 || len(h.Lines) != 0 {
			t.Fatalf("%s's history: %+v", name, h)
		}
	}
	if h := history(t, watcher); h.Room != chat.KindSpectators || !h.Write {
		t.Fatalf("the spectator's history: %+v", h)
	}
	for _, c := range []*wsClient{guest, nobody} {
		if h := history(t, c); h.Room != chat.KindSpectators || h.Write {
			t.Fatalf("a guest's or nobody's history among spectators: %+v", h)
		}
	}

	// A spectator's line reaches the spectators, never a player.
	if code := say(watcher, 1, "¡vaya jugada!"); code != "" {
		t.Fatalf("the spectator's line: %s", code)
	}
	said(t, watcher, "¡vaya jugada!")
	said(t, guest, "¡vaya jugada!")
	if code := say(white, 2, "¡Buena suerte!"); code != "" {
		t.Fatalf("white's line: %s", code)
	}
	for _, c := range []*wsClient{white, black} {
		l := said(t, c, "¡Buena suerte!")
		if l.User.ID != alba.id || l.User.Name != "alba" || l.ID != 1 || l.At == 0 {
			t.Fatalf("the line as sent: %+v", l)
		}
		neverGot(t, c, "a player", "¡vaya jugada!")
	}
	neverGot(t, watcher, "the spectator", "¡Buena suerte!")

	// Guests and nobody may only read here.
	for _, c := range []*wsClient{guest, nobody} {
		if code := say(c, 3, "hola"); code != string(chat.CodeReadOnly) {
			t.Fatalf("a guest's or nobody's line among spectators: %q", code)
		}
	}
	// The limits, answered with their codes.
	for text, want := range map[string]chat.Code{"   ": chat.CodeEmpty, strings.Repeat("x", 141): chat.CodeTooLong} {
		if code := say(black, 4, text); code != string(want) {
			t.Fatalf("%.10q: %q, want %s", text, code, want)
		}
	}

	// A line that looks like HTML comes back as the same text.
	injection := "<img src=x onerror=alert(1)>"
	if code := say(black, 5, injection); code != "" {
		t.Fatal(code)
	}
	bad := said(t, white, injection)

	// white reports it: the line is stored for the moderators.
	white.send(frameChatReport, map[string]any{"line": bad.ID, "id": 6})
	if code := chatAnswer(white, 6); code != "" {
		t.Fatalf("the report: %s", code)
	}
	reports, err := env.store.Reports(context.Background(), 10)
	if err != nil || len(reports) != 1 {
		t.Fatalf("reports %+v, %v", reports, err)
	}
	if r := reports[0]; r.Room != chat.GamePlayers(id) || r.Author.ID != bruno.id || r.Text != injection || r.ReporterID != alba.id {
		t.Fatalf("the report stored: %+v", r)
	}
	white.send(frameChatReport, map[string]any{"line": 99, "id": 7})
	if code := chatAnswer(white, 7); code != string(chat.CodeNoLine) {
		t.Fatalf("a report of no line: %q", code)
	}

	// white mutes black: black's lines no longer reach white, who still
	// gets everyone else's (and black still gets white's).
	white.send(frameChatMute, map[string]any{"user": bruno.id, "id": 8})
	if code := chatAnswer(white, 8); code != "" {
		t.Fatalf("the mute: %s", code)
	}
	if code := say(black, 9, "te silencian"); code != "" {
		t.Fatal(code)
	}
	said(t, black, "te silencian")
	if code := say(white, 10, "Gracias"); code != "" {
		t.Fatal(code)
	}
	said(t, white, "Gracias")
	said(t, black, "Gracias")
	neverGot(t, white, "white, who muted black,", "te silencian")
	// A new socket of white's gets the room's history without black.
	again := alba.dial(path)
	if got := strings.Join(chatLines(t, []wsFrame{again.frame("chat-history")}), "|"); got != "¡Buena suerte!|Gracias" {
		t.Fatalf("white's history after the mute: %s", got)
	}
	white.send(frameChatMute, map[string]any{"user": alba.id, "id": 11})
	if code := chatAnswer(white, 11); code != string(chat.CodeBadMute) {
		t.Fatalf("muting oneself: %q", code)
	}

	// By HTTP: a line of a room the reporter reads, once stored. A second
	// later, so that it is the newest report (reports of one instant
	// come in no set order).
	env.srvTime.Advance(time.Second)
	spectators := string(chat.GameSpectators(id))
	var got struct{ ID string }
	gus.must(http.StatusCreated, "POST", "/api/chat/report", map[string]any{"room": spectators, "line": 1}, &got)
	var twice struct{ ID string }
	gus.must(http.StatusCreated, "POST", "/api/chat/report", map[string]any{"room": spectators, "line": 1}, &twice)
	if got.ID == "" || twice.ID != got.ID {
		t.Fatalf("the report's id %q, then %q", got.ID, twice.ID)
	}
	if reports, err := env.store.Reports(context.Background(), 10); err != nil || len(reports) != 2 || reports[0].ID != got.ID ||
		reports[0].Text != "¡vaya jugada!" || reports[0].ReporterID != gus.id {
		t.Fatalf("reports after the HTTP one: %+v, %v", reports, err)
	}
	for _, tc := range []struct {
		name string
		p    *person
		body map[string]any
		want int
		code string
	}{
		{"a player, of the spectators' room", alba, map[string]any{"room": spectators, "line": 1}, http.StatusNotFound, string(chat.CodeNoLine)},
		{"a spectator, of the players' room", carla, map[string]any{"room": string(chat.GamePlayers(id)), "line": 1}, http.StatusNotFound, string(chat.CodeNoLine)},
		{"a room of no game", carla, map[string]any{"room": "game:nosuchgame", "line": 1}, http.StatusNotFound, string(chat.CodeNoLine)},
		{"nobody", env.anonymous(t), map[string]any{"room": spectators, "line": 1}, http.StatusUnauthorized, string(CodeUnauthorized)},
		{"an unknown member", carla, map[string]any{"room": spectators, "line": 1, "x": 1}, http.StatusBadRequest, string(CodeUnknownField)},
	} {
		res := tc.p.do("POST", "/api/chat/report", tc.body)
		if res.status != tc.want || !strings.Contains(string(res.body), tc.code) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, res.status, res.body, tc.want, tc.code)
		}
	}
}

// TestE2EChatGuestsAndLobby: a guest playing a casual game talks to the
// opponent; in the lobby only accounts write, everyone reads.
func TestE2EChatGuestsAndLobby(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	_, _, _, white, black := startedGame(t, env, "5+0")
	history(t, white)
	history(t, black)
	if code := say(white, 1, "¡Buena partida!"); code != "" {
		t.Fatalf("a guest player's line: %s", code)
	}
	said(t, black, "¡Buena partida!")

	ana, guest := env.account(t, "ana"), env.guest(t)
	a, g := ana.dial("/api/lobby/socket"), guest.dial("/api/lobby/socket")
	if h := history(t, a); h.Room != chat.KindLobby || !h.Write {
		t.Fatalf("ana's lobby history: %+v", h)
	}
	if h := history(t, g); h.Write {
		t.Fatalf("a guest's lobby history: %+v", h)
	}
	if code := say(a, 1, "¿alguien juega 10+5?"); code != "" {
		t.Fatalf("ana's line in the lobby: %s", code)
	}
	said(t, g, "¿alguien juega 10+5?")
	if code := say(g, 2, "yo"); code != string(chat.CodeReadOnly) {
		t.Fatalf("a guest's line in the lobby: %q", code)
	}
	// A frame of no kind the lobby takes is still refused.
	g.send("resign", nil)
	var e errorData
	decodeFrameData(t, g.frame("error"), &e)
	if e.Code != string(CodeUnknownFrame) {
		t.Fatalf("an unknown frame on the lobby socket: %s", e.Code)
	}
}

// TestE2EChatNeedsScope: a token talks only with board:play, on the game
// and the lobby socket alike (scopes.go).
func TestE2EChatNeedsScope(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	ana := env.account(t, "ana")
	bearer := func(scopes ...string) *person {
		var tok struct{ Token string }
		ana.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{"name": "bot", "scopes": append([]string{}, scopes...)}, &tok)
		p := env.anonymous(t)
		p.header.Set("Authorization", "Bearer "+tok.Token)
		p.id = ana.id
		return p
	}
	for _, tc := range []struct {
		name   string
		scopes []string
		want   string
	}{
		{"no scope", nil, string(CodeForbidden)},
		{"challenge:read", []string{"challenge:read"}, string(CodeForbidden)},
		{"board:play", []string{"board:play"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := bearer(tc.scopes...)
			c := p.dial("/api/lobby/socket")
			history(t, c)
			if code := say(c, 1, "hola "+tc.name); code != tc.want {
				t.Fatalf("chat-say: %q, want %q", code, tc.want)
			}
			for i, typ := range []string{frameChatMute, frameChatUnmute} {
				c.send(typ, map[string]any{"user": "someone", "id": 2 + i})
				if code := chatAnswer(c, int64(2+i)); code != tc.want {
					t.Fatalf("%s: %q, want %q", typ, code, tc.want)
				}
			}
			// The HTTP report: refused before anything else without the
			// scope; with it, a line the lobby does not hold.
			want := tc.want
			if want == "" {
				want = string(chat.CodeNoLine)
			}
			if res := p.do("POST", "/api/chat/report", map[string]any{"room": "lobby", "line": 999}); !strings.Contains(string(res.body), want) {
				t.Fatalf("POST /api/chat/report: %d %s, want %s", res.status, res.body, want)
			}
		})
	}
}

// TestE2EChatAfterRestart: a game's chat is stored line by line, so a
// restart of the (only) process keeps it: after the game has ended and
// the server has restarted, the game page's socket gets the players' and
// the spectators' lines in their histories, with their ids, and without
// the lines of whom the reader muted before the restart; the lichess GET
// endpoint reads the same; the next line is numbered on from the stored
// ones. On both stores.
func TestE2EChatAfterRestart(t *testing.T) {
	for _, tc := range []struct {
		name     string
		postgres bool
	}{{"sqlite", false}, {"postgres", true}} {
		t.Run(tc.name, func(t *testing.T) {
			env := newPlayEnv(t, playOptions{postgres: tc.postgres})
			id, alba, bruno := ratedGame(t, env)
			carla := env.account(t, "carla")
			var tok tokenJSON
			bruno.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{"name": "lichess", "scopes": []string{"board:play"}}, &tok)
			path := "/api/game/" + id + "/socket"
			white, black, watcher := alba.dial(path), bruno.dial(path), carla.dial(path)
			for _, c := range []*wsClient{white, black, watcher} {
				history(t, c)
			}
			for _, step := range []struct {
				c    *wsClient
				id   int64
				text string
			}{{white, 1, "¡Buena suerte!"}, {black, 2, "Gracias"}, {watcher, 3, "¡vaya partida!"}} {
				if code := say(step.c, step.id, step.text); code != "" {
					t.Fatalf("%q: %s", step.text, code)
				}
			}
			white.send(frameChatMute, map[string]any{"user": bruno.id, "id": 4})
			if code := chatAnswer(white, 4); code != "" {
				t.Fatalf("the mute: %s", code)
			}
			if code := say(black, 5, "te silencian"); code != "" {
				t.Fatal(code)
			}
			said(t, black, "te silencian")
			// white reports black's "Gracias" (line 2).
			white.send(frameChatReport, map[string]any{"line": 2, "id": 6})
			if code := chatAnswer(white, 6); code != "" {
				t.Fatalf("the report: %s", code)
			}
			alba.must(http.StatusOK, "POST", "/api/game/"+id+"/resign", nil, nil)

			env.restart()
			lines := func(c *wsClient) string {
				var out []string
				for _, l := range history(t, c).Lines {
					out = append(out, itoa64(l.ID)+":"+l.Text)
				}
				return strings.Join(out, "|")
			}
			black = bruno.dial(path)
			if got := lines(black); got != "1:¡Buena suerte!|2:Gracias|3:te silencian" {
				t.Fatalf("black's history after the restart: %s", got)
			}
			white = alba.dial(path)
			if got := lines(white); got != "1:¡Buena suerte!" {
				t.Fatalf("white's history after the restart: %s (her mute of black kept)", got)
			}
			// Her second report of line 2, by socket and by HTTP, is
			// answered as the first and stores nothing.
			white.send(frameChatReport, map[string]any{"line": 2, "id": 7})
			if code := chatAnswer(white, 7); code != "" {
				t.Fatalf("the report again after the restart: %s", code)
			}
			var again struct{ ID string }
			alba.must(http.StatusCreated, "POST", "/api/chat/report", map[string]any{"room": string(chat.GamePlayers(id)), "line": 2}, &again)
			if reports, err := env.store.Reports(context.Background(), 10); err != nil || len(reports) != 1 ||
				reports[0].ID != again.ID || reports[0].Text != "Gracias" || reports[0].Room != chat.GamePlayers(id) {
				t.Fatalf("the reports after the restart: %+v, %v; want the first one only (answered %q)", reports, err, again.ID)
			}
			if got := lines(carla.dial(path)); got != "1:¡vaya partida!" {
				t.Fatalf("the spectators' history after the restart: %s", got)
			}
			board := &lichessClient{t: t, env: env, token: tok.Token, name: "bruno"}
			got := board.array("GET", "/api/board/game/"+id+"/chat")
			if len(got) != 3 || got[0].(map[string]any)["text"] != "¡Buena suerte!" || got[2].(map[string]any)["user"] != "bruno" {
				t.Fatalf("GET chat after the restart: %v", got)
			}
			if code := say(black, 1, "otra"); code != "" {
				t.Fatal(code)
			}
			if l := said(t, black, "otra"); l.ID != 4 {
				t.Fatalf("the first line after the restart has id %d, want 4", l.ID)
			}
		})
	}
}

// TestE2EChatReportStoredLine: a line the node no longer holds in memory
// (its chat keeps the last 2 lines here) is reported from the store, by
// socket and by HTTP, once for each person: the second report answers as
// the first, and the moderators' list holds it once, with its room and
// text.
func TestE2EChatReportStoredLine(t *testing.T) {
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		c.Chat = chat.New(chat.Config{Store: c.Accounts.(chat.Store), History: 2, Now: c.Now})
	}})
	id, alba, bruno := ratedGame(t, env)
	path := "/api/game/" + id + "/socket"
	white, black := alba.dial(path), bruno.dial(path)
	history(t, white)
	history(t, black)
	for i, text := range []string{"eres malísimo", "dos", "tres"} {
		if code := say(black, int64(i+1), text); code != "" {
			t.Fatalf("%q: %s", text, code)
		}
		said(t, white, text)
	}
	white.send(frameChatReport, map[string]any{"line": 1, "id": 4})
	if code := chatAnswer(white, 4); code != "" {
		t.Fatalf("a report of a stored line not held: %s", code)
	}
	room := string(chat.GamePlayers(id))
	var first struct{ ID string }
	alba.must(http.StatusCreated, "POST", "/api/chat/report", map[string]any{"room": room, "line": 1}, &first)
	white.send(frameChatReport, map[string]any{"line": 1, "id": 5})
	if code := chatAnswer(white, 5); code != "" {
		t.Fatalf("the report again: %s", code)
	}
	reports, err := env.store.Reports(context.Background(), 10)
	if err != nil || len(reports) != 1 {
		t.Fatalf("reports %+v, %v; want one", reports, err)
	}
	if r := reports[0]; r.ID != first.ID || r.Room != chat.GamePlayers(id) || r.LineID != 1 || r.Text != "eres malísimo" ||
		r.Author.ID != bruno.id || r.ReporterID != alba.id {
		t.Fatalf("the report stored: %+v (answered %q)", r, first.ID)
	}
	white.send(frameChatReport, map[string]any{"line": 4, "id": 6})
	if code := chatAnswer(white, 6); code != string(chat.CodeNoLine) {
		t.Fatalf("a report of a line never said: %q", code)
	}
}

// heldLines is a chat.Store whose AddLines waits, once it has said so on
// entered, until release is closed.
type heldLines struct {
	chat.Store
	entered chan<- struct{}
	release <-chan struct{}
}

func (h heldLines) AddLines(ctx context.Context, lines []chat.Line, keep int) ([]int64, error) {
	h.entered <- struct{}{}
	<-h.release
	return h.Store.AddLines(ctx, lines, keep)
}

// TestE2EChatLineDoesNotHoldAMove: a line is stored off the socket's
// reader: while the store has not yet taken a player's line, the move
// the player sends next is played and acknowledged; the line is
// acknowledged, and sent, once stored.
func TestE2EChatLineDoesNotHoldAMove(t *testing.T) {
	entered, release := make(chan struct{}, 1), make(chan struct{})
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		c.Chat = chat.New(chat.Config{Store: heldLines{c.Accounts.(chat.Store), entered, release}, Now: c.Now})
	}})
	_, _, _, white, black := startedGame(t, env, "5+0")
	history(t, white)
	history(t, black)
	white.send(frameChatSay, map[string]any{"text": "¡Buena suerte!", "id": 100})
	select {
	case <-entered:
	case <-time.After(frameWait):
		t.Fatal("the line never reached the store")
	}
	if ack := white.move("e2e4", 0, 1); ack.SAN != "e4" {
		t.Fatalf("the move's ack: %+v", ack)
	}
	neverGot(t, black, "black, before the line was stored,", "¡Buena suerte!")
	neverGot(t, white, "white, before the line was stored,", "¡Buena suerte!")
	for _, f := range white.pending {
		var a ackData
		if f.T == "ack" && json.Unmarshal(f.D, &a) == nil && a.ID == 100 {
			t.Fatal("the line was acknowledged before it was stored")
		}
	}
	close(release)
	if code := chatAnswer(white, 100); code != "" {
		t.Fatalf("the line: %s", code)
	}
	said(t, black, "¡Buena suerte!")
}

// failingLines is a chat.Store that stores no line.
type failingLines struct{ chat.Store }

func (failingLines) AddLines(context.Context, []chat.Line, int) ([]int64, error) {
	return nil, errors.New("disk full")
}

// TestE2EChatLineNotStored: a line the store refuses is answered
// internal, and nobody reads it.
func TestE2EChatLineNotStored(t *testing.T) {
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		c.Chat = chat.New(chat.Config{Store: failingLines{c.Accounts.(chat.Store)}, Now: c.Now})
	}})
	_, _, _, white, black := startedGame(t, env, "5+0")
	history(t, white)
	history(t, black)
	if code := say(white, 1, "¡Buena suerte!"); code != "internal" {
		t.Fatalf("a line the store refused: %q, want internal", code)
	}
	white.move("e2e4", 0, 2)
	black.state("e4", func(st stateJSON) bool { return st.Ply == 1 })
	neverGot(t, black, "black", "¡Buena suerte!")
	neverGot(t, white, "white", "¡Buena suerte!")
}

// heldLoads is a chat.Store whose LoadRoom of a game's players' room
// waits until release is closed.
type heldLoads struct {
	chat.Store
	release <-chan struct{}
}

func (h heldLoads) LoadRoom(ctx context.Context, r chat.Room, last int) ([]chat.Line, []chat.Mute, error) {
	if r.Kind() == chat.KindPlayers {
		<-h.release
	}
	return h.Store.LoadRoom(ctx, r, last)
}

// TestE2EChatJoinDoesNotHoldTheGame: a socket joins its chat room off its
// reader: while the room is being loaded from the store, the game's
// frames come and a move is played; a line said meanwhile waits for the
// join, then comes after the history.
func TestE2EChatJoinDoesNotHoldTheGame(t *testing.T) {
	release := make(chan struct{})
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		c.Chat = chat.New(chat.Config{Store: heldLoads{c.Accounts.(chat.Store), release}, Now: c.Now})
	}})
	_, _, _, white, black := startedGame(t, env, "5+0")
	white.send(frameChatSay, map[string]any{"text": "¡Buena suerte!", "id": 100})
	if ack := white.move("e2e4", 0, 1); ack.SAN != "e4" {
		t.Fatalf("the move's ack: %+v", ack)
	}
	black.state("e4", func(st stateJSON) bool { return st.Ply == 1 })
	for _, c := range []*wsClient{white, black} {
		for _, f := range c.pending {
			if f.T == "chat-history" || f.T == "chat" {
				t.Fatalf("a chat frame before the room was loaded: %+v", f)
			}
		}
	}
	close(release)
	if h := history(t, white); len(h.Lines) != 0 {
		t.Fatalf("white's history: %+v", h)
	}
	if code := chatAnswer(white, 100); code != "" {
		t.Fatalf("the line said while joining: %s", code)
	}
	// black reads it in the history, or as it is said, whichever black's
	// join met.
	if !slices.Contains(chatLines(t, []wsFrame{black.frame("chat-history")}), "¡Buena suerte!") {
		said(t, black, "¡Buena suerte!")
	}
}
