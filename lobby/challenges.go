package lobby

import (
	"context"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/coded"
)

// ChallengeRequest is a challenge someone makes: to one person (Dest), or
// a challenge link (Dest nil).
type ChallengeRequest struct {
	Challenger  Player
	Dest        *Player
	TimeControl game.TimeControl
	Color       Color
	Rated       bool
}

// Challenge makes a challenge and publishes it. A direct challenge expires
// Config.ChallengeTTL (20 min) after it is made if unanswered, a link
// Config.OpenChallengeTTL (24 h) after; the challenger may cancel it before.
// Refusals change nothing: a bad time control, colour or player, a
// challenge to oneself (CodeOwnChallenge), a rated challenge from or to a
// guest (CodeRatedNeedsAccounts).
func (s *Service) Challenge(ctx context.Context, req ChallengeRequest) (Challenge, error) {
	now := s.now()
	c := Challenge{ID: s.cfg.NewID(), Kind: Open, Status: Created, Challenger: req.Challenger,
		TimeControl: req.TimeControl, Color: req.Color, Rated: req.Rated,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.OpenChallengeTTL), UpdatedAt: now}
	players := []Player{req.Challenger}
	if req.Dest != nil {
		c.Kind, c.Dest, c.ExpiresAt = Direct, *req.Dest, now.Add(s.cfg.ChallengeTTL)
		players = append(players, *req.Dest)
	}
	if err := checkChallenge(c, players); err != nil {
		return Challenge{}, fmt.Errorf("lobby: challenge: %w", err)
	}
	if err := s.cfg.Store.CreateChallenge(ctx, c); err != nil {
		return Challenge{}, fmt.Errorf("lobby: challenge: %w", err)
	}
	s.publish(ctx, Event{Type: ChallengeChanged, Challenge: &c})
	return c, nil
}

// checkChallenge validates a new challenge between players.
func checkChallenge(c Challenge, players []Player) error {
	if err := c.Challenger.check("challenger"); err != nil {
		return err
	}
	if len(players) > 1 {
		if err := players[1].check("challenged player"); err != nil {
			return err
		}
		if players[1].ID == c.Challenger.ID {
			return NewError(CodeOwnChallenge, c.Challenger.Name+" challenged themselves", nil)
		}
	}
	if err := checkTimeControl(c.TimeControl); err != nil {
		return err
	}
	if _, err := ParseColor(string(c.Color)); err != nil {
		return err
	}
	return checkRated(c.Rated, players...)
}

// Get returns challenge id as it stands now: an unanswered challenge past
// its expiry is marked expired first.
func (s *Service) Get(ctx context.Context, id string) (Challenge, error) {
	c, err := s.cfg.Store.Challenge(ctx, id)
	if err != nil {
		return Challenge{}, fmt.Errorf("lobby: challenge %q: %w", coded.ClipParam(id), err)
	}
	if c.Status == Created && !c.IsOpen(s.now()) {
		return s.expire(ctx, c)
	}
	return c, nil
}

// expire marks c (created, past its expiry) expired and publishes it. If
// someone answered it meanwhile, it returns the challenge as it now is.
func (s *Service) expire(ctx context.Context, c Challenge) (Challenge, error) {
	n := c
	n.Status, n.UpdatedAt = Expired, s.now()
	switch err := s.cfg.Store.UpdateChallenge(ctx, n, Created); {
	case errors.Is(err, ErrChallengeClosed):
		return s.cfg.Store.Challenge(ctx, c.ID)
	case err != nil:
		return Challenge{}, fmt.Errorf("lobby: expire challenge %q: %w", c.ID, err)
	}
	s.publish(ctx, Event{Type: ChallengeChanged, Challenge: &n})
	return n, nil
}

// open returns challenge id if it is open, or the refusal that says why
// not: CodeChallengeExpired or CodeChallengeClosed.
func (s *Service) open(ctx context.Context, id string) (Challenge, error) {
	c, err := s.Get(ctx, id)
	switch {
	case err != nil:
		return Challenge{}, err
	case c.Status == Expired:
		return c, fmt.Errorf("lobby: challenge %q: %w", id, NewError(CodeChallengeExpired, "the challenge has expired", nil))
	case c.Status != Created:
		return c, fmt.Errorf("lobby: challenge %q: %w", id, ChallengeClosedError(id, c.Status))
	}
	return c, nil
}

// Accept accepts challenge id on behalf of by and starts its game through
// Config.Games; the challenge comes back accepted with its GameID. A
// direct challenge or a rematch offer is accepted only by the person it is
// addressed to (CodeNotYourChallenge); a link by anyone but its creator
// (CodeOwnChallenge), and a rated link only by an account
// (CodeRatedNeedsAccounts). Of two people accepting at once, exactly one
// wins: the other gets CodeChallengeClosed. An expired challenge gets
// CodeChallengeExpired. If the game cannot be started, the challenge is
// open again.
func (s *Service) Accept(ctx context.Context, id string, by Player) (Challenge, error) {
	if err := by.check("accepting player"); err != nil {
		return Challenge{}, fmt.Errorf("lobby: accept: %w", err)
	}
	c, err := s.open(ctx, id)
	if err != nil {
		return c, fmt.Errorf("lobby: accept: %w", err)
	}
	switch {
	case c.Kind != Open && by.ID != c.Dest.ID:
		return c, fmt.Errorf("lobby: accept: %w", NewError(CodeNotYourChallenge, fmt.Sprintf("challenge %q is addressed to %s", c.ID, c.Dest.Name), nil))
	case by.ID == c.Challenger.ID:
		return c, fmt.Errorf("lobby: accept: %w", NewError(CodeOwnChallenge, fmt.Sprintf("%s opened their own challenge %q", by.Name, c.ID), nil))
	}
	if err := checkRated(c.Rated, by); err != nil {
		return c, fmt.Errorf("lobby: accept: %w", err)
	}
	claimed := c
	claimed.Status, claimed.Dest, claimed.UpdatedAt = Accepted, by, s.now()
	if err := s.cfg.Store.UpdateChallenge(ctx, claimed, Created); err != nil {
		return c, fmt.Errorf("lobby: accept: %w", err)
	}
	white, black := c.Challenger, by
	if c.Color == Black || (c.Color == Random && !s.cfg.Heads()) {
		white, black = black, white
	}
	gameID, err := s.startGame(ctx, white, black, c.TimeControl, c.Rated)
	if err != nil {
		back := s.cfg.Store.UpdateChallenge(ctx, c, Accepted)
		return c, fmt.Errorf("lobby: accept: start game: %w (challenge reopened: %v)", err, back)
	}
	claimed.GameID = gameID
	if err := s.cfg.Store.UpdateChallenge(ctx, claimed, Accepted); err != nil {
		// The game runs; only the link from the challenge to it is lost.
		s.cfg.Log.Error("lobby: accepted challenge's game id not stored", "challenge", c.ID, "game", gameID, "err", err)
	}
	s.publish(ctx, Event{Type: ChallengeChanged, Challenge: &claimed, GameID: gameID, White: &white, Black: &black})
	return claimed, nil
}

// Decline declines challenge id on behalf of byID, the person it is
// addressed to, with reason (see [ParseDeclineReason]). A link cannot be
// declined, only left unopened (CodeNotYourChallenge).
func (s *Service) Decline(ctx context.Context, id, byID string, reason DeclineReason) (Challenge, error) {
	if _, err := ParseDeclineReason(string(reason)); err != nil {
		return Challenge{}, fmt.Errorf("lobby: decline: %w", err)
	}
	if reason == "" {
		reason = DeclineGeneric
	}
	c, err := s.open(ctx, id)
	if err != nil {
		return c, fmt.Errorf("lobby: decline: %w", err)
	}
	if c.Kind == Open || byID != c.Dest.ID {
		return c, fmt.Errorf("lobby: decline: %w", NewError(CodeNotYourChallenge, fmt.Sprintf("challenge %q is not addressed to %q", c.ID, coded.ClipParam(byID)), nil))
	}
	return s.close(ctx, c, Declined, reason)
}

// Cancel cancels challenge id on behalf of byID, its challenger (anyone
// else gets CodeNotYourChallenge).
func (s *Service) Cancel(ctx context.Context, id, byID string) (Challenge, error) {
	c, err := s.open(ctx, id)
	if err != nil {
		return c, fmt.Errorf("lobby: cancel: %w", err)
	}
	if byID != c.Challenger.ID {
		return c, fmt.Errorf("lobby: cancel: %w", NewError(CodeNotYourChallenge, fmt.Sprintf("challenge %q is not %q's", c.ID, coded.ClipParam(byID)), nil))
	}
	return s.close(ctx, c, Canceled, "")
}

// close moves the open challenge c to status and publishes it.
func (s *Service) close(ctx context.Context, c Challenge, status Status, reason DeclineReason) (Challenge, error) {
	n := c
	n.Status, n.DeclineReason, n.UpdatedAt = status, reason, s.now()
	if err := s.cfg.Store.UpdateChallenge(ctx, n, Created); err != nil {
		return c, fmt.Errorf("lobby: %s challenge %q: %w", status, c.ID, err)
	}
	s.publish(ctx, Event{Type: ChallengeChanged, Challenge: &n})
	return n, nil
}

// ChallengesFor returns the open challenges userID made or received
// (rematch offers included), oldest first.
func (s *Service) ChallengesFor(ctx context.Context, userID string) ([]Challenge, error) {
	all, err := s.cfg.Store.ChallengesFor(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("lobby: challenges of %q: %w", coded.ClipParam(userID), err)
	}
	now := s.now()
	out := all[:0]
	for _, c := range all {
		if c.IsOpen(now) {
			out = append(out, c)
		}
	}
	return out, nil
}
