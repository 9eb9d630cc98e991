package server

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/joinpal/joinpal/game"
)

// TestE2ESeekToMate: two guests find each other through the lobby and play
// fool's mate over their sockets; a spectator watches without the legal
// moves and cannot move; the game is then served as JSON, PGN and FEN.
func TestE2ESeekToMate(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := env.guest(t), env.guest(t)
	lobbySock := bruno.dial("/api/lobby/socket")
	lobbySock.frame("seeks")
	id := env.pairBySeek(alba, bruno, "5+0")
	var paired struct {
		GameID string `json:"gameId"`
	}
	decodeFrameData(t, lobbySock.frame("paired"), &paired)
	if paired.GameID != id {
		t.Fatalf("the lobby socket paired game %q, want %q", paired.GameID, id)
	}

	white, black := alba.dial("/api/game/"+id+"/socket"), bruno.dial("/api/game/"+id+"/socket")
	g := white.full()
	if g.Players["white"].ID != alba.id || g.Players["black"].ID != bruno.id || g.Status != "created" || len(g.Legal) != 20 {
		t.Fatalf("white's full frame: %+v", g)
	}
	black.full()
	watcher := env.guest(t).dial("/api/game/" + id + "/socket")
	if w := watcher.full(); len(w.Legal) != 0 {
		t.Fatalf("a spectator got the legal moves: %v", w.Legal)
	}

	moves := []string{"f2f3", "e7e5", "g2g4", "d8h4"}
	for ply, uci := range moves {
		mover := white
		if ply%2 == 1 {
			mover = black
		}
		ack := mover.move(uci, ply, int64(100+ply))
		if ack.UCI != uci || ack.Ply == nil || *ack.Ply != ply || ack.V == 0 {
			t.Fatalf("ack of %s: %+v", uci, ack)
		}
	}
	for name, c := range map[string]*wsClient{"white": white, "black": black, "spectator": watcher} {
		st := c.state("the mate", func(st stateJSON) bool { return st.Status != "started" && st.Status != "created" })
		if st.Status != "mate" || st.Winner != "black" || st.Result != "0-1" {
			t.Errorf("%s saw the end as %+v", name, st)
		}
		if name == "spectator" && len(st.Legal) != 0 {
			t.Errorf("the spectator got legal moves")
		}
	}
	// A spectator's move is refused, and changes nothing.
	watcher.send("move", map[string]any{"uci": "e2e4", "ply": 4, "id": 1})
	if code := watcher.refusal(1); code != string(game.CodeNotAPlayer) && code != string(game.CodeGameOver) {
		t.Errorf("the spectator's move: %s", code)
	}

	var got gameRecordJSON
	alba.must(http.StatusOK, "GET", "/api/game/"+id, nil, &got)
	if got.Status != "mate" || got.Moves != strings.Join(moves, " ") || strings.Join(got.SAN, " ") != "f3 e5 g4 Qh4#" || len(got.Clocks) != 4 {
		t.Fatalf("GET /api/game: %+v", got)
	}
	if o := got.Opening; o == nil || o.ECO != "A00" || o.Name != "Barnes Opening: Fool's Mate" ||
		o.Names["es"] != "Apertura Barnes: Mate del Loco" || o.Names["en"] != o.Name {
		t.Fatalf("GET /api/game's opening: %+v", o)
	}
	pgn := alba.do("GET", "/api/game/"+id+"/pgn", nil)
	if pgn.status != http.StatusOK || !strings.Contains(string(pgn.body), "Qh4#") || !strings.Contains(string(pgn.body), "[%clk") ||
		!strings.Contains(string(pgn.body), `[Result "0-1"]`) ||
		!strings.Contains(string(pgn.body), "[ECO \"A00\"]\n[Opening \"Barnes Opening: Fool's Mate\"]\n") {
		t.Fatalf("PGN: %d %s", pgn.status, pgn.body)
	}
	fen := alba.do("GET", "/api/game/"+id+"/fen", nil)
	if want := "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n"; string(fen.body) != want {
		t.Fatalf("FEN %q, want %q", fen.body, want)
	}
}

// TestE2EReconnectCatchesUp: a player whose socket dropped comes back with
// the last version it saw and gets exactly the events it missed; a move
// resent with the same id is acknowledged again and not played twice.
func TestE2EReconnectCatchesUp(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := env.guest(t), env.guest(t)
	id := env.pairBySeek(alba, bruno, "10+0")
	white, black := alba.dial("/api/game/"+id+"/socket"), bruno.dial("/api/game/"+id+"/socket")
	white.full()
	black.full()
	white.move("e2e4", 0, 1)
	black.move("e7e5", 1, 2)
	seen := white.move("g1f3", 2, 3).V // the version of the move's event
	white.conn.Close(websocket.StatusNormalClosure, "")
	// White's drop is stored and told to black before black moves: a
	// catch-up that meets a write still in flight rightly answers with
	// the whole game, and this test is about the events themselves.
	black.state("white gone", func(st stateJSON) bool { _, gone := st.Gone["white"]; return gone })
	black.move("b8c6", 3, 4)
	back := alba.dial("/api/game/" + id + "/socket?v=" + itoa64(seen))
	f := back.next("the missed move", func(f wsFrame) bool { return f.T == "move" || f.T == "full" })
	var ev eventJSON
	decodeFrameData(t, f, &ev)
	if f.T != "move" || ev.Move.UCI != "b8c6" || f.V <= seen {
		t.Fatalf("after catching up from v=%d: %s v=%d %s", seen, f.T, f.V, f.D)
	}
	if o := ev.Opening; o == nil || o.ECO != "C44" || o.Names["es"] != "Apertura del Caballo de Rey: Variante Normal" {
		t.Fatalf("the move frame's opening: %+v", o)
	}
	again := back.move("f1b5", 4, 5)
	resent := back.move("f1b5", 4, 5)
	if !resent.Resent || *resent.Ply != *again.Ply {
		t.Fatalf("resent move: %+v, first %+v", resent, again)
	}
	if n := len(env.storedGame(id).Moves); n != 5 {
		t.Fatalf("the store holds %d moves, want 5", n)
	}
}

// startedGame pairs two guests through seeks with tc and opens both their
// sockets, past the first "full" frames.
func startedGame(t *testing.T, env *playEnv, tc string) (id string, alba, bruno *person, white, black *wsClient) {
	t.Helper()
	alba, bruno = env.guest(t), env.guest(t)
	id = env.pairBySeek(alba, bruno, tc)
	white, black = alba.dial("/api/game/"+id+"/socket"), bruno.dial("/api/game/"+id+"/socket")
	white.full()
	black.full()
	return id, alba, bruno, white, black
}

// ended waits on c for the end of the game and returns its state.
func ended(c *wsClient) stateJSON {
	c.t.Helper()
	return c.state("the end", func(st stateJSON) bool { return st.Status != "started" && st.Status != "created" })
}

// TestE2EEndings: each way a game ends by the players' actions, over the
// socket or by HTTP, as both players see it.
func TestE2EEndings(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	t.Run("resign", func(t *testing.T) {
		_, _, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.send("resign", map[string]any{"id": 7})
		black.ack(7)
		if st := ended(white); st.Status != "resign" || st.Winner != "white" {
			t.Fatalf("after resigning: %+v", st)
		}
	})
	t.Run("abort before both moved", func(t *testing.T) {
		id, _, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.send("abort", map[string]any{"id": 2})
		black.ack(2)
		if st := ended(white); st.Status != "aborted" || st.Result != "*" {
			t.Fatalf("after aborting: %+v", st)
		}
		if s := env.storedGame(id).State.Status; s != game.StatusAborted {
			t.Fatalf("stored status %s", s)
		}
	})
	t.Run("abort refused after both moved", func(t *testing.T) {
		_, _, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.move("e7e5", 1, 2)
		white.send("abort", map[string]any{"id": 3})
		if code := white.refusal(3); code != string(game.CodeCannotAbort) {
			t.Fatalf("late abort: %s", code)
		}
	})
	t.Run("draw by agreement", func(t *testing.T) {
		_, _, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.move("e7e5", 1, 2)
		white.send("draw-offer", map[string]any{"id": 3})
		white.ack(3)
		if st := black.state("the offer", func(st stateJSON) bool { return st.DrawOffer != "" }); st.DrawOffer != "white" {
			t.Fatalf("offer: %+v", st)
		}
		black.send("draw-accept", map[string]any{"id": 4})
		black.ack(4)
		if st := ended(white); st.Status != "draw" || st.Termination != game.Agreement.String() || st.Result != "1/2-1/2" {
			t.Fatalf("after agreeing: %+v", st)
		}
	})
	t.Run("draw declined", func(t *testing.T) {
		_, _, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.send("draw-offer", nil)
		white.state("the offer", func(st stateJSON) bool { return st.DrawOffer == "black" })
		white.send("draw-decline", map[string]any{"id": 5})
		white.ack(5)
		// Black's frames come in order: e2e4 (no offer yet), its offer,
		// the decline. Passing the offer first makes "gone" mean the
		// decline, not the e2e4 frame before the offer.
		black.state("the offer", func(st stateJSON) bool { return st.DrawOffer == "black" })
		black.state("the offer gone", func(st stateJSON) bool { return st.DrawOffer == "" })
	})
	t.Run("leave by beacon", func(t *testing.T) {
		id, alba, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.move("e7e5", 1, 2)
		// navigator.sendBeacon: a POST with the page's cookies, a text body.
		req, _ := http.NewRequest("POST", env.http.URL+"/api/game/"+id+"/leave", strings.NewReader(""))
		req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
		res, err := alba.hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("leave: %d", res.StatusCode)
		}
		if st := ended(black); st.Status != "resign" || st.Winner != "black" {
			t.Fatalf("after leaving: %+v", st)
		}
	})
	t.Run("a dropped socket is not leaving", func(t *testing.T) {
		id, _, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.move("e7e5", 1, 2)
		white.conn.Close(websocket.StatusGoingAway, "")
		// The runtime records the drop (a state event) and the game goes
		// on: the reconnection window runs.
		black.state("the drop", func(st stateJSON) bool { return st.Ply == 2 })
		black.frame("state")
		st := env.storedGame(id).State
		if st.GoneSince[game.White].IsZero() || st.Status != game.StatusStarted {
			t.Fatalf("after a drop: %+v", st)
		}
	})
}

// TestE2EFlagPerMove: on a per-move clock, the flag falls by the runtime's
// timer when the allowance (and its lag grace) has passed, with no client
// asking; the runtime's clock is faked, so nothing waits.
func TestE2EFlagPerMove(t *testing.T) {
	env := newPlayEnv(t, playOptions{fakeRuntimeClock: true})
	id, _, _, white, black := startedGame(t, env, "move:5s")
	white.move("e2e4", 0, 1)
	black.move("e7e5", 1, 2)
	env.clock.Advance(4 * time.Second)
	white.move("g1f3", 2, 3) // in time
	env.clock.Advance(5*time.Second + game.MaxLagGrace + time.Millisecond)
	for name, c := range map[string]*wsClient{"white": white, "black": black} {
		if st := ended(c); st.Status != "outoftime" || st.Winner != "white" {
			t.Errorf("%s saw %+v", name, st)
		}
	}
	if st := env.storedGame(id).State; st.Termination != game.Timeout {
		t.Fatalf("stored termination %s", st.Termination)
	}
}

// TestE2EChallengeLink: the first person other than its creator to open a
// link plays; the creator cannot; a latecomer finds it closed.
func TestE2EChallengeLink(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno, carla := env.guest(t), env.guest(t), env.guest(t)
	var link challengeJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/open", map[string]any{"timeControl": "3+2", "color": "white"}, &link)
	if link.URL == "" || !strings.HasSuffix(link.URL, "/challenge/"+link.ID) {
		t.Fatalf("link: %+v", link)
	}
	bruno.must(http.StatusOK, "GET", "/api/challenge/"+link.ID+"/show", nil, nil)
	if res := alba.do("POST", "/api/challenge/"+link.ID+"/accept", nil); res.refusal(t).Code != "lobby.own_challenge" {
		t.Fatalf("the creator opened their own link: %d %s", res.status, res.body)
	}
	var accepted challengeJSON
	bruno.must(http.StatusOK, "POST", "/api/challenge/"+link.ID+"/accept", nil, &accepted)
	if accepted.GameID == "" {
		t.Fatalf("accepted without a game: %+v", accepted)
	}
	if res := carla.do("POST", "/api/challenge/"+link.ID+"/accept", nil); res.status != http.StatusConflict {
		t.Fatalf("a second acceptance: %d %s", res.status, res.body)
	}
	rec := env.storedGame(accepted.GameID)
	if rec.White.ID != alba.id || rec.Black.ID != bruno.id || rec.TimeControl.String() != "3+2" {
		t.Fatalf("the link's game: %+v", rec)
	}
	// The game is played over the sockets like any other.
	white := alba.dial("/api/game/" + accepted.GameID + "/socket")
	white.full()
	white.move("d2d4", 0, 1)
}

// TestE2ERematch: after a game, one player offers a rematch and the other
// sees the offer on the game's socket; the other's offer accepts it and a
// game starts with the colours swapped.
func TestE2ERematch(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	id, alba, bruno, white, black := startedGame(t, env, "5+3")
	white.send("resign", nil)
	ended(black)
	alba.must(http.StatusOK, "POST", "/api/game/"+id+"/rematch", nil, nil)
	var offer challengeJSON
	decodeFrameData(t, black.frame("rematch"), &offer)
	if offer.RematchOf != id || offer.Challenger.ID != alba.id {
		t.Fatalf("offer: %+v", offer)
	}
	black.send("rematch", map[string]any{"id": 9})
	accepting := black.ack(9)
	var started challengeJSON
	black.next("the accepted rematch", func(f wsFrame) bool {
		if f.T != "rematch" {
			return false
		}
		decodeFrameData(t, f, &started)
		return started.GameID != ""
	})
	if accepting.GameID != started.GameID {
		t.Fatalf("the accepting ack names game %q, the offer %q", accepting.GameID, started.GameID)
	}
	rec := env.storedGame(started.GameID)
	if rec.White.ID != bruno.id || rec.Black.ID != alba.id || rec.TimeControl.String() != "5+3" {
		t.Fatalf("the rematch: %+v", rec)
	}
	if res := alba.do("POST", "/api/game/"+started.GameID+"/rematch", nil); res.refusal(t).Code != string(CodeGameNotOver) {
		t.Fatalf("a rematch of a running game: %d %s", res.status, res.body)
	}
}

// TestE2EAgainstAI: a guest plays the AI at level 2 ("Fácil") on a short
// clock until the game ends, moving at once with legal moves chosen by a
// seeded generator.
func TestE2EAgainstAI(t *testing.T) {
	// The player moves at once, faster than any person: more than the
	// flood limit's 100 frames in 20 s would be no flood here.
	env := newPlayEnv(t, playOptions{config: func(c *Config) { c.Socket.FloodLimit = 10_000 }})
	alba := env.guest(t)
	var g gameRecordJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/ai", map[string]any{"level": 2, "color": "white", "timeControl": "3+0"}, &g)
	if g.Players["black"].AILevel != 2 || g.Players["black"].Name != "Fácil" || g.Players["white"].ID != alba.id {
		t.Fatalf("AI game: %+v", g)
	}
	sock := alba.dial("/api/game/" + g.ID + "/socket")
	full := sock.full()
	rng := rand.New(rand.NewPCG(1, 2))
	st := full.stateJSON
	for ply := 0; ply < 600; {
		if st.Status != "created" && st.Status != "started" {
			break
		}
		if st.Turn == "white" && st.Ply == ply {
			sock.move(st.Legal[rng.IntN(len(st.Legal))].String(), ply, int64(ply+1))
		}
		st = sock.state("the next move", func(s stateJSON) bool { return s.Ply > ply || (s.Status != "created" && s.Status != "started") })
		ply = st.Ply
	}
	if st.Status == "created" || st.Status == "started" {
		t.Fatalf("the game did not end: %+v", st)
	}
	rec := env.storedGame(g.ID)
	if !rec.State.Status.Finished() || len(rec.Moves) < 2 {
		t.Fatalf("stored AI game: %+v", rec.State)
	}
	t.Logf("the game against Fácil ended %s (%s) after %d plies", st.Status, st.Result, len(rec.Moves))
}

// TestE2ESocketRefusals: a cross-origin upgrade is refused; a flood and an
// oversized frame close the socket with 1008, and another game does not
// notice; a bad frame is answered and the socket stays.
func TestE2ESocketRefusals(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	id, alba, _, white, black := startedGame(t, env, "5+0")

	_, err := alba.tryDial("/api/game/"+id+"/socket", http.Header{"Origin": {"http://evil.example"}})
	var de *dialError
	if !errors.As(err, &de) || de.status != http.StatusForbidden || !strings.Contains(string(de.body), string(CodeCrossOrigin)) {
		t.Fatalf("cross-origin upgrade: %v", err)
	}
	if _, err := alba.tryDial("/api/lobby/socket", http.Header{"Origin": {"http://evil.example"}}); !errors.As(err, &de) || de.status != http.StatusForbidden {
		t.Fatalf("cross-origin lobby upgrade: %v", err)
	}

	white.sendRaw([]byte(`{"t":"move","d":{"uci":"e2e4","ply":0,"id":1,"colour":"white"}}`))
	var e errorData
	decodeFrameData(t, white.frame("error"), &e)
	if e.Code != string(CodeBadFrame) {
		t.Fatalf("unknown field: %+v", e)
	}
	white.sendRaw([]byte(`{"t":"castle"}`))
	decodeFrameData(t, white.frame("error"), &e)
	if e.Code != string(CodeUnknownFrame) {
		t.Fatalf("unknown type: %+v", e)
	}

	flooder := env.guest(t).dial("/api/game/" + id + "/socket")
	for range 101 {
		flooder.send("ping", nil)
	}
	if code, reason := flooder.closeStatus(); code != websocket.StatusPolicyViolation || reason != reasonFlood {
		t.Fatalf("flood closed with %d %q", code, reason)
	}
	big := env.guest(t).dial("/api/game/" + id + "/socket")
	big.sendRaw([]byte(`{"t":"ping","d":{"x":"` + strings.Repeat("x", 5000) + `"}}`))
	if code, reason := big.closeStatus(); code != websocket.StatusPolicyViolation || reason != reasonTooLarge {
		t.Fatalf("oversized frame closed with %d %q", code, reason)
	}
	// The players' sockets did not notice.
	white.move("e2e4", 0, 2)
	black.move("e7e5", 1, 3)
}

// TestE2EShutdownClosesSockets: a server stopping closes its sockets with
// "server restarting", and the games are not decided by it: nobody is
// marked gone.
func TestE2EShutdownClosesSockets(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	id, _, _, white, black := startedGame(t, env, "5+0")
	white.move("e2e4", 0, 1)
	black.move("e7e5", 1, 2)
	env.srv.Shutdown(context.Background())
	for _, c := range []*wsClient{white, black} {
		if code, reason := c.closeStatus(); code != websocket.StatusServiceRestart || reason != reasonRestarting {
			t.Fatalf("closed with %d %q", code, reason)
		}
	}
	st := env.storedGame(id).State
	if st.Status != game.StatusStarted || !st.GoneSince[game.White].IsZero() || !st.GoneSince[game.Black].IsZero() {
		t.Fatalf("after the shutdown: %+v", st)
	}
	// No new game starts, and a new socket is closed at once.
	alba := env.guest(t)
	for path, body := range map[string]any{
		"/api/seek":         map[string]any{"timeControl": "5+0"},
		"/api/challenge/ai": map[string]any{"level": 1, "timeControl": "5+0"},
	} {
		if res := alba.do("POST", path, body); res.refusal(t).Code != string(CodeRestarting) {
			t.Errorf("%s while stopping: %d %s", path, res.status, res.body)
		}
	}
	late := alba.dial("/api/game/" + id + "/socket")
	if code, reason := late.closeStatus(); code != websocket.StatusServiceRestart || reason != reasonRestarting {
		t.Fatalf("a socket opened while stopping: %d %q", code, reason)
	}
}

// TestE2EPostgres: the server on PostgreSQL: two guests pair through the
// lobby, play to mate, and a dropped player catches up on reconnecting.
func TestE2EPostgres(t *testing.T) {
	env := newPlayEnv(t, playOptions{postgres: true})
	id, _, bruno, white, black := startedGame(t, env, "3+0")
	white.move("f2f3", 0, 1)
	seen := black.move("e7e5", 1, 2).V
	black.conn.Close(websocket.StatusNormalClosure, "")
	white.move("g2g4", 2, 3)
	back := bruno.dial("/api/game/" + id + "/socket?v=" + itoa64(seen))
	back.state("g4", func(st stateJSON) bool { return st.Ply == 3 })
	back.move("d8h4", 3, 4)
	if st := ended(white); st.Status != "mate" || st.Winner != "black" {
		t.Fatalf("on PostgreSQL the game ended %+v", st)
	}
	if rec := env.storedGame(id); rec.State.Termination != game.Checkmate || len(rec.Moves) != 4 {
		t.Fatalf("stored: %+v", rec.State)
	}
}

// TestE2ERestartMidGame: the server stops (as on SIGTERM) in the middle of
// two games and the next process takes them up: the players reconnect with
// the last version they saw and play on; nobody lost by the restart.
func TestE2ERestartMidGame(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	type table struct {
		id           string
		alba, bruno  *person
		white, black *wsClient
	}
	var tables []table
	for range 2 {
		id, alba, bruno, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.move("e7e5", 1, 2)
		tables = append(tables, table{id, alba, bruno, white, black})
	}
	seen := tables[0].white.move("g1f3", 2, 3).V
	env.restart()
	for _, tb := range tables {
		if code, _ := tb.white.closeStatus(); code != websocket.StatusServiceRestart {
			t.Fatalf("closed with %d", code)
		}
	}
	// Table 0: white reconnects from what it saw; black from scratch.
	tb := tables[0]
	white := tb.alba.dial("/api/game/" + tb.id + "/socket?v=" + itoa64(seen))
	black := tb.bruno.dial("/api/game/" + tb.id + "/socket")
	if g := black.full(); g.Ply != 3 || g.Status != "started" {
		t.Fatalf("after the restart: %+v", g.stateJSON)
	}
	black.move("b8c6", 3, 4)
	white.state("Nc6", func(st stateJSON) bool { return st.Ply == 4 })
	white.move("f1b5", 4, 5)
	// Table 1 goes on too, by HTTP.
	tables[1].alba.must(http.StatusOK, "POST", "/api/game/"+tables[1].id+"/move/d2d4?ply=2", nil, nil)
	for _, tb := range tables {
		if st := env.storedGame(tb.id).State; st.Status != game.StatusStarted {
			t.Fatalf("game %s after the restart: %s", tb.id, st.Status)
		}
	}
}

// TestE2EAIAfterRestart: a game against the AI goes on after a restart
// once the next process has its AI take up the running AI games.
func TestE2EAIAfterRestart(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := env.guest(t)
	var g gameRecordJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/ai", map[string]any{"level": 1, "color": "white", "timeControl": "10+0"}, &g)
	sock := alba.dial("/api/game/" + g.ID + "/socket")
	sock.full()
	sock.move("e2e4", 0, 1)
	sock.state("the AI's reply", func(st stateJSON) bool { return st.Ply == 2 })
	env.restart()
	n, err := env.ai.Resume(context.Background(), env.store)
	if err != nil || n != 1 {
		t.Fatalf("Resume: %d games, %v", n, err)
	}
	sock = alba.dial("/api/game/" + g.ID + "/socket")
	st := sock.full().stateJSON
	sock.move(st.Legal[0].String(), 2, 3)
	if st := sock.state("the AI's reply after the restart", func(st stateJSON) bool { return st.Ply == 4 }); st.Turn != "white" {
		t.Fatalf("after the AI's reply: %+v", st)
	}
}

// TestE2EReportedLagCapped: a client that reports more lag than the server
// measured is credited no more than the measure. The sockets' clock stands
// still, so every round trip measures 0 however loaded the machine is, and
// the 500 ms claimed must be credited as 0 (as it is before any measure).
func TestE2EReportedLagCapped(t *testing.T) {
	still := time.Now()
	env := newPlayEnv(t, playOptions{fakeRuntimeClock: true, config: func(c *Config) {
		c.Socket.Now = func() time.Time { return still }
	}})
	id, _, _, white, black := startedGame(t, env, "5+0")
	white.move("e2e4", 0, 1)
	black.move("e7e5", 1, 2)
	env.clock.Advance(2 * time.Second)
	white.send("move", map[string]any{"uci": "g1f3", "ply": 2, "id": 3, "lag": 500})
	white.ack(3)
	mv := env.storedGame(id).Moves[2]
	// The credit is the socket's measured lag (0), not the 500 ms claimed;
	// the time charged is the whole 2 s that passed.
	if mv.Spent != 2*time.Second || mv.LagCredit != 0 {
		t.Fatalf("spent %v, lag credit %v: the reported 500 ms was not capped by the measured 0", mv.Spent, mv.LagCredit)
	}
}

// TestE2EFloodWindowSlides: 150 frames spread over 150 s (the sockets'
// clock steps a second a frame) are no flood, whatever the server's
// session clock says (here it stands still).
func TestE2EFloodWindowSlides(t *testing.T) {
	var mu sync.Mutex
	at := time.Now()
	step := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		at = at.Add(time.Second)
		return at
	}
	env := newPlayEnv(t, playOptions{config: func(c *Config) { c.Socket.Now = step }})
	_, _, _, white, _ := startedGame(t, env, "5+0")
	for i := range 150 {
		white.send("draw-decline", map[string]any{"id": i + 1000})
		if code := white.refusal(int64(i + 1000)); code == "" {
			t.Fatal("no code")
		}
	}
	white.move("e2e4", 0, 1)
}

// TestE2EVersionAhead: a client that claims a version the game has not
// reached gets the whole game instead of waiting for events it would
// ignore; an up-to-date client gets nothing to catch up.
func TestE2EVersionAhead(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	id, alba, _, white, black := startedGame(t, env, "5+0")
	v := white.move("e2e4", 0, 1).V
	ahead := alba.dial("/api/game/" + id + "/socket?v=" + itoa64(v+50))
	if g := ahead.full(); g.Ply != 1 {
		t.Fatalf("full after a version ahead: %+v", g.stateJSON)
	}
	upToDate := alba.dial("/api/game/" + id + "/socket?v=" + itoa64(v))
	black.move("e7e5", 1, 2)
	f := upToDate.next("the next move", func(f wsFrame) bool { return f.T == "move" || f.T == "full" })
	if f.T != "move" || f.V != v+1 {
		t.Fatalf("an up-to-date client got %s v=%d first, want move v=%d", f.T, f.V, v+1)
	}
}

// TestE2EReconnectAfterLongGap: a client that comes back after more events
// than the runtime keeps gets the whole game in one "full" frame.
func TestE2EReconnectAfterLongGap(t *testing.T) {
	env := newPlayEnv(t, playOptions{keepEvents: 2})
	id, alba, _, white, black := startedGame(t, env, "5+0")
	seen := white.move("e2e4", 0, 1).V
	// Four events after the one seen, whatever else (a presence notice)
	// the runtime may add: a buffer of 2 to 4 has dropped the first of
	// them by the last. White's first socket stays open to play them, so
	// the count does not hang on when the server notices a closed socket.
	black.move("e7e5", 1, 2)
	white.move("g1f3", 2, 3)
	black.move("b8c6", 3, 4)
	black.send("draw-offer", map[string]any{"id": 5})
	black.ack(5)
	black.send("draw-offer", map[string]any{"id": 6}) // changes nothing
	black.ack(6)
	back := alba.dial("/api/game/" + id + "/socket?v=" + itoa64(seen))
	f := back.next("the catch-up", func(f wsFrame) bool { return f.T == "move" || f.T == "state" || f.T == "full" })
	var g gameJSON
	decodeFrameData(t, f, &g)
	if f.T != "full" || g.Ply != 4 || g.DrawOffer != "black" || g.Moves != "e2e4 e7e5 g1f3 b8c6" {
		t.Fatalf("after a long gap: %s v=%d %s", f.T, f.V, f.D)
	}
}

// TestE2ERematchAgainstAI: the AI answers no offers, so a rematch against
// it starts at once, at the same level and clock with colours swapped.
func TestE2ERematchAgainstAI(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := env.guest(t)
	var g gameRecordJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/ai", map[string]any{"level": 2, "color": "white", "timeControl": "3+2"}, &g)
	if res := alba.do("POST", "/api/game/"+g.ID+"/rematch", nil); res.refusal(t).Code != string(CodeGameNotOver) {
		t.Fatalf("a rematch of a running game: %d %s", res.status, res.body)
	}
	alba.must(http.StatusOK, "POST", "/api/game/"+g.ID+"/resign", nil, nil)
	sock := alba.dial("/api/game/" + g.ID + "/socket")
	sock.full()
	sock.send("rematch", map[string]any{"id": 5})
	ack := sock.ack(5)
	if ack.GameID == "" {
		t.Fatalf("the rematch's ack names no game: %+v", ack)
	}
	rec := env.storedGame(ack.GameID)
	if rec.Black.ID != alba.id || rec.White.AILevel != 2 || rec.TimeControl.String() != "3+2" {
		t.Fatalf("the rematch: %+v", rec)
	}
	// The AI, now white, makes the first move.
	next := alba.dial("/api/game/" + ack.GameID + "/socket")
	if st := next.state("the AI's first move", func(st stateJSON) bool { return st.Ply == 1 }); st.Turn != "black" {
		t.Fatalf("after the AI's first move: %+v", st)
	}
}
