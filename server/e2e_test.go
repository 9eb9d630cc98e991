package server

import (
	"net/http"
	"strings"
	"testing"

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
	pgn := alba.do("GET", "/api/game/"+id+"/pgn", nil)
	if pgn.status != http.StatusOK || !strings.Contains(string(pgn.body), "Qh4#") || !strings.Contains(string(pgn.body), "[%clk") ||
		!strings.Contains(string(pgn.body), `[Result "0-1"]`) {
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
	black.move("b8c6", 3, 4)
	back := alba.dial("/api/game/" + id + "/socket?v=" + itoa64(seen))
	f := back.next("the missed move", func(f wsFrame) bool { return f.T == "move" || f.T == "full" })
	var ev eventJSON
	decodeFrameData(t, f, &ev)
	if f.T != "move" || ev.Move == nil || ev.Move.UCI != "b8c6" || f.V <= seen {
		t.Fatalf("after catching up from v=%d: %s v=%d %s", seen, f.T, f.V, f.D)
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
