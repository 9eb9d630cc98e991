package arena

import (
	"context"
	"fmt"
	"time"
)

// LeaseName is the name of the lease whose holder runs the arenas among
// several nodes.
const LeaseName = "arenas"

// Lease is who holds a lease, under which fencing epoch and until when.
type Lease struct {
	Holder string
	Epoch  int64
	Until  time.Time
}

// Leases keeps the leases that let one node at a time act for a part of
// the platform (the arenas); each method is one transaction serialised
// with every other on the same lease. store/internal/sqlstore implements
// it for SQLite and PostgreSQL.
type Leases interface {
	// TakeLease gives lease name to holder until until, and returns the
	// lease as it stands then. holder gets it when nobody holds it, when
	// its holder's Until is not after now, or when holder holds it already.
	// It keeps its epoch only in a renewal: holder held it, under epoch
	// (the one the caller holds it under; 0 for none), and it had not run
	// out. Otherwise it gets the next epoch: a lease that changes hands, or
	// that its holder takes again after it ran out or was released, or
	// that a process restarted under the same holder's name takes back. A
	// lease held by another is returned unchanged.
	TakeLease(ctx context.Context, name, holder string, epoch int64, now, until time.Time) (Lease, error)
	// ReleaseLease ends lease name at at if holder holds it under epoch,
	// so that another may take it at once; else it changes nothing.
	ReleaseLease(ctx context.Context, name, holder string, epoch int64, at time.Time) error
	// Lease returns lease name as it stands (the zero Lease when nobody
	// ever took it).
	Lease(ctx context.Context, name string) (Lease, error)
}

// Fencer gives the Store of a lease's holder: its writes (but
// CreateArena) commit only while lease name is still holder's under
// epoch, and otherwise fail with CodeUnavailable and change nothing, so a
// node whose lease passed to another cannot write over the new runner.
type Fencer interface {
	Fenced(name, holder string, epoch int64) Store
}

// tenure is one time the service runs the arenas: the store its writes go
// to (fenced by the lease's epoch among several nodes) and the context of
// the games it follows, cancelled when the tenure ends.
type tenure struct {
	epoch  int64
	store  Store
	ctx    context.Context
	cancel context.CancelFunc
	// renewed is when the last renewal of the lease that the store holds
	// began; the service acts until renewed + Lease − Every.
	renewed time.Time
	// resumed is set once the running pairings' games are followed.
	resumed bool
}

// UnavailableError is the refusal of an arena command on a node that does
// not run the arenas now, or whose runner did not answer.
func UnavailableError(msg string, cause error) error {
	return NewError(CodeUnavailable, msg, cause)
}

// Runs reports whether this service runs the arenas now: always alone
// (no Config.Leases), among several nodes while it holds the lease within
// its term.
func (s *Service) Runs() bool {
	_, err := s.acting()
	return err == nil
}

// acting returns the store of the running tenure, or fails with
// CodeUnavailable when the service does not run the arenas now.
func (s *Service) acting() (Store, error) {
	if s.cfg.Leases == nil {
		// Alone: the arenas are this process's from the start; Run only
		// adds the following of the games.
		return s.cfg.Store, nil
	}
	s.mu.Lock()
	t := s.ten
	var renewed time.Time
	if t != nil {
		renewed = t.renewed
	}
	s.mu.Unlock()
	if t == nil {
		return nil, UnavailableError("this node does not run the arenas", nil)
	}
	if s.lapsed(renewed, s.cfg.Now()) {
		return nil, UnavailableError("this node's lease on the arenas has run out", nil)
	}
	return t.store, nil
}

// lapsed reports whether a tenure last renewed at renewed may no longer
// act at now: Lease less Every has passed, the Every left for the nodes'
// clocks to differ.
func (s *Service) lapsed(renewed, now time.Time) bool {
	return now.Sub(renewed) >= s.cfg.Lease-s.cfg.Every
}

// Runner returns the node that holds the arenas' lease ("" when nobody
// does within its term), for the nodes that forward commands to it.
func (s *Service) Runner(ctx context.Context) (string, error) {
	if s.cfg.Leases == nil {
		return s.cfg.Node, nil
	}
	l, err := s.cfg.Leases.Lease(ctx, LeaseName)
	if err != nil {
		return "", err
	}
	if l.Holder == "" || !s.cfg.Now().Before(l.Until) {
		return "", nil
	}
	return l.Holder, nil
}

// Hold takes or renews the arenas' lease for this node (Config.Node) and
// reports whether the node runs the arenas. A lease taken under a new
// epoch starts a tenure: the entries are read again from the store, and
// the games of the pairings not ended are followed (those that ended
// meanwhile are scored from the store); a lease lost ends the tenure.
// Run calls it every Config.Every; tests call it after moving their clock.
// Alone (no Config.Leases) it reports true and does nothing; once Run has
// returned, it reports false and takes nothing.
//
// A node the others cannot reach (Config.Reachable) takes no lease it
// does not hold; a runner renews it for Config.ReachGrace from the first
// Hold that found it unreachable, then ends its tenure and releases the
// lease, so that a node the others reach takes it at its next Hold. Once
// reachable again, the node competes for the lease as any other.
func (s *Service) Hold(ctx context.Context) (bool, error) {
	if s.cfg.Leases == nil {
		return true, nil
	}
	s.holdMu.Lock()
	defer s.holdMu.Unlock()
	if s.stopped {
		return false, nil
	}
	s.mu.Lock()
	t := s.ten
	s.mu.Unlock()
	var held int64
	if t != nil {
		held = t.epoch
	}
	begun := s.cfg.Now()
	if cut, past := s.cutOff(begun); cut {
		switch {
		case t == nil:
			return false, nil
		case past:
			s.cfg.Log.Warn("arena: the other nodes cannot reach this one; giving the arenas up",
				"since", s.cutSince, "epoch", t.epoch)
			return false, s.releaseLocked(ctx, t)
		}
	}
	l, err := s.cfg.Leases.TakeLease(ctx, LeaseName, s.cfg.Node, held, begun.UTC(), begun.Add(s.cfg.Lease).UTC())
	if err != nil {
		return s.Runs(), fmt.Errorf("arena: taking the arenas' lease: %w", err)
	}
	s.mu.Lock()
	t = s.ten
	s.mu.Unlock()
	switch {
	case l.Holder != s.cfg.Node:
		if t != nil {
			s.cfg.Log.Info("arena: another node runs the arenas", "node", l.Holder, "epoch", l.Epoch)
			s.endTenure()
		}
		return false, nil
	case t != nil && t.epoch == l.Epoch:
		s.mu.Lock()
		lapsed := s.lapsed(t.renewed, begun)
		resumed := t.resumed
		if !lapsed {
			t.renewed = begun
		}
		s.mu.Unlock()
		if lapsed {
			// Nobody else ran the arenas (the epoch is the same), but
			// this node refused to act meanwhile: the ends its watchers
			// could not record are found again by a new tenure.
			break
		}
		if !resumed {
			s.resume(ctx)
		}
		return true, nil
	}
	if t != nil {
		s.endTenure()
	}
	s.startTenure(ctx, l.Epoch, begun)
	s.cfg.Log.Info("arena: this node runs the arenas", "epoch", l.Epoch)
	return true, nil
}

// Release gives the arenas' lease up (a graceful stop), so that another
// node takes it at once, and ends the tenure.
func (s *Service) Release(ctx context.Context) error {
	if s.cfg.Leases == nil {
		return nil
	}
	s.holdMu.Lock()
	defer s.holdMu.Unlock()
	s.mu.Lock()
	t := s.ten
	s.mu.Unlock()
	if t == nil {
		return nil
	}
	return s.releaseLocked(ctx, t)
}

// releaseLocked ends tenure t and releases the lease it holds; holdMu is
// held. The tenure ends even if the release fails: the lease then runs
// out.
func (s *Service) releaseLocked(ctx context.Context, t *tenure) error {
	s.endTenure()
	if err := s.cfg.Leases.ReleaseLease(ctx, LeaseName, s.cfg.Node, t.epoch, s.cfg.Now().UTC()); err != nil {
		return fmt.Errorf("arena: releasing the arenas' lease: %w", err)
	}
	return nil
}

// cutOff reports whether the other nodes cannot reach this one now
// (Config.Reachable), and whether that has lasted Config.ReachGrace since
// the first Hold that found it so; holdMu is held.
func (s *Service) cutOff(now time.Time) (cut, past bool) {
	if s.cfg.Reachable == nil || s.cfg.Reachable() {
		s.cutSince = time.Time{}
		return false, false
	}
	if s.cutSince.IsZero() {
		s.cutSince = now
	}
	return true, now.Sub(s.cutSince) >= s.cfg.ReachGrace
}

// startTenure starts running the arenas under epoch: the caches are
// emptied (another node may have written since this one last ran them),
// the next Tick reads the open arenas, and the running pairings' games
// are followed once Run has started.
func (s *Service) startTenure(ctx context.Context, epoch int64, begun time.Time) {
	st := s.cfg.Store
	if f, ok := s.cfg.Store.(Fencer); ok && s.cfg.Leases != nil {
		st = f.Fenced(LeaseName, s.cfg.Node, epoch)
	}
	s.mu.Lock()
	base := s.runCtx
	if base == nil {
		base = context.Background()
	}
	tctx, cancel := context.WithCancel(base)
	s.ten = &tenure{epoch: epoch, store: st, ctx: tctx, cancel: cancel, renewed: begun}
	clear(s.entries)
	clear(s.ending)
	clear(s.since)
	s.mu.Unlock()
	s.stir()
	s.resume(ctx)
}

// endTenure stops following the games and forgets the entries; the
// watchers it cancelled are waited for.
func (s *Service) endTenure() {
	s.mu.Lock()
	t := s.ten
	s.ten = nil
	if t != nil {
		t.cancel()
	}
	clear(s.entries)
	s.mu.Unlock()
	s.wg.Wait()
}

// resume follows the games of the pairings not ended (their ends missed
// while no process ran the arenas are scored from the store); a failed
// read is tried again at the next renewal.
func (s *Service) resume(ctx context.Context) {
	ps, err := s.cfg.Store.RunningPairings(ctx)
	if err != nil {
		s.cfg.Log.Warn("arena: reading the running pairings", "err", err)
		return
	}
	for _, p := range ps {
		s.watch(p.GameID)
	}
	s.mu.Lock()
	if s.ten != nil {
		s.ten.resumed = true
	}
	s.mu.Unlock()
}
