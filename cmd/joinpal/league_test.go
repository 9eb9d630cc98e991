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
}
