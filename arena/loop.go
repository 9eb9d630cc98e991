package arena

import (
	"context"
	"errors"
	"time"

	"github.com/joinpal/joinpal/game"
)

// The service's loop: Tick and Run, and the games followed until they
// end.

// Tick looks at every open arena once: a running one pairs whoever
// waits, a finished one closes when its last game has ended. Run calls it
// every Config.Every; tests call it after moving their clock.
//
// Alone (no Config.Leases), every arena is created through this Service:
// when the last look found every open arena upcoming, Tick reads the
// store again only once the earliest of them starts, or after Create.
// Among several nodes, where arenas are created on any node, it reads the
// open arenas at every call.
func (s *Service) Tick(ctx context.Context) error {
	st, err := s.acting()
	if err != nil {
		return nil // another node runs the arenas
	}
	now := s.now()
	stirs, calm := s.calmAt(now)
	if calm {
		return nil
	}
	as, err := st.OpenArenas(ctx)
	if err != nil {
		return err
	}
	s.settle(as, now, stirs)
	var errs []error
	for _, a := range as {
		if a.PhaseAt(s.now()) == Upcoming {
			continue
		}
		l := s.lock(a.ID)
		l.Lock()
		if a.PhaseAt(s.now()) == Running {
			errs = append(errs, s.pairLocked(ctx, st, a))
		} else {
			errs = append(errs, s.closeIfDone(ctx, st, a))
		}
		l.Unlock()
	}
	return errors.Join(errs...)
}

// calmAt reports whether Tick may leave the store alone at now (see
// Service.calm), and the count of stirs a look begun now starts from.
func (s *Service) calmAt(now time.Time) (stirs uint64, calm bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stirs, s.calm && (s.wake.IsZero() || now.Before(s.wake))
}

// settle makes the service calm, alone, when every open arena as read at
// now is upcoming and nothing stirred since the read began (stirs): Tick
// then waits for the earliest start.
func (s *Service) settle(as []Arena, now time.Time, stirs uint64) {
	if s.cfg.Leases != nil {
		return
	}
	var wake time.Time
	for _, a := range as {
		if a.PhaseAt(now) != Upcoming {
			return
		}
		if wake.IsZero() || a.StartsAt.Before(wake) {
			wake = a.StartsAt
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stirs == stirs {
		s.calm, s.wake = true, wake
	}
}

// stir makes the next Tick read the open arenas: one may have been added
// or its start moved.
func (s *Service) stir() {
	s.mu.Lock()
	s.calm = false
	s.stirs++
	s.mu.Unlock()
	s.Wake()
}

// Wake has Run, alone and calm, look again at once: the clock moved (a
// test's), or something may have changed.
func (s *Service) Wake() {
	select {
	case s.stirred <- struct{}{}:
	default:
	}
}

// calmQuiet is the longest Run, alone and calm, sleeps between two looks
// when no open arena is upcoming.
const calmQuiet = time.Minute

// nextLook returns how long Run waits before its next Tick: Config.Every,
// or, alone and calm, until the earliest upcoming start (at least Every,
// at most calmQuiet), the store left alone meanwhile.
func (s *Service) nextLook() time.Duration {
	if s.cfg.Leases != nil {
		return s.cfg.Every
	}
	s.mu.Lock()
	calm, wake := s.calm, s.wake
	s.mu.Unlock()
	if !calm {
		return s.cfg.Every
	}
	wait := calmQuiet
	if !wake.IsZero() {
		wait = min(wait, wake.Sub(s.cfg.Now()))
	}
	return max(wait, s.cfg.Every)
}

// Run runs the arenas until ctx is done: alone, it resumes the arenas'
// running games (recording the ends it missed while down) and runs Tick
// every Config.Every, but while every open arena is upcoming (calm) only
// when the first starts, a change stirs it or Wake is called; among
// several nodes (Config.Leases), it holds or renews the lease every
// Config.Every (see Hold) and ticks while it runs the arenas. It then waits for its watchers to stop. A graceful stop
// calls Release after Run; a crash leaves the lease to run out.
func (s *Service) Run(ctx context.Context) error {
	s.mu.Lock()
	s.runCtx = ctx
	s.mu.Unlock()
	defer s.wg.Wait()
	// The watchers follow their games under the tenure's context, which
	// ends with ctx — but a tenure begun by a Hold before Run (a node
	// whose commands came first) was begun under no Run: its watchers are
	// stopped here, or the wait above would last as long as their games.
	// The tenure itself stays, for Release to hand the lease over.
	defer func() {
		s.mu.Lock()
		if s.ten != nil {
			s.ten.cancel()
		}
		s.mu.Unlock()
	}()
	defer func() {
		s.holdMu.Lock()
		s.stopped = true // a stopping node takes the lease no more
		s.holdMu.Unlock()
	}()
	if s.cfg.Leases == nil {
		s.holdMu.Lock()
		s.startTenure(ctx, 0, s.cfg.Now())
		s.holdMu.Unlock()
	}
	t := time.NewTimer(0)
	defer t.Stop()
	// Among several nodes the looks keep Every's beat (each renews the
	// lease): a stir waits for the next.
	var stirred <-chan struct{}
	if s.cfg.Leases == nil {
		stirred = s.stirred
	}
	for {
		if _, err := s.Hold(ctx); err != nil && ctx.Err() == nil {
			s.cfg.Log.Warn("arena: holding the lease", "err", err)
		}
		_ = s.Tick(ctx)
		t.Reset(s.nextLook())
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		case <-stirred:
		}
	}
}

// watch follows game id until it ends, while the service runs the
// arenas (once Run has started, alone).
func (s *Service) watch(id string) {
	s.mu.Lock()
	if s.ten == nil || s.watching[id] {
		s.mu.Unlock()
		return
	}
	ctx := s.ten.ctx
	if ctx.Err() != nil {
		s.mu.Unlock()
		return
	}
	s.watching[id] = true
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		defer func() {
			s.mu.Lock()
			delete(s.watching, id)
			s.mu.Unlock()
		}()
		s.follow(ctx, id)
	}()
}

// follow waits for game id's end and records it. It subscribes before it
// reads the stored game, so an end between the two is not missed; a
// subscription the bus drops is taken again.
func (s *Service) follow(ctx context.Context, id string) {
	for ctx.Err() == nil {
		events, cancel := s.cfg.Bus.Subscribe(id)
		rec, err := s.cfg.Records.LoadGame(ctx, id)
		switch {
		case game.CodeOf(err) == game.CodeGameNotFound:
			cancel()
			s.lost(ctx, id)
			return
		case err == nil && rec.State.Status.Finished():
			cancel()
			_ = s.Ended(ctx, End{GameID: id, Status: rec.State.Status, Termination: rec.State.Termination, Result: rec.State.Result,
				Plies: len(rec.Moves), At: rec.State.EndedAt})
			return
		}
		for open := true; open; {
			select {
			case <-ctx.Done():
				cancel()
				return
			case ev, ok := <-events:
				if !ok {
					open = false
					break
				}
				if ev.Status.Finished() {
					cancel()
					_ = s.Ended(ctx, End{GameID: id, Status: ev.Status, Termination: ev.Termination, Result: ev.Result, Plies: ev.Ply, At: ev.At})
					return
				}
			}
		}
		cancel()
	}
}

// lost ends a pairing whose game was never created (the process died
// between the pairing and the game's start): no score, both wait again.
func (s *Service) lost(ctx context.Context, id string) {
	st, err := s.acting()
	if err != nil {
		return // the next tenure finds it again
	}
	p, err := s.cfg.Store.PairingOf(ctx, id)
	if err != nil || p.Ended {
		return
	}
	l := s.lock(p.ArenaID)
	l.Lock()
	defer l.Unlock()
	a, err := s.cfg.Store.Arena(ctx, p.ArenaID)
	if err != nil {
		return
	}
	_ = s.endLocked(ctx, st, a, p, End{GameID: id, Status: game.StatusAborted}, false, nil)
}

func (s *Service) publish(ctx context.Context, id string) {
	_ = s.cfg.Events.Publish(ctx, Event{ArenaID: id})
}
