package ai_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
)

var (
	measureFair  = flag.Bool("measure.fair", false, "run TestMeasureAIFairness (a measurement, not a test)")
	fairGuest    = flag.Int("measure.fair.games", 40, "the guest's level-8 games asking at once")
	fairMoves    = flag.Int("measure.fair.moves", 20, "the human's level-1 moves measured")
	fairShared   = flag.Bool("measure.fair.shared", false, "ask as one user (the queue without shares, as before them)")
	fairStockish = flag.String("measure.fair.stockfish", "", "the external engine of levels 7 and 8 (\"\": the built-in engine)")
)

// TestMeasureAIFairness measures how long a human's level-1 move waits for
// a worker while a guest's games ask for level-8 moves without pause: the
// guest's games each ask again as soon as they are answered (and, refused
// with ai.busy, half a second later, as the Player does), on 5+0 clocks
// with five minutes left; the human asks once a second. The pool is the
// server's: its default workers, shares and priority (-measure.fair.shared:
// one user, the whole queue, as before the shares). The figures are the
// human's wait from asking to its move, with and without the level's
// human-like pause (which overlaps the wait for a worker), and the time its
// request waited for a worker.
// Opt in with -measure.fair; docs/BENCHMARKS.md has the figures:
//
//	go test ./ai -run TestMeasureAIFairness -measure.fair -v [-measure.fair.stockfish /usr/games/stockfish] [-measure.fair.shared]
func TestMeasureAIFairness(t *testing.T) {
	if !*measureFair {
		t.Skip("a measurement: run with -measure.fair")
	}
	cfg := ai.Config{Stockfish: *fairStockish}
	if *fairShared {
		cfg.UserQueueLimit = 256 // one user with the whole queue, as before the shares
	}
	pool := ai.NewPool(cfg)
	defer pool.Close()
	if *fairStockish != "" {
		time.Sleep(2 * time.Second) // let the workers' engines start
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	user := func(name string) string {
		if *fairShared {
			return ""
		}
		return name
	}
	clock := func() ai.Clock {
		return ai.Clock{Mode: game.ModeWholeGame, Remaining: 5 * time.Minute, At: time.Now(), Running: true}
	}
	var (
		wg            sync.WaitGroup
		mu            sync.Mutex
		guestMoves    int
		guestRefusals int
	)
	for g := range *fairGuest {
		wg.Add(1)
		go func() {
			defer wg.Done()
			moves := randomOpening(uint64(g), 6)
			for ctx.Err() == nil {
				_, err := pool.Think(ctx, ai.Request{User: user("guest"), Level: 8, Moves: moves, Clock: clock(), Seed: uint64(g)})
				mu.Lock()
				switch {
				case err == nil:
					guestMoves++
				case ai.CodeOf(err) == ai.CodeBusy:
					guestRefusals++
				}
				mu.Unlock()
				if ai.CodeOf(err) == ai.CodeBusy {
					select {
					case <-ctx.Done():
					case <-time.After(500 * time.Millisecond):
					}
				}
			}
		}()
	}
	time.Sleep(2 * time.Second) // the guest's games fill the queue
	var waits, totals, queued []time.Duration
	for i := range *fairMoves {
		moves := randomOpening(uint64(1000+i), 4)
		asked := time.Now()
		r, err := pool.Think(ctx, ai.Request{User: user("human"), Level: 1, Moves: moves, Clock: clock(), Seed: uint64(i)})
		if err != nil {
			t.Errorf("the human's move %d: %v", i, err)
			continue
		}
		totals = append(totals, time.Since(asked))
		waits = append(waits, time.Since(asked)-r.Delay)
		queued = append(queued, r.Queued)
		time.Sleep(time.Second)
	}
	cancel()
	wg.Wait()
	st := pool.Stats()
	t.Logf("workers %d, GOMAXPROCS %d, guest games %d, stockfish %q, shared %v", st.Workers, runtime.GOMAXPROCS(0), *fairGuest, *fairStockish, *fairShared)
	t.Logf("human level-1 moves %d: reply %s; reply less pause %s; queued %s", len(waits), summary(totals), summary(waits), summary(queued))
	t.Logf("guest level-8 moves %d, refused ai.busy %d", guestMoves, guestRefusals)
}

// summary formats p50, p90 and max of ds.
func summary(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return fmt.Sprintf("p50 %s p90 %s max %s", at(0.5).Round(time.Millisecond), at(0.9).Round(time.Millisecond), s[len(s)-1].Round(time.Millisecond))
}

// randomOpening returns n random legal moves from the start.
func randomOpening(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 7))
	pos := chess.StartingPosition()
	var out []string
	for range n {
		var legal chess.MoveList
		pos.GenerateLegal(&legal)
		if legal.N == 0 {
			break
		}
		m := legal.Moves[rng.IntN(legal.N)]
		out = append(out, pos.UCI(m))
		pos.PlayUnchecked(m)
	}
	return out
}
