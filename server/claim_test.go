package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestClaimOnAGoneOpponent: black's socket closes and white is told at
// once, with when a claim opens; a claim before then is refused (and
// changes nothing), as is a claim by the gone player on a present one;
// once the runtime's clock reaches the claim, white's claim of the win
// ends the rated game by abandonment with the rating change.
func TestClaimOnAGoneOpponent(t *testing.T) {
	env := newPlayEnv(t, playOptions{fakeRuntimeClock: true})
	id, alba, bruno := ratedGame(t, env) // 10+5: an 80 s window, a 40 s claim delay
	tc, _ := game.ParseTimeControl("10+5")
	delay := game.ClaimDelay(tc)
	if delay != 40*time.Second {
		t.Fatalf("claim delay %v at 10+5", delay)
	}
	white, black := alba.dial("/api/game/"+id+"/socket"), bruno.dial("/api/game/"+id+"/socket")
	white.full()
	black.full()
	white.move("e2e4", 0, 1)
	black.move("e7e5", 1, 2)
	black.conn.CloseNow()

	st := white.state("black gone", func(st stateJSON) bool { return st.Gone["black"].Since != 0 })
	g := st.Gone["black"]
	if g.ClaimIn == nil || *g.ClaimIn != delay.Milliseconds() || g.Claim-g.Since != delay.Milliseconds() ||
		g.Until-g.Since != game.ReconnectWindow(tc).Milliseconds() {
		t.Fatalf("gone %+v, want a claim %v after the drop", g, delay)
	}

	env.clock.Advance(delay - time.Second)
	white.send("claim-win", map[string]any{"id": 3})
	f := white.answer(3)
	var e errorData
	decodeFrameData(t, f, &e)
	if f.T != "error" || e.Code != string(game.CodeClaimTooEarly) || e.Params["left"] != "1" || !strings.Contains(e.Message, " 1 segundo") {
		t.Fatalf("an early claim: %s %s", f.T, f.D)
	}
	if res := bruno.do("POST", "/api/game/"+id+"/claim/draw", nil); res.status != http.StatusConflict || res.refusal(t).Code != string(game.CodeOpponentPresent) {
		t.Fatalf("the gone player's claim on a present one: %d %s", res.status, res.body)
	}
	if st := env.storedGame(id).State; st.Status != game.StatusStarted || st.GoneSince[game.Black].IsZero() {
		t.Fatalf("refused claims changed the game: %+v", st)
	}

	env.clock.Advance(time.Second)
	white.send("claim-win", map[string]any{"id": 4})
	white.ack(4)
	end := ended(white)
	if end.Status != "timeout" || end.Winner != "white" || end.Termination != "abandonment" {
		t.Fatalf("the claimed end: %+v", end)
	}
	if w, b := end.Ratings["white"], end.Ratings["black"]; w.Diff == nil || b.Diff == nil || *w.Diff <= 0 || *b.Diff >= 0 {
		t.Fatalf("the claimed end's ratings: %+v", end.Ratings)
	}
	if st := env.storedGame(id).State; st.Termination != game.Abandonment || st.Result != game.WhiteWins {
		t.Fatalf("stored %v %v", st.Termination, st.Result)
	}
}

// TestClaimDrawByHTTP: the present player declares a draw by HTTP once the
// claim delay has passed; before both sides have moved there is nothing to
// claim.
func TestClaimDrawByHTTP(t *testing.T) {
	env := newPlayEnv(t, playOptions{fakeRuntimeClock: true})
	id, alba, bruno, white, black := startedGame(t, env, "5+0")
	white.move("e2e4", 0, 1)
	black.conn.CloseNow()
	white.state("black gone", func(st stateJSON) bool { return st.Gone["black"].Since != 0 })
	env.clock.Advance(15 * time.Second)
	if res := alba.do("POST", "/api/game/"+id+"/claim/win", nil); res.refusal(t).Code != string(game.CodeCannotClaim) {
		t.Fatalf("a claim before both moved: %d %s", res.status, res.body)
	}
	// Black comes back, moves, and goes again.
	again := bruno.dial("/api/game/" + id + "/socket")
	again.full()
	again.move("e7e5", 1, 2)
	again.conn.CloseNow()
	white.state("black gone again", func(st stateJSON) bool { return st.Ply == 2 && st.Gone["black"].Since != 0 })
	env.clock.Advance(game.ClaimDelay(env.storedGame(id).TimeControl))
	alba.must(http.StatusOK, "POST", "/api/game/"+id+"/claim/draw", nil, nil)
	if end := ended(white); end.Status != "draw" || end.Result != "1/2-1/2" || end.Termination != "draw_claimed" {
		t.Fatalf("the declared draw: %+v", end)
	}
	if st := env.storedGame(id).State; st.Termination != game.DrawClaimed || st.Result != game.Drawn {
		t.Fatalf("stored %v %v", st.Termination, st.Result)
	}
}
