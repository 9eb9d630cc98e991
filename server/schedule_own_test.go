package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/schedule"
)

// TestScheduleOnlyItsPlayers: a scheduled game and its calendar file are
// served to its players; to anyone else, and for an id that does not exist,
// they are not found alike (ownSchedule).
func TestScheduleOnlyItsPlayers(t *testing.T) {
	env, _ := schedEnv(t, false)
	ana, beto, carla := env.account(t, "ana"), env.account(t, "beto"), env.account(t, "carla")
	local := env.clock.Now().Add(3 * time.Hour).UTC().Format(schedule.LocalLayout)
	var a scheduleJSON
	ana.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "beto", "local": local,
		"zone": "UTC", "timeControl": "10+0", "color": "white", "rated": false}, &a)
	for _, tc := range []struct {
		name string
		who  *person
		path string
		want int
	}{
		{"the proposer's game", ana, "/api/schedule/" + a.ID, http.StatusOK},
		{"the opponent's calendar file", beto, "/api/schedule/" + a.ID + "/ics", http.StatusOK},
		{"another's game", carla, "/api/schedule/" + a.ID, http.StatusNotFound},
		{"another's calendar file", carla, "/api/schedule/" + a.ID + "/ics", http.StatusNotFound},
		{"no such game", ana, "/api/schedule/nosuchid", http.StatusNotFound},
		{"no such calendar file", ana, "/api/schedule/nosuchid/ics", http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.who.do("GET", tc.path, nil)
			if tc.want == http.StatusNotFound {
				expect(t, res, http.StatusNotFound, string(schedule.CodeNotFound))
				return
			}
			if res.status != tc.want {
				t.Fatalf("status %d (%s), want %d", res.status, res.body, tc.want)
			}
			if strings.HasSuffix(tc.path, "/ics") && !strings.Contains(string(res.body), "BEGIN:VCALENDAR") {
				t.Errorf("calendar file %q", res.body)
			}
		})
	}
}
