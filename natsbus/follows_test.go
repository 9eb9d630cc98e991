package natsbus

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/manualclock"
)

// followNodes are nodes in a test whose buses send only the followed
// games' events, on one NATS connection and clock; every game's owner is
// read from owner. Their notes are said again only when the test says so
// (FollowEvery is an hour).
type followNodes struct {
	t      *testing.T
	nc     *nats.Conn
	prefix string
	clock  *manualclock.Clock
	owner  atomic.Value
}

func newFollowNodes(t *testing.T, owner string) *followNodes {
	nc, prefix := connect(t)
	f := &followNodes{t: t, nc: nc, prefix: prefix, clock: manualclock.New(time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC))}
	f.owner.Store(owner)
	return f
}

// bus starts the bus of node.
func (f *followNodes) bus(node string) *GameBus {
	f.t.Helper()
	b := NewGameBus(BusConfig{Conn: f.nc, Prefix: f.prefix, Node: node, Now: f.clock.Now, FollowEvery: time.Hour})
	if err := b.SendOnlyFollowed(func(string) string { return f.owner.Load().(string) }); err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { _ = b.Close() })
	return b
}

// raw subscribes, as a plain NATS client, to game id's subject.
func (f *followNodes) raw(id string) *nats.Subscription {
	f.t.Helper()
	sub, err := f.nc.SubscribeSync(subject(f.prefix, "game", id))
	if err == nil {
		err = f.nc.Flush()
	}
	if err != nil {
		f.t.Fatal(err)
	}
	return sub
}

// gotEvent waits for the event of version seq on got.
func gotEvent(t *testing.T, got <-chan game.Event, seq int64) {
	t.Helper()
	select {
	case ev := <-got:
		if ev.Seq != seq {
			t.Fatalf("the follower got version %d, want %d", ev.Seq, seq)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the follower did not get version %d", seq)
	}
}

// sentOnNATS publishes ev on a and reports whether it went to NATS: a
// plain subscriber of the game's subject sees it before a marker the test
// sends after it on the same connection.
func sentOnNATS(t *testing.T, nc *nats.Conn, raw *nats.Subscription, a *GameBus, ev game.Event) bool {
	t.Helper()
	if err := a.Publish(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	if err := nc.Publish(raw.Subject, []byte("marker")); err != nil {
		t.Fatal(err)
	}
	msg, err := raw.NextMsg(10 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if string(msg.Data) == "marker" {
		return false
	}
	if m, err := raw.NextMsg(10 * time.Second); err != nil || string(m.Data) != "marker" {
		t.Fatalf("after the event, %v (%v), not the marker", m, err)
	}
	return true
}

// waitWanted waits until b would send game id's events (want) or not.
func waitWanted(t *testing.T, b *GameBus, id string, want bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for b.wanted(id) != want {
		if time.Now().After(deadline) {
			t.Fatalf("%s: game %s wanted %v, want %v", b.node, id, !want, want)
		}
		time.Sleep(time.Millisecond)
	}
}

// A node sends a game's events to NATS only while another node follows
// the game: not before, from the moment the follower's first subscriber
// is answered, and not after it left; events reach the follower.
func TestGameBusSendsOnlyFollowedGames(t *testing.T) {
	f := newFollowNodes(t, "a")
	a, b := f.bus("a"), f.bus("b")
	f.clock.Advance(2 * time.Hour) // past the grace after joining
	raw := f.raw("g1")
	if sentOnNATS(t, f.nc, raw, a, moveEvent("g1", 1)) {
		t.Error("an event nobody else follows went to NATS")
	}
	got := make(chan game.Event, 16)
	cancel := b.Follow("g1", func(ev game.Event) { got <- ev })
	// Follow returned: a has answered, and sends what it publishes now.
	if !sentOnNATS(t, f.nc, raw, a, moveEvent("g1", 2)) {
		t.Fatal("an event followed by another node did not go to NATS")
	}
	gotEvent(t, got, 2)
	cancel()
	waitWanted(t, a, "g1", false)
	if sentOnNATS(t, f.nc, raw, a, moveEvent("g1", 3)) {
		t.Error("an event went to NATS after its last follower left")
	}
	if sent, kept := a.EventsSent(), a.EventsKept(); sent != 1 || kept != 2 {
		t.Errorf("a counts %d events sent and %d kept; want 1 and 2", sent, kept)
	}
}

// A follow lapses when the follower does not say it again within three
// periods (a node that died), and holds again once said.
func TestGameBusFollowLapses(t *testing.T) {
	f := newFollowNodes(t, "a")
	a, b := f.bus("a"), f.bus("b")
	f.clock.Advance(2 * time.Hour)
	cancel := b.Follow("g1", func(game.Event) {})
	defer cancel()
	waitWanted(t, a, "g1", true)
	f.clock.Advance(lapseFactor*time.Hour - time.Minute)
	if !a.wanted("g1") {
		t.Fatal("a follow lapsed before three periods")
	}
	f.clock.Advance(time.Minute)
	if a.wanted("g1") {
		t.Fatal("a follow not said again for three periods still holds")
	}
	b.sayFollows()
	waitWanted(t, a, "g1", true)
	a.follows.prune(f.clock.Now())
	if !a.wanted("g1") {
		t.Fatal("a follow said again was pruned")
	}
}

// Every node hears the follows, so the node that takes a game over sends
// its events to the nodes that follow it, though none asked it: a node
// that asked the game's owner, and one that ran the game itself.
func TestGameBusFollowKnownToTheNextOwner(t *testing.T) {
	for _, first := range []string{"a", "b"} {
		t.Run("run by "+first, func(t *testing.T) {
			f := newFollowNodes(t, first)
			a, b, c := f.bus("a"), f.bus("b"), f.bus("c")
			f.clock.Advance(2 * time.Hour)
			got := make(chan game.Event, 16)
			cancel := b.Follow("g1", func(ev game.Event) { got <- ev })
			defer cancel()
			waitWanted(t, a, "g1", true)
			waitWanted(t, c, "g1", true)
			if b.wanted("g1") {
				t.Error("b would send the events of a game only it follows")
			}
			f.owner.Store("c") // the first owner died; c took the game over
			if err := c.Publish(context.Background(), moveEvent("g1", 7)); err != nil {
				t.Fatal(err)
			}
			gotEvent(t, got, 7)
		})
	}
}

// A node that has just joined sends every event: it may not have heard
// the others say what they follow yet.
func TestGameBusSendsAllWhileJoining(t *testing.T) {
	f := newFollowNodes(t, "a")
	a := f.bus("a")
	raw := f.raw("g1")
	if !sentOnNATS(t, f.nc, raw, a, moveEvent("g1", 1)) {
		t.Error("a node that has just joined kept an event from NATS")
	}
	f.clock.Advance(2 * time.Hour)
	if sentOnNATS(t, f.nc, raw, a, moveEvent("g1", 2)) {
		t.Error("after the grace, an event nobody follows went to NATS")
	}
}
