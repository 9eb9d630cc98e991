package ai_test

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// droppingBus is a game.Bus that ends every subscription after a few
// events, as a bus does to a subscriber that does not keep up: the AI must
// subscribe again and catch up from a snapshot.
type droppingBus struct {
	game.Bus
	every int

	mu      sync.Mutex
	dropped int
}

func (b *droppingBus) Subscribe(id string) (<-chan game.Event, func()) {
	in, cancel := b.Bus.Subscribe(id)
	out := make(chan game.Event)
	stop := make(chan struct{})
	var once sync.Once
	go func() {
		defer close(out)
		defer cancel()
		for n := 0; ; n++ {
			if n == b.every {
				b.mu.Lock()
				b.dropped++
				b.mu.Unlock()
				return // dropped: the events from here on are lost to it
			}
			select {
			case ev, ok := <-in:
				if !ok {
					return
				}
				select {
				case out <- ev:
				case <-stop:
					return
				}
			case <-stop:
				return
			}
		}
	}()
	return out, func() { once.Do(func() { close(stop) }) }
}

func (b *droppingBus) drops() int { b.mu.Lock(); defer b.mu.Unlock(); return b.dropped }

// runtime opens a SQLite store in a temporary folder and starts a live
// runtime on it.
func newRuntime(t testing.TB) (*live.Runtime, *sqlite.Store, *live.LocalBus) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	bus := &live.LocalBus{Buffer: 1024}
	rt := live.New(live.Config{Store: st, Bus: bus, HeartbeatEvery: time.Hour, Logger: slog.New(slog.DiscardHandler)})
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		rt.Stop(ctx)
		st.Close()
	})
	return rt, st, bus
}

// liveMover is the adapter `joinpal serve` uses: live.Runtime's Move as
// an ai.Mover.
func liveMover(rt *live.Runtime) ai.Mover {
	return ai.MoverFunc(func(ctx context.Context, id, player string, m ai.Move) error {
		_, err := rt.Move(ctx, id, player, live.MoveRequest{UCI: m.UCI, Ply: m.Ply, ID: m.ID})
		return err
	})
}

// playRandom plays side's moves at random in game id, as a person would
// through the runtime, until the game ends; onPly is called with each new
// ply. It returns the last event.
func playRandom(ctx context.Context, t testing.TB, rt *live.Runtime, bus game.Bus, id, player string, side game.Side, seed uint64, onPly func(int)) game.Event {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	events, cancel := bus.Subscribe(id)
	defer cancel()
	ev, err := rt.Snapshot(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if ev.Status.Finished() {
			return ev
		}
		if ev.Turn == side && len(ev.Legal) > 0 {
			m := ev.Legal[rng.IntN(len(ev.Legal))].String()
			if _, err := rt.Move(ctx, id, player, live.MoveRequest{UCI: m, Ply: ev.Ply, ID: int64(ev.Ply + 1)}); err != nil {
				t.Fatalf("ply %d %s: %v", ev.Ply, m, err)
			}
		}
		select {
		case next, ok := <-events:
			if !ok {
				t.Fatal("the human's subscription was dropped")
			}
			if next.Seq <= ev.Seq {
				continue
			}
			if next.Ply != ev.Ply && onPly != nil {
				onPly(next.Ply)
			}
			ev = next
		case <-ctx.Done():
			t.Fatalf("the game did not end: %v at ply %d", ctx.Err(), ev.Ply)
		}
	}
}

// aiGame is a game against the AI on a runtime of its own, with a pool
// whose pauses are not waited.
type aiGame struct {
	rt   *live.Runtime
	st   *sqlite.Store
	bus  *live.LocalBus
	ctx  context.Context // bounds the whole game
	tc   game.TimeControl
	pool *ai.Pool
}

func startAIGame(t *testing.T, id, control string, white, black game.Player) aiGame {
	t.Helper()
	g := aiGame{}
	g.rt, g.st, g.bus = newRuntime(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	g.ctx = ctx
	var err error
	if g.tc, err = game.ParseTimeControl(control); err != nil {
		t.Fatal(err)
	}
	if _, err := g.rt.Create(ctx, game.Config{ID: id, TimeControl: g.tc, White: white, Black: black}); err != nil {
		t.Fatal(err)
	}
	g.pool = ai.NewPool(ai.Config{Workers: 1, Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }})
	t.Cleanup(func() { g.pool.Close() })
	return g
}

// TestAIPlaysAGameToTheEnd: a random-move "human" against the AI at level
// 2 (Fácil), on a real runtime and SQLite store, to the end of the game.
// The AI's subscription is dropped every few events, and halfway through
// its Player is closed and another one takes the game up from the stored
// record, as the server does after a restart.
func TestAIPlaysAGameToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	const id, human, computer = "g-ai", "alice", "ai:2"
	g := startAIGame(t, id, "untimed", game.Player{ID: human, Name: "Alice"}, game.Player{ID: computer, Name: "Fácil", AILevel: 2})
	rt, st, localBus, ctx, untimed, pool := g.rt, g.st, g.bus, g.ctx, g.tc, g.pool
	var err error
	bus := &droppingBus{Bus: localBus, every: 5}
	newPlayer := func() *ai.Player {
		return ai.NewPlayer(ai.PlayerConfig{Pool: pool, Mover: liveMover(rt), Bus: bus, Snapshots: rt, Retry: 10 * time.Millisecond})
	}
	first := newPlayer()
	if err := first.Watch(id, computer, game.Black, 2, untimed, ""); err != nil {
		t.Fatal(err)
	}
	if err := first.Watch(id, computer, game.Black, 2, untimed, ""); err != nil || first.Watching() != 1 {
		t.Fatalf("watching again: %v, %d games", err, first.Watching())
	}
	var second *ai.Player
	restart := func(ply int) {
		if ply < 20 || second != nil {
			return
		}
		first.Close()
		rec, err := st.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		second = newPlayer()
		if err := second.WatchRecord(rec); err != nil {
			t.Fatal(err)
		}
	}
	end := playRandom(ctx, t, rt, localBus, id, human, game.White, 1, restart)
	if second == nil {
		t.Fatalf("the game ended at ply %d, before the restart", end.Ply)
	}
	defer second.Close()
	if end.Status != game.StatusEnded || end.Ply < 21 {
		t.Errorf("ended %v %v %v at ply %d", end.Status, end.Termination, end.Result, end.Ply)
	}
	rec, err := st.LoadGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rec.Moves {
		if i%2 == 1 && m.ClientMoveID != int64(i+1) {
			t.Errorf("the AI's move %d has client id %d", i, m.ClientMoveID)
		}
	}
	if bus.drops() == 0 {
		t.Error("no subscription was dropped")
	}
	// The game is over: the watcher stops by itself.
	select {
	case <-second.Done(id):
	case <-ctx.Done():
		t.Fatal("the player still watches the ended game")
	}
	if second.Watching() != 0 {
		t.Errorf("watching %d games", second.Watching())
	}
	t.Logf("%v %v after %d plies; %d subscriptions dropped; pool %+v", end.Termination, end.Result, end.Ply, bus.drops(), pool.Stats())
}

// TestAIPlaysWhiteUnderAClock: the AI moves first, on a 1+0 clock, and
// plays to the end of the game against random moves.
func TestAIPlaysWhiteUnderAClock(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	const id, human, computer = "g-white", "bob", "ai:2"
	g := startAIGame(t, id, "1+0", game.Player{ID: computer, Name: "Fácil", AILevel: 2}, game.Player{ID: human, Name: "Bob"})
	rt, bus, ctx, tc, pool := g.rt, g.bus, g.ctx, g.tc, g.pool
	player := ai.NewPlayer(ai.PlayerConfig{Pool: pool, Mover: liveMover(rt), Bus: bus, Snapshots: rt})
	defer player.Close()
	if err := player.Watch(id, computer, game.White, 2, tc, ""); err != nil {
		t.Fatal(err)
	}
	end := playRandom(ctx, t, rt, bus, id, human, game.Black, 2, nil)
	if end.Status != game.StatusEnded || end.Termination == game.Timeout {
		t.Errorf("ended %v %v %v at ply %d", end.Status, end.Termination, end.Result, end.Ply)
	}
	<-player.Done(id)
}
