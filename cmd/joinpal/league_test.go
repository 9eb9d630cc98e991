package main

import (
	"context"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// TestGameEndsWakeTheTournaments: the runtime's bus passes every event on
// and wakes the tournaments at a game's end only, once they are wired.
func TestGameEndsWakeTheTournaments(t *testing.T) {
	ends := &gameEnds{}
	bus := ends.wrap(nil)
	events, cancel := bus.Subscribe("g1")
	defer cancel()
	ctx := context.Background()
	_ = bus.Publish(ctx, game.Event{GameID: "g1", Status: game.StatusEnded}) // before the wiring: nothing to wake
	woken := 0
	wake := func() { woken++ }
	ends.wake.Store(&wake)
	for _, st := range []game.Status{game.StatusStarted, game.StatusEnded, game.StatusAborted} {
		if err := bus.Publish(ctx, game.Event{GameID: "g1", Status: st}); err != nil {
			t.Fatal(err)
		}
	}
	if woken != 1 || len(events) != 4 {
		t.Fatalf("woken %d times, %d events passed on", woken, len(events))
	}
	// Over the in-process bus, a game's events are followed too: the
	// sockets need no goroutine to forward them.
	f, ok := bus.(follower)
	if !ok {
		t.Fatal("the wrapped local bus does not follow")
	}
	var followed []game.Status
	stop := f.Follow("g1", func(ev game.Event) { followed = append(followed, ev.Status) })
	defer stop()
	woken = 0
	if err := bus.Publish(ctx, game.Event{GameID: "g1", Status: game.StatusEnded}); err != nil {
		t.Fatal(err)
	}
	if woken != 1 || len(followed) != 1 {
		t.Fatalf("woken %d times, %d events followed", woken, len(followed))
	}
}
