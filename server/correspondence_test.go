package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

type waitingList struct {
	Games []waitingJSON `json:"games"`
	Now   int64         `json:"now"`
}

// waiting reads p's list of correspondence games waiting for their move.
func waiting(p *person) waitingList {
	var l waitingList
	p.must(http.StatusOK, "GET", "/api/account/waiting", nil, &l)
	return l
}

// TestCorrespondenceGame: a days:3 challenge between accounts; each move
// tells the player on turn on their lobby socket and puts the game in
// their waiting list with the time left; a player away for hours is not
// abandoned; a restart gives the downtime back; the flag falls three days
// into a turn. The runtime's clock is faked: nothing waits. On SQLite and on
// PostgreSQL.
func TestCorrespondenceGame(t *testing.T) {
	for _, pg := range []bool{false, true} {
		name := "sqlite"
		if pg {
			name = "postgres"
		}
		t.Run(name, func(t *testing.T) { correspondenceGame(t, pg) })
	}
}

func correspondenceGame(t *testing.T, postgres bool) {
	env := newPlayEnv(t, playOptions{fakeRuntimeClock: true, postgres: postgres})
	alba, bruno := env.account(t, "alba_corr"), env.account(t, "bruno_corr")
	const allowance = 3 * game.Day

	var c, accepted challengeJSON
	alba.must(http.StatusCreated, "POST", "/api/challenge/bruno_corr", map[string]any{"timeControl": "days:3", "color": "white", "rated": true}, &c)
	if c.Speed() != "correspondence" {
		t.Fatalf("challenge speed %s", c.Speed())
	}
	bruno.must(http.StatusOK, "POST", "/api/challenge/"+c.ID+"/accept", nil, &accepted)
	id := accepted.GameID
	var view gameJSON
	alba.must(http.StatusOK, "GET", "/api/game/"+id, nil, &view)
	if view.Speed != "correspondence" || view.Clock == nil || view.Clock.Days != 3 || view.Clock.PerMove != allowance.Milliseconds() {
		t.Fatalf("game view: speed %s, clock %+v", view.Speed, view.Clock)
	}

	lobbySock := bruno.dial("/api/lobby/socket")
	lobbySock.frame("seeks")
	alba.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e2e4", nil, nil)
	var note yourTurnJSON
	decodeFrameData(t, lobbySock.frame(frameYourTurn), &note)
	if note.GameID != id || note.Opponent.Name != "alba_corr" || note.Deadline != env.clock.Now().Add(allowance).UnixMilli() {
		t.Fatalf("yourTurn %+v; want game %s against alba_corr, due %d", note, id, env.clock.Now().Add(allowance).UnixMilli())
	}
	if l := waiting(bruno); len(l.Games) != 1 || l.Games[0].ID != id || l.Games[0].TimeLeft != allowance.Milliseconds() || l.Games[0].Speed != "correspondence" {
		t.Fatalf("bruno's waiting list %+v", l)
	}
	if l := waiting(alba); len(l.Games) != 0 {
		t.Fatalf("alba's waiting list while bruno is to move: %+v", l)
	}

	// Black's first move has the whole allowance too, counted from
	// White's move.
	env.clock.Advance(20 * time.Hour)
	if l := waiting(bruno); len(l.Games) != 1 || l.Games[0].TimeLeft != (allowance-20*time.Hour).Milliseconds() || l.Games[0].Deadline != note.Deadline {
		t.Fatalf("bruno's waiting list 20 hours later %+v; want %v left", l, allowance-20*time.Hour)
	}
	bruno.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e7e5", nil, nil)
	if l := waiting(bruno); len(l.Games) != 0 {
		t.Fatalf("bruno's waiting list after his move: %+v", l)
	}
	if l := waiting(alba); len(l.Games) != 1 || l.Games[0].TimeLeft != allowance.Milliseconds() {
		t.Fatalf("alba's waiting list %+v", l)
	}

	// alba is away for ten hours, her socket closed: no reconnection
	// window runs, and she may still move.
	sock := alba.dial("/api/game/" + id + "/socket")
	sock.full()
	sock.conn.CloseNow()
	if err := env.rt.Disconnected(context.Background(), id, alba.id); err != nil {
		t.Fatal(err)
	}
	env.clock.Advance(10 * time.Hour)
	if st := env.storedGame(id).State; st.Status != game.StatusStarted || !st.GoneSince[game.White].IsZero() {
		t.Fatalf("after ten hours away: %+v", st)
	}
	if l := waiting(alba); len(l.Games) != 1 || l.Games[0].TimeLeft != (allowance-10*time.Hour).Milliseconds() {
		t.Fatalf("alba's time left after ten hours: %+v", l)
	}

	// The server is down for five days: the downtime is charged to nobody.
	env.stop()
	env.clock.Advance(5 * 24 * time.Hour)
	env.start()
	l := waiting(alba)
	if len(l.Games) != 1 || l.Games[0].TimeLeft != (allowance-10*time.Hour).Milliseconds() {
		t.Fatalf("alba's time left after a restart: %+v", l)
	}
	if st := env.storedGame(id).State; !st.GoneSince[game.White].IsZero() || !st.GoneSince[game.Black].IsZero() {
		t.Fatalf("players marked gone after a restart: %v", st.GoneSince)
	}

	watcher := bruno.dial("/api/game/" + id + "/socket")
	watcher.full()
	env.clock.Advance(allowance - 10*time.Hour + game.MaxLagGrace + time.Millisecond)
	if st := ended(watcher); st.Status != "outoftime" || st.Winner != "black" {
		t.Fatalf("after three days: %+v", st)
	}
}

// TestCorrespondenceKinds: seeks pair for a correspondence game; days per
// move outside the offer is refused, and correspondence is neither played
// against the AI nor arranged for a date.
func TestCorrespondenceKinds(t *testing.T) {
	env, _ := schedEnv(t, false)
	id := env.pairBySeek(env.guest(t), env.guest(t), "days:7")
	if rec := env.storedGame(id); !rec.TimeControl.IsCorrespondence() || rec.TimeControl.Days() != 7 {
		t.Fatalf("a game paired from days:7 seeks has %v", rec.TimeControl)
	}
	alba := env.account(t, "alba_corr2")
	env.account(t, "bruno_corr2")
	start := env.clock.Now().Add(3 * time.Hour).Truncate(time.Minute)
	res := alba.do("POST", "/api/schedule", map[string]any{"opponent": "bruno_corr2", "local": start.UTC().Format("2006-01-02T15:04"),
		"zone": "UTC", "timeControl": "days:3", "color": "white"})
	if res.refusal(t).Code != string(game.CodeCorrespondenceNotAllowed) {
		t.Errorf("a scheduled correspondence game: %d %s", res.status, res.body)
	}
	for _, tt := range []struct {
		path, tc, code string
	}{
		{"/api/challenge/bruno_corr2", "days:4", string(game.CodeBadTimeControl)},
		{"/api/challenge/bruno_corr2", "days:30", string(game.CodeBadTimeControl)},
		{"/api/challenge/ai", "days:3", string(game.CodeCorrespondenceNotAllowed)},
	} {
		body := map[string]any{"timeControl": tt.tc}
		if tt.path == "/api/challenge/ai" {
			body["level"] = 1
		}
		if res := alba.do("POST", tt.path, body); res.refusal(t).Code != tt.code {
			t.Errorf("POST %s %s: %d %s, want %s", tt.path, tt.tc, res.status, res.body, tt.code)
		}
	}
	if res := env.anonymous(t).do("GET", "/api/account/waiting", nil); res.status != http.StatusUnauthorized {
		t.Errorf("waiting list for nobody: %d", res.status)
	}
	// A token reads the list only with board:play.
	for _, tc := range []struct {
		scope string
		want  int
	}{{"challenge:read", http.StatusForbidden}, {"board:play", http.StatusOK}} {
		var tok struct{ Token string }
		alba.must(http.StatusCreated, "POST", "/api/tokens", map[string]any{"name": "bot " + tc.scope, "scopes": []string{tc.scope}}, &tok)
		bot := env.anonymous(t)
		bot.header.Set("Authorization", "Bearer "+tok.Token)
		if res := bot.do("GET", "/api/account/waiting", nil); res.status != tc.want {
			t.Errorf("waiting list for a token with %s: %d %s", tc.scope, res.status, res.body)
		}
	}
}
