package lobby_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/joinpal/joinpal/lobby"
)

// A seek lasts while its owner is connected, and OwnerGrace (5 s) after the
// owner's last socket closed; a reconnection in time keeps it.
func TestOwnerGoneSweep(t *testing.T) {
	tests := []struct {
		name  string
		steps func(e *env, t *testing.T)
		kept  bool
	}{
		{"connected owner", func(e *env, t *testing.T) { e.clock.Advance(time.Hour) }, true},
		{"gone 4.999 s", func(e *env, t *testing.T) {
			mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:1"))
			e.clock.Advance(5*time.Second - time.Millisecond)
		}, true},
		{"gone 5 s", func(e *env, t *testing.T) {
			mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:1"))
			e.clock.Advance(5 * time.Second)
		}, false},
		{"gone, back after 4 s, a minute passes", func(e *env, t *testing.T) {
			mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:1"))
			e.clock.Advance(4 * time.Second)
			mustNoErr(t, "OwnerConnected", e.svc.OwnerConnected(t.Context(), "u:1"))
			e.clock.Advance(time.Minute)
		}, true},
		{"a second socket closing later does not restart the grace", func(e *env, t *testing.T) {
			mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:1"))
			e.clock.Advance(3 * time.Second)
			mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:1"))
			e.clock.Advance(2 * time.Second)
		}, false},
		{"another owner gone", func(e *env, t *testing.T) {
			mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:2"))
			e.clock.Advance(time.Minute)
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
			e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "5+0"), Color: lobby.White})
			events, cancel := e.svc.Events().Subscribe()
			defer cancel()
			tt.steps(e, t)
			mustNoErr(t, "Sweep", e.svc.Sweep(t.Context()))
			if got := len(e.seeks(t)); (got == 2) != tt.kept {
				t.Fatalf("%d seeks after the sweep, kept %v", got, tt.kept)
			}
			if !tt.kept {
				for range 2 {
					if ev := <-events; ev.Type != lobby.SeekRemoved || ev.Seek.Owner.ID != "u:1" {
						t.Errorf("event %+v, want seekRemoved of u:1", ev)
					}
				}
			}
		})
	}
}

func TestOwnerGraceConfigurable(t *testing.T) {
	e := newEnv(t, func(c *lobby.Config) { c.OwnerGrace = 30 * time.Second })
	e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
	mustNoErr(t, "OwnerGone", e.svc.OwnerGone(t.Context(), "u:1"))
	e.clock.Advance(29 * time.Second)
	mustNoErr(t, "Sweep", e.svc.Sweep(t.Context()))
	if len(e.seeks(t)) != 1 {
		t.Fatal("swept before the configured grace")
	}
	e.clock.Advance(time.Second)
	mustNoErr(t, "Sweep", e.svc.Sweep(t.Context()))
	if len(e.seeks(t)) != 0 {
		t.Fatal("not swept after the configured grace")
	}
}

// A game that cannot start leaves the lobby as it was: the waiting seek
// open, the new one not placed.
func TestPairingPutsSeeksBackWhenTheGameFails(t *testing.T) {
	e := newEnv(t)
	e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
	e.games.fail = errNoGames
	_, err := e.svc.AddSeek(t.Context(), lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0"), Color: lobby.Black})
	if !errors.Is(err, errNoGames) {
		t.Fatalf("AddSeek: %v, want the starter's error", err)
	}
	if got := e.seeks(t); len(got) != 1 || got[0].Owner.ID != "u:1" {
		t.Errorf("seeks after the failed start: %+v, want u:1's alone", got)
	}
	e.games.fail = nil
	// u:2 may simply try again (no lobby.seek_exists from a seek it was told failed).
	res := e.seek(t, lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0"), Color: lobby.Black})
	if res.GameID == "" || res.White.ID != "u:1" {
		t.Errorf("u:2 again after the failure: %+v, want a game against u:1", res)
	}
}

func TestCancelSeek(t *testing.T) {
	e := newEnv(t)
	res := e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
	wantCode(t, "cancel by another", e.svc.CancelSeek(t.Context(), "u:2", res.Seek.ID), string(lobby.CodeSeekNotFound))
	events, cancel := e.svc.Events().Subscribe()
	defer cancel()
	mustNoErr(t, "CancelSeek", e.svc.CancelSeek(t.Context(), "u:1", res.Seek.ID))
	if ev := <-events; ev.Type != lobby.SeekRemoved || ev.Seek.ID != res.Seek.ID {
		t.Errorf("event %+v", ev)
	}
	wantCode(t, "cancel twice", e.svc.CancelSeek(t.Context(), "u:1", res.Seek.ID), string(lobby.CodeSeekNotFound))
	// The one-seek rule no longer holds the owner back.
	e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
}

// Once paired, both owners' other seeks go: one game at a time.
func TestPairingRemovesTheOwnersOtherSeeks(t *testing.T) {
	e := newEnv(t)
	for _, req := range []lobby.SeekRequest{
		{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White},
		{Owner: account("u:1", 1500), TimeControl: tc(t, "5+0"), Color: lobby.White},
		{Owner: account("u:2", 1500), TimeControl: tc(t, "10+0"), Color: lobby.White},
		{Owner: account("u:3", 1500), TimeControl: tc(t, "10+0"), Color: lobby.White},
	} {
		e.seek(t, req)
	}
	res := e.seek(t, lobby.SeekRequest{Owner: account("u:2", 1500), TimeControl: tc(t, "3+0"), Color: lobby.Random})
	if res.GameID == "" {
		t.Fatalf("no pairing: %+v", res)
	}
	left := e.seeks(t)
	if len(left) != 1 || left[0].Owner.ID != "u:3" {
		t.Errorf("seeks left: %+v, want only u:3's", left)
	}
}

// NextLapse is the earliest moment a sweep may have work — a seek's owner
// gone for OwnerGrace, a challenge's expiry — and Lapsing says when the
// service made one of them.
func TestNextLapse(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	next := func(what string, want time.Time) {
		t.Helper()
		got, err := e.svc.NextLapse(ctx)
		if err != nil || !got.Equal(want) {
			t.Errorf("%s: NextLapse = %v, %v; want %v", what, got, err, want)
		}
	}
	lapsing := func(what string, want bool) {
		t.Helper()
		select {
		case <-e.svc.Lapsing():
			if !want {
				t.Errorf("%s: Lapsing signalled", what)
			}
		default:
			if want {
				t.Errorf("%s: Lapsing not signalled", what)
			}
		}
	}
	next("an empty lobby", time.Time{})
	e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
	lapsing("a seek added", false)
	next("a seek whose owner is here", time.Time{})

	gone := e.clock.Now()
	mustNoErr(t, "OwnerGone", e.svc.OwnerGone(ctx, "u:1"))
	lapsing("its owner gone", true)
	next("its owner gone", gone.Add(lobby.DefaultOwnerGrace))

	e.clock.Advance(time.Second)
	c, err := e.svc.Challenge(ctx, direct(t, account("u:2", 1500), account("u:3", 1500)))
	mustNoErr(t, "Challenge", err)
	lapsing("a challenge made", true)
	lapsing("the signal taken", false)
	next("the seek due first", gone.Add(lobby.DefaultOwnerGrace))

	mustNoErr(t, "OwnerConnected", e.svc.OwnerConnected(ctx, "u:1"))
	next("its owner back", c.ExpiresAt)
	_, err = e.svc.Decline(ctx, c.ID, "u:3", lobby.DeclineGeneric)
	mustNoErr(t, "Decline", err)
	lapsing("a challenge declined", false)
	next("the challenge declined", time.Time{})
}

// ReassertOwners takes back the gone mark of the owners present on this
// node, and only theirs, so that the sweep keeps their seeks.
func TestReassertOwners(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	for _, id := range []string{"u:1", "u:2", "u:3"} {
		e.seek(t, lobby.SeekRequest{Owner: account(id, 1500), TimeControl: tc(t, "3+0"), Color: lobby.White})
	}
	e.seek(t, lobby.SeekRequest{Owner: account("u:1", 1500), TimeControl: tc(t, "5+0"), Color: lobby.White})
	mustNoErr(t, "OwnerGone u:1", e.svc.OwnerGone(ctx, "u:1"))
	mustNoErr(t, "OwnerGone u:2", e.svc.OwnerGone(ctx, "u:2"))
	asked := map[string]int{}
	present := func(id string) bool { asked[id]++; return id == "u:1" || id == "u:3" }
	mustNoErr(t, "ReassertOwners", e.svc.ReassertOwners(ctx, present))
	if asked["u:1"] != 1 || asked["u:2"] != 1 || asked["u:3"] != 0 {
		t.Errorf("present asked %v, want u:1 and u:2 once each (u:3 was never gone)", asked)
	}
	e.clock.Advance(lobby.DefaultOwnerGrace)
	mustNoErr(t, "Sweep", e.svc.Sweep(ctx))
	var owners []string
	for _, s := range e.seeks(t) {
		owners = append(owners, s.Owner.ID)
	}
	if want := []string{"u:1", "u:3", "u:1"}; !slices.Equal(owners, want) {
		t.Errorf("seeks after the sweep owned by %v, want %v", owners, want)
	}
}
