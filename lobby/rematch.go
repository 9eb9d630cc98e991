package lobby

import (
	"context"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/coded"
)

// FinishedGame is a game that has ended, as a rematch needs it.
type FinishedGame struct {
	ID           string
	White, Black Player
	TimeControl  game.TimeControl
	Rated        bool
}

// sides returns the player byID of g and the opponent, with the colour the
// player gets in the rematch (the other one).
func (g FinishedGame) sides(byID string) (by, other Player, color Color, err error) {
	switch byID {
	case "":
	case g.White.ID:
		return g.White, g.Black, Black, nil
	case g.Black.ID:
		return g.Black, g.White, White, nil
	}
	return Player{}, Player{}, "", NewError(CodeNotAPlayer, fmt.Sprintf("%q did not play game %q", coded.ClipParam(byID), g.ID), nil)
}

// OfferRematch offers, on behalf of byID (one of g's players), a rematch of
// the finished game g: same clock, same rated flag, colours swapped. It is
// a challenge of kind Rematch addressed to the opponent, who accepts it with
// [Service.Accept] — or by offering a rematch too: OfferRematch from the
// opponent of an open offer accepts it and starts the game (the challenge
// comes back accepted with its GameID). Offering twice returns the open
// offer. The offer lapses after Config.RematchTTL (1 min), or when either
// player leaves ([Service.PlayerLeft]); once lapsed or declined it may be
// made again. A game has one rematch at most: an offer after its rematch
// started fails with CodeRematchDone.
func (s *Service) OfferRematch(ctx context.Context, g FinishedGame, byID string) (Challenge, error) {
	by, other, color, err := g.sides(byID)
	if err != nil {
		return Challenge{}, fmt.Errorf("lobby: rematch: %w", err)
	}
	now := s.now()
	offer := Challenge{ID: s.cfg.NewID(), Kind: Rematch, Status: Created, Challenger: by, Dest: other,
		TimeControl: g.TimeControl, Color: color, Rated: g.Rated, RematchOf: g.ID,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.RematchTTL), UpdatedAt: now}
	if err := checkChallenge(offer, []Player{by, other}); err != nil {
		return Challenge{}, fmt.Errorf("lobby: rematch: %w", err)
	}
	// A few rounds: each ends when another node changed the offer first.
	for range pairAttempts {
		c, err := s.cfg.Store.RematchOf(ctx, g.ID)
		if errors.Is(err, ErrChallengeNotFound) {
			switch err := s.cfg.Store.CreateChallenge(ctx, offer); {
			case errors.Is(err, ErrChallengeExists):
				continue // the opponent offered at the same moment
			case err != nil:
				return Challenge{}, fmt.Errorf("lobby: rematch: %w", err)
			}
			s.publish(ctx, Event{Type: ChallengeChanged, Challenge: &offer})
			return offer, nil
		} else if err != nil {
			return Challenge{}, fmt.Errorf("lobby: rematch: %w", err)
		}
		switch open := c.IsOpen(now); {
		case c.Status == Accepted:
			return c, fmt.Errorf("lobby: rematch: %w", NewError(CodeRematchDone, fmt.Sprintf("the rematch of game %q has started", g.ID), nil))
		case open && c.Challenger.ID == byID:
			return c, nil
		case open:
			accepted, err := s.Accept(ctx, c.ID, by)
			if errors.Is(err, ErrChallengeClosed) || errors.Is(err, ErrChallengeExpired) {
				continue
			}
			return accepted, err
		}
		// Declined, cancelled, lapsed: offer it again under the same id.
		again := offer
		again.ID = c.ID
		switch err := s.cfg.Store.UpdateChallenge(ctx, again, c.Status); {
		case errors.Is(err, ErrChallengeClosed):
			continue
		case err != nil:
			return Challenge{}, fmt.Errorf("lobby: rematch: %w", err)
		}
		s.publish(ctx, Event{Type: ChallengeChanged, Challenge: &again})
		return again, nil
	}
	return Challenge{}, fmt.Errorf("lobby: rematch of game %q: %w", g.ID, NewError(CodeChallengeClosed, "the offer kept changing; try again", nil))
}

// DeclineRematch declines, on behalf of byID, the open rematch offer of
// game gameID addressed to them (CodeNoRematchOffer if there is none).
func (s *Service) DeclineRematch(ctx context.Context, gameID, byID string) (Challenge, error) {
	c, err := s.openRematch(ctx, gameID)
	if err != nil {
		return c, fmt.Errorf("lobby: decline rematch: %w", err)
	}
	if c.Dest.ID != byID {
		if c.Challenger.ID == byID {
			return c, fmt.Errorf("lobby: decline rematch: %w", NewError(CodeNoRematchOffer, fmt.Sprintf("the rematch offer of game %q is %q's own", gameID, coded.ClipParam(byID)), nil))
		}
		return c, fmt.Errorf("lobby: decline rematch: %w", NewError(CodeNotAPlayer, fmt.Sprintf("%q did not play game %q", coded.ClipParam(byID), gameID), nil))
	}
	return s.close(ctx, c, Declined, DeclineGeneric)
}

// PlayerLeft tells the lobby that userID left the page of the finished game
// gameID: an open rematch offer of that game lapses (it is cancelled). It
// does nothing if there is no open offer or userID is not in it.
func (s *Service) PlayerLeft(ctx context.Context, gameID, userID string) error {
	c, err := s.openRematch(ctx, gameID)
	if errors.Is(err, ErrNoRematchOffer) || (err == nil && !c.Involves(userID)) {
		return nil
	}
	if err == nil {
		_, err = s.close(ctx, c, Canceled, "")
	}
	if errors.Is(err, ErrChallengeClosed) {
		return nil // answered meanwhile
	}
	if err != nil {
		return fmt.Errorf("lobby: player left: %w", err)
	}
	return nil
}

// openRematch returns the open rematch offer of gameID, or
// CodeNoRematchOffer.
func (s *Service) openRematch(ctx context.Context, gameID string) (Challenge, error) {
	c, err := s.cfg.Store.RematchOf(ctx, gameID)
	switch {
	case errors.Is(err, ErrChallengeNotFound):
		return Challenge{}, NewError(CodeNoRematchOffer, fmt.Sprintf("no rematch offer for game %q", coded.ClipParam(gameID)), nil)
	case err != nil:
		return Challenge{}, err
	case c.Status == Created && !c.IsOpen(s.now()):
		if c, err = s.expire(ctx, c); err != nil {
			return Challenge{}, err
		}
	}
	if c.Status != Created {
		return c, NewError(CodeNoRematchOffer, fmt.Sprintf("the rematch offer of game %q is %s", coded.ClipParam(gameID), c.Status), nil)
	}
	return c, nil
}
