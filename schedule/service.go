package schedule

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/coded"
	"github.com/joinpal/joinpal/internal/randid"
)

// Games is what the service needs of the running games (live.Runtime has
// it: the binary wires the runtime here directly).
type Games interface {
	// Create creates and runs the game cfg (the service configures it
	// with game.NewConfig and the scheduled start); it returns the game's
	// first event.
	Create(ctx context.Context, cfg game.Config) (game.Event, error)
	// PostponeAsked moves the start of game id to at, on the request
	// playerID made at the moment asked (the one-hour rule is game's,
	// judged as of the request: game.Game.PostponeAsked).
	PostponeAsked(ctx context.Context, id, playerID string, at, asked time.Time) error
	// CheckIn records that playerID has shown up.
	CheckIn(ctx context.Context, id, playerID string) error
	// CallOff is playerID calling game id off alone, with at least an
	// hour's notice judged on the runtime's clock (game.Game.CallOff): the
	// game is aborted, with no result.
	CallOff(ctx context.Context, id, playerID string) error
	// Schedule returns the scheduled part of game id as it stands.
	Schedule(ctx context.Context, id string) (game.ScheduleState, error)
}

// Config is what a [Service] needs. Store and Games are required.
type Config struct {
	Store Store
	Games Games
	// Events carries the service's events (a new LocalEvents when nil).
	Events Events
	// Now is the clock (time.Now).
	Now func() time.Time
	// NewID returns a fresh arrangement id (8 random letters and digits).
	NewID func() string
	// Heads gives white to the proposer who asked for a random colour
	// (a fair coin).
	Heads func() bool
	// Log receives what cannot be returned (slog.Default()).
	Log *slog.Logger
}

// Service arranges games. It keeps nothing in memory: any node may run
// one on the same Store.
type Service struct {
	cfg  Config
	wake chan struct{}
}

// New returns a service on cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil || cfg.Games == nil {
		return nil, errors.New("schedule: Config.Store and Config.Games are required")
	}
	if cfg.Events == nil {
		cfg.Events = &LocalEvents{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.NewID == nil {
		cfg.NewID = randomID
	}
	if cfg.Heads == nil {
		cfg.Heads = func() bool { return mrand.IntN(2) == 0 }
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg, wake: make(chan struct{}, 1)}, nil
}

// Events returns the events the service publishes.
func (s *Service) Events() Events { return s.cfg.Events }

// Now returns the service's time, UTC to the millisecond.
func (s *Service) Now() time.Time { return utc(s.cfg.Now()) }

// Proposal is a game proposed by Proposer to Opponent.
type Proposal struct {
	Proposer, Opponent Player
	// Local is the start as the proposer entered it (LocalLayout), in Zone.
	Local, Zone string
	TimeControl game.TimeControl
	Rated       bool
	Color       Color
	// DefaultTime is the default time (0: game.DefaultNoShowTime).
	DefaultTime time.Duration
}

// Propose stores a proposal and tells both players. Refusals change
// nothing: a bad zone or time, a start less than MinLead or more than
// MaxLead away, a game proposed to oneself, a guest, an untimed or bad
// clock, a default time outside 1–60 minutes.
func (s *Service) Propose(ctx context.Context, p Proposal) (Arrangement, error) {
	now := s.Now()
	start, err := ParseLocal(p.Local, p.Zone)
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: propose: %w", err)
	}
	start = utc(start)
	if err := checkProposal(p, start, now); err != nil {
		return Arrangement{}, fmt.Errorf("schedule: propose: %w", err)
	}
	if p.DefaultTime == 0 {
		p.DefaultTime = game.DefaultNoShowTime
	}
	if p.Color == "" {
		p.Color = Random
	}
	a := Arrangement{ID: s.cfg.NewID(), Proposer: p.Proposer, Opponent: p.Opponent, Color: p.Color,
		TimeControl: p.TimeControl, Rated: p.Rated, StartAt: start, Zone: p.Zone, DefaultTime: p.DefaultTime,
		Status: Proposed, Postponements: []Postponement{}, CreatedAt: now, UpdatedAt: now}
	a.NextDue = a.nextDue()
	if err := s.cfg.Store.CreateArrangement(ctx, a); err != nil {
		return Arrangement{}, fmt.Errorf("schedule: propose: %w", err)
	}
	s.publish(ctx, Event{Type: EventProposed, Arrangement: a, By: p.Proposer.ID})
	s.poke()
	return a, nil
}

func checkProposal(p Proposal, start, now time.Time) error {
	switch {
	case p.Proposer.ID == "" || p.Opponent.ID == "" || p.Proposer.Name == "" || p.Opponent.Name == "":
		return NewError(CodeNeedsAccounts, "scheduled games are between accounts", nil)
	case p.Proposer.ID == p.Opponent.ID:
		return NewError(CodeOwnProposal, p.Proposer.Name+" proposed a game to themselves", nil)
	case !p.TimeControl.Timed():
		return game.NewError(game.CodeBadTimeControl, "a scheduled game needs a clock", nil)
	case p.TimeControl.IsCorrespondence():
		return game.ErrCorrespondenceNotAllowed
	case p.DefaultTime != 0 && (p.DefaultTime < time.Minute || p.DefaultTime > game.MaxDefaultTime):
		return NewError(CodeBadDefaultTime, "the default time is 1 to 60 minutes", nil).
			With("minutes", fmt.Sprint(int(p.DefaultTime.Minutes())))
	}
	if err := checkLead(start, now); err != nil {
		return err
	}
	switch p.Color {
	case "", White, Black, Random:
	default:
		return NewError(CodeBadColor, "bad colour "+coded.ClipParam(string(p.Color)), nil).
			With("color", coded.ClipParam(string(p.Color)))
	}
	return nil
}

// Get returns arrangement id as it stands now, what fell due done first.
func (s *Service) Get(ctx context.Context, id string) (Arrangement, error) {
	a, err := s.cfg.Store.Arrangement(ctx, id)
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: %w", err)
	}
	if !a.NextDue.IsZero() && !a.NextDue.After(s.Now()) {
		if b, err := s.advance(ctx, a); err == nil {
			a = b
		}
	}
	return s.endedEarly(ctx, a), nil
}

// List returns userID's open arrangements and those that start from a day
// ago on, by start.
func (s *Service) List(ctx context.Context, userID string) ([]Arrangement, error) {
	out, err := s.cfg.Store.ArrangementsFor(ctx, userID, s.Now().Add(-24*time.Hour))
	if err != nil {
		return nil, fmt.Errorf("schedule: %w", err)
	}
	for i, a := range out {
		out[i] = s.endedEarly(ctx, a)
	}
	return out, nil
}

// endedEarly returns a finished if its game ended before its start (a
// player resigned, say), written so; otherwise a as it is. The service's
// own schedule looks at the game only from the start, so the lists would
// go on calling such a game arranged until then.
func (s *Service) endedEarly(ctx context.Context, a Arrangement) Arrangement {
	if a.Status != Accepted || a.GameID == "" {
		return a
	}
	st, err := s.cfg.Games.Schedule(ctx, a.GameID)
	if err != nil || !st.Status.Finished() {
		return a
	}
	b, err := s.retryUpdate(ctx, a, func(b *Arrangement) {
		if b.Status == Accepted && b.GameID == a.GameID {
			b.Status, b.Stage = Finished, StageNoShowRun
		}
	}, Event{})
	if err != nil {
		s.cfg.Log.Warn("schedule: a game that ended before its start could not be recorded", "id", a.ID, "err", err)
		a.Status = Finished
		return a
	}
	return b
}

// update writes a changed arrangement (its NextDue and UpdatedAt set),
// then tells both players e, if e has a type.
func (s *Service) update(ctx context.Context, a Arrangement, e Event) (Arrangement, error) {
	a.UpdatedAt = s.Now()
	a.NextDue = a.nextDue()
	if err := s.cfg.Store.UpdateArrangement(ctx, a); err != nil {
		return Arrangement{}, err
	}
	a.Version++
	if e.Type != "" {
		e.Arrangement = a
		s.publish(ctx, e)
	}
	s.poke()
	return a, nil
}

// retryUpdate applies change to a and writes it; when someone else wrote
// first (CodeConflict) it reads the arrangement again and applies change
// to that, a few times. For the writes that follow a change already made to
// the game, which must not be lost.
func (s *Service) retryUpdate(ctx context.Context, a Arrangement, change func(*Arrangement), e Event) (Arrangement, error) {
	for try := 0; ; try++ {
		b := a
		b.Postponements = append([]Postponement(nil), a.Postponements...)
		change(&b)
		out, err := s.update(ctx, b, e)
		if err == nil || !errors.Is(err, ErrConflict) || try >= 4 {
			return out, err
		}
		if a, err = s.cfg.Store.Arrangement(ctx, a.ID); err != nil {
			return Arrangement{}, err
		}
	}
}

// Accept is the opponent's yes: the game is created and both are told.
func (s *Service) Accept(ctx context.Context, id, userID string) (Arrangement, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Arrangement{}, err
	}
	if err := s.answerable(a, userID); err != nil {
		return Arrangement{}, fmt.Errorf("schedule: accept: %w", err)
	}
	white, black := a.Proposer, a.Opponent
	if a.Color == Black || (a.Color == Random && !s.cfg.Heads()) {
		white, black = black, white
	}
	// The arrangement is claimed first (a compare-and-set), so that of two
	// acceptances only one creates a game.
	a.Status, a.White, a.Black = Accepted, &white, &black
	claimed, err := s.update(ctx, a, Event{})
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: accept: %w", err)
	}
	// If the game fails, back to proposed: the opponent may try again.
	return s.createGame(ctx, claimed, "accept", Event{Type: EventAccepted, By: userID}, func(b *Arrangement) {
		b.Status, b.White, b.Black = Proposed, nil, nil
	})
}

// createGame creates the game of claimed, an arrangement just claimed for
// it (accepted, its colours and start set), records its id and tells both
// players e. If the game cannot be created, reopen undoes the claim, so
// that the answer may be given again. op names the step in errors.
func (s *Service) createGame(ctx context.Context, claimed Arrangement, op string, e Event, reopen func(*Arrangement)) (Arrangement, error) {
	cfg := game.NewConfig(claimed.White.gamePlayer(), claimed.Black.gamePlayer(), claimed.TimeControl)
	cfg.Rated, cfg.ScheduledAt, cfg.DefaultTime = claimed.Rated, claimed.StartAt, claimed.DefaultTime
	started, err := s.cfg.Games.Create(ctx, cfg)
	if err != nil {
		back := claimed
		back.Postponements = append([]Postponement(nil), claimed.Postponements...)
		reopen(&back)
		if _, uerr := s.update(ctx, back, Event{}); uerr != nil {
			s.cfg.Log.Error("schedule: an arrangement whose game failed could not be reopened", "id", claimed.ID, "err", uerr)
		}
		return Arrangement{}, fmt.Errorf("schedule: %s: %w", op, err)
	}
	out, err := s.retryUpdate(ctx, claimed, func(b *Arrangement) { b.GameID = started.GameID }, e)
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: %s: %w", op, err)
	}
	return out, nil
}

// answerable checks that userID may answer proposal a.
func (s *Service) answerable(a Arrangement, userID string) error {
	if a.Status != Proposed {
		return closed(a)
	}
	if a.Opponent.ID != userID {
		return NewError(CodeNotYours, "only "+a.Opponent.Name+" can answer this proposal", nil)
	}
	return nil
}

func closed(a Arrangement) error {
	return NewError(CodeClosed, "the scheduled game is "+string(a.Status), nil).
		With("status", string(a.Status))
}

// Decline is the opponent's no.
func (s *Service) Decline(ctx context.Context, id, userID string) (Arrangement, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Arrangement{}, err
	}
	if err := s.answerable(a, userID); err != nil {
		return Arrangement{}, fmt.Errorf("schedule: decline: %w", err)
	}
	a.Status = Declined
	out, err := s.update(ctx, a, Event{Type: EventDeclined, By: userID})
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: decline: %w", err)
	}
	return out, nil
}

// Cancel withdraws a proposal not yet answered (its proposer only).
func (s *Service) Cancel(ctx context.Context, id, userID string) (Arrangement, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Arrangement{}, err
	}
	if a.Status != Proposed {
		return Arrangement{}, fmt.Errorf("schedule: cancel: %w", closed(a))
	}
	if a.Proposer.ID != userID {
		return Arrangement{}, fmt.Errorf("schedule: cancel: %w", NewError(CodeNotYours, "only "+a.Proposer.Name+" can withdraw this proposal", nil))
	}
	a.Status = Canceled
	out, err := s.update(ctx, a, Event{Type: EventCanceled, By: userID})
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: cancel: %w", err)
	}
	return out, nil
}

// Suspend is a player suspending an accepted game alone, as the seed of
// the project says: with at least an hour's notice (game.SuspendNotice;
// 60:00 before the start is enough, 59:59 is refused with
// game.CodeSuspendTooLate), at most MaxSuspensions times per player and
// game. The game is called off — aborted, with no result and no rating
// change — a pending postponement request lapses, and the arrangement
// becomes Suspended: either player then proposes a new time (AskPostpone)
// and the other accepts it (AnswerPostpone), which creates the new game.
func (s *Service) Suspend(ctx context.Context, id, userID string) (Arrangement, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Arrangement{}, err
	}
	now := s.Now()
	switch {
	case !a.Involves(userID):
		err = NewError(CodeNotYours, "only the players can suspend the game", nil)
	case a.Status == Proposed:
		err = NewError(CodeNotAccepted, "the proposal has not been accepted yet", nil)
	case a.Status != Accepted || a.GameID == "":
		err = closed(a)
	case a.SuspensionsBy(userID) >= MaxSuspensions:
		err = NewError(CodeSuspendLimit, fmt.Sprintf("each player may suspend a game %d times", MaxSuspensions), nil).
			With("max", fmt.Sprint(MaxSuspensions))
	default:
		err = game.CheckSuspend(a.StartAt, now)
	}
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: suspend: %w", err)
	}
	if err := s.cfg.Games.CallOff(ctx, a.GameID, userID); err != nil {
		return Arrangement{}, fmt.Errorf("schedule: suspend: %w", err)
	}
	// The game is called off: the arrangement follows, however many writes
	// came between.
	gameID := a.GameID
	out, err := s.retryUpdate(ctx, a, func(b *Arrangement) {
		if i := b.Pending(); i >= 0 {
			b.Postponements[i].Status, b.Postponements[i].AnsweredAt = RequestLapsed, now
		}
		b.Suspensions = append(append([]Suspension(nil), b.Suspensions...), Suspension{By: userID, At: now, From: b.StartAt, GameID: gameID})
		b.Status, b.GameID, b.Stage, b.NoShowAt = Suspended, "", StageNone, time.Time{}
	}, Event{Type: EventSuspended, By: userID})
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: suspend: %w", err)
	}
	return out, nil
}

// AskPostpone is a player's request to move the start to the wall time
// local in zone. It is refused less than an hour before the start
// (game.CodePostponeTooLate, saying how late it is), to a start less than
// an hour away (game.CodePostponeTooSoon), while another request is
// pending, and past MaxPostponeRequests. For a suspended game it is the
// proposal of a new time: any number of them, one pending at a time, to a
// start at least MinLead and at most MaxLead away.
func (s *Service) AskPostpone(ctx context.Context, id, userID, local, zone string) (Arrangement, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Arrangement{}, err
	}
	to, err := ParseLocal(local, zone)
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: postpone: %w", err)
	}
	to = utc(to)
	now := s.Now()
	switch {
	case !a.Involves(userID):
		err = NewError(CodeNotYours, "only the players can postpone the game", nil)
	case a.Status == Proposed:
		err = NewError(CodeNotAccepted, "the proposal has not been accepted yet", nil)
	case a.Status != Accepted && a.Status != Suspended:
		err = closed(a)
	case a.Pending() >= 0:
		err = NewError(CodeRequestPending, "a request to postpone is waiting for an answer", nil)
	case a.Status == Suspended:
		err = checkLead(to, now)
	case a.Requests(userID) >= MaxPostponeRequests:
		err = NewError(CodePostponeLimit, fmt.Sprintf("each player may ask to postpone a game %d times", MaxPostponeRequests), nil).
			With("max", fmt.Sprint(MaxPostponeRequests))
	default:
		err = game.CheckPostpone(a.StartAt, now, to)
	}
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: postpone: %w", err)
	}
	a.Postponements = append(a.Postponements, Postponement{By: userID, From: a.StartAt, To: to, Zone: zone,
		Status: RequestPending, AskedAt: now, NewTime: a.Status == Suspended})
	out, err := s.update(ctx, a, Event{Type: EventPostponeAsked, By: userID})
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: postpone: %w", err)
	}
	return out, nil
}

// AnswerPostpone is the opponent's answer to the pending request: yes
// moves the game's start, no keeps it. The answer may come until the start
// (the one-hour rule is judged when the request was made); a request still
// unanswered at the start lapses.
func (s *Service) AnswerPostpone(ctx context.Context, id, userID string, yes bool) (Arrangement, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Arrangement{}, err
	}
	i := a.Pending()
	switch {
	case !a.Involves(userID):
		err = NewError(CodeNotYours, "only the players can answer", nil)
	case i < 0 || a.Postponements[i].By == userID:
		err = NewError(CodeNoRequest, "there is no request from the opponent to answer", nil)
	case a.Status == Suspended:
		return s.answerNewTime(ctx, a, i, userID, yes)
	case a.Status != Accepted:
		err = closed(a)
	}
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: answer: %w", err)
	}
	req := a.Postponements[i]
	e := Event{Type: EventPostponeDeclined, By: userID}
	if yes {
		if err := s.cfg.Games.PostponeAsked(ctx, a.GameID, req.By, req.To, req.AskedAt); err != nil {
			return Arrangement{}, fmt.Errorf("schedule: answer: %w", err)
		}
		e.Type = EventPostponed
	}
	// The game has moved: the arrangement follows, however many writes
	// (a reminder, say) came between.
	now := s.Now()
	out, err := s.retryUpdate(ctx, a, func(b *Arrangement) {
		for j := range b.Postponements {
			p := &b.Postponements[j]
			if p.Status != RequestPending || !p.AskedAt.Equal(req.AskedAt) {
				continue
			}
			p.AnsweredAt, p.Status = now, RequestDeclined
			if yes {
				p.Status, b.StartAt, b.Stage = RequestAccepted, p.To, StageNone
			}
		}
	}, e)
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: answer: %w", err)
	}
	return out, nil
}

// answerNewTime is the answer to the proposal of a new time for suspended
// game a (its pending request i): yes creates the game at that time, with
// the colours of the arrangement, and the arrangement is accepted again;
// no leaves it suspended, for another proposal. A time less than MinLead
// away by now is refused: propose another.
func (s *Service) answerNewTime(ctx context.Context, a Arrangement, i int, userID string, yes bool) (Arrangement, error) {
	req, now := a.Postponements[i], s.Now()
	answer := func(b *Arrangement, status RequestStatus) {
		if j := b.Pending(); j >= 0 && b.Postponements[j].AskedAt.Equal(req.AskedAt) {
			b.Postponements[j].Status, b.Postponements[j].AnsweredAt = status, now
		}
	}
	if !yes {
		out, err := s.retryUpdate(ctx, a, func(b *Arrangement) { answer(b, RequestDeclined) }, Event{Type: EventPostponeDeclined, By: userID})
		if err != nil {
			return Arrangement{}, fmt.Errorf("schedule: answer: %w", err)
		}
		return out, nil
	}
	if err := checkLead(req.To, now); err != nil {
		return Arrangement{}, fmt.Errorf("schedule: answer: %w", err)
	}
	if a.White == nil || a.Black == nil {
		return Arrangement{}, fmt.Errorf("schedule: answer: %w", closed(a))
	}
	// The arrangement is claimed first (a compare-and-set), so that of two
	// answers only one creates a game.
	claimed := a
	claimed.Postponements = append([]Postponement(nil), a.Postponements...)
	answer(&claimed, RequestAccepted)
	claimed.Status, claimed.StartAt, claimed.Stage = Accepted, req.To, StageNone
	claimed, err := s.update(ctx, claimed, Event{})
	if err != nil {
		return Arrangement{}, fmt.Errorf("schedule: answer: %w", err)
	}
	// If the game fails, back to suspended with the request pending.
	return s.createGame(ctx, claimed, "answer", Event{Type: EventPostponed, By: userID}, func(b *Arrangement) {
		b.Postponements = append([]Postponement(nil), a.Postponements...)
		b.Status, b.StartAt = Suspended, a.StartAt
	})
}

// checkLead checks that a start at to is at least MinLead and at most
// MaxLead from now, as a proposal's is.
func checkLead(to, now time.Time) error {
	switch {
	case to.Sub(now) < MinLead:
		return NewError(CodeTooSoon, "a game must be arranged at least 5 minutes ahead", nil).
			With("minutes", "5")
	case to.Sub(now) > MaxLead:
		return NewError(CodeTooFar, "a game can be arranged at most 366 days ahead", nil).With("days", "366")
	}
	return nil
}

// CheckIn records that userID has shown up (from 15 minutes before the
// start: game.CodeCheckInNotOpen before).
func (s *Service) CheckIn(ctx context.Context, id, userID string) (Arrangement, game.ScheduleState, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Arrangement{}, game.ScheduleState{}, err
	}
	switch {
	case !a.Involves(userID):
		err = NewError(CodeNotYours, "only the players can check in", nil)
	case a.Status == Proposed:
		err = NewError(CodeNotAccepted, "the proposal has not been accepted yet", nil)
	case a.GameID == "":
		err = closed(a)
	}
	if err != nil {
		return Arrangement{}, game.ScheduleState{}, fmt.Errorf("schedule: check in: %w", err)
	}
	before, _ := s.cfg.Games.Schedule(ctx, a.GameID)
	if err := s.cfg.Games.CheckIn(ctx, a.GameID, userID); err != nil {
		return Arrangement{}, game.ScheduleState{}, fmt.Errorf("schedule: check in: %w", err)
	}
	st, err := s.cfg.Games.Schedule(ctx, a.GameID)
	if err != nil {
		return Arrangement{}, game.ScheduleState{}, fmt.Errorf("schedule: check in: %w", err)
	}
	if before.Present != st.Present {
		s.publish(ctx, Event{Type: EventCheckedIn, Arrangement: a, By: userID})
	}
	return a, st, nil
}

// GameState returns the game of an accepted arrangement as it stands.
func (s *Service) GameState(ctx context.Context, a Arrangement) (game.ScheduleState, bool) {
	if a.GameID == "" {
		return game.ScheduleState{}, false
	}
	st, err := s.cfg.Games.Schedule(ctx, a.GameID)
	return st, err == nil
}

func (s *Service) publish(ctx context.Context, e Event) {
	if err := s.cfg.Events.Publish(ctx, e); err != nil {
		s.cfg.Log.Warn("schedule: event not published", "type", e.Type, "err", err)
	}
}

// Wake has Run tick at once (after the clock was moved, for instance).
func (s *Service) Wake() { s.poke() }

// poke wakes Run: something changed that may be due sooner.
func (s *Service) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// randomID returns 8 letters and digits, uniformly from crypto/rand.
func randomID() string { return randid.String(randid.Alphanumeric, 8) }
