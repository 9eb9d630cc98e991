package ai_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/loadtest"
)

var (
	measure      = flag.Bool("measure", false, "run TestMeasureAIDoesNotSlowHumans (a measurement, not a test)")
	humanGames   = flag.Int("measure.humans", 50, "human-against-human games in play")
	humanPace    = flag.Duration("measure.pace", 100*time.Millisecond, "time between a human game's moves")
	aiGames      = flag.Int("measure.ai", 100, "AI games in play in the second phase")
	measurePhase = flag.Duration("measure.phase", 20*time.Second, "length of each phase")
	normalPrio   = flag.Bool("measure.normal", false, "run the AI's searches at normal priority (ai.Config.NormalPriority)")
)

// TestMeasureAIDoesNotSlowHumans measures the acknowledgement latency of
// human games' moves on a live runtime on SQLite, first alone and then
// with a hundred AI games in play at the same time (levels 1 to 8 in turn,
// short clocks, each against a bot that answers at once with a random
// move). Opt in with -measure; docs/BENCHMARKS.md has the figures:
//
//	go test ./ai -run TestMeasureAIDoesNotSlowHumans -measure -v
func TestMeasureAIDoesNotSlowHumans(t *testing.T) {
	if !*measure {
		t.Skip("a measurement: run with -measure")
	}
	rt, _, bus := newRuntime(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	var (
		mu     sync.Mutex
		acks   []time.Duration
		moves  atomic.Int64
		errs   atomic.Int64
		gameNo atomic.Int64
		wg     sync.WaitGroup
	)
	newID := func(kind string) string { return fmt.Sprintf("%s-%d", kind, gameNo.Add(1)) }
	blitz, _ := game.ParseTimeControl("5+0")

	// A human game: both sides move at random, one move every pace.
	human := func(seed uint64) {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(seed, 2))
		tick := time.NewTicker(*humanPace)
		defer tick.Stop()
		for ctx.Err() == nil {
			id := newID("human")
			if _, err := rt.Create(ctx, game.Config{ID: id, TimeControl: blitz,
				White: game.Player{ID: "w", Name: "W"}, Black: game.Player{ID: "b", Name: "B"}}); err != nil {
				errs.Add(1)
				return
			}
			pos := chess.StartingPosition()
			for ply := 0; ctx.Err() == nil; ply++ {
				var list chess.MoveList
				pos.GenerateLegal(&list)
				if list.N == 0 {
					break
				}
				m := list.Slice()[rng.IntN(list.N)]
				player := "w"
				if ply%2 == 1 {
					player = "b"
				}
				select {
				case <-tick.C:
				case <-ctx.Done():
					return
				}
				start := time.Now()
				_, err := rt.Move(ctx, id, player, live.MoveRequest{UCI: pos.UCI(m), Ply: ply, ID: int64(ply + 1)})
				d := time.Since(start)
				if err != nil {
					if ctx.Err() == nil && game.CodeOf(err) != game.CodeGameOver {
						errs.Add(1)
					}
					break // over (repetition, fifty moves): a new game
				}
				mu.Lock()
				acks = append(acks, d)
				mu.Unlock()
				moves.Add(1)
				pos.PlayUnchecked(m)
			}
		}
	}
	phase := func(name string) loadtest.Latency {
		mu.Lock()
		acks = acks[:0]
		mu.Unlock()
		moves.Store(0)
		start := time.Now()
		select {
		case <-time.After(*measurePhase):
		case <-ctx.Done():
		}
		mu.Lock()
		l := loadtest.Summarize(append([]time.Duration(nil), acks...))
		mu.Unlock()
		t.Logf("%s: %d human moves (%.0f/s), ack p50 %v p90 %v p99 %v max %v, %d errors",
			name, l.N, float64(l.N)/time.Since(start).Seconds(), l.P50, l.P90, l.P99, l.Max, errs.Load())
		return l
	}

	for i := range *humanGames {
		wg.Add(1)
		go human(uint64(i))
	}
	time.Sleep(2 * time.Second) // warm up
	alone := phase("humans alone")

	pool := ai.NewPool(ai.Config{NormalPriority: *normalPrio})
	defer pool.Close()
	player := ai.NewPlayer(ai.PlayerConfig{Pool: pool, Mover: liveMover(rt), Bus: bus, Snapshots: rt})
	defer player.Close()
	clocks := []string{"1+0", "3+0", "3+2", "move:10s"}
	var aiMoves, aiEnded, aiFlagged atomic.Int64
	opponent := func(i int) {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; ctx.Err() == nil; n++ {
			level := 1 + (i+n)%8
			tc, _ := game.ParseTimeControl(clocks[(i+n)%len(clocks)])
			id := newID("ai")
			aiSide := game.Side(game.White)
			white, black := game.Player{ID: "ai", Name: "AI", AILevel: level}, game.Player{ID: "bot", Name: "Bot"}
			if (i+n)%2 == 1 {
				aiSide = game.Black
				white, black = black, white
			}
			if _, err := rt.Create(ctx, game.Config{ID: id, TimeControl: tc, White: white, Black: black}); err != nil {
				return
			}
			events, unsubscribe := bus.Subscribe(id)
			// Each game's opponent is a user of its own, as when a hundred
			// people play the AI: the pool shares its workers between them.
			if err := player.WatchFor(id, "ai", "bot-"+id, aiSide, level, tc, ""); err != nil {
				unsubscribe()
				return
			}
			ev, err := rt.Snapshot(ctx, id)
			for err == nil && !ev.Status.Finished() && ctx.Err() == nil {
				if ev.Turn != aiSide && len(ev.Legal) > 0 {
					m := ev.Legal[rng.IntN(len(ev.Legal))].String()
					rt.Move(ctx, id, "bot", live.MoveRequest{UCI: m, Ply: ev.Ply, ID: int64(ev.Ply + 1)})
				}
				var next game.Event
				ok := false
				select {
				case next, ok = <-events:
				case <-ctx.Done():
					continue
				}
				if !ok {
					ev, err = rt.Snapshot(ctx, id)
					events, unsubscribe = bus.Subscribe(id)
					continue
				}
				if next.Seq > ev.Seq {
					if next.Type == game.EventMove && next.Turn != aiSide {
						aiMoves.Add(1)
					}
					ev = next
				}
			}
			unsubscribe()
			aiEnded.Add(1)
			if ev.Termination == game.Timeout && ev.Turn == aiSide {
				aiFlagged.Add(1)
			}
		}
	}
	for i := range *aiGames {
		wg.Add(1)
		go opponent(i)
	}
	time.Sleep(2 * time.Second) // the AI games under way
	aiMoves.Store(0)
	var peakQueued atomic.Int64
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for ctx.Err() == nil {
			peakQueued.Store(max(peakQueued.Load(), int64(pool.Stats().Queued)))
			select {
			case <-time.After(50 * time.Millisecond):
			case <-ctx.Done():
			}
		}
	}()
	with := phase(fmt.Sprintf("humans with %d AI games", *aiGames))
	s := pool.Stats()
	t.Logf("AI: %d moves in the phase (%.0f/s), %d games ended (%d lost on time by the AI), pool %+v, peak queued %d, GOMAXPROCS %d",
		aiMoves.Load(), float64(aiMoves.Load())/measurePhase.Seconds(), aiEnded.Load(), aiFlagged.Load(), s, peakQueued.Load(), runtime.GOMAXPROCS(0))
	t.Logf("p99 ratio with/alone: %.2f", float64(with.P99)/float64(alone.P99))
	cancel()
	player.Close()
	wg.Wait()
	<-sampled
}
