package arena_test

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
)

var (
	benchPlayers = flag.Int("arena.players", 1000, "players in BenchmarkArenaPairing's arena")
	benchRate    = flag.Float64("arena.rate", 20, "games BenchmarkArenaPairing ends a second")
)

// timedGames is the runtime as the service sees it, noting when each
// player's game is created.
type timedGames struct {
	rt *live.Runtime

	mu      sync.Mutex
	running []game.Config        // oldest first
	endedAt map[string]time.Time // player → when their last game ended
	waits   []time.Duration      // a game's end → its player's next game
}

func (g *timedGames) Create(ctx context.Context, cfg game.Config) (game.Event, error) {
	ev, err := g.rt.Create(ctx, cfg)
	now := time.Now()
	if err == nil {
		// The first moves, as players make them, so that no game is
		// aborted for want of them (game.FirstMoveTimeout) while it waits
		// for its end.
		go func() {
			_, _ = g.rt.Move(context.Background(), cfg.ID, cfg.White.ID, live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1})
			_, _ = g.rt.Move(context.Background(), cfg.ID, cfg.Black.ID, live.MoveRequest{UCI: "e7e5", Ply: 1, ID: 1})
		}()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err == nil {
		g.running = append(g.running, cfg)
		for _, p := range []string{cfg.White.ID, cfg.Black.ID} {
			if at, ok := g.endedAt[p]; ok {
				g.waits = append(g.waits, now.Sub(at))
				delete(g.endedAt, p)
			}
		}
	}
	return ev, err
}

// end ends the oldest running game (White resigns), noting when.
func (g *timedGames) end(ctx context.Context) error {
	g.mu.Lock()
	if len(g.running) == 0 {
		g.mu.Unlock()
		return nil
	}
	cfg := g.running[0]
	g.running = g.running[1:]
	g.mu.Unlock()
	err := g.rt.Resign(ctx, cfg.ID, cfg.White.ID)
	now := time.Now()
	g.mu.Lock()
	g.endedAt[cfg.White.ID], g.endedAt[cfg.Black.ID] = now, now
	g.mu.Unlock()
	return err
}

// BenchmarkArenaPairing measures an arena's continuous pairing: the arena
// service, the live runtime and a SQLite store as joinpal serve runs them,
// with -arena.players players (1000) in one arena and games ending at
// -arena.rate a second (20: seven times the rate of 1000 players in
// three-minute games), the oldest first. It reports the time from a
// game's end (its resignation acknowledged) to each of its players' next
// game being created, which includes the wait for a free opponent who was
// not their last: p50, p90, p99 and max, in ms. Run with a fixed count:
//
//	go test -run '^$' -bench BenchmarkArenaPairing -benchtime 2000x ./arena
func BenchmarkArenaPairing(b *testing.B) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "joinpal.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	bus := live.NewLocalBus()
	rt := live.New(live.Config{Store: st, Bus: bus, Exclusive: true})
	if err := rt.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer rt.Stop(ctx)
	games := &timedGames{rt: rt, endedAt: map[string]time.Time{}}
	// The service's clock runs a minute ahead once everyone has joined, so
	// that the arena starts then and pairs everyone at once.
	var ahead atomic.Int64
	hub := &broadcast.Hub[arena.Event]{}
	events, stop := hub.Subscribe()
	defer stop()
	svc, err := arena.New(arena.Config{Store: st, Games: games, Records: st, Bus: bus, Berserker: rt, Events: hub,
		Now: func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }})
	if err != nil {
		b.Fatal(err)
	}
	a, err := svc.Create(ctx, person("org", 1500), arena.Arena{Name: "Benchmark", Base: 10 * time.Minute,
		StartsAt: time.Now().Add(time.Minute), Duration: 6 * time.Hour, Streaks: true, Berserk: true})
	if err != nil {
		b.Fatal(err)
	}
	for i := range *benchPlayers {
		if _, err := svc.Join(ctx, person(fmt.Sprintf("p%04d", i), 1000+(i*7919)%1500), a.ID); err != nil {
			b.Fatal(err)
		}
	}
	// Start it now: everyone is paired by the first Tick of Run.
	ahead.Store(int64(time.Minute))
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = svc.Run(runCtx) }()
	defer func() { cancel(); <-done }()
	// Wait for the start's pairing, which the service announces.
	wait := func(until func() bool, limit time.Duration) {
		deadline := time.NewTimer(limit)
		defer deadline.Stop()
		for !until() {
			select {
			case <-events:
			case <-deadline.C:
				return
			}
		}
	}
	wait(func() bool {
		games.mu.Lock()
		defer games.mu.Unlock()
		return len(games.running) >= *benchPlayers/2
	}, time.Minute)
	tick := time.NewTicker(time.Duration(float64(time.Second) / *benchRate))
	defer tick.Stop()
	b.ResetTimer()
	for range b.N {
		<-tick.C
		if err := games.end(ctx); err != nil {
			b.Fatal(err)
		}
	}
	// The last ends' players: paired, or left waiting for an opponent.
	wait(func() bool {
		games.mu.Lock()
		defer games.mu.Unlock()
		return len(games.endedAt) <= 2
	}, 2*time.Second)
	b.StopTimer()
	games.mu.Lock()
	waits := slices.Clone(games.waits)
	left := len(games.endedAt)
	games.mu.Unlock()
	slices.Sort(waits)
	if len(waits) == 0 {
		return // a run too short to end two games (the framework's first, b.N = 1)
	}
	q := func(p float64) float64 {
		return float64(waits[min(len(waits)-1, int(p*float64(len(waits))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.9), "p90-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(q(1), "max-ms")
	b.ReportMetric(float64(len(waits)), "repaired")
	b.ReportMetric(float64(left), "waiting")
}
