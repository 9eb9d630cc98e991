package server

import (
	"net/http"
	"testing"

	"github.com/coder/websocket"
)

// ratedGame starts a rated 10+5 game between two new accounts, alba white,
// and returns its id and the players.
func ratedGame(t *testing.T, env *playEnv) (id string, alba, bruno *person) {
	t.Helper()
	alba, bruno = env.account(t, "alba"), env.account(t, "bruno")
	var c, accepted challengeJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/bruno", map[string]any{"timeControl": "10+5", "rated": true, "color": "white"}, &c)
	bruno.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/accept", nil, &accepted)
	return accepted.GameID, alba, bruno
}

// crowd waits on c for a "crowd" frame counting want watchers.
func crowd(t *testing.T, c *wsClient, want int) {
	t.Helper()
	c.next("a crowd of "+itoa64(int64(want)), func(f wsFrame) bool {
		if f.T != "crowd" {
			return false
		}
		var d crowdData
		decodeFrameData(t, f, &d)
		return d.Watchers == want
	})
}

// TestE2ERatingsAndWatching: a rated game's player bars show the ratings
// (provisional for new accounts), the spectators are counted as they come
// and go, the TV names the game while it runs, and its end gives everyone
// the rating change, which the profile's history then holds.
func TestE2ERatingsAndWatching(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	id, alba, bruno := ratedGame(t, env)
	var tv tvJSON
	alba.must(http.StatusOK, "GET", "/api/tv", nil, &tv)
	if tv.Game != nil {
		t.Fatalf("the TV before the first move: %+v", tv.Game)
	}
	alba.must(http.StatusOK, "POST", "/api/game/"+id+"/move/f2f3?ply=0&id=1", nil, nil)
	alba.must(http.StatusOK, "GET", "/api/tv", nil, &tv)
	if tv.Game == nil || tv.Game.ID != id {
		t.Fatalf("the TV before the end: %+v", tv.Game)
	}

	white := alba.dial("/api/game/" + id + "/socket")
	full := white.full()
	for _, side := range []string{"white", "black"} {
		r, ok := full.Ratings[side]
		if !ok || r.Rating != 1500 || !r.Provisional || r.Diff != nil {
			t.Fatalf("%s's bar before the end: %+v", side, full.Ratings)
		}
	}
	crowd(t, white, 0)
	guest, other := env.guest(t), env.anonymous(t)
	watcher := guest.dial("/api/game/" + id + "/socket")
	watcher.full()
	crowd(t, white, 1)
	second := guest.dial("/api/game/" + id + "/socket") // the same person in a second tab
	second.full()
	crowd(t, second, 1)
	third := other.dial("/api/game/" + id + "/socket")
	third.full()
	crowd(t, watcher, 2)
	_ = third.conn.Close(websocket.StatusNormalClosure, "")
	crowd(t, white, 1)

	foolsMate(t, id, alba, bruno, 1)
	end := ended(watcher)
	w, b := end.Ratings["white"], end.Ratings["black"]
	if w.Diff == nil || b.Diff == nil || *w.Diff >= 0 || *b.Diff <= 0 || w.Rating != 1500 {
		t.Fatalf("the end's ratings, to a spectator: %+v", end.Ratings)
	}
	var g gameJSON
	env.anonymous(t).must(http.StatusOK, "GET", "/api/game/"+id, nil, &g)
	if d := g.Ratings["black"].Diff; d == nil || *d != *b.Diff {
		t.Fatalf("GET /api/game after the end: %+v", g.Ratings)
	}
	late := other.dial("/api/game/" + id + "/socket")
	if d := late.full().Ratings["white"].Diff; d == nil || *d != *w.Diff {
		t.Fatal("a full frame after the end has no change")
	}

	var history map[string][]ratingPointJSON
	alba.must(http.StatusOK, "GET", "/api/user/bruno/rating-history", nil, &history)
	if len(history) != 5 || len(history["blitz"]) != 0 || len(history["rapid"]) != 1 {
		t.Fatalf("bruno's history: %+v", history)
	}
	if p := history["rapid"][0]; p.Game != id || p.Rating != 1500+*b.Diff || p.At == 0 {
		t.Fatalf("bruno's point: %+v", p)
	}
	alba.must(http.StatusOK, "GET", "/api/tv", nil, &tv)
	if tv.Game != nil {
		t.Fatalf("the TV with no game in play: %+v", tv.Game)
	}
	if res := alba.do("GET", "/api/user/nobody/rating-history", nil); res.status != http.StatusNotFound {
		t.Fatalf("an unknown user's history: %d %s", res.status, res.body)
	}
}

// TestE2ETVStaysOnItsGame: the TV stays on the game it names while others
// start, and names the game in play once it ends.
func TestE2ETVStaysOnItsGame(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	_, _, _, white, black := startedGame(t, env, "5+0")
	white.move("e2e4", 0, 1)
	black.move("e7e5", 1, 2)
	var tv tvJSON
	viewer := env.anonymous(t)
	viewer.must(http.StatusOK, "GET", "/api/tv", nil, &tv)
	if tv.Game == nil {
		t.Fatal("the TV names no game while the guests play")
	}
	guests := tv.Game.ID
	id, alba, bruno := ratedGame(t, env)
	foolsMate(t, id, alba, bruno, 0)
	// A rematch: bruno is above the start rating in rapid now, alba below,
	// by as much; a new rated game whose sum is the guests' sum does not
	// take the TV from them...
	var c, accepted challengeJSON
	bruno.must(http.StatusCreated, "POST", "/api/challenge/alba", map[string]any{"timeControl": "10+5", "rated": true, "color": "white"}, &c)
	alba.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/accept", nil, &accepted)
	bruno.must(http.StatusOK, "POST", "/api/game/"+accepted.GameID+"/move/e2e4?ply=0&id=1", nil, nil)
	viewer.must(http.StatusOK, "GET", "/api/tv", nil, &tv)
	if tv.Game == nil || tv.Game.ID != guests {
		t.Fatalf("the TV left its game: %+v", tv.Game)
	}
	// ... and when the guests' game ends, the TV goes to the one in play.
	black.send("resign", map[string]any{"id": 7})
	black.ack(7)
	ended(white)
	viewer.must(http.StatusOK, "GET", "/api/tv", nil, &tv)
	if tv.Game == nil || tv.Game.ID != accepted.GameID {
		t.Fatalf("the TV after its game: %+v, want %s", tv.Game, accepted.GameID)
	}
	// Then the highest sum of ratings wins: bruno (above the start) and a
	// new account over two guests.
	_, _, _, white2, black2 := startedGame(t, env, "10+5")
	white2.move("e2e4", 0, 1)
	black2.move("e7e5", 1, 2)
	carla := env.account(t, "carla")
	bruno.must(http.StatusCreated, "POST", "/api/challenge/carla", map[string]any{"timeControl": "10+5", "rated": true, "color": "white"}, &c)
	carla.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/accept", nil, &accepted)
	top := accepted.GameID
	bruno.must(http.StatusOK, "POST", "/api/game/"+top+"/move/e2e4?ply=0&id=1", nil, nil)
	alba.must(http.StatusOK, "POST", "/api/game/"+tv.Game.ID+"/resign", nil, nil)
	viewer.must(http.StatusOK, "GET", "/api/tv", nil, &tv)
	if tv.Game == nil || tv.Game.ID != top {
		t.Fatalf("the TV's next game: %+v, want %s", tv.Game, top)
	}
}

// foolsMate plays the fool's mate by HTTP from ply from on (alba white):
// black wins.
func foolsMate(t *testing.T, id string, alba, bruno *person, from int) {
	t.Helper()
	for ply, uci := range []string{"f2f3", "e7e5", "g2g4", "d8h4"}[from:] {
		ply += from
		p := alba
		if ply%2 == 1 {
			p = bruno
		}
		p.must(http.StatusOK, "POST", "/api/game/"+id+"/move/"+uci+"?ply="+itoa64(int64(ply))+"&id="+itoa64(int64(ply+1)), nil, nil)
	}
}
