package live

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
)

// TestStartRefusesABusyDatabase: until games have owners, a runtime does
// not start on a database where another live node holds running games.
func TestStartRefusesABusyDatabase(t *testing.T) {
	tests := []struct {
		name string
		// other acts for the other node, at the fixture's time now.
		other    func(st *sqlite.Store, now time.Time) error
		games    bool // whether the store holds a running game
		wantBusy bool
	}{
		{"other node alive", func(st *sqlite.Store, now time.Time) error { return st.Heartbeat(t.Context(), "other", now) }, true, true},
		{"other node alive, 9 s ago", func(st *sqlite.Store, now time.Time) error {
			return st.Heartbeat(t.Context(), "other", now.Add(-9*time.Second))
		}, true, true},
		{"other node silent for longer than its timeout", func(st *sqlite.Store, now time.Time) error {
			return st.Heartbeat(t.Context(), "other", now.Add(-11*time.Second))
		}, true, false},
		{"other node stopped", func(st *sqlite.Store, now time.Time) error { return st.MarkStopped(t.Context(), "other", now) }, true, false},
		{"other node alive, no running game", func(st *sqlite.Store, now time.Time) error { return st.Heartbeat(t.Context(), "other", now) }, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			if tc.games {
				f.create("g1", "5+0")
			}
			if err := f.rt.Stop(f.ctx); err != nil {
				t.Fatal(err)
			}
			if err := tc.other(f.store, f.clock.Now()); err != nil {
				t.Fatal(err)
			}
			rt := New(Config{Store: f.store, Clock: f.clock, HeartbeatEvery: time.Hour, NodeTimeout: 10 * time.Second, Logger: f.rt.cfg.Logger})
			err := rt.Start(f.ctx)
			if !tc.wantBusy {
				if err != nil {
					t.Fatalf("start: %v", err)
				}
				if err := rt.Stop(f.ctx); err != nil {
					t.Fatal(err)
				}
				return
			}
			var e *Error
			if !errors.Is(err, ErrNodeBusy) || !errors.As(err, &e) || e.Params["node"] != "other" {
				t.Fatalf("start: %v, want %s naming node other", err, CodeNodeBusy)
			}
			if !strings.Contains(err.Error(), "other") {
				t.Errorf("the error does not name the other node: %v", err)
			}
			// Refused, it changed nothing: the game is as stopped.
			rec, _ := f.store.LoadGame(f.ctx, "g1")
			if c := rec.State.Clock; rec.State.Status != game.StatusCreated || c == nil || c.State != game.ClockWaiting {
				t.Fatalf("the refused start changed the game: %+v", rec.State)
			}
		})
	}
}

// TestRestoreFailureIsRetried: a game whose restore fails at Start is
// reported, counted and retried until it runs, its clock charged nothing
// for the time it waited.
func TestRestoreFailureIsRetried(t *testing.T) {
	f := newFaultyFixture(t)
	f.create("g1", "5+0")
	f.create("g2", "5+0")
	for _, id := range []string{"g1", "g2"} {
		f.move(id, "alice", "e2e4", 0, 1)
		f.move(id, "bob", "e7e5", 1, 1)
	}
	f.clock.Advance(3 * time.Second) // white thinks 3 s
	before, _ := f.rt.Snapshot(f.ctx, "g1")
	// The first write of the next start (a game's suspended state) fails.
	if err := f.rt.Stop(f.ctx); err != nil {
		t.Fatal(err)
	}
	f.faults.next("SaveState", refuse, nil)
	f.rt = New(Config{Store: f.faults, Clock: f.clock, HeartbeatEvery: time.Hour, Logger: f.rt.cfg.Logger})
	if err := f.rt.Start(f.ctx); err != nil {
		t.Fatalf("one game's failure failed the start: %v", err)
	}
	st := f.rt.Stats()
	if st.Games != 1 || st.Pending != 1 || st.RestoreFailures != 1 {
		t.Fatalf("stats after the start: %+v", st)
	}
	if !strings.Contains(f.logs.String(), "level=ERROR") {
		t.Errorf("the failure was not logged at Error level:\n%s", f.logs)
	}
	pending := "g1"
	if f.running("g1") {
		pending = "g2"
	}
	if _, err := f.rt.Move(f.ctx, pending, "alice", MoveRequest{UCI: "g1f3", Ply: 2, ID: 2}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("move in a game waiting to be restored: %v, want %s", err, CodeUnavailable)
	}
	f.clock.Advance(minRetry)
	if st := f.rt.Stats(); st.Games != 2 || st.Pending != 0 {
		t.Fatalf("stats after the retry: %+v", st)
	}
	after, err := f.rt.Snapshot(f.ctx, pending)
	if err != nil {
		t.Fatal(err)
	}
	if *after.WhiteMs != *before.WhiteMs || !after.ClockRunning {
		t.Fatalf("white has %d ms after the retried restore, %d ms before the stop (running %v)", *after.WhiteMs, *before.WhiteMs, after.ClockRunning)
	}
	f.move(pending, "alice", "g1f3", 2, 2)
	f.checkInStep(pending)
}

// TestRestartUnderAnotherName: a process that starts under a name of its
// own charges nobody for the time since the process before it, named
// otherwise, was last alive.
func TestRestartUnderAnotherName(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	f.move("g1", "bob", "e7e5", 1, 1)
	f.clock.Advance(3 * time.Second) // white thinks 3 s
	before, err := f.rt.Snapshot(f.ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.rt.Stop(f.ctx); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(time.Minute)
	f.rt = New(Config{Store: f.store, Clock: f.clock, Node: "another", HeartbeatEvery: time.Hour, Logger: f.rt.cfg.Logger})
	if err := f.rt.Start(f.ctx); err != nil {
		t.Fatal(err)
	}
	after, err := f.rt.Snapshot(f.ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if *after.WhiteMs != *before.WhiteMs {
		t.Fatalf("white has %d ms after the restart, %d ms before the stop", *after.WhiteMs, *before.WhiteMs)
	}
}
