package server

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/schedule"
)

// TestViewGameScheduleFields: a scheduled game's JSON says how long until
// its start (while it has not started), who has checked in and its
// default time; another game has none of these fields.
func TestViewGameScheduleFields(t *testing.T) {
	start := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	ms := func(d time.Duration) *int64 { v := d.Milliseconds(); return &v }
	cases := []struct {
		name        string
		scheduledAt time.Time
		defaultTime time.Duration
		present     [2]bool
		status      game.Status
		at          time.Time
		startsIn    *int64
		checkedIn   map[string]bool
		defaultMs   int64
	}{
		{name: "not scheduled", status: game.StatusStarted, at: start},
		{name: "an hour ahead, nobody in", scheduledAt: start, status: game.StatusCreated, at: start.Add(-time.Hour),
			startsIn: ms(time.Hour), checkedIn: map[string]bool{"white": false, "black": false}, defaultMs: game.DefaultNoShowTime.Milliseconds()},
		{name: "ten minutes ahead, black in, its own default time", scheduledAt: start, defaultTime: 5 * time.Minute, present: [2]bool{false, true},
			status: game.StatusCreated, at: start.Add(-10*time.Minute - 500*time.Millisecond),
			startsIn: ms(10*time.Minute + 500*time.Millisecond), checkedIn: map[string]bool{"white": false, "black": true}, defaultMs: 300000},
		{name: "due, the start not applied yet", scheduledAt: start, present: [2]bool{true, true}, status: game.StatusCreated, at: start.Add(time.Second),
			startsIn: ms(0), checkedIn: map[string]bool{"white": true, "black": true}, defaultMs: game.DefaultNoShowTime.Milliseconds()},
		{name: "started", scheduledAt: start, present: [2]bool{true, false}, status: game.StatusStarted, at: start.Add(time.Minute),
			checkedIn: map[string]bool{"white": true, "black": false}, defaultMs: game.DefaultNoShowTime.Milliseconds()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tc, err := game.ParseTimeControl("5+0")
			if err != nil {
				t.Fatal(err)
			}
			hdr := game.Record{ID: "g1", TimeControl: tc, DefaultTime: c.defaultTime,
				State: game.State{Status: c.status, ScheduledAt: c.scheduledAt, Present: c.present}}
			ev := game.Event{Status: c.status, Turn: game.White, At: c.at}
			if !c.scheduledAt.IsZero() {
				// As game.Game.NewEvent describes a scheduled game.
				ev.Schedule = &game.EventSchedule{StartAt: c.scheduledAt, Present: c.present}
			}
			g := viewGame(hdr, ev, false)
			if (g.StartsIn == nil) != (c.startsIn == nil) || g.StartsIn != nil && *g.StartsIn != *c.startsIn {
				t.Errorf("startsIn = %v, want %v", deref(g.StartsIn), deref(c.startsIn))
			}
			if len(g.CheckedIn) != len(c.checkedIn) || g.CheckedIn["white"] != c.checkedIn["white"] || g.CheckedIn["black"] != c.checkedIn["black"] {
				t.Errorf("checkedIn = %v, want %v", g.CheckedIn, c.checkedIn)
			}
			if g.DefaultTime != c.defaultMs {
				t.Errorf("defaultTime = %d, want %d", g.DefaultTime, c.defaultMs)
			}
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			var raw map[string]json.RawMessage
			if err := json.Unmarshal(b, &raw); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"scheduledAt", "checkedIn", "defaultTime"} {
				if _, ok := raw[k]; ok != !c.scheduledAt.IsZero() {
					t.Errorf("field %s present %v in %s", k, ok, b)
				}
			}
			if _, ok := raw["startsIn"]; ok != (c.startsIn != nil) {
				t.Errorf("field startsIn present %v in %s", ok, b)
			}
		})
	}
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestGameJSONFollowsCheckIn: GET /api/game/{id} of a scheduled game, as a
// spectator sees it, counts down to the start on the server's clock and
// shows each player checked in once they are; after the start it no
// longer counts down.
func TestGameJSONFollowsCheckIn(t *testing.T) {
	env, svc := schedEnv(t, false)
	ana, beto := env.account(t, "ana"), env.account(t, "beto")
	watcher := env.account(t, "carla")
	start := env.clock.Now().Add(2 * time.Hour).Truncate(time.Minute)
	var a scheduleJSON
	ana.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "beto",
		"local": start.UTC().Format(schedule.LocalLayout), "zone": "UTC", "timeControl": "5+0", "color": "white", "defaultMinutes": 4}, &a)
	beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/accept", nil, &a)
	type view struct {
		Status      string          `json:"status"`
		ScheduledAt int64           `json:"scheduledAt"`
		StartsIn    *int64          `json:"startsIn"`
		CheckedIn   map[string]bool `json:"checkedIn"`
		DefaultTime int64           `json:"defaultTime"`
		WTime       *int64          `json:"wtime"`
		Clock       bool            `json:"clockRunning"`
	}
	read := func() view {
		var v view
		watcher.must(http.StatusOK, "GET", "/api/game/"+a.GameID, nil, &v)
		return v
	}
	v := read()
	if v.Status != "created" || v.ScheduledAt != start.UnixMilli() || v.DefaultTime != (4*time.Minute).Milliseconds() {
		t.Fatalf("before: %+v", v)
	}
	if v.StartsIn == nil || *v.StartsIn != start.Sub(env.clock.Now()).Milliseconds() {
		t.Fatalf("startsIn %v, want %d", deref(v.StartsIn), start.Sub(env.clock.Now()).Milliseconds())
	}
	if v.CheckedIn["white"] || v.CheckedIn["black"] || len(v.CheckedIn) != 2 {
		t.Fatalf("checked in before the window: %v", v.CheckedIn)
	}

	env.clock.Advance(start.Add(-10 * time.Minute).Sub(env.clock.Now()))
	beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/checkin", nil, nil)
	v = read()
	if !v.CheckedIn["black"] || v.CheckedIn["white"] {
		t.Fatalf("after black's check-in: %v", v.CheckedIn)
	}
	if v.StartsIn == nil || *v.StartsIn != (10*time.Minute).Milliseconds() {
		t.Fatalf("startsIn %v ten minutes before", deref(v.StartsIn))
	}

	ana.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/checkin", nil, nil)
	// The runtime's timers, the start's among them, fire before Advance
	// returns.
	env.clock.Advance(start.Sub(env.clock.Now()) + time.Second)
	(*svc).Tick(t.Context())
	if v = read(); v.Status != "started" || !v.Clock || v.StartsIn != nil || !v.CheckedIn["white"] || !v.CheckedIn["black"] {
		t.Fatalf("after the start: %+v", v)
	}
}

// TestGameSocketFollowsPostponementAndCheckIn: a socket opened on a
// scheduled game before a postponement and a check-in hears both in the
// frames they make — the new start and who has checked in — not the
// record as it stood when the socket opened.
func TestGameSocketFollowsPostponementAndCheckIn(t *testing.T) {
	env, _ := schedEnv(t, false)
	ana, beto := env.account(t, "ana"), env.account(t, "beto")
	watcher := env.account(t, "carla")
	start := env.clock.Now().Add(3 * time.Hour).Truncate(time.Minute)
	var a scheduleJSON
	ana.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "beto",
		"local": start.UTC().Format(schedule.LocalLayout), "zone": "UTC", "timeControl": "5+0", "color": "white"}, &a)
	beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/accept", nil, &a)

	sock := watcher.dial("/api/game/" + a.GameID + "/socket")
	if st := sock.state("the first frame", func(stateJSON) bool { return true }); st.ScheduledAt != start.UnixMilli() || st.CheckedIn["black"] {
		t.Fatalf("the first frame: %+v", st)
	}

	later := start.Add(2 * time.Hour)
	beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/postpone", map[string]string{"local": later.UTC().Format(schedule.LocalLayout), "zone": "UTC"}, nil)
	ana.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/postpone/accept", nil, nil)
	st := sock.state("the postponement", func(st stateJSON) bool { return st.ScheduledAt == later.UnixMilli() })
	if st.StartsIn == nil || *st.StartsIn != later.Sub(env.clock.Now()).Milliseconds() {
		t.Fatalf("after the postponement, startsIn %v, want %d", deref(st.StartsIn), later.Sub(env.clock.Now()).Milliseconds())
	}

	env.clock.Advance(later.Add(-10 * time.Minute).Sub(env.clock.Now()))
	beto.must(http.StatusOK, "POST", "/api/schedule/"+a.ID+"/checkin", nil, nil)
	st = sock.state("black's check-in", func(st stateJSON) bool { return st.CheckedIn["black"] })
	if st.CheckedIn["white"] || st.StartsIn == nil || *st.StartsIn != (10*time.Minute).Milliseconds() || st.ScheduledAt != later.UnixMilli() {
		t.Fatalf("after black's check-in: %+v, startsIn %v", st, deref(st.StartsIn))
	}
}
