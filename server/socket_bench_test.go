package server

import (
	"context"
	"crypto/rand"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/natsbus"
	"github.com/nats-io/nats.go"
)

// BenchmarkSocketMoveAck measures one move over a game socket, from the
// frame sent to its ack: the frame decoded, the runtime's checks, the
// durable write to SQLite, the ack back over loopback. Knights shuffle, in
// a new game every seven moves (before a threefold repetition), set up off
// the clock.
func BenchmarkSocketMoveAck(b *testing.B) {
	env := newPlayEnv(b, playOptions{})
	alba, bruno := env.guest(b), env.guest(b)
	tc, _ := game.ParseTimeControl("10+0")
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}
	var white, black *wsClient
	ply := len(shuffle)
	newGame := func() {
		id := game.NewID()
		if _, err := env.rt.Create(context.Background(), game.Config{ID: id, TimeControl: tc,
			White: game.Player{ID: alba.id, Name: "alba"}, Black: game.Player{ID: bruno.id, Name: "bruno"}}); err != nil {
			b.Fatal(err)
		}
		if white != nil {
			white.conn.CloseNow()
			black.conn.CloseNow()
		}
		white, black = alba.dial("/api/game/"+id+"/socket"), bruno.dial("/api/game/"+id+"/socket")
		white.full()
		black.full()
		ply = 0
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if ply == len(shuffle) {
			b.StopTimer()
			newGame()
			b.StartTimer()
		}
		mover := white
		if ply%2 == 1 {
			mover = black
		}
		mover.move(shuffle[ply], ply, int64(i+1))
		// The frames the move's event brought are not the benchmark's.
		white.pending, black.pending = white.pending[:0], black.pending[:0]
		ply++
	}
}

// BenchmarkIdleGameSockets measures what an idle game with its two
// players' sockets holds: each iteration creates a game and opens both
// sockets, which stay open until the end; the heap in use and the
// goroutines after a collection, less those before, are reported per game
// (bytes/game, goroutines/game). The test's own clients live in the same
// process and are counted too (a reader goroutine and the client's
// connection per socket), so the figure is an upper bound on the server's
// share. Run with a fixed count, e.g. -benchtime=300x.
func BenchmarkIdleGameSockets(b *testing.B) { idleGameSockets(b, nil) }

// BenchmarkIdleGameSocketsNATS is BenchmarkIdleGameSockets on a cluster
// node's bus (natsbus.GameBus, on the NATS server of the tests): "follow"
// as a node runs it, each socket following its game's events (Follow);
// "subscribe" with Follow hidden, each socket subscribing with a channel
// and forwarding from a goroutine of its own.
func BenchmarkIdleGameSocketsNATS(b *testing.B) {
	url := os.Getenv("JOINPAL_TEST_NATS")
	if url == "" {
		url = "nats://127.0.0.1:4222"
	}
	for _, bc := range []struct {
		name string
		bus  func(*natsbus.GameBus) game.Bus
	}{
		{"follow", func(g *natsbus.GameBus) game.Bus { return g }},
		{"subscribe", func(g *natsbus.GameBus) game.Bus { return struct{ game.Bus }{g} }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			nc, err := nats.Connect(url)
			if err != nil {
				b.Skipf("NATS at %s: %v", url, err)
			}
			b.Cleanup(nc.Close)
			g := natsbus.NewGameBus(natsbus.BusConfig{Conn: nc, Prefix: "jpbench-" + strings.ToLower(rand.Text()[:10]), Node: "a"})
			idleGameSockets(b, bc.bus(g))
		})
	}
}

// idleGameSockets runs BenchmarkIdleGameSockets on bus (a live.LocalBus
// when nil).
func idleGameSockets(b *testing.B, bus game.Bus) {
	env := newPlayEnv(b, playOptions{bus: bus, config: func(c *Config) {
		c.Socket.MaxPerUser, c.Socket.MaxPerAddress = 1<<20, 1<<20
	}})
	alba, bruno := env.guest(b), env.guest(b)
	tc, _ := game.ParseTimeControl("10+0")
	var clients []*wsClient
	b.Cleanup(func() {
		for _, c := range clients {
			c.conn.CloseNow()
		}
	})
	before, goroutines := heapInUse()
	stacks := stackInUse()
	b.ResetTimer()
	for range b.N {
		id := game.NewID()
		if _, err := env.rt.Create(context.Background(), game.Config{ID: id, TimeControl: tc,
			White: game.Player{ID: alba.id, Name: "alba"}, Black: game.Player{ID: bruno.id, Name: "bruno"}}); err != nil {
			b.Fatal(err)
		}
		white, black := alba.dial("/api/game/"+id+"/socket"), bruno.dial("/api/game/"+id+"/socket")
		white.full()
		black.full()
		white.pending, black.pending = nil, nil
		clients = append(clients, white, black)
	}
	b.StopTimer()
	after, goroutinesAfter := heapInUse()
	b.ReportMetric(float64(after-before)/float64(b.N), "bytes/game")
	b.ReportMetric(float64(stackInUse()-stacks)/float64(b.N), "stack-bytes/game")
	b.ReportMetric(float64(goroutinesAfter-goroutines)/float64(b.N), "goroutines/game")
}

// stackInUse returns the bytes of goroutine stacks in use.
func stackInUse() int64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.StackInuse)
}

// heapInUse returns the bytes of live heap objects after a collection,
// and the number of goroutines.
func heapInUse() (int64, int) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc) + int64(m.StackInuse), runtime.NumGoroutine()
}
