package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// TestE2ESeekRefusals: bad seeks are refused with their codes and place
// nothing.
func TestE2ESeekRefusals(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := env.guest(t)
	tests := []struct {
		body any
		code string
	}{
		{map[string]any{"timeControl": "5+11"}, string(game.CodeBadTimeControl)},
		{map[string]any{"timeControl": "move:3s"}, string(game.CodeBadTimeControl)},
		{map[string]any{"timeControl": "untimed"}, string(game.CodeUntimedNotAllowed)},
		{map[string]any{"timeControl": "5+0", "color": "green"}, string(lobby.CodeBadColor)},
		{map[string]any{"timeControl": "5+0", "rated": true}, string(lobby.CodeRatedNeedsAccounts)},
		{map[string]any{"timeControl": "5+0", "ratingRange": map[string]int{"min": 1800, "max": 1200}}, string(lobby.CodeBadRatingRange)},
		{map[string]any{"timeControl": "5+0", "colour": "white"}, string(CodeUnknownField)},
	}
	for _, tt := range tests {
		res := alba.do("POST", "/api/seek", tt.body)
		if got := res.refusal(t).Code; got != tt.code {
			t.Errorf("%v: %s, want %s", tt.body, got, tt.code)
		}
	}
	var seeks []lobby.Seek
	alba.must(http.StatusOK, "GET", "/api/seeks", nil, &seeks)
	if len(seeks) != 0 {
		t.Fatalf("refused seeks were placed: %+v", seeks)
	}
	// The range comes from the engine's levels, and fills the message.
	if res := alba.do("POST", "/api/challenge/ai", map[string]any{"level": 9, "timeControl": "5+0"}); res.refusal(t).Code != "ai.bad_level" ||
		res.refusal(t).Message != "No hay nivel 9 de la IA: los niveles van del 1 al 8" {
		t.Fatalf("level 9: %d %s", res.status, res.body)
	}
	if res := alba.do("POST", "/api/challenge/ai", map[string]any{"level": 3, "timeControl": "200+0"}); res.refusal(t).Code != string(game.CodeBadTimeControl) {
		t.Fatalf("200+0: %d %s", res.status, res.body)
	}
	// One open seek per person per time control; a cancelled one goes.
	var open lobby.SeekResult
	alba.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "3+2"}, &open)
	if res := alba.do("POST", "/api/seek", map[string]any{"timeControl": "3+2"}); res.refusal(t).Code != string(lobby.CodeSeekExists) {
		t.Fatalf("second seek: %d %s", res.status, res.body)
	}
	sock := alba.dial("/api/lobby/socket")
	var list []lobby.Seek
	decodeFrameData(t, sock.frame("seeks"), &list)
	if len(list) != 1 || list[0].ID != open.Seek.ID {
		t.Fatalf("the lobby socket's list: %+v", list)
	}
	alba.must(http.StatusOK, "DELETE", "/api/seek/"+open.Seek.ID, nil, nil)
	var removed lobby.Seek
	decodeFrameData(t, sock.frame("seekRemoved"), &removed)
	if removed.ID != open.Seek.ID {
		t.Fatalf("removed %+v", removed)
	}
	if res := env.guest(t).do("DELETE", "/api/seek/"+open.Seek.ID, nil); res.status != http.StatusNotFound {
		t.Fatalf("another's cancel: %d %s", res.status, res.body)
	}
}

// streamReader reads a user's NDJSON event stream.
type streamReader struct {
	lines chan streamEvent
}

func (p *person) stream() *streamReader {
	p.t.Helper()
	req, _ := http.NewRequest("GET", p.env.http.URL+"/api/stream/event", nil)
	for k, v := range p.header {
		req.Header[k] = v
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		p.t.Fatalf("stream: %d", resp.StatusCode)
	}
	p.t.Cleanup(func() { resp.Body.Close() })
	s := &streamReader{lines: make(chan streamEvent, 64)}
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if len(sc.Bytes()) == 0 {
				continue // keep-alive
			}
			var e streamEvent
			if json.Unmarshal(sc.Bytes(), &e) == nil {
				s.lines <- e
			}
		}
		close(s.lines)
	}()
	return s
}

// next returns the next line of type typ, failing if none comes within
// frameWait (instead of hanging until the test binary's timeout).
func (s *streamReader) next(t *testing.T, typ string) streamEvent {
	t.Helper()
	timeout := time.After(frameWait)
	for {
		select {
		case e, ok := <-s.lines:
			if !ok {
				t.Fatalf("the stream ended before a %s line", typ)
			}
			if e.Type == typ {
				return e
			}
		case <-timeout:
			t.Fatalf("no %s line within %s", typ, frameWait)
		}
	}
}

// TestE2EDirectChallenges: a challenge to an account is declined with a
// reason, another cancelled, a third accepted; the players' event streams
// and the lists show each step; the finished game is in both histories and
// the profile shows the ratings.
func TestE2EDirectChallenges(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := env.account(t, "alba"), env.account(t, "bruno")
	albaEvents, brunoEvents := alba.stream(), bruno.stream()

	var c challengeJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/bruno", map[string]any{"timeControl": "10+5", "rated": true}, &c)
	if got := brunoEvents.next(t, "challenge"); got.Challenge.ID != c.ID {
		t.Fatalf("bruno's stream: %+v", got)
	}
	var lists map[string][]challengeJSON
	bruno.must(http.StatusOK, "GET", "/api/challenge", nil, &lists)
	if len(lists["in"]) != 1 || len(lists["out"]) != 0 {
		t.Fatalf("bruno's challenges: %+v", lists)
	}
	if res := alba.do("POST", "/api/challenge/"+c.ID+"/decline", map[string]any{"reason": "later"}); res.status != http.StatusForbidden {
		t.Fatalf("the challenger declined: %d %s", res.status, res.body)
	}
	if res := bruno.do("POST", "/api/challenge/"+c.ID+"/decline", map[string]any{"reason": "soon"}); res.refusal(t).Code != string(lobby.CodeBadDeclineReason) {
		t.Fatalf("a bad reason: %d %s", res.status, res.body)
	}
	var declined challengeJSON
	bruno.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/decline", map[string]any{"reason": "tooFast"}, &declined)
	if got := albaEvents.next(t, "challengeDeclined"); got.Challenge.DeclineReasonKey != "toofast" {
		t.Fatalf("alba's stream: %+v", got)
	}

	alba.must(http.StatusCreated, "POST", "/api/challenge/bruno", map[string]any{"timeControl": "10+5"}, &c)
	alba.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/cancel", nil, nil)
	brunoEvents.next(t, "challengeCanceled")

	alba.must(http.StatusCreated, "POST", "/api/challenge/bruno", map[string]any{"timeControl": "10+5", "rated": true, "color": "white"}, &c)
	var accepted challengeJSON
	bruno.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/accept", nil, &accepted)
	for _, s := range []*streamReader{albaEvents, brunoEvents} {
		if got := s.next(t, "gameStart"); got.Game.GameID != accepted.GameID {
			t.Fatalf("gameStart: %+v", got)
		}
	}
	id := accepted.GameID
	for ply, uci := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		p := alba
		if ply%2 == 1 {
			p = bruno
		}
		p.must(http.StatusOK, "POST", "/api/game/"+id+"/move/"+uci+"?ply="+itoa64(int64(ply))+"&id="+itoa64(int64(ply+1)), nil, nil)
	}
	if got := albaEvents.next(t, "gameFinish"); got.Game.Status.Name != "mate" || got.Game.Winner != "black" {
		t.Fatalf("gameFinish: %+v", got.Game)
	}
	var page struct {
		Games    []summaryJSON `json:"games"`
		NextPage *int          `json:"nextPage"`
	}
	bruno.must(http.StatusOK, "GET", "/api/games/user/alba?page=1&max=10", nil, &page)
	if len(page.Games) != 1 || page.Games[0].ID != id || !page.Games[0].Rated || page.NextPage != nil {
		t.Fatalf("alba's history: %+v", page)
	}
	if g := page.Games[0]; g.Termination != "checkmate" || g.Outcome != "outcome.checkmate.black" {
		t.Fatalf("the listed game's end: termination %q, outcome %q", g.Termination, g.Outcome)
	}
	for range 2 { // the second time from the cache of finished games' openings
		if o := page.Games[0].Opening; o == nil || o.ECO != "A00" || o.Names["es"] != "Apertura Barnes: Mate del Loco" {
			t.Fatalf("the listed game's opening: %+v", o)
		}
		bruno.must(http.StatusOK, "GET", "/api/games/user/alba?page=1&max=10", nil, &page)
	}
	if g := page.Games[0]; g.Players["black"].RatingDiff == nil || *g.Players["black"].RatingDiff <= 0 {
		t.Fatalf("the rated game's rating change: %+v", g.Players)
	}
	if res := bruno.do("GET", "/api/games/user/alba?page=0", nil); res.refusal(t).Code != string(CodeBadPage) {
		t.Fatalf("page 0: %d %s", res.status, res.body)
	}
	var profile struct {
		Username string              `json:"username"`
		Perfs    map[string]perfJSON `json:"perfs"`
	}
	alba.must(http.StatusOK, "GET", "/api/user/bruno", nil, &profile)
	if profile.Username != "bruno" || profile.Perfs["rapid"].Games != 1 || profile.Perfs["rapid"].Rating <= 1500 {
		t.Fatalf("bruno's profile: %+v", profile)
	}
}

// TestE2EPlayingNow: a started game is listed; a finished one is not.
func TestE2EPlayingNow(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	id, alba, _, white, black := startedGame(t, env, "5+0")
	white.move("e2e4", 0, 1)
	black.move("e7e5", 1, 2)
	var now []summaryJSON
	alba.must(http.StatusOK, "GET", "/api/games/now", nil, &now)
	if len(now) != 1 || now[0].ID != id || now[0].Status != "started" || now[0].Plies != 2 {
		t.Fatalf("playing now: %+v", now)
	}
	white.send("resign", nil)
	ended(black)
	alba.must(http.StatusOK, "GET", "/api/games/now", nil, &now)
	if len(now) != 0 {
		t.Fatalf("a finished game is listed: %+v", now)
	}
}

// TestE2ESeekGoesWithItsOwner: a seek whose owner's last lobby socket has
// closed is swept once the lobby's grace has passed, and the other
// sockets see it go.
func TestE2ESeekGoesWithItsOwner(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba, bruno := env.guest(t), env.guest(t)
	watcher := bruno.dial("/api/lobby/socket")
	watcher.frame("seeks")
	owner := alba.dial("/api/lobby/socket")
	owner.frame("seeks")
	var open lobby.SeekResult
	alba.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "5+0"}, &open)
	watcher.frame("seekAdded")
	owner.conn.Close(websocket.StatusGoingAway, "")
	// The server marks the owner gone as it sees the socket close.
	ctx := context.Background()
	deadline := time.Now().Add(frameWait)
	for {
		seeks, err := env.store.Seeks(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(seeks) == 1 && !seeks[0].OwnerGoneSince.IsZero() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the owner was never marked gone: %+v", seeks)
		}
		runtime.Gosched()
	}
	if err := env.lobby.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	var seeks []lobby.Seek
	bruno.must(http.StatusOK, "GET", "/api/seeks", nil, &seeks)
	if len(seeks) != 1 {
		t.Fatalf("swept before the grace: %+v", seeks)
	}
	env.srvTime.Advance(lobby.DefaultOwnerGrace + time.Second)
	if err := env.lobby.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	var gone lobby.Seek
	decodeFrameData(t, watcher.frame("seekRemoved"), &gone)
	if gone.ID != open.Seek.ID {
		t.Fatalf("removed %+v", gone)
	}
}

// TestE2EStreamAIGame: a game against the AI starts and ends on its
// player's event stream.
func TestE2EStreamAIGame(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	alba := env.guest(t)
	events := alba.stream()
	var g gameRecordJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/ai", map[string]any{"level": 1, "color": "white", "timeControl": "5+0"}, &g)
	if got := events.next(t, "gameStart"); got.Game.GameID != g.ID {
		t.Fatalf("gameStart: %+v", got.Game)
	}
	alba.must(http.StatusOK, "POST", "/api/game/"+g.ID+"/resign", nil, nil)
	if got := events.next(t, "gameFinish"); got.Game.GameID != g.ID || got.Game.Status.Name != "resign" && got.Game.Status.Name != "aborted" {
		t.Fatalf("gameFinish: %+v", got.Game)
	}
}

// TestE2ESeekOverHTTPLastsWithItsOwner: a seek placed by a request lasts
// while its owner has a lobby socket open, as any seek does; a new
// visitor whose page closes before its socket opens leaves none behind.
func TestE2ESeekOverHTTPLastsWithItsOwner(t *testing.T) {
	tests := []struct {
		name string
		// socketBefore and socketAfter open the owner's lobby socket
		// before the seek and after it.
		socketBefore, socketAfter bool
		kept                      bool
	}{
		{"a new visitor whose page closed", false, false, false},
		{"a lobby socket open", true, false, true},
		{"a lobby socket opened after the seek", false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newPlayEnv(t, playOptions{})
			ctx := context.Background()
			owner := env.anonymous(t)
			if tt.socketBefore {
				owner = env.guest(t)
				owner.dial("/api/lobby/socket").frame("seeks")
			}
			var open lobby.SeekResult
			owner.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "5+0"}, &open)
			if open.GameID != "" {
				t.Fatalf("paired: %+v", open)
			}
			if tt.socketAfter {
				owner.dial("/api/lobby/socket").frame("seeks")
			}
			seeks, err := env.store.Seeks(ctx)
			if err != nil || len(seeks) != 1 {
				t.Fatalf("seeks %+v, %v; want the one placed", seeks, err)
			}
			if gone := !seeks[0].OwnerGoneSince.IsZero(); gone == tt.kept {
				t.Errorf("owner marked gone: %v, want %v", gone, !tt.kept)
			}
			env.srvTime.Advance(lobby.DefaultOwnerGrace)
			if err := env.lobby.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			seeks, err = env.store.Seeks(ctx)
			if err != nil || (len(seeks) == 1) != tt.kept {
				t.Errorf("after the grace: seeks %+v, %v; kept want %v", seeks, err, tt.kept)
			}
		})
	}
}
