package server

import (
	"net/http"
	"testing"
	"time"

	"github.com/joinpal/joinpal/schedule"
)

// TestListeningSockets: the lobby's and the scheduled games' sockets (both
// run by listen) pass on the events that concern their user, answer a
// ping with a pong and refuse any other frame with unknown_frame, staying
// open.
func TestListeningSockets(t *testing.T) {
	env, _ := schedEnv(t, false)
	ana, beto := env.account(t, "ana"), env.account(t, "beto")
	lobbySock := ana.dial("/api/lobby/socket")
	lobbySock.frame("seeks")
	schedSock := ana.dial("/api/schedule/socket")
	for _, tc := range []struct {
		name  string
		sock  *wsClient
		event func()
		want  string
	}{
		{"lobby", lobbySock, func() {
			beto.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": "10+0"}, nil)
		}, "seekAdded"},
		{"schedule", schedSock, func() {
			local := env.clock.Now().Add(3 * time.Hour).UTC().Format(schedule.LocalLayout)
			beto.must(http.StatusCreated, "POST", "/api/schedule", map[string]any{"opponent": "ana", "local": local,
				"zone": "UTC", "timeControl": "10+0", "color": "white", "rated": false}, nil)
		}, "schedule"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.sock.send("ping", nil)
			tc.sock.frame("pong")
			tc.sock.sendRaw([]byte(`{"t":"castle"}`))
			var e errorData
			decodeFrameData(t, tc.sock.frame("error"), &e)
			if e.Code != string(CodeUnknownFrame) {
				t.Fatalf("unknown type: %+v", e)
			}
			tc.event()
			tc.sock.frame(tc.want)
		})
	}
}
