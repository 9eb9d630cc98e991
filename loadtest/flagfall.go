package loadtest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// FlagPhase is what the flag phase measured. Every delay is counted from
// the instant the flag falls: the flagged side's clock expired, computed
// from the event of the game's second move (when the clock starts), plus
// the lag grace the game gives before it flags (game.Clock.FlagsAt).
type FlagPhase struct {
	// Games is the number of games whose flag was awaited; Fell the
	// number of timeout events that arrived; Missed the others (no event
	// in time, or a subscription dropped by the bus).
	Games  int `json:"games"`
	Fell   int `json:"fell"`
	Missed int `json:"missed"`
	// Spread is the time between the first and the last expiry.
	Spread time.Duration `json:"spread"`
	// Delay is the time from the expiry to the arrival of the timeout
	// event on the bus: what a player's socket would see.
	Delay Latency `json:"delay"`
	// Decided is the time from the expiry to the moment the runtime ended
	// the game (its stored EndedAt); Published to the event's At, taken
	// once the end was durable. They tell where Delay goes.
	Decided   Latency `json:"decided"`
	Published Latency `json:"published"`
}

// flagWait is how long after the latest expiry the flag phase waits for
// the last timeout events.
const flagWait = 30 * time.Second

// readWorkers bounds the games read back from the store at once.
const readWorkers = 16

// flagSeen is what one game's watcher saw.
type flagSeen struct {
	expiry  time.Time // when the flag fell due: the clock ran out, plus the grace (zero if unknown)
	arrival time.Time // when the timeout event arrived (zero if it did not)
	at      time.Time // the event's At
}

// runFlags runs the flag phase: cfg.Flags games with a per-move clock of
// game.MinPerMove in which both sides make one move, all at once, and then
// wait for their flag.
func runFlags(ctx context.Context, cfg Config, rt *live.Runtime, tag string) (*FlagPhase, error) {
	n := cfg.Flags
	tc, err := game.NewPerMove(game.MinPerMove)
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	ids := make([]string, n)
	subs := make([]<-chan game.Event, n)
	for i := range n {
		ids[i] = gameID(tag, "f", i, 0)
		ch, cancel := rt.Bus().Subscribe(ids[i])
		defer cancel()
		subs[i] = ch
	}
	cfg.logf("flags: creating %d games with clock %s", n, tc)
	err = each(ctx, n, createWorkers, func(ctx context.Context, i int) error {
		id := ids[i]
		_, err := rt.Create(ctx, game.Config{
			ID: id, TimeControl: tc,
			White: game.Player{ID: id + "-w", Name: "White"},
			Black: game.Player{ID: id + "-b", Name: "Black"},
		})
		if err == nil {
			_, err = rt.Move(ctx, id, id+"-w", live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1})
		}
		if err != nil {
			return fmt.Errorf("loadtest: flag game %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// Black answers in every game at once: the clocks start, and White's
	// flags will fall together one allowance later.
	cfg.logf("flags: starting %d clocks at once", n)
	seen := make([]flagSeen, n)
	give := make(chan struct{})
	// Only the free first moves were made: the quota is the initial one.
	grace := min(game.LagQuotaInitial(tc), game.MaxLagGrace)
	var watchers, movers sync.WaitGroup
	moveErrs := make([]error, n)
	start := make(chan struct{})
	for i := range n {
		watchers.Go(func() { seen[i] = watchFlag(subs[i], give, grace) })
		movers.Go(func() {
			<-start
			id := ids[i]
			_, moveErrs[i] = rt.Move(ctx, id, id+"-b", live.MoveRequest{UCI: "e7e5", Ply: 1, ID: 1})
		})
	}
	close(start)
	movers.Wait()
	for i, err := range moveErrs {
		if err != nil {
			return nil, fmt.Errorf("loadtest: flag game %s: %w", ids[i], err)
		}
	}
	cfg.logf("flags: waiting for %d flags", n)
	wait := time.AfterFunc(tc.PerMove()+flagWait, func() { close(give) })
	watchers.Wait()
	wait.Stop()
	fp, err := flagReport(ctx, cfg.Store, ids, seen)
	if err != nil {
		return nil, err
	}
	// A game whose flag was missed is still running: end it.
	err = each(ctx, n, createWorkers, func(ctx context.Context, i int) error {
		if seen[i].arrival.IsZero() {
			return resign(ctx, rt, ids[i])
		}
		return nil
	})
	return fp, err
}

// watchFlag follows one game's events until its timeout event arrives, its
// subscription is dropped or give is closed. The flag falls grace after
// the clock expires.
func watchFlag(events <-chan game.Event, give <-chan struct{}, grace time.Duration) flagSeen {
	var s flagSeen
	for {
		select {
		case ev, ok := <-events:
			now := time.Now()
			if !ok {
				return s
			}
			switch {
			case ev.Type == game.EventMove && ev.ClockRunning && ev.Ply == 2:
				if s.expiry = expiry(ev); !s.expiry.IsZero() {
					s.expiry = s.expiry.Add(grace)
				}
			case ev.Termination == game.Timeout || ev.Termination == game.TimeoutVsInsufficientMaterial:
				s.arrival, s.at = now, ev.At
				return s
			}
		case <-give:
			return s
		}
	}
}

// expiry returns the instant the running clock of ev.Turn runs out. The
// event gives that side's time left at ev.At in whole milliseconds, counted
// from a turn start that is itself a whole millisecond, so the expiry is
// ev.At plus that time, rounded down to the millisecond.
func expiry(ev game.Event) time.Time {
	left := ev.WhiteMs
	if ev.Turn == game.Black {
		left = ev.BlackMs
	}
	if left == nil {
		return time.Time{}
	}
	return ev.At.Add(time.Duration(*left) * time.Millisecond).Truncate(time.Millisecond)
}

// flagReport sums up what the watchers saw, with the end of each game read
// back from the store.
func flagReport(ctx context.Context, st game.Store, ids []string, seen []flagSeen) (*FlagPhase, error) {
	fp := &FlagPhase{Games: len(ids)}
	var delay, published []time.Duration
	var first, last time.Time
	ended := make([]time.Time, len(ids))
	err := each(ctx, len(ids), readWorkers, func(ctx context.Context, i int) error {
		if seen[i].arrival.IsZero() {
			return nil
		}
		rec, err := st.LoadGame(ctx, ids[i])
		if err != nil {
			return fmt.Errorf("loadtest: reading flag game %s: %w", ids[i], err)
		}
		ended[i] = rec.State.EndedAt
		return nil
	})
	if err != nil {
		return nil, err
	}
	decided := make([]time.Duration, 0, len(ids))
	for i, s := range seen {
		if s.expiry.IsZero() || s.arrival.IsZero() {
			fp.Missed++
			continue
		}
		fp.Fell++
		if first.IsZero() || s.expiry.Before(first) {
			first = s.expiry
		}
		if s.expiry.After(last) {
			last = s.expiry
		}
		delay = append(delay, s.arrival.Sub(s.expiry))
		published = append(published, s.at.Sub(s.expiry))
		decided = append(decided, ended[i].Sub(s.expiry))
	}
	fp.Spread = last.Sub(first)
	fp.Delay, fp.Decided, fp.Published = Summarize(delay), Summarize(decided), Summarize(published)
	return fp, nil
}
