package main

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

func TestNextSweep(t *testing.T) {
	last := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		next time.Time
		want time.Time
	}{
		{"nothing can lapse: the quiet sweep", time.Time{}, last.Add(sweepQuiet)},
		{"a lapse in 10 s", last.Add(10 * time.Second), last.Add(10 * time.Second)},
		{"a lapse past the quiet sweep", last.Add(2 * sweepQuiet), last.Add(sweepQuiet)},
		{"a lapse due already: a sweep apart", last.Add(-time.Hour), last.Add(sweepEvery)},
		{"a lapse within a sweep's gap", last.Add(sweepEvery / 2), last.Add(sweepEvery)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := nextSweep(last, tt.next); !got.Equal(tt.want) {
				t.Errorf("nextSweep = %v, want %v", got, tt.want)
			}
		})
	}
}

// countingLobby counts the sweep's reads of a lobby store.
type countingLobby struct {
	lobby.Store
	sweeps atomic.Int64
}

func (c *countingLobby) RemoveAbandonedSeeks(ctx context.Context, before time.Time) ([]lobby.Seek, error) {
	c.sweeps.Add(1)
	return c.Store.RemoveAbandonedSeeks(ctx, before)
}

// TestHousekeepingAloneSweepsWhenDue: a node alone on its file sweeps
// once at the start, then when what the lobby made lapses — a seek whose
// owner left, a challenge not answered — and not in between.
func TestHousekeepingAloneSweepsWhenDue(t *testing.T) {
	st, err := sqlite.Open(t.Context(), sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	store := &countingLobby{Store: st}
	const grace, ttl = 300 * time.Millisecond, 2500 * time.Millisecond
	lob, err := lobby.New(lobby.Config{Store: store, OwnerGrace: grace, ChallengeTTL: ttl,
		Games: lobby.GameStarterFunc(func(context.Context, game.Config) (game.Event, error) {
			return game.Event{}, errors.New("no games here")
		})})
	if err != nil {
		t.Fatal(err)
	}
	events, stop := lob.Events().Subscribe()
	defer stop()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		housekeeper{lobby: lob, present: func(string) bool { return false }, people: st, alone: true, boundedReads: true,
			log: slog.New(slog.DiscardHandler)}.run(ctx)
	}()
	defer func() { cancel(); <-done }()

	ana := lobby.Player{ID: "u:ana", Name: "ana", Rating: 1500}
	ben := lobby.Player{ID: "u:ben", Name: "ben", Rating: 1500}
	tc, err := game.ParseTimeControl("3+0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lob.AddSeek(t.Context(), lobby.SeekRequest{Owner: ana, TimeControl: tc, Color: lobby.Random}); err != nil {
		t.Fatal(err)
	}
	gone := time.Now()
	if err := lob.OwnerGone(t.Context(), ana.ID); err != nil {
		t.Fatal(err)
	}
	c, err := lob.Challenge(t.Context(), lobby.ChallengeRequest{Challenger: ana, Dest: &ben, TimeControl: tc, Color: lobby.Random})
	if err != nil {
		t.Fatal(err)
	}
	wait := func(what string, ok func(lobby.Event) bool) time.Time {
		t.Helper()
		for {
			select {
			case ev := <-events:
				if ok(ev) {
					return time.Now()
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s: no event", what)
			}
		}
	}
	removed := wait("the abandoned seek removed", func(ev lobby.Event) bool { return ev.Type == lobby.SeekRemoved })
	if removed.Sub(gone) < grace {
		t.Errorf("the seek was removed %v after its owner left, within the grace (%v)", removed.Sub(gone), grace)
	}
	wait("the challenge expired", func(ev lobby.Event) bool {
		return ev.Type == lobby.ChallengeChanged && ev.Challenge.ID == c.ID && ev.Challenge.Status == lobby.Expired
	})
	// The first sweep, one when the seek was due (a sweep's gap after the
	// first), one when the challenge was (or one for both, on a machine
	// slow enough): not one a second, which would have made four.
	if n := store.sweeps.Load(); n < 2 || n > 3 {
		t.Errorf("%d sweeps in %v, want 2 or 3", n, time.Since(gone))
	}
}

// TestHousekeepingAmongNodesReasserts: a node among others takes back,
// before its sweep, the gone mark of a seek's owner who has a lobby socket
// on it, which another node set (that node's last socket of theirs closed).
func TestHousekeepingAmongNodesReasserts(t *testing.T) {
	st, err := sqlite.Open(t.Context(), sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lob, err := lobby.New(lobby.Config{Store: st,
		Games: lobby.GameStarterFunc(func(context.Context, game.Config) (game.Event, error) {
			return game.Event{}, errors.New("no games here")
		})})
	if err != nil {
		t.Fatal(err)
	}
	tc, err := game.ParseTimeControl("3+0")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"u:ana", "u:ben"} {
		owner := lobby.Player{ID: id, Name: id, Rating: 1500}
		if _, err := lob.AddSeek(t.Context(), lobby.SeekRequest{Owner: owner, TimeControl: tc, Color: lobby.White}); err != nil {
			t.Fatal(err)
		}
		if err := lob.OwnerGone(t.Context(), id); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	present := func(id string) bool { return id == "u:ana" }
	go func() {
		defer close(done)
		housekeeper{lobby: lob, present: present, people: st, log: slog.New(slog.DiscardHandler)}.run(ctx)
	}()
	defer func() { cancel(); <-done }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		seeks, err := st.Seeks(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		gone := map[string]bool{}
		for _, s := range seeks {
			gone[s.Owner.ID] = !s.OwnerGoneSince.IsZero()
		}
		if len(seeks) != 2 {
			t.Fatalf("seeks %+v, want ana's and ben's (the grace has not passed)", seeks)
		}
		if !gone["u:ana"] {
			if !gone["u:ben"] {
				t.Error("ben, present nowhere, was taken back too")
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("ana, present on the node, is still marked gone")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
