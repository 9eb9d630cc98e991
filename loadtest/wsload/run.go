package wsload

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/loadtest"
)

// runner is one run's shared state.
type runner struct {
	cfg  Config
	base string

	stopping    atomic.Bool
	measuring   atomic.Bool
	started     atomic.Bool
	socketsOpen atomic.Int64
	sentMoves   atomic.Int64
	gamesOver   atomic.Int64

	mu       sync.Mutex
	acks     []time.Duration // in the measured phase
	events   []time.Duration
	ackedAll int64 // acks of the whole run
	errors   map[string]int
	// reconnects are the times sockets took to open again after closing;
	// stalls the waits between two acknowledged moves of a game longer
	// than stallLimit.
	reconnects []time.Duration
	stalls     []time.Duration
}

// stallLimit is the wait between two acknowledged moves of a game beyond
// which the report counts a stall.
const stallLimit = 2 * time.Second

func (r *runner) recordReconnect(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reconnects = append(r.reconnects, d)
}

func (r *runner) recordStall(d time.Duration) {
	if d <= stallLimit+r.cfg.Think {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stalls = append(r.stalls, d)
}

func (r *runner) recordAck(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ackedAll++
	if r.measuring.Load() {
		r.acks = append(r.acks, d)
	}
}

func (r *runner) recordEvent(d time.Duration) {
	if !r.measuring.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, d)
}

func (r *runner) errorf(code string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors[code]++
}

// Run plays cfg.Games games against cfg.Target: it creates the guests,
// starts the games by open challenges, opens both sockets of each, lets
// the bots play for cfg.Duration, waits briefly for the last answers and
// closes everything. A setup failure is an error; failures while playing
// are counted in the report.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg = cfg.withDefaults()
	if err := cfg.check(); err != nil {
		return nil, err
	}
	base, _ := LoopbackTarget(cfg.Target)
	r := &runner{cfg: cfg, base: base.String(), errors: map[string]int{}}
	tr := transport(base)
	defer tr.CloseIdleConnections()
	rep := &Report{Target: r.base, Games: cfg.Games, Think: cfg.Think, Duration: cfg.Duration, TimeControl: cfg.TimeControl, Guests: cfg.Guests}

	setupStart := time.Now()
	setupCtx, cancel := context.WithTimeout(ctx, cfg.SetupTimeout)
	defer cancel()
	guests := make([]*guest, cfg.Guests)
	for i := range guests {
		g, err := newGuest(setupCtx, base, tr)
		if err != nil {
			return nil, err
		}
		guests[i] = g
	}
	matches := make([]*match, cfg.Games)
	defer func() {
		r.stopping.Store(true)
		for _, m := range matches {
			if m == nil {
				continue
			}
			for _, b := range m.sides {
				if b == nil {
					continue
				}
				b.mu.Lock()
				conn := b.conn
				b.mu.Unlock()
				if conn != nil {
					conn.CloseNow()
				}
			}
		}
	}()
	if err := r.setup(setupCtx, guests, matches); err != nil {
		return nil, err
	}
	rep.Setup = time.Since(setupStart).Round(time.Millisecond)
	fmt.Fprintf(cfg.Log, "wsload: %d games, %d sockets open in %s; playing for %s\n", cfg.Games, r.socketsOpen.Load(), rep.Setup, cfg.Duration)
	if err := r.barrier(ctx, StageStart); err != nil {
		return nil, err
	}

	before := readServer(ctx, r.base, cfg.ServerPID, phaseStart)
	selfBefore := readSelfCPU()
	r.measuring.Store(true)
	r.started.Store(true)
	start := time.Now()
	for _, m := range matches {
		// A game's waits are counted from the start of the phase: the
		// setup's plies, acknowledged while other games were set up,
		// are no stall.
		m.mu.Lock()
		m.lastAck = start
		m.mu.Unlock()
		for _, b := range m.sides {
			b.start()
		}
	}
	r.progress(ctx, start)
	r.measuring.Store(false)
	elapsed := time.Since(start)
	rep.SocketsOpen = r.socketsOpen.Load()
	after := readServer(ctx, r.base, cfg.ServerPID, phaseEnd)
	selfAfter := readSelfCPU()
	r.stopping.Store(true)
	r.drain(matches, 5*time.Second)
	if err := r.barrier(ctx, StageEnd); err != nil {
		return nil, err
	}

	r.mu.Lock()
	rep.Elapsed = elapsed.Round(time.Millisecond)
	rep.Moves = len(r.acks)
	rep.MovesPerSecond = float64(len(r.acks)) / elapsed.Seconds()
	rep.Ack = loadtest.Summarize(r.acks)
	rep.OpponentEvent = loadtest.Summarize(r.events)
	rep.Errors = r.errors
	rep.Reconnect = loadtest.Summarize(r.reconnects)
	rep.Stalls = loadtest.Summarize(r.stalls)
	r.mu.Unlock()
	rep.GamesOver = int(r.gamesOver.Load())
	rep.Server = serverUse(before, after, elapsed)
	rep.LoadGenCPU = cpuShare(selfAfter-selfBefore, elapsed)
	for _, m := range matches {
		moves, ok := m.ackedMoves()
		if !ok {
			r.errorf("ack.gap")
		}
		if m.toldApart() {
			r.errorf("result.differs")
		}
		rep.GameMoves = append(rep.GameMoves, GameAcks{ID: m.id, Moves: moves})
	}
	return rep, nil
}

// barrier waits for the other generators at stage, when there are any
// (Config.Barrier).
func (r *runner) barrier(ctx context.Context, stage string) error {
	if r.cfg.Barrier == nil {
		return nil
	}
	fmt.Fprintf(r.cfg.Log, "wsload: waiting for the other generators (%s)\n", stage)
	return r.cfg.Barrier(ctx, stage)
}

// setup starts every game and opens its two sockets, a few at a time.
func (r *runner) setup(ctx context.Context, guests []*guest, matches []*match) error {
	const workers = 16
	var next atomic.Int64
	var done atomic.Int64
	errc := make(chan error, workers)
	var wg sync.WaitGroup
	stopProgress := make(chan struct{})
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				fmt.Fprintf(r.cfg.Log, "wsload: setting up: %d/%d games ready, %d sockets\n", done.Load(), len(matches), r.socketsOpen.Load())
			case <-stopProgress:
				return
			}
		}
	}()
	defer close(stopProgress)
	pairs := len(guests) / 2
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(matches) || ctx.Err() != nil {
					return
				}
				p := i % pairs
				white, black := guests[2*p], guests[2*p+1]
				if i/pairs%2 == 1 { // the guests take both colours in turn
					white, black = black, white
				}
				m, err := r.startMatch(ctx, i, white, black)
				if err != nil {
					errc <- fmt.Errorf("wsload: game %d: %w", i, err)
					return
				}
				matches[i] = m
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
	}
	return ctx.Err()
}

// startMatch starts game i, opens its sockets and plays its opening plies.
func (r *runner) startMatch(ctx context.Context, i int, white, black *guest) (*match, error) {
	id, node, err := newGame(ctx, white, black, r.cfg.TimeControl)
	if err != nil {
		return nil, err
	}
	m := &match{id: id, node: node, run: r, acked: map[int]string{}, sentPly: -2, parkedCh: make(chan struct{})}
	for s, g := range []*guest{white, black} {
		b := &bot{m: m, color: [2]string{"white", "black"}[s], lastPly: -1, inFlight: map[int64]sent{}, rng: rand.New(rand.NewPCG(r.cfg.Seed, uint64(2*i+s)))}
		m.sides[s] = b
		if err := b.dial(ctx, g); err != nil {
			return nil, err
		}
	}
	// The opening plies are played at once; the game is ready when a
	// side parks its move for the start.
	select {
	case <-m.parkedCh:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(30 * time.Second):
		return nil, fmt.Errorf("game %s: the opening moves were not answered within 30 s", id)
	}
	return m, nil
}

// progress reports on cfg.Log every second until the measured phase ends.
// Unless the progress is discarded, each second's acks are copied and
// summarised (secondTail); the generator shares the machine with the
// server it measures, so it does that work only for a reader.
func (r *runner) progress(ctx context.Context, start time.Time) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	end := time.NewTimer(r.cfg.Duration)
	defer end.Stop()
	tails := r.cfg.Log != io.Discard
	var last int64
	var seen int // acks (which only grow) already reported on
	var recent []time.Duration
	for {
		select {
		case <-end.C:
			return
		case <-ctx.Done():
			return
		case now := <-t.C:
			r.mu.Lock()
			acked, errs := r.ackedAll, len(r.errors)
			if tails {
				recent = append(recent[:0], r.acks[seen:]...)
				seen = len(r.acks)
			}
			r.mu.Unlock()
			fmt.Fprintf(r.cfg.Log, "wsload: %4.0fs  %6d moves/s  %d acked  %d sockets  %d games over  %d error kinds%s\n",
				now.Sub(start).Seconds(), acked-last, acked, r.socketsOpen.Load(), r.gamesOver.Load(), errs, secondTail(now, recent))
			last = acked
		}
	}
}

// secondTail describes the acks of the measured phase received in the
// second before now: its wall-clock time (to set beside the server's logs
// and the database's), their 99th percentile and the slowest. It sorts
// acks. Outside the measured phase (no acks) it is empty.
func secondTail(now time.Time, acks []time.Duration) string {
	if len(acks) == 0 {
		return ""
	}
	l := loadtest.Summarize(acks)
	return fmt.Sprintf("  at %s  ack p99 %s  max %s", now.UTC().Format("15:04:05"),
		l.P99.Round(100*time.Microsecond), l.Max.Round(100*time.Microsecond))
}

// drain waits up to limit for the moves sent to be answered.
func (r *runner) drain(matches []*match, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		n := 0
		for _, m := range matches {
			for _, b := range m.sides {
				n += b.waiting()
			}
		}
		if n == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.errorf("ack.missing")
}

// sortedCodes returns m's keys in order.
func sortedCodes(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
