package lobby

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Sweep removes the seeks whose owner has been gone (see
// [Service.OwnerGone]) for Config.OwnerGrace or longer, and marks expired
// the challenges whose time to answer has run out, publishing each change.
// Among several nodes the server runs it every second on each: the store
// makes each removal and each expiry happen once. A node alone runs it
// when NextLapse is due.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now()
	var errs []error
	gone, err := s.cfg.Store.RemoveAbandonedSeeks(ctx, now.Add(-s.cfg.OwnerGrace))
	if err != nil {
		errs = append(errs, fmt.Errorf("lobby: sweep seeks: %w", err))
	}
	for i := range gone {
		s.publish(ctx, Event{Type: SeekRemoved, Seek: &gone[i]})
	}
	expired, err := s.cfg.Store.ExpiredChallenges(ctx, now)
	if err != nil {
		errs = append(errs, fmt.Errorf("lobby: sweep challenges: %w", err))
	}
	for _, c := range expired {
		if _, err := s.expire(ctx, c); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// ReassertOwners says OwnerConnected again for each owner of a seek
// marked gone (see [Service.OwnerGone]) whom present reports as holding a
// socket on this node. Among several nodes each runs it before its Sweep,
// about every second: an owner's last socket closing on one node, or a
// seek placed over plain HTTP on it, marks the owner gone although a
// socket of theirs may be open on another node, which takes the mark back
// well within Config.OwnerGrace.
func (s *Service) ReassertOwners(ctx context.Context, present func(ownerID string) bool) error {
	gone, err := s.cfg.Store.GoneSeekOwners(ctx)
	if err != nil {
		return fmt.Errorf("lobby: reassert owners: %w", err)
	}
	var errs []error
	for _, id := range gone {
		if !present(id) {
			continue
		}
		if err := s.OwnerConnected(ctx, id); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// NextLapse returns the earliest moment at which Sweep may have something
// to do — a seek whose owner has been gone for Config.OwnerGrace, or a
// challenge that expires — as the store holds them now, or the zero time
// when nothing can lapse. A node alone on its store sleeps until then, or
// until Lapsing says this service made something that can lapse.
func (s *Service) NextLapse(ctx context.Context) (time.Time, error) {
	gone, expires, err := s.cfg.Store.EarliestLapses(ctx)
	if err != nil {
		return time.Time{}, fmt.Errorf("lobby: next lapse: %w", err)
	}
	if !gone.IsZero() {
		gone = gone.Add(s.cfg.OwnerGrace)
	}
	switch {
	case gone.IsZero():
		return expires, nil
	case expires.IsZero() || gone.Before(expires):
		return gone, nil
	default:
		return expires, nil
	}
}

// Lapsing returns a channel that receives a value when this service has
// made something that can lapse (a seek's owner marked gone, a challenge
// created or offered again); a value already waiting stands for the
// later ones. It is the wake-up of a sweep that waits for NextLapse.
func (s *Service) Lapsing() <-chan struct{} { return s.lapsing }

// lapses signals Lapsing.
func (s *Service) lapses() {
	select {
	case s.lapsing <- struct{}{}:
	default:
	}
}
