package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/schedule"
)

// schedEnv is a play environment with a schedule service on the
// runtime's fake clock.
func schedEnv(t *testing.T, postgres bool) (*playEnv, **schedule.Service) {
	t.Helper()
	var svc *schedule.Service
	var env *playEnv
	env = newPlayEnv(t, playOptions{fakeRuntimeClock: true, postgres: postgres, config: func(c *Config) {
		var err error
		svc, err = schedule.New(schedule.Config{Store: c.Accounts.(schedule.Store), Games: c.Runtime.(schedule.Games),
			Now: func() time.Time { return env.clock.Now() }}) // env is set once newPlayEnv returns, before any call
		if err != nil {
			t.Fatal(err)
		}
		c.Schedule = svc
	}})
	return env, &svc
}

// TestScheduledGameOverHTTP: two accounts arrange a game over the API, the
// one-hour rule refuses 59:59 with how late it is, both check in, the
// game starts at its start time with the clock running; the proposer's
// notification socket tells each step.
func TestScheduledGameOverHTTP(t *testing.T) {
	for _, pg := range []bool{false, true} {
		name := "sqlite"
		if pg {
			name = "postgres"
		}
		t.Run(name, func(t *testing.T) {
			env, svc := schedEnv(t, pg)
			ana, beto := env.account(t, "ana"), env.account(t, "beto")
			notes := ana.dial("/api/schedule/socket")
			// The socket subscribes after the upgrade: its pong says it
			// has, so the proposal's note cannot come before it.
			notes.send("ping", nil)
			notes.frame("pong")
			betoEvents := beto.stream()
			start := env.clock.Now().Add(3 * time.Hour)
			local := start.In(mustZone(t, "America/New_York")).Format(schedule.LocalLayout)
			var a scheduleJSON
			ana.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "beto", "local": local,
				"zone": "America/New_York", "timeControl": "10+0", "color": "white", "rated": true}, &a)
			if !a.StartAt.Equal(start) || a.Status != schedule.Proposed {
				t.Fatalf("proposed %v %s, want %v", a.StartAt, a.Status, start)
			}
			wantNote(t, notes, "proposed")
			if got := betoEvents.next(t, "schedule"); got.Schedule == nil || got.Schedule.Type != schedule.EventProposed || got.Schedule.Scheduled.ID != a.ID {
				t.Fatalf("beto's event stream: %+v", got)
			}
			beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/accept", nil, &a)
			wantNote(t, notes, "accepted")
			if a.GameID == "" || a.White.Name != "ana" {
				t.Fatalf("accepted: %+v", a.Arrangement)
			}
			env.clock.Advance(start.Add(-time.Hour + time.Second).Sub(env.clock.Now())) // 59:59 before
			res := beto.do("POST", "/api/schedule/"+a.ID+"/postpone", map[string]string{"local": "2026-12-02T10:00", "zone": "UTC"})
			body := expect(t, res, http.StatusConflict, string(game.CodePostponeTooLate))
			if body.Params["left"] != "3599" || !strings.Contains(body.Message, " 59 min ") || strings.Contains(body.Message, body.Params["start"]) {
				t.Errorf("refusal %q, params %v: want left 3599 (seconds), said as 59 min, and the start not in RFC 3339", body.Message, body.Params)
			}
			env.clock.Advance(50 * time.Minute) // 9:59 before
			if _, err := (*svc).Tick(t.Context()); err != nil {
				t.Fatal(err)
			}
			wantNote(t, notes, "soon")
			ana.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/checkin", nil, nil)
			beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/checkin", nil, nil)
			// The runtime's timers, the start's among them, fire before
			// Advance returns.
			env.clock.Advance(start.Sub(env.clock.Now()) + 3*time.Second)
			var got struct {
				Game scheduleJSON `json:"game"`
			}
			(*svc).Tick(t.Context())
			ana.must(http.StatusOK, "GET", "/api/schedule/"+a.ID, nil, &got)
			if g := got.Game.Game; g == nil || g.Status != game.StatusStarted || !g.Present[0] || !g.Present[1] {
				t.Fatalf("after the start: %+v", got.Game.Game)
			}
			var gv struct {
				WTime        *int64 `json:"wtime"`
				ClockRunning bool   `json:"clockRunning"`
				ScheduledAt  int64  `json:"scheduledAt"`
			}
			ana.must(http.StatusOK, "GET", "/api/game/"+a.GameID, nil, &gv)
			if gv.ScheduledAt != start.UnixMilli() {
				t.Errorf("the game says it starts at %d, want %d", gv.ScheduledAt, start.UnixMilli())
			}
			if gv.WTime == nil || !gv.ClockRunning || *gv.WTime > (10*time.Minute-3*time.Second).Milliseconds() {
				t.Errorf("white's clock %v (running %v) three seconds after the start: it did not start at the start time", gv.WTime, gv.ClockRunning)
			}
			wantNote(t, notes, "started")
		})
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// wantNote waits for the notification of type typ on socket c.
func wantNote(t *testing.T, c *wsClient, typ string) {
	t.Helper()
	c.next("schedule "+typ, func(f wsFrame) bool {
		if f.T != "schedule" {
			return false
		}
		var e struct{ Type string }
		_ = json.Unmarshal(f.D, &e)
		return e.Type == typ
	})
}

// TestSuspendOverHTTP: a player suspends a scheduled game alone over the
// API on the server's clock — 59:59 before the start is refused with how
// much time was left, 60:00 is allowed — the game is called off with no
// result, and a new time proposed by one and accepted by the other makes a
// new game; a game resigned before its start is then listed as played.
func TestSuspendOverHTTP(t *testing.T) {
	env, _ := schedEnv(t, false)
	ana, beto := env.account(t, "ana"), env.account(t, "beto")
	start := env.clock.Now().Add(3 * time.Hour).Truncate(time.Minute)
	var a scheduleJSON
	ana.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "beto", "local": start.UTC().Format(schedule.LocalLayout),
		"zone": "UTC", "timeControl": "10+5", "color": "white", "rated": true}, &a)
	beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/accept", nil, &a)
	if !a.SuspendUntil.Equal(start.Add(-time.Hour)) || a.MaxSuspensions != 2 {
		t.Fatalf("suspendUntil %v, max %d", a.SuspendUntil, a.MaxSuspensions)
	}
	first := a.GameID
	env.clock.Advance(start.Add(-time.Hour + time.Second).Sub(env.clock.Now())) // 59:59 before
	body := expect(t, beto.do("POST", "/api/schedule/"+a.ID+"/suspend", nil), http.StatusConflict, string(game.CodeSuspendTooLate))
	if body.Params["left"] != "3599" || !strings.Contains(body.Message, "suspender") {
		t.Errorf("refusal %q, params %v", body.Message, body.Params)
	}
	env.clock.Advance(-time.Second) // 60:00 before
	id := a.ID
	a = scheduleJSON{}
	beto.must(http.StatusOK, "POST", "/api/schedule/"+id+"/suspend", nil, &a)
	if a.Status != schedule.Suspended || a.GameID != "" || len(a.Suspensions) != 1 || a.Suspensions[0].GameID != first {
		t.Fatalf("suspended: %+v", a.Arrangement)
	}
	if g := env.storedGame(first); g.State.Status != game.StatusAborted || g.State.Result != game.NoResult {
		t.Errorf("the called-off game: %v %v", g.State.Status, g.State.Result)
	}
	expect(t, ana.do("POST", "/api/schedule/"+a.ID+"/suspend", nil), http.StatusConflict, string(schedule.CodeClosed))
	next := start.Add(24 * time.Hour)
	ana.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/postpone", map[string]string{"local": next.UTC().Format(schedule.LocalLayout), "zone": "UTC"}, &a)
	beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/postpone/accept", nil, &a)
	if a.Status != schedule.Accepted || a.GameID == "" || a.GameID == first || !a.StartAt.Equal(next) || a.White.Name != "ana" {
		t.Fatalf("after the new time: %+v", a.Arrangement)
	}
	// Resigned before its start: listed as played, not as arranged.
	ana.must(http.StatusOK, "POST", "/api/game/"+a.GameID+"/resign", nil, nil)
	var list struct{ Games []scheduleJSON }
	beto.must(http.StatusOK, "GET", "/api/schedule", nil, &list)
	if len(list.Games) != 1 || list.Games[0].Status != schedule.Finished {
		t.Fatalf("list after a resignation before the start: %+v", list)
	}
}
