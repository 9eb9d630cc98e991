package server

import (
	"testing"

	"github.com/joinpal/joinpal/live"
)

// TestStrictFrames: the game socket decodes every frame strictly — names
// match case-sensitively, an unknown or duplicate member, text that is not
// UTF-8, a move without its uci or ply and a negative id are refused with
// server.bad_frame — and a refused frame changes nothing. A move id given
// again to another move is refused with live.move_id_reused.
func TestStrictFrames(t *testing.T) {
	m := newMatrix(t)
	white := m.roles["white"]
	id := m.newGame(t, "e2e4", "e7e5")
	sock := white.dial("/api/game/" + id + "/socket")
	sock.full()
	for _, tc := range []struct{ name, frame string }{
		{"a type in capitals", `{"T":"resign"}`},
		{"data in capitals", `{"t":"resign","D":{"id":3}}`},
		{"a duplicate type", `{"t":"move","t":"resign"}`},
		{"a duplicate id", `{"t":"resign","d":{"id":1,"id":2}}`},
		{"an unknown member", `{"t":"resign","x":1}`},
		{"data to a ping", `{"t":"ping","d":{"x":1}}`},
		{"a member of the move in capitals", `{"t":"move","d":{"UCI":"g1f3","ply":2,"id":4}}`},
		{"a move without uci", `{"t":"move","d":{"ply":2,"id":4}}`},
		{"a move without ply", `{"t":"move","d":{"uci":"g1f3","id":4}}`},
		{"a move with a negative ply", `{"t":"move","d":{"uci":"g1f3","ply":-1,"id":4}}`},
		{"a move with a negative id", `{"t":"move","d":{"uci":"g1f3","ply":2,"id":-1}}`},
		{"an action with a negative id", `{"t":"draw-offer","d":{"id":-1}}`},
		{"a move that is not UTF-8", "{\"t\":\"move\",\"d\":{\"uci\":\"g1f3\xff\",\"ply\":2,\"id\":4}}"},
		{"a type that is not UTF-8", "{\"t\":\"resign\xff\"}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := m.snapshot(t, id)
			sock.sendRaw([]byte(tc.frame))
			var e errorData
			decodeFrameData(t, sock.frame("error"), &e)
			if e.Code != string(CodeBadFrame) {
				t.Fatalf("%s: %+v, want %s", tc.frame, e, CodeBadFrame)
			}
			if after := m.snapshot(t, id); after != before {
				t.Fatalf("%s changed the game", tc.frame)
			}
		})
	}
	t.Run("a reused move id", func(t *testing.T) {
		sock.move("g1f3", 2, 40)
		if again := sock.move("g1f3", 2, 40); !again.Resent {
			t.Fatalf("the same move again: %+v, want resent", again)
		}
		m.roles["black"].must(200, "POST", "/api/game/"+id+"/move/b8c6?ply=3", nil, nil)
		before := m.snapshot(t, id)
		sock.send("move", map[string]any{"uci": "f1c4", "ply": 4, "id": 40})
		if code := sock.refusal(40); code != string(live.CodeMoveIDReused) {
			t.Fatalf("another move with id 40: %s, want %s", code, live.CodeMoveIDReused)
		}
		if after := m.snapshot(t, id); after != before {
			t.Fatal("the refused move changed the game")
		}
	})
}
