package storetest

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// BenchmarkGameEnd measures the write that ends a game, casual and rated
// between two accounts (which also updates both ratings in the same
// transaction), with 100 games ending at once among 20 players: each
// goroutine creates a game, plays a move and ends it with the second one,
// until b.N games have ended in all. open must return a new, empty store.
//
// Besides ns/op (wall time over ends), it reports ends/s and the p50 and
// p99 latency of the ending AppendMove in milliseconds.
func BenchmarkGameEnd(b *testing.B, open func(b *testing.B) AccountStore) {
	for _, isRated := range []bool{false, true} {
		b.Run(fmt.Sprintf("rated=%v", isRated), func(b *testing.B) {
			s := open(b)
			defer s.Close()
			const players, workers = 20, 100
			for p := range players {
				if err := s.CreateUser(b.Context(), accountUser(fmt.Sprintf("p%02d", p), fmt.Sprintf("Player%02d", p))); err != nil {
					b.Fatal(err)
				}
			}
			var (
				next      atomic.Int64
				mu        sync.Mutex
				latencies []time.Duration
				wg        sync.WaitGroup
			)
			b.ResetTimer()
			for w := range workers {
				wg.Go(func() {
					var mine []time.Duration
					for i := next.Add(1) - 1; i < int64(b.N); i = next.Add(1) - 1 {
						white, black := fmt.Sprintf("p%02d", w%players), fmt.Sprintf("p%02d", (w+1+int(i)%(players-1))%players)
						rec := endedGame(b, fmt.Sprintf("b%d", i), white, black, isRated, game.WhiteWins, 10_000+i)
						created := createdOf(b, rec)
						if err := s.CreateGame(b.Context(), created); err != nil {
							b.Error(err)
							return
						}
						if err := s.AppendMove(b.Context(), rec.ID, rec.Moves[0], stateAfter(created, 0)); err != nil {
							b.Error(err)
							return
						}
						start := time.Now()
						if err := s.AppendMove(b.Context(), rec.ID, rec.Moves[1], rec.State); err != nil {
							b.Error(err)
							return
						}
						mine = append(mine, time.Since(start))
					}
					mu.Lock()
					latencies = append(latencies, mine...)
					mu.Unlock()
				})
			}
			wg.Wait()
			b.StopTimer()
			if len(latencies) == 0 {
				return
			}
			slices.Sort(latencies)
			ms := func(q float64) float64 {
				return float64(latencies[int(q*float64(len(latencies)-1))]) / float64(time.Millisecond)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ends/s")
			b.ReportMetric(ms(0.5), "p50-ms")
			b.ReportMetric(ms(0.99), "p99-ms")
		})
	}
}
