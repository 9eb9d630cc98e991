package server

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// TestHashPoolBoundsLogIns: with one hashing slot taken, a log-in waits
// for it (and succeeds once it is free), or, when the wait runs out, is
// refused with 503 server.busy and Retry-After, having hashed nothing.
func TestHashPoolBoundsLogIns(t *testing.T) {
	tests := []struct {
		name string
		// free ends the wait: releases the slot or fires the timer.
		free       func(release func(), timer chan time.Time)
		wantStatus int
	}{
		{"the slot comes free", func(release func(), _ chan time.Time) { release() }, http.StatusOK},
		{"the wait runs out", func(_ func(), timer chan time.Time) { timer <- time.Time{} }, http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newTestServer(t, func(c *Config) { c.HashConcurrency = 1; c.HashWait = 3 * time.Second })
			env.signUp(t, "owner", "right password")
			waiting, timer := make(chan time.Duration, 1), make(chan time.Time, 1)
			env.srv.hashes.after = func(d time.Duration) <-chan time.Time { waiting <- d; return timer }
			release, err := env.srv.hashes.acquire(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			answered := make(chan response, 1)
			go func() {
				answered <- env.browser(t).do("POST", "/api/account/login", `{"username":"owner","password":"right password"}`)
			}()
			if d := <-waiting; d != 3*time.Second {
				t.Errorf("waits up to %v, want 3s", d)
			}
			select {
			case r := <-answered:
				t.Fatalf("answered %d %s while the only slot is taken", r.status, r.body)
			default:
			}
			tt.free(release, timer)
			r := <-answered
			if r.status != tt.wantStatus {
				t.Fatalf("status %d %s, want %d", r.status, r.body, tt.wantStatus)
			}
			if tt.wantStatus == http.StatusServiceUnavailable {
				e := expect(t, r, http.StatusServiceUnavailable, CodeBusy)
				if e.Params["seconds"] != "3" || r.header.Get("Retry-After") != "3" {
					t.Errorf("refusal %+v, Retry-After %q; want 3", e, r.header.Get("Retry-After"))
				}
				release()
			}
			// The slot is free again: a log-in takes it at once.
			if r := env.browser(t).do("POST", "/api/account/login", `{"username":"owner","password":"right password"}`); r.status != http.StatusOK {
				t.Fatalf("with the slot free: %d %s", r.status, r.body)
			}
		})
	}
}
