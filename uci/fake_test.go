package uci

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// fakeEngine plays the first legal move (or the move Play chooses), after one
// info line. With block set, or for an infinite search, it waits for ctx.
type fakeEngine struct {
	mu       sync.Mutex
	options  []Options
	newGames int
	block    atomic.Bool
	panics   bool
	play     func(pos chess.Position) chess.Move
	started  chan SearchParams // if not nil, gets every search as it starts
}

func (f *fakeEngine) SetOptions(o Options) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.options = append(f.options, o)
}

func (f *fakeEngine) NewGame() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.newGames++
}

func (f *fakeEngine) lastOptions() Options {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.options) == 0 {
		return Options{}
	}
	return f.options[len(f.options)-1]
}

func (f *fakeEngine) Search(ctx context.Context, p SearchParams) Result {
	if f.started != nil {
		f.started <- p
	}
	if f.panics {
		panic("boom\nsecond line")
	}
	if f.block.Load() || p.Limits.Infinite {
		<-ctx.Done()
	}
	legal := p.Position.LegalMoves(nil)
	if len(legal) == 0 {
		return Result{}
	}
	best := legal[0]
	if f.play != nil {
		best = f.play(p.Position)
	}
	info := Info{Depth: 1, SelDepth: 1, HasScore: true, Score: Score{CP: 13}, Nodes: 20, NPS: 20000, Time: time.Millisecond, PV: []chess.Move{best}}
	if p.OnInfo != nil {
		p.OnInfo(info)
	}
	return Result{BestMove: best, Info: info}
}

// session runs a Server in a goroutine, talking to it through pipes.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startSession(t *testing.T, e Engine, c Config) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	srv := NewServer(e, c)
	go func() {
		err := srv.Run(inR, outW)
		outW.Close()
		s.done <- err
	}()
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		for range s.lines {
		}
		<-s.done
	})
	return s
}

func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// next returns the next line the server writes.
func (s *session) next() string {
	s.t.Helper()
	select {
	case l, ok := <-s.lines:
		if !ok {
			s.t.Fatal("server output ended")
		}
		return l
	case <-time.After(10 * time.Second):
		s.t.Fatal("no answer from the server in 10 s")
	}
	return ""
}

// until returns the lines up to and including the first that starts with
// prefix.
func (s *session) until(prefix string) []string {
	s.t.Helper()
	var got []string
	for {
		l := s.next()
		got = append(got, l)
		if strings.HasPrefix(l, prefix) {
			return got
		}
	}
}

// count returns how many of lines start with prefix.
func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// testConfig is a server configuration like JoinPal's.
var testConfig = Config{
	Name: "Fake 1", Author: "the tests", MaxMultiPV: 4, Levels: 8, SearchMoves: true,
	Elo:   []LevelElo{{1, 800}, {2, 1000}, {3, 1200}, {4, 1400}, {5, 1600}, {6, 1800}, {7, 2000}, {8, 2200}, {0, 2600}},
	Bench: func(depth int) (uint64, time.Duration) { return uint64(1000 * max(depth, 1)), 500 * time.Millisecond },
}
