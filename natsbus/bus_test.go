package natsbus

import (
	"context"
	"crypto/rand"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/nats-io/nats.go"
)

// connect connects to the test NATS server (make services starts it) and
// returns a prefix of the test's own.
func connect(t *testing.T) (*nats.Conn, string) {
	t.Helper()
	url := os.Getenv("JOINPAL_TEST_NATS")
	if url == "" {
		url = "nats://127.0.0.1:4222"
	}
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatalf("NATS at %s: %v (start it with make services, or set JOINPAL_TEST_NATS)", url, err)
	}
	t.Cleanup(nc.Close)
	return nc, "jptest-" + strings.ToLower(rand.Text()[:10])
}

func next(t *testing.T, ch <-chan game.Event) game.Event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("the subscription was closed")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event")
	}
	return game.Event{}
}

// Events published on one node reach the other's subscribers in order,
// and the publishing node's subscribers once each.
func TestGameBusBetweenNodes(t *testing.T) {
	nc, prefix := connect(t)
	// The test reads only after publishing all 50: buffers hold them.
	a := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "a", Buffer: 64})
	b := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "b", Buffer: 64})
	onA, stopA := a.Subscribe("g1")
	defer stopA()
	onB, stopB := b.Subscribe("g1")
	other, stopOther := b.Subscribe("g2")
	defer stopOther()
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	for seq := int64(1); seq <= 50; seq++ {
		if err := a.Publish(context.Background(), game.Event{GameID: "g1", Seq: seq, Type: game.EventMove, Status: game.StatusStarted, Turn: game.White}); err != nil {
			t.Fatal(err)
		}
	}
	for seq := int64(1); seq <= 50; seq++ {
		if ev := next(t, onA); ev.Seq != seq {
			t.Fatalf("a got %d, want %d", ev.Seq, seq)
		}
		if ev := next(t, onB); ev.Seq != seq || ev.GameID != "g1" {
			t.Fatalf("b got %s %d, want g1 %d", ev.GameID, ev.Seq, seq)
		}
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-onA:
		t.Fatalf("a got its own event twice: %d", ev.Seq)
	case ev := <-other:
		t.Fatalf("another game's subscriber got %s %d", ev.GameID, ev.Seq)
	default:
	}
	stopB()
	stopB()
	b.mu.Lock()
	_, listening := b.games["g1"]
	b.mu.Unlock()
	if listening {
		t.Error("b still listens to g1 after its last subscriber left")
	}
}

// A subscriber that does not read is dropped once its buffer (16 events by
// default) is full: its channel closes after the events it holds.
func TestGameBusDropsAFullSubscriber(t *testing.T) {
	nc, prefix := connect(t)
	b := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "a"})
	events, stop := b.Subscribe("g")
	defer stop()
	for seq := int64(1); seq <= 20; seq++ {
		if err := b.Publish(context.Background(), game.Event{GameID: "g", Seq: seq, Type: game.EventMove, Status: game.StatusStarted, Turn: game.White}); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for range events {
		n++
	}
	if n != 16 {
		t.Errorf("the subscriber got %d events before it was dropped, want the default buffer's 16", n)
	}
	b.mu.Lock()
	_, listening := b.games["g"]
	b.mu.Unlock()
	if listening {
		t.Error("the bus still listens to g after its only subscriber was dropped")
	}
}
