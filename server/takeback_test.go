package server

import (
	"net/http"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// TestE2ETakeback: takebacks over the socket and by HTTP, as both players
// see them, and against the AI up to its limit.
func TestE2ETakeback(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	t.Run("offered and accepted", func(t *testing.T) {
		id, _, _, white, black := startedGame(t, env, "5+0")
		white.move("e2e4", 0, 1)
		black.move("e7e5", 1, 2)
		white.move("g1f3", 2, 3)
		white.send("takeback-offer", map[string]any{"id": 4})
		white.ack(4)
		black.state("the offer", func(st stateJSON) bool { return st.TakebackOffer == "white" })
		black.send("takeback-accept", map[string]any{"id": 5})
		black.ack(5)
		for _, c := range []*wsClient{white, black} {
			st := c.state("the takeback", func(st stateJSON) bool { return st.Ply == 2 })
			if st.TakebackOffer != "" || st.Turn != "white" || st.Status != "started" {
				t.Fatalf("after the takeback: %+v", st)
			}
		}
		if rec := env.storedGame(id); len(rec.Moves) != 2 || rec.State.Takebacks.Offer != nil {
			t.Fatalf("stored: %d moves, %+v", len(rec.Moves), rec.State.Takebacks)
		}
		white.move("d2d4", 2, 6)
		if rec := env.storedGame(id); len(rec.Moves) != 3 || rec.Moves[2].SAN != "d4" {
			t.Fatalf("stored after the next move: %+v", rec.Moves)
		}
	})
	t.Run("declined, cancelled, refused", func(t *testing.T) {
		id, alba, bruno, white, black := startedGame(t, env, "5+0")
		white.send("takeback-offer", map[string]any{"id": 1})
		if code := white.refusal(1); code != string(game.CodeTakebackNothing) {
			t.Fatalf("nothing to take back: %s", code)
		}
		white.move("e2e4", 0, 2)
		alba.must(http.StatusOK, "POST", "/api/game/"+id+"/takeback/offer", nil, nil)
		black.state("the offer", func(st stateJSON) bool { return st.TakebackOffer == "white" })
		white.send("takeback-offer", map[string]any{"id": 3})
		if code := white.refusal(3); code != string(game.CodeTakebackPending) {
			t.Fatalf("offered twice: %s", code)
		}
		black.send("takeback-decline", map[string]any{"id": 4})
		black.ack(4)
		black.state("the offer declined", func(st stateJSON) bool { return st.TakebackOffer == "" })
		white.send("takeback-offer", map[string]any{"id": 5})
		white.ack(5)
		black.state("the offer again", func(st stateJSON) bool { return st.TakebackOffer == "white" })
		white.send("takeback-cancel", map[string]any{"id": 6})
		white.ack(6)
		black.state("the offer cancelled", func(st stateJSON) bool { return st.TakebackOffer == "" })
		if res := bruno.do("POST", "/api/game/"+id+"/takeback/accept", nil); res.status != http.StatusConflict ||
			res.refusal(t).Code != string(game.CodeNoTakebackOffer) {
			t.Fatalf("accepting no offer: %d %s", res.status, res.body)
		}
		if rec := env.storedGame(id); len(rec.Moves) != 1 || rec.State.Takebacks.Offers != [2]int{2, 0} {
			t.Fatalf("stored: %d moves, %+v", len(rec.Moves), rec.State.Takebacks)
		}
	})
	t.Run("against the AI", func(t *testing.T) {
		alba := env.guest(t)
		var g gameRecordJSON
		alba.must(http.StatusCreated, "POST", "/api/challenge/ai", map[string]any{"level": 1, "color": "white", "timeControl": "5+0"}, &g)
		sock := alba.dial("/api/game/" + g.ID + "/socket")
		sock.full()
		id := int64(1)
		for i := range game.MaxAITakebacks + 1 {
			sock.move("e2e4", 0, id)
			sock.state("the AI's reply", func(st stateJSON) bool { return st.Ply == 2 })
			sock.send("takeback-offer", map[string]any{"id": id + 1})
			if i == game.MaxAITakebacks {
				if code := sock.refusal(id + 1); code != string(game.CodeTakebackLimit) {
					t.Fatalf("takeback %d: %s, want %s", i+1, code, game.CodeTakebackLimit)
				}
				break
			}
			sock.ack(id + 1)
			if st := sock.state("the takeback", func(st stateJSON) bool { return st.Ply == 0 }); st.Turn != "white" {
				t.Fatalf("after takeback %d: %+v", i+1, st)
			}
			id += 2
		}
		if rec := env.storedGame(g.ID); len(rec.Moves) != 2 || rec.State.Takebacks.Offers[game.White] != game.MaxAITakebacks {
			t.Fatalf("stored: %d moves, %+v", len(rec.Moves), rec.State.Takebacks)
		}
	})
}
