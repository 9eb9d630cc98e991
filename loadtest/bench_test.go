package loadtest_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/joinpal/joinpal/loadtest"
)

// BenchmarkSQLite plays b.N moves through a live runtime on a durable
// SQLite store with 1 and 100 games at once, as fast as they are
// acknowledged. ns/op is the elapsed time per move (the inverse of the
// throughput); it also reports moves/s and the p50 and p99 time from a move
// to its acknowledgement in milliseconds.
func BenchmarkSQLite(b *testing.B) {
	for _, games := range []int{1, 100} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			st, _ := openStore(b)
			rep, err := loadtest.Run(b.Context(), loadtest.Config{Store: st, Games: games, MaxMoves: int64(b.N), Seed: 1})
			if err != nil {
				b.Fatalf("Run: %v", err)
			}
			m := rep.Moves
			if len(m.Errors) > 0 {
				b.Fatalf("errors %v (first: %s)", m.Errors, m.FirstError)
			}
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			b.ReportMetric(float64(m.Elapsed.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(m.PerSecond, "moves/s")
			b.ReportMetric(ms(m.Ack.P50), "p50-ms")
			b.ReportMetric(ms(m.Ack.P99), "p99-ms")
		})
	}
}
