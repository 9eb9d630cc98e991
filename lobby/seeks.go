package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/joinpal/joinpal/game"
)

// pairAttempts bounds how often AddSeek looks for another partner when the
// one it chose was taken first by another node; past it the seek stays
// open, where later seeks find it.
const pairAttempts = 8

// SeekRequest is what someone asks the lobby for.
type SeekRequest struct {
	Owner       Player
	TimeControl game.TimeControl
	Color       Color
	Rated       bool
	Range       RatingRange
}

// SeekResult is the outcome of [Service.AddSeek]: either a game started at
// once (GameID set, with the two players), or the seek placed and open.
type SeekResult struct {
	// Seek is the seek as placed (or as it would have been, if paired at
	// once).
	Seek Seek `json:"seek"`
	// GameID is the game started with the oldest compatible seek, or "" if
	// the seek is open.
	GameID string  `json:"gameId,omitempty"`
	White  *Player `json:"white,omitempty"`
	Black  *Player `json:"black,omitempty"`
}

// AddSeek places a seek, pairing it at once with the oldest compatible open
// seek, as lichess does (see [Seek.Compatible]): the game starts through
// Config.Games and the Paired event goes out; otherwise the seek stays
// open and SeekAdded goes out.
//
// Refusals change nothing: a bad time control (game.CodeBadTimeControl,
// game.CodeUntimedNotAllowed), colour or rating range, a rated seek from a
// guest (CodeRatedNeedsAccounts), and a second open seek with the same time
// control from the same person (CodeSeekExists).
//
// Once paired, both owners' other open seeks are removed (one game at a
// time). The new seek counts its owner as connected: a server that takes
// seeks without a lobby socket open calls OwnerGone when the request ends.
//
// The seek is stored before it looks for a partner, and the pair is taken
// from the store in one atomic step (Store.TakeSeeks), so that two nodes
// placing matching seeks at once pair them exactly once. When another node
// pairs the new seek first, AddSeek returns it as open and the Paired event
// tells both owners.
func (s *Service) AddSeek(ctx context.Context, req SeekRequest) (SeekResult, error) {
	seek := Seek{ID: s.cfg.NewID(), Owner: req.Owner, TimeControl: req.TimeControl, Color: req.Color,
		Rated: req.Rated, Range: req.Range, CreatedAt: s.now()}
	if err := seek.check(); err != nil {
		return SeekResult{}, fmt.Errorf("lobby: seek: %w", err)
	}
	if err := s.cfg.Store.AddSeek(ctx, seek); err != nil {
		return SeekResult{}, fmt.Errorf("lobby: seek: %w", err)
	}
	for range pairAttempts {
		partner, ok, err := s.oldestCompatible(ctx, seek)
		if err != nil {
			return SeekResult{Seek: seek}, fmt.Errorf("lobby: seek %s placed, pairing failed: %w", seek.ID, err)
		}
		if !ok {
			s.publish(ctx, Event{Type: SeekAdded, Seek: &seek})
			return SeekResult{Seek: seek}, nil
		}
		res, err := s.pair(ctx, seek, partner)
		switch {
		case err == nil:
			return res, nil
		case !errors.Is(err, ErrSeekNotFound):
			return SeekResult{Seek: seek}, fmt.Errorf("lobby: seek %s: %w", seek.ID, err)
		}
		// Another node took the partner, or our own seek, first.
		if !s.stillOpen(ctx, seek) {
			return SeekResult{Seek: seek}, nil // paired by another; its Paired event tells
		}
	}
	s.publish(ctx, Event{Type: SeekAdded, Seek: &seek})
	return SeekResult{Seek: seek}, nil
}

// oldestCompatible returns the oldest open seek compatible with seek.
func (s *Service) oldestCompatible(ctx context.Context, seek Seek) (Seek, bool, error) {
	open, err := s.cfg.Store.SeeksWith(ctx, seek.TimeControl)
	if err != nil {
		return Seek{}, false, err
	}
	for _, o := range open {
		if o.ID != seek.ID && seek.Compatible(o) {
			return o, true, nil
		}
	}
	return Seek{}, false, nil
}

// stillOpen reports whether seek is still in the store.
func (s *Service) stillOpen(ctx context.Context, seek Seek) bool {
	open, err := s.cfg.Store.SeeksWith(ctx, seek.TimeControl)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(open, func(o Seek) bool { return o.ID == seek.ID })
}

// pair takes newcomer and waiting from the store at once and starts their
// game. If the game cannot be started, the waiting seek is put back and
// the newcomer's is not: AddSeek fails and leaves the lobby as it found it.
func (s *Service) pair(ctx context.Context, newcomer, waiting Seek) (SeekResult, error) {
	taken, err := s.cfg.Store.TakeSeeks(ctx, newcomer.ID, waiting.ID)
	if err != nil {
		return SeekResult{}, err
	}
	white, black := colours(newcomer, waiting, s.cfg.Heads)
	id, err := s.startGame(ctx, white, black, newcomer.TimeControl, newcomer.Rated)
	if err != nil {
		var back error
		for _, t := range taken {
			if t.ID == waiting.ID {
				back = s.cfg.Store.AddSeek(ctx, t)
			}
		}
		if back != nil {
			s.publish(ctx, Event{Type: SeekRemoved, Seek: &waiting})
			return SeekResult{}, fmt.Errorf("start game: %w (seek %s not put back: %v)", err, waiting.ID, back)
		}
		return SeekResult{}, fmt.Errorf("start game: %w", err)
	}
	s.publish(ctx, Event{Type: SeekRemoved, Seek: &waiting})
	s.publish(ctx, Event{Type: Paired, GameID: id, White: &white, Black: &black})
	s.removeOtherSeeks(ctx, white.ID, black.ID)
	return SeekResult{Seek: newcomer, GameID: id, White: &white, Black: &black}, nil
}

// removeOtherSeeks removes the open seeks of owners who have just been
// paired, as lichess does: one game at a time. A failure is logged: the
// game has started, and the seeks go when their owner leaves the lobby.
func (s *Service) removeOtherSeeks(ctx context.Context, owners ...string) {
	for _, owner := range owners {
		removed, err := s.cfg.Store.RemoveSeeksOf(ctx, owner)
		if err != nil {
			s.cfg.Log.Warn("lobby: paired owner's other seeks not removed", "owner", owner, "err", err)
		}
		for i := range removed {
			s.publish(ctx, Event{Type: SeekRemoved, Seek: &removed[i]})
		}
	}
}

// CancelSeek removes seek id of ownerID, or fails with CodeSeekNotFound.
func (s *Service) CancelSeek(ctx context.Context, ownerID, id string) error {
	seek, err := s.cfg.Store.RemoveSeek(ctx, id, ownerID)
	if err != nil {
		return fmt.Errorf("lobby: cancel seek: %w", err)
	}
	s.publish(ctx, Event{Type: SeekRemoved, Seek: &seek})
	return nil
}

// Seeks returns the open seeks, oldest first.
func (s *Service) Seeks(ctx context.Context) ([]Seek, error) {
	out, err := s.cfg.Store.Seeks(ctx)
	if err != nil {
		return nil, fmt.Errorf("lobby: seeks: %w", err)
	}
	return out, nil
}

// OwnerConnected tells the lobby that ownerID has a socket open: their
// seeks are no longer counted as abandoned.
func (s *Service) OwnerConnected(ctx context.Context, ownerID string) error {
	if err := s.cfg.Store.MarkSeekOwnerBack(ctx, ownerID); err != nil {
		return fmt.Errorf("lobby: owner connected: %w", err)
	}
	return nil
}

// OwnerGone tells the lobby that ownerID's last socket has closed: their
// seeks are removed by the first Sweep Config.OwnerGrace or more later,
// unless OwnerConnected comes first. With more than one node, a node that
// still holds a socket of the owner says OwnerConnected again within the
// grace ([Service.ReassertOwners] before each sweep), so that another
// node's last socket closing does not take the seek of someone still
// connected.
func (s *Service) OwnerGone(ctx context.Context, ownerID string) error {
	if err := s.cfg.Store.MarkSeekOwnerGone(ctx, ownerID, s.now()); err != nil {
		return fmt.Errorf("lobby: owner gone: %w", err)
	}
	s.lapses()
	return nil
}
