package lobby

import (
	"context"
	"errors"
	"fmt"
)

// Sweep removes the seeks whose owner has been gone (see
// [Service.OwnerGone]) for Config.OwnerGrace or longer, and marks expired
// the challenges whose time to answer has run out, publishing each change.
// The server runs it every second or so on every node: the store makes each
// removal and each expiry happen once.
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
