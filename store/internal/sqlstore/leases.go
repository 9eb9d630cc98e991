package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
)

// Leases (migration 0017): the one node at a time that acts for a part of
// the platform (the arenas), under a fencing epoch that the holder's
// writes check in their own transaction.

var (
	_ arena.Leases = (*Store)(nil)
	_ arena.Fencer = (*Store)(nil)
)

// lease reads lease name in q, locking its row until the write's end; a
// lease never taken is the zero Lease.
func (s *Store) lease(q Querier, name, lock string) (arena.Lease, bool, error) {
	var l arena.Lease
	err := q.QueryRow("SELECT holder, epoch, expires_at FROM leases WHERE name = $1"+lock, name).Scan(&l.Holder, &l.Epoch, &l.Until)
	if errors.Is(err, sql.ErrNoRows) {
		return arena.Lease{}, false, nil
	}
	return l, err == nil, err
}

// TakeLease takes or renews a lease; see arena.Leases.
func (s *Store) TakeLease(ctx context.Context, name, holder string, epoch int64, now, until time.Time) (arena.Lease, error) {
	var out arena.Lease
	err := s.write(ctx, fmt.Sprintf("take lease %q", name), func(q Querier) error {
		// A lease never taken is made free first, so that two first takers
		// meet on its row's lock.
		if _, err := q.Exec("INSERT INTO leases (name, holder, epoch, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING",
			name, "", 0, now); err != nil {
			return err
		}
		l, _, err := s.lease(q, name, s.d.ForUpdate)
		if err != nil {
			return err
		}
		live := now.Before(l.Until)
		if live && l.Holder != holder {
			out = l
			return nil
		}
		next := arena.Lease{Holder: holder, Epoch: l.Epoch, Until: until}
		if !live || l.Holder != holder || l.Epoch != epoch {
			next.Epoch++ // a new tenure: the one before may not write again
		}
		_, err = q.Exec("UPDATE leases SET holder = $2, epoch = $3, expires_at = $4 WHERE name = $1", name, next.Holder, next.Epoch, next.Until)
		out = next
		return err
	})
	if err != nil {
		return arena.Lease{}, err
	}
	return out, nil
}

// ReleaseLease gives a lease up; see arena.Leases.
func (s *Store) ReleaseLease(ctx context.Context, name, holder string, epoch int64, at time.Time) error {
	return s.write(ctx, fmt.Sprintf("release lease %q", name), func(q Querier) error {
		_, err := q.Exec("UPDATE leases SET expires_at = $4 WHERE name = $1 AND holder = $2 AND epoch = $3 AND expires_at > $4",
			name, holder, epoch, at)
		return err
	})
}

// Lease returns a lease as it stands; see arena.Leases.
func (s *Store) Lease(ctx context.Context, name string) (arena.Lease, error) {
	var l arena.Lease
	err := s.readOne(ctx, fmt.Sprintf("lease %q", name), func(q Querier) (err error) {
		l, _, err = s.lease(q, name, "")
		return err
	})
	return l, err
}

// fence is the lease a fenced write checks: name held by holder under
// epoch.
type fence struct {
	name, holder string
	epoch        int64
}

// check fails with arena.CodeUnavailable unless f's lease is still its
// holder's under its epoch; the row is kept from changing until the
// write's end, so a new holder takes the lease only after the write.
func (s *Store) check(q Querier, f *fence) error {
	if f == nil {
		return nil
	}
	l, _, err := s.lease(q, f.name, s.d.ForShare)
	if err != nil {
		return err
	}
	if l.Holder != f.holder || l.Epoch != f.epoch {
		return arena.UnavailableError(fmt.Sprintf("lease %q is held by %q under epoch %d, not by %q under %d",
			f.name, l.Holder, l.Epoch, f.holder, f.epoch), nil)
	}
	return nil
}

// Fenced returns the arena store whose writes hold only under lease
// name's epoch; see arena.Fencer.
func (s *Store) Fenced(name, holder string, epoch int64) arena.Store {
	return fencedArenas{Store: s, f: &fence{name: name, holder: holder, epoch: epoch}}
}

// fencedArenas is the arena store of a lease's holder (Store.Fenced).
type fencedArenas struct {
	*Store
	f *fence
}

// CloseArena closes an arena under the fence; see arena.Store.
func (a fencedArenas) CloseArena(ctx context.Context, id string, at time.Time) error {
	return a.closeArena(ctx, a.f, id, at)
}

// PutArenaEntry writes an entry under the fence; see arena.Store.
func (a fencedArenas) PutArenaEntry(ctx context.Context, e arena.Entry) error {
	return a.putArenaEntry(ctx, a.f, e)
}

// StartArenaPairings writes pairings under the fence; see arena.Store.
func (a fencedArenas) StartArenaPairings(ctx context.Context, ps []arena.Pairing, players []arena.Entry) error {
	return a.startArenaPairings(ctx, a.f, ps, players)
}

// EndArenaPairing writes a game's end under the fence; see arena.Store.
func (a fencedArenas) EndArenaPairing(ctx context.Context, p arena.Pairing, players []arena.Entry) error {
	return a.endArenaPairing(ctx, a.f, p, players)
}

// SetBerserk records a berserk under the fence; see arena.Store.
func (a fencedArenas) SetBerserk(ctx context.Context, gameID string, side game.Side) error {
	return a.setBerserk(ctx, a.f, gameID, side)
}
