package ai

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
)

// noSleep is a Sleep that records the pauses instead of waiting them.
type noSleep struct {
	mu     sync.Mutex
	pauses []time.Duration
}

func (s *noSleep) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pauses = append(s.pauses, d)
	return ctx.Err()
}

// fakeNow is a clock that stands still, or with a step moves on by it at
// each reading (the engine reads it every 1024 nodes, so a search on it
// stops after the same nodes on any machine, busy or not).
type fakeNow struct {
	mu   sync.Mutex
	t    time.Time
	step time.Duration
}

func (f *fakeNow) now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(f.step)
	return f.t
}

func newTestPool(t *testing.T, cfg Config) *Pool {
	t.Helper()
	if cfg.Sleep == nil {
		cfg.Sleep = (&noSleep{}).sleep
	}
	if cfg.Timing.Untimed == 0 {
		cfg.Timing.Untimed = 200 * time.Millisecond
	}
	p := NewPool(cfg)
	t.Cleanup(func() { p.Close() })
	return p
}

// legalIn reports whether uci is a legal move after moves from fen.
func legalIn(t *testing.T, fen string, moves []string, uci string) bool {
	t.Helper()
	pos := chess.StartingPosition()
	if fen != "" {
		var err error
		if pos, err = chess.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range moves {
		mv, err := pos.ParseUCI(m)
		if err != nil {
			t.Fatal(err)
		}
		pos.PlayUnchecked(mv)
	}
	m, err := pos.ParseUCI(uci)
	return err == nil && pos.IsLegal(m)
}

const middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"

// TestThinkEveryLevel: a real search at every level, from the start and
// from a middlegame, under a clock, gives a legal move within the budget's
// reach.
func TestThinkEveryLevel(t *testing.T) {
	p := newTestPool(t, Config{Workers: 1})
	for level := 1; level <= 8; level++ {
		for _, tc := range []struct {
			fen   string
			moves []string
		}{{"", nil}, {"", []string{"e2e4", "c7c5", "g1f3"}}, {middlegame, nil}} {
			req := Request{StartFEN: tc.fen, Moves: tc.moves, Level: level, Seed: 7,
				Clock: Clock{Mode: game.ModeWholeGame, Remaining: 3 * time.Second}}
			r, err := p.Think(context.Background(), req)
			if err != nil {
				t.Fatalf("level %d: %v", level, err)
			}
			if !legalIn(t, tc.fen, tc.moves, r.UCI) {
				t.Errorf("level %d, %q %v: %q is not legal", level, tc.fen, tc.moves, r.UCI)
			}
			if r.Engine != EngineName || r.Budget != 100*time.Millisecond {
				t.Errorf("level %d: %+v", level, r)
			}
		}
	}
}

// TestThinkRefusesBadRequests: every bad request gets its code and
// parameters, before it takes a worker.
func TestThinkRefusesBadRequests(t *testing.T) {
	p := newTestPool(t, Config{Workers: 1})
	tests := []struct {
		req    Request
		code   Code
		params map[string]string
	}{
		{Request{Level: 0}, CodeBadLevel, map[string]string{"level": "0"}},
		{Request{Level: 9}, CodeBadLevel, map[string]string{"level": "9"}},
		{Request{Level: 3, StartFEN: "8/8/8/8/8/8/8/8 w - - 0 1"}, CodeBadStart, map[string]string{"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}},
		{Request{Level: 3, Moves: []string{"e2e4", "e2e4"}}, CodeBadMove, map[string]string{"move": "e2e4", "ply": "1"}},
		{Request{Level: 3, Moves: []string{"zz"}}, CodeBadMove, map[string]string{"move": "zz", "ply": "0"}},
		{Request{Level: 3, Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4"}}, CodeNoMove, nil},
	}
	for _, tt := range tests {
		_, err := p.Think(context.Background(), tt.req)
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code {
			t.Errorf("%+v: %v, want code %s", tt.req, err, tt.code)
			continue
		}
		if !errors.Is(err, NewError(tt.code, "", nil)) {
			t.Errorf("%v does not match its sentinel", err)
		}
		for k, v := range tt.params {
			if e.ErrorParams()[k] != v {
				t.Errorf("%v: param %s = %q, want %q", err, k, e.ErrorParams()[k], v)
			}
		}
	}
	if s := p.Stats(); s.Searches != 0 {
		t.Errorf("bad requests searched: %+v", s)
	}
}

// TestPoolNeverRunsMoreThanWorkers: many games asking at once never get
// more searches running than the pool has workers.
func TestPoolNeverRunsMoreThanWorkers(t *testing.T) {
	const workers, games = 2, 16
	p := newTestPool(t, Config{Workers: workers})
	var over atomic.Int64
	p.startHook = func(Request) {
		if n := p.running.Load(); n > workers {
			over.Store(n)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for i := range games {
		wg.Go(func() {
			_, err := p.Think(context.Background(), Request{Level: 4 + i%3, Moves: []string{"e2e4"}, Seed: uint64(i)})
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	s := p.Stats()
	if over.Load() != 0 || s.Peak > workers || s.Searches != games || s.Running != 0 || s.Queued != 0 {
		t.Errorf("over %d, stats %+v", over.Load(), s)
	}
}

// TestFullQueueIsBusy: with every worker busy and QueueLimit requests
// waiting, one more is refused with ai.busy, and is counted.
func TestFullQueueIsBusy(t *testing.T) {
	p := newTestPool(t, Config{Workers: 1, QueueLimit: 2})
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	p.startHook = func(Request) {
		once.Do(func() { close(started); <-release })
	}
	ctx := context.Background()
	newJob := func() *job {
		pos, err := replay(Request{Level: 1})
		if err != nil {
			t.Fatal(err)
		}
		return p.newJob(ctx, Request{Level: 1}, pos, levelOf(1), time.Now())
	}
	first := newJob()
	if err := p.enqueue(first); err != nil {
		t.Fatal(err)
	}
	<-started // the worker holds the first; the queue is empty
	waiting := []*job{newJob(), newJob()}
	for _, j := range waiting {
		if err := p.enqueue(j); err != nil {
			t.Fatal(err)
		}
	}
	if s := p.Stats(); s.Running != 1 || s.Queued != 2 {
		t.Errorf("stats %+v", s)
	}
	_, err := p.Think(ctx, Request{Level: 1})
	if !errors.Is(err, ErrBusy) || CodeOf(err) != CodeBusy {
		t.Fatalf("a full queue answered %v", err)
	}
	if s := p.Stats(); s.Refused != 1 {
		t.Errorf("stats %+v", s)
	}
	close(release)
	for _, j := range append(waiting, first) {
		if r := <-j.done; r.err != nil || r.reply.UCI == "" {
			t.Errorf("%+v", r)
		}
	}
}

// TestThinkCancelled: a search under way stops when its context is
// cancelled, and frees its worker: with one worker and a search allowed a
// minute, the next request is answered only if the first one stopped.
func TestThinkCancelled(t *testing.T) {
	p := newTestPool(t, Config{Workers: 1, Timing: Timing{Untimed: time.Minute, MaxThink: time.Minute}})
	started := make(chan struct{}, 1)
	p.startHook = func(Request) { started <- struct{}{} }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := p.Think(ctx, Request{Level: 8, StartFEN: middlegame})
		done <- err
	}()
	<-started
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled search answered %v", err)
	}
	go func() { <-started }()
	r, err := p.Think(context.Background(), Request{Level: 1, StartFEN: middlegame})
	if err != nil || r.UCI == "" {
		t.Fatalf("%+v %v", r, err)
	}
}

// TestThinkPausesAtLowLevels: with an injected clock and sleeper, levels 1
// to 3 wait out their pause (the search took no time on the still clock)
// and the higher levels do not.
func TestThinkPausesAtLowLevels(t *testing.T) {
	clock := &fakeNow{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	for level := 1; level <= 8; level++ {
		s := &noSleep{}
		p := newTestPool(t, Config{Workers: 1, Now: clock.now, Sleep: s.sleep})
		req := Request{Level: level, Seed: 3, Clock: Clock{Mode: game.ModeWholeGame, Remaining: 10 * time.Minute, Increment: 5 * time.Second}}
		r, err := p.Think(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		want := (Timing{}).Plan(req.Clock, level, clock.now(), func() uint64 { d, _ := seeds(req); return d }()).Delay
		switch {
		case level <= 3 && (len(s.pauses) != 1 || s.pauses[0] != want || want < 500*time.Millisecond || r.Delay != want):
			t.Errorf("level %d: pauses %v, want [%v]; reply %+v", level, s.pauses, want, r)
		case level > 3 && (len(s.pauses) != 0 || r.Delay != 0):
			t.Errorf("level %d: pauses %v", level, s.pauses)
		}
	}
}

// TestSearchKeepsToTheBudget: at full strength with 3 s left (a budget of
// 100 ms), the search stops within its budget on the pool's clock. The
// clock moves 1 ms at each reading, so the search's time is counted in its
// own nodes, whatever else the machine is doing.
func TestSearchKeepsToTheBudget(t *testing.T) {
	clock := &fakeNow{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), step: time.Millisecond}
	p := newTestPool(t, Config{Workers: 1, Now: clock.now})
	r, err := p.Think(context.Background(), Request{Level: 8, StartFEN: middlegame, Clock: Clock{Mode: game.ModeWholeGame, Remaining: 3 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Budget != 100*time.Millisecond || r.Search > r.Budget+2*time.Millisecond || r.Nodes == 0 {
		t.Errorf("budget 100ms: %+v", r)
	}
}

const stockfishPath = "/usr/games/stockfish"

// TestStockfishTopLevels: with Stockfish configured, levels 7 and 8 are
// played by it, the others by the built-in engine.
func TestStockfishTopLevels(t *testing.T) {
	if _, err := os.Stat(stockfishPath); err != nil {
		t.Skip("no Stockfish at", stockfishPath)
	}
	t.Cleanup(func() { stockfishStarted = nil }) // after the pool's Close
	started := make(chan struct{})
	stockfishStarted = func() { close(started) }
	p := newTestPool(t, Config{Workers: 1, Stockfish: stockfishPath})
	<-started // the first move does not wait for the start
	clock := Clock{Mode: game.ModeWholeGame, Remaining: 6 * time.Second}
	for _, level := range []int{6, 7, 8} {
		r, err := p.Think(context.Background(), Request{Level: level, StartFEN: middlegame, Clock: clock})
		if err != nil {
			t.Fatal(err)
		}
		if !legalIn(t, middlegame, nil, r.UCI) {
			t.Errorf("level %d: %q is illegal", level, r.UCI)
		}
		wantStockfish := level >= 7
		if strings.Contains(r.Engine, "Stockfish") != wantStockfish {
			t.Errorf("level %d played by %q", level, r.Engine)
		}
	}
	if s := p.Stats(); s.StockfishFailures != 0 {
		t.Errorf("%+v", s)
	}
}

// TestStockfishFailureFallsBack: an external engine that cannot start is
// logged and counted, and the built-in engine plays.
func TestStockfishFailureFallsBack(t *testing.T) {
	var logs bytes.Buffer
	p := newTestPool(t, Config{Workers: 1, Stockfish: "/nonexistent/stockfish", Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	for range 2 {
		r, err := p.Think(context.Background(), Request{Level: 8, StartFEN: middlegame, Clock: Clock{Mode: game.ModeWholeGame, Remaining: 3 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Engine != EngineName || !legalIn(t, middlegame, nil, r.UCI) {
			t.Errorf("%+v", r)
		}
	}
	// The second request did not try again: a failed engine waits a
	// minute before its next start.
	if s := p.Stats(); s.StockfishFailures != 1 || !strings.Contains(logs.String(), "external engine failed") {
		t.Errorf("%+v; log %q", s, logs.String())
	}
}

// TestClosedPoolRefuses: after Close, Think is refused with ai.closed.
func TestClosedPoolRefuses(t *testing.T) {
	p := NewPool(Config{Workers: 1})
	p.Close()
	if _, err := p.Think(context.Background(), Request{Level: 1}); CodeOf(err) != CodeClosed {
		t.Errorf("%v", err)
	}
}

// TestTimeAlreadySpentCounts: a clock read 9.8 s ago with 10 s left has
// nothing to spare once the reserve is kept: the move gets the shallowest
// search, at once, whatever the level.
func TestTimeAlreadySpentCounts(t *testing.T) {
	p := newTestPool(t, Config{Workers: 1})
	for _, level := range []int{3, 8} {
		clock := Clock{Mode: game.ModeWholeGame, Remaining: 10 * time.Second, At: time.Now().Add(-9800 * time.Millisecond), Running: true}
		r, err := p.Think(context.Background(), Request{Level: level, StartFEN: middlegame, Clock: clock})
		if err != nil {
			t.Fatal(err)
		}
		if r.Budget != 0 || r.Delay != 0 || r.Depth > 1 || !legalIn(t, middlegame, nil, r.UCI) {
			t.Errorf("level %d: %+v", level, r)
		}
	}
}
