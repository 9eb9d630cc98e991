package live

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
)

// benchScripts are the games the move benchmark plays: random legal
// moves from a fixed seed, each cut before the move that would end it,
// so that every scripted move is acknowledged and none ends its game.
var benchScripts = sync.OnceValue(func() [][]string {
	rng := rand.New(rand.NewPCG(1, 2))
	scripts := make([][]string, 16)
	for i := range scripts {
		h := chess.NewHistory(chess.StartingPosition())
		var l chess.MoveList
		for len(scripts[i]) < 160 {
			pos := h.Position()
			pos.GenerateLegal(&l)
			m := l.Slice()[rng.IntN(l.N)]
			if err := h.Play(m); err != nil {
				panic(err)
			}
			if h.Outcome(chess.AutomaticDraws).Over() {
				break
			}
			scripts[i] = append(scripts[i], pos.UCI(m))
		}
	}
	return scripts
})

// cpuNow returns the processor time this process has used (user and
// system).
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkMove measures a move through the runtime, as a socket's
// reader hands it over, to its acknowledgement: the game's goroutine, the
// rules, the clock, the durable write (group commit, as in production),
// the event kept and published. Each sub-benchmark plays scripted games
// on a new store, with games=N goroutines each playing games of its own
// one move after another (N=1: one move at a time, so allocs/op is the
// allocations of one move, the store's included). The games are created
// before the timer starts.
//
// Besides ns/op (wall time per move) it reports cpu-µs/move, the
// processor time of the whole process per move (with SQLite the
// database's work is in it; PostgreSQL's server runs in processes of its
// own).
//
//	go test -run '^$' -bench 'Move/' -benchmem ./live
func BenchmarkMove(b *testing.B) {
	for _, store := range []string{"sqlite", "postgres"} {
		for _, games := range []int{1, 100} {
			b.Run(fmt.Sprintf("store=%s/games=%d", store, games), func(b *testing.B) {
				benchMove(b, openBenchStore(b, store), games)
			})
		}
	}
}

func openBenchStore(b *testing.B, kind string) crashStore {
	var (
		st  crashStore
		err error
	)
	switch kind {
	case "postgres":
		st, err = postgres.Open(b.Context(), crashSchema(b))
	default:
		st, err = sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "bench.db"))
	}
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}

func benchMove(b *testing.B, st crashStore, games int) {
	ctx := context.Background()
	rt := New(Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err := rt.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer rt.Stop(ctx)
	scripts := benchScripts()
	tc, _ := game.ParseTimeControl("30+0")
	// Each driver plays its games in turn; enough are created for b.N
	// moves shared between the drivers, however they share them.
	perDriver := b.N/games + 1
	type planned struct {
		id     string
		script []string
	}
	plans := make([][]planned, games)
	var wg sync.WaitGroup
	var failed atomic.Bool
	for d := range games {
		for n, k := 0, 0; n < perDriver; k++ {
			s := scripts[(d+k)%len(scripts)]
			plans[d] = append(plans[d], planned{fmt.Sprintf("bench-%d-%d", d, k), s})
			n += len(s)
		}
	}
	for d := range games {
		wg.Go(func() {
			for _, p := range plans[d] {
				if _, err := rt.Create(ctx, game.Config{ID: p.id, White: alice, Black: bob, TimeControl: tc}); err != nil {
					b.Errorf("create %s: %v", p.id, err)
					failed.Store(true)
					return
				}
			}
		})
	}
	wg.Wait()
	if failed.Load() {
		b.FailNow()
	}
	players := [2]string{alice.ID, bob.ID}
	var next atomic.Int64
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNow()
	for d := range games {
		wg.Go(func() {
			for _, p := range plans[d] {
				for ply, uci := range p.script {
					if next.Add(1) > int64(b.N) {
						return
					}
					req := MoveRequest{UCI: uci, Ply: ply, ID: int64(ply + 1)}
					if _, err := rt.Move(ctx, p.id, players[ply%2], req); err != nil {
						b.Errorf("%s ply %d %s: %v", p.id, ply, uci, err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64((cpuNow()-cpu).Microseconds())/float64(b.N), "cpu-µs/move")
}
