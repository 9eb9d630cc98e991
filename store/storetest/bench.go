package storetest

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/game"
)

// BenchmarkGames are the numbers of games played at once by
// BenchmarkAppendMove.
var BenchmarkGames = []int{1, 100, 1000}

// writtenBytes returns the bytes this process has handed to write calls
// (wchar of /proc/self/io: the store's log and database files, and its
// checkpoints), or -1 where that is not known.
func writtenBytes() int64 {
	data, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return -1
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "wchar: "); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return -1
			}
			return n
		}
	}
	return -1
}

// BenchmarkAppendMove measures AppendMove under load: for each count in
// BenchmarkGames, as many goroutines each play their own game, appending
// one move after another (each with a full running-clock state), until b.N
// moves are stored in all. open must return a new, empty store for each
// sub-benchmark; BenchmarkAppendMove closes it.
//
// Besides ns/op (wall time over moves: the inverse of throughput), it
// reports moves/s, the p50 and p99 latency of one AppendMove call in
// milliseconds, and the KiB the process wrote per move (where /proc tells:
// for SQLite its log and checkpoints; PostgreSQL writes in its own
// processes).
func BenchmarkAppendMove(b *testing.B, open func(b *testing.B) game.Store) {
	for _, games := range BenchmarkGames {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			benchAppend(b, open(b), games, nil)
		})
	}
}

// ChatGameStore is a store of games and of the chat.
type ChatGameStore interface {
	game.Store
	chat.Store
}

// BenchmarkAppendMoveBesideChat is BenchmarkAppendMove with chat lines
// said beside the moves as fast as a chat.Chat on the store takes them
// (its flood limit lifted), by 4 authors, each in a room of its own, for
// as long as the moves run: what the chat's writes cost the moves when
// both share the database (on SQLite, its one writer). It reports the
// moves' metrics and the chat's lines/s.
func BenchmarkAppendMoveBesideChat(b *testing.B, open func(b *testing.B) ChatGameStore) {
	for _, games := range BenchmarkGames {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			s := open(b)
			benchAppend(b, s, games, s)
		})
	}
}

// chatWriters is how many authors BenchmarkAppendMoveBesideChat runs.
const chatWriters = 4

// benchAppend is BenchmarkAppendMove on s with games games, and with the
// chat's writers on cs beside the moves unless cs is nil.
func benchAppend(b *testing.B, s game.Store, games int, cs chat.Store) {
	defer s.Close()
	ctx := b.Context()
	recs := make([]game.Record, games)
	var wg sync.WaitGroup
	for g := range games {
		wg.Go(func() {
			recs[g] = newRecord(b, fmt.Sprintf("bench-%04d", g))
			if err := s.CreateGame(ctx, recs[g]); err != nil {
				b.Errorf("CreateGame: %v", err)
			}
		})
	}
	wg.Wait()
	if b.Failed() {
		b.FailNow()
	}
	lat := make([][]time.Duration, games)
	var next atomic.Int64
	var (
		chatting sync.WaitGroup
		lines    atomic.Int64
		stop     = make(chan struct{})
	)
	written := writtenBytes()
	b.ResetTimer()
	start := time.Now()
	var c *chat.Chat
	if cs != nil {
		c = chat.New(chat.Config{Store: cs, Burst: 1 << 20})
	}
	for w := range chatWriters {
		if c == nil {
			break
		}
		chatting.Go(func() {
			room, who := chat.Club(fmt.Sprintf("bench-%d", w)), chat.Author{ID: "u", Name: "u"}
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := c.Say(ctx, room, who, "¡Buena partida!"); err != nil {
					b.Errorf("Say: %v", err)
					return
				}
				lines.Add(1)
			}
		})
	}
	for g := range games {
		wg.Go(func() {
			rec := recs[g]
			for ply := 0; next.Add(1) <= int64(b.N); ply++ {
				mv, st := move(ply), stateAfter(rec, ply)
				t := time.Now()
				if err := s.AppendMove(ctx, rec.ID, mv, st); err != nil {
					b.Errorf("AppendMove: %v", err)
					return
				}
				lat[g] = append(lat[g], time.Since(t))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	chatting.Wait()
	b.StopTimer()
	if cs != nil {
		b.ReportMetric(float64(lines.Load())/elapsed.Seconds(), "chat-lines/s")
	}
	if w := writtenBytes(); w >= 0 && written >= 0 {
		b.ReportMetric(float64(w-written)/1024/float64(b.N), "written-KiB/move")
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) == 0 {
		return
	}
	ms := func(q float64) float64 {
		return float64(all[min(len(all)-1, int(q*float64(len(all))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(ms(0.50), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
}
