package natsbus

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/joinpal/joinpal/game"
)

// testNATSURL is the test NATS server's URL: JOINPAL_TEST_NATS, else the
// one make services starts.
func testNATSURL() string {
	if url := os.Getenv("JOINPAL_TEST_NATS"); url != "" {
		return url
	}
	return "nats://127.0.0.1:4222"
}

// connect connects to the test NATS server (make services starts it) and
// returns a prefix of the test's own.
func connect(t *testing.T) (*nats.Conn, string) {
	t.Helper()
	url := testNATSURL()
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

// recorder is a follower that keeps the versions it is handed and tells
// (done) when one reaches last.
type recorder struct {
	mu   sync.Mutex
	seqs []int64
	full []bool
	last int64
	done chan struct{}
}

func newRecorder(last int64) *recorder { return &recorder{last: last, done: make(chan struct{})} }

func (r *recorder) deliver(ev game.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seqs = append(r.seqs, ev.Seq)
	r.full = append(r.full, ev.Type == game.EventFull)
	if ev.Seq == r.last {
		close(r.done)
	}
}

// wait waits for the last version and returns the versions handed over.
func (r *recorder) wait(t *testing.T) []int64 {
	t.Helper()
	select {
	case <-r.done:
	case <-time.After(10 * time.Second):
		r.mu.Lock()
		defer r.mu.Unlock()
		t.Fatalf("version %d never came; got %v", r.last, r.seqs)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.seqs)
}

func moveEvent(id string, seq int64) game.Event {
	return game.Event{GameID: id, Seq: seq, Type: game.EventMove, Status: game.StatusStarted, Turn: game.White}
}

// listening tells whether b listens to game id's subject.
func listening(b *GameBus, id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.games[id]
	return ok
}

// A follower gets its game's events in order, versions and types as they
// were published, on the publishing node and on another; a gap in the
// versions comes through as it is, for the follower to fill.
func TestGameBusFollow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		remote bool    // the follower is on the other node
		seqs   []int64 // published in this order
		full   int64   // this version is published as a full event
	}{
		{name: "here", seqs: seqRange(1, 200)},
		{name: "relayed", remote: true, seqs: seqRange(1, 200)},
		{name: "relayed with a gap", remote: true, seqs: []int64{1, 2, 5, 6, 7}},
		{name: "relayed full after a gap", remote: true, seqs: []int64{1, 2, 9}, full: 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nc, prefix := connect(t)
			a := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "a"})
			b := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "b"})
			t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
			on := a
			if tc.remote {
				on = b
			}
			r := newRecorder(tc.seqs[len(tc.seqs)-1])
			cancel := on.Follow("g1", r.deliver)
			defer cancel()
			other := newRecorder(-1)
			defer on.Follow("g2", other.deliver)()
			if err := nc.Flush(); err != nil {
				t.Fatal(err)
			}
			for _, seq := range tc.seqs {
				ev := moveEvent("g1", seq)
				if seq == tc.full {
					ev.Type = game.EventFull
				}
				if err := a.Publish(context.Background(), ev); err != nil {
					t.Fatal(err)
				}
			}
			if got := r.wait(t); !slices.Equal(got, tc.seqs) {
				t.Errorf("the follower got %v, want %v", got, tc.seqs)
			}
			if err := nc.Flush(); err != nil {
				t.Fatal(err)
			}
			r.mu.Lock()
			if n := len(r.seqs); n != len(tc.seqs) {
				t.Errorf("the follower got %d events, want %d (its own node's twice?)", n, len(tc.seqs))
			}
			if tc.full != 0 && !r.full[len(r.full)-1] {
				t.Error("the full event came as another type")
			}
			r.mu.Unlock()
			other.mu.Lock()
			if len(other.seqs) > 0 {
				t.Errorf("another game's follower got %v", other.seqs)
			}
			other.mu.Unlock()
		})
	}
}

func seqRange(from, to int64) []int64 {
	var s []int64
	for seq := from; seq <= to; seq++ {
		s = append(s, seq)
	}
	return s
}

// The other node's events that come while the relay is stuck past its
// buffer are lost to it (NATS drops them): the follower gets the next
// ones after a gap, in order, and the socket fills it from the owner.
func TestGameBusFollowGapOnRelay(t *testing.T) {
	nc, prefix := connect(t)
	a := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "a"})
	b := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "b"})
	t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
	last := int64(relayBuffer + 1000)
	r := newRecorder(last + 1)
	stuck, unstuck := make(chan struct{}), make(chan struct{})
	defer b.Follow("g", func(ev game.Event) {
		if ev.Seq == 1 {
			close(stuck)
			<-unstuck
		}
		r.deliver(ev)
	})()
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	for seq := int64(1); seq <= last; seq++ {
		if err := a.Publish(context.Background(), moveEvent("g", seq)); err != nil {
			t.Fatal(err)
		}
	}
	<-stuck
	// Once NATS answers the flush, this connection has taken every event
	// before it: the relay's channel is full and the rest dropped.
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	close(unstuck)
	// NATS drops what comes while the relay's channel is full, so the last
	// event goes once the relay has handed over all it held.
	drained(t, b.relays)
	if err := a.Publish(context.Background(), moveEvent("g", last+1)); err != nil {
		t.Fatal(err)
	}
	got := r.wait(t)
	if got[0] != 1 || len(got) >= int(last+1) {
		t.Fatalf("got %d events from %d, want a gap from 1", len(got), got[0])
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("version %d after %d", got[i], got[i-1])
		}
	}
}

// drained waits until every relay of r has handed over all it held.
func drained(t *testing.T, r *relaySet) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, ch := range r.chans {
		for len(ch) > 0 {
			if time.Now().After(deadline) {
				t.Fatalf("a relay still holds %d messages", len(ch))
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// cancel ends a follower, whose game's subject the bus leaves with its
// last; calling it again does nothing, and the other followers go on.
func TestGameBusFollowCancel(t *testing.T) {
	nc, prefix := connect(t)
	a := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "a"})
	b := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "b"})
	t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
	gone, stays := newRecorder(1), newRecorder(2)
	cancelGone := b.Follow("g", gone.deliver)
	cancelStays := b.Follow("g", stays.deliver)
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := a.Publish(context.Background(), moveEvent("g", 1)); err != nil {
		t.Fatal(err)
	}
	gone.wait(t)
	cancelGone()
	cancelGone()
	if err := a.Publish(context.Background(), moveEvent("g", 2)); err != nil {
		t.Fatal(err)
	}
	if got := stays.wait(t); !slices.Equal(got, []int64{1, 2}) {
		t.Errorf("the follower left got %v, want [1 2]", got)
	}
	gone.mu.Lock()
	if !slices.Equal(gone.seqs, []int64{1}) {
		t.Errorf("the cancelled follower got %v, want [1]", gone.seqs)
	}
	gone.mu.Unlock()
	if !listening(b, "g") {
		t.Fatal("b stopped listening with a follower left")
	}
	cancelStays()
	cancelStays()
	if listening(b, "g") {
		t.Error("b still listens to g after its last follower left")
	}
}

// Many followers of many games cost no goroutine each, and each gets its
// game's events in order.
func TestGameBusManyFollowers(t *testing.T) {
	const games, perGame, events = 100, 3, 20
	nc, prefix := connect(t)
	a := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "a"})
	b := NewGameBus(BusConfig{Conn: nc, Prefix: prefix, Node: "b"})
	t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
	// The first follower starts the relays.
	defer b.Follow("warm-up", func(game.Event) {})()
	goroutines := runtime.NumGoroutine()
	var recs []*recorder
	var cancels []func()
	for i := range games {
		for range perGame {
			r := newRecorder(events)
			recs = append(recs, r)
			cancels = append(cancels, b.Follow(fmt.Sprint("g", i), r.deliver))
		}
	}
	if n := runtime.NumGoroutine() - goroutines; n > games/10 {
		t.Errorf("%d followers of %d games started %d goroutines", games*perGame, games, n)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	for seq := int64(1); seq <= events; seq++ {
		for i := range games {
			if err := a.Publish(context.Background(), moveEvent(fmt.Sprint("g", i), seq)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, r := range recs {
		if got := r.wait(t); !slices.Equal(got, seqRange(1, events)) {
			t.Fatalf("a follower got %v", got)
		}
	}
	for _, cancel := range cancels {
		cancel()
	}
	b.mu.Lock()
	left := len(b.games)
	b.mu.Unlock()
	if left != 1 {
		t.Errorf("b listens to %d games once their followers left, want only the warm-up's", left)
	}
}
