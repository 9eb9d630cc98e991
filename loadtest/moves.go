package loadtest

import (
	"context"
	"fmt"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// MovePhase is what the move phase measured.
type MovePhase struct {
	// Games is the number of games played at once.
	Games int `json:"games"`
	// Create is how long creating the first Games games took (not part of
	// Elapsed).
	Create time.Duration `json:"create"`
	// Elapsed is the time from the start of play until the last move in
	// flight was acknowledged.
	Elapsed time.Duration `json:"elapsed"`
	// CPU is the processor time (user and system) the whole process used
	// during Elapsed — the runtime, the store and the load's own
	// goroutines; CPU / Elapsed is the number of cores kept busy.
	CPU time.Duration `json:"cpu"`
	// Moves is the number of acknowledged moves; PerSecond is
	// Moves / Elapsed.
	Moves     int64   `json:"moves"`
	PerSecond float64 `json:"movesPerSecond"`
	// Ack is the time from calling live.Runtime.Move to its return, for
	// every acknowledged move.
	Ack Latency `json:"ack"`
	// Finished counts the games that ended during play (and were
	// replaced).
	Finished int `json:"finished"`
	// Errors counts the moves (and game creations) that failed, by error
	// code; FirstError is the text of the first.
	Errors     map[string]int `json:"errors,omitempty"`
	FirstError string         `json:"firstError,omitempty"`
	// PerGame lists every game played and its acknowledged moves, for
	// checking against the store.
	PerGame []GameMoves `json:"-"`
}

// GameMoves is one game of the move phase and the number of its moves that
// were acknowledged.
type GameMoves struct {
	ID    string
	Moves int
}

// movePhase runs Config.Games drivers for the duration.
type movePhase struct {
	cfg Config
	rt  *live.Runtime
	tag string

	stop    chan struct{} // closed when play must end
	halt    func()        // closes stop (once)
	claimed atomic.Int64  // moves started, against cfg.MaxMoves

	mu         sync.Mutex
	errors     map[string]int
	firstError string
}

// run creates the games, measures their memory, plays, measures again and
// resigns the games still running.
func (p *movePhase) run(ctx context.Context) (*MovePhase, *Memory, error) {
	n := p.cfg.Games
	mem := &Memory{Games: n}
	base := sampleMemory()
	p.cfg.logf("creating %d games", n)
	ids := make([]string, n)
	start := time.Now()
	err := each(ctx, n, createWorkers, func(ctx context.Context, i int) error {
		ids[i] = gameID(p.tag, "m", i, 0)
		return p.create(ctx, ids[i])
	})
	if err != nil {
		return nil, nil, err
	}
	res := &MovePhase{Games: n, Create: time.Since(start)}
	idle := sampleMemory()
	mem.setIdle(base, idle, n)

	p.cfg.logf("playing %d games (duration %v, max moves %d, think %v)", n, p.cfg.Duration, p.cfg.MaxMoves, p.cfg.Think)
	p.stop = make(chan struct{})
	p.errors = make(map[string]int)
	var stopOnce sync.Once
	stop := func() { stopOnce.Do(func() { close(p.stop) }) }
	p.halt = stop
	if p.cfg.Duration > 0 {
		t := time.AfterFunc(p.cfg.Duration, stop)
		defer t.Stop()
	}
	defer stop()
	go func() {
		select {
		case <-ctx.Done():
			stop()
		case <-p.stop:
		}
	}()
	drivers := make([]*driver, n)
	var wg sync.WaitGroup
	start, cpu0 := time.Now(), cpuTime()
	for i := range n {
		drivers[i] = p.newDriver(i, ids[i])
		wg.Go(func() { drivers[i].run(ctx) })
	}
	wg.Wait()
	res.Elapsed, res.CPU = time.Since(start), cpuTime()-cpu0
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("loadtest: %w", err)
	}

	// Gather, then let go of the drivers before measuring the heap again.
	var lat []time.Duration
	var running []string
	var plies int
	for _, d := range drivers {
		lat = append(lat, d.lat...)
		res.Finished += d.finished
		res.PerGame = append(res.PerGame, d.games...)
		if d.live {
			running = append(running, d.id)
			plies += d.hist.Len()
		}
	}
	drivers = nil
	res.Moves = int64(len(lat))
	res.PerSecond = float64(res.Moves) / res.Elapsed.Seconds()
	res.Ack = Summarize(lat)
	lat = nil
	res.Errors, res.FirstError = p.errors, p.firstError
	if len(res.Errors) == 0 {
		res.Errors = nil
	}
	mem.setPlaying(base, sampleMemory(), p.rt.Len(), plies, len(running))
	if p.cfg.HeapProfile != nil {
		if err := pprof.Lookup("heap").WriteTo(p.cfg.HeapProfile, 0); err != nil {
			return nil, nil, fmt.Errorf("loadtest: heap profile: %w", err)
		}
	}

	p.cfg.logf("resigning the %d games still running", len(running))
	err = each(ctx, len(running), createWorkers, func(ctx context.Context, i int) error {
		return resign(ctx, p.rt, running[i])
	})
	if err != nil {
		return nil, nil, err
	}
	return res, mem, nil
}

// create starts game id with the phase's time control.
func (p *movePhase) create(ctx context.Context, id string) error {
	_, err := p.rt.Create(ctx, game.Config{
		ID:          id,
		White:       game.Player{ID: id + "-w", Name: "White"},
		Black:       game.Player{ID: id + "-b", Name: "Black"},
		TimeControl: p.cfg.TimeControl,
	})
	if err != nil {
		return fmt.Errorf("loadtest: creating game %s: %w", id, err)
	}
	return nil
}

// failed counts an error of play.
func (p *movePhase) failed(err error) {
	code := string(game.CodeOf(err))
	if code == "" {
		code = "other"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errors[code]++
	if p.firstError == "" {
		p.firstError = err.Error()
	}
}

// stopped reports whether play must end.
func (p *movePhase) stopped() bool {
	select {
	case <-p.stop:
		return true
	default:
		return false
	}
}

// resign ends game id by the resignation of White, unless it has ended
// already.
func resign(ctx context.Context, rt *live.Runtime, id string) error {
	err := rt.Resign(ctx, id, id+"-w")
	if err != nil && game.CodeOf(err) != game.CodeGameOver {
		return fmt.Errorf("loadtest: resigning game %s: %w", id, err)
	}
	return nil
}

// gameID names the gen-th game of slot i of a phase.
func gameID(tag, phase string, i, gen int) string {
	return fmt.Sprintf("lt-%s-%s%d-%d", tag, phase, i, gen)
}
