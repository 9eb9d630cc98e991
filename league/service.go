package league

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/joinpal/joinpal/internal/randid"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/tournament"
)

// Games creates the games of live rounds (live.Runtime has this method).
type Games interface {
	Create(ctx context.Context, cfg game.Config) (game.Event, error)
}

// Records reads stored games (game.Store has this method): the league
// reads its games' results from the store, so a result is never missed
// while the server was down.
type Records interface {
	LoadGame(ctx context.Context, id string) (game.Record, error)
}

// Arranger makes the scheduled games of arranged rounds
// (schedule.Service has these methods).
type Arranger interface {
	// Arrange creates, once, arrangement id for the game cfg.
	Arrange(ctx context.Context, id string, cfg game.Config, zone string) (schedule.Arrangement, error)
	// Get returns arrangement id as it stands.
	Get(ctx context.Context, id string) (schedule.Arrangement, error)
}

// Clubs tells a user's place in a club (club.Service has this method).
type Clubs interface {
	Membership(ctx context.Context, id, userID string) (club.Membership, error)
}

// Ratings tells a user's ratings (rating.Store has this method).
type Ratings interface {
	Ratings(ctx context.Context, userID string) (map[rating.Speed]rating.Rating, error)
}

// Pairer pairs round `round` of a Swiss: players by pairing number, the
// games and byes so far (with this round's asked-for byes), the numbers
// of those absent this round; it has tournament.PairSwiss's shape, the
// FIDE Dutch system, which is the default.
type Pairer func(players []tournament.Player, games []tournament.Game, round int, absent []int, opts tournament.SwissOptions) ([]tournament.Pairing, error)

// Config is what a Service needs. Store, Games and Records are required.
type Config struct {
	Store   Store
	Games   Games
	Records Records
	// Arranger makes arranged rounds' games (nil: arranged tournaments
	// are refused).
	Arranger Arranger
	// Clubs (nil: club tournaments are refused).
	Clubs Clubs
	// Ratings (nil: every player is rated as new).
	Ratings Ratings
	// Pair pairs Swiss rounds (tournament.PairSwiss when nil).
	Pair Pairer
	// Now is the clock (time.Now).
	Now func() time.Time
	// NewID returns a fresh tournament or arrangement id.
	NewID func() string
	// Log receives what cannot be returned (slog.Default()).
	Log *slog.Logger
	// Changes carries the ids of the tournaments that change to the
	// pages that show them: a broadcast.Hub of this process when nil;
	// package natsbus's Events carries them between the nodes.
	Changes Changes
	// Paired carries the live rounds' new games to the players'
	// notifications (a broadcast.Hub of this process when nil).
	Paired PairedNotices
	// Alone says that every change of the tournaments goes through this
	// Service (one node): Run then sleeps while no tournament runs, until
	// the first live start or Wake; a change ends the sleep, the next tick
	// within Run's interval.
	Alone bool
}

// Changes carries the ids of the tournaments that change.
type Changes interface {
	// Publish sends id to every subscriber, without waiting for slow ones.
	Publish(ctx context.Context, id string) error
	// Subscribe returns the ids published from now on and a function
	// that ends the subscription; the channel is closed if the subscriber
	// falls too far behind.
	Subscribe() (<-chan string, func())
}

// Service runs tournaments over a Store. It keeps nothing in memory, so
// a restart loses nothing and any node may serve it.
type Service struct {
	cfg  Config
	wake chan struct{}
	// stirred tells Run, alone, that a change ended the calm.
	stirred chan struct{}
	// calm and nextStart are what the last Tick found, alone: no
	// tournament running or paused, and the earliest start of a live one
	// in registration (zero: none). changes counts the changes made, so
	// that a Tick that read before one does not make the service calm.
	// Under mu.
	mu        sync.Mutex
	calm      bool
	nextStart time.Time
	changes   uint64
}

// New returns the service of cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil || cfg.Games == nil || cfg.Records == nil {
		return nil, errors.New("league: Config.Store, Games and Records are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.NewID == nil {
		cfg.NewID = func() string { return randid.String(randid.Alphanumeric, 8) }
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Pair == nil {
		cfg.Pair = tournament.PairSwiss
	}
	if cfg.Changes == nil {
		cfg.Changes = &broadcast.Hub[string]{}
	}
	if cfg.Paired == nil {
		cfg.Paired = &broadcast.Hub[Paired]{}
	}
	return &Service{cfg: cfg, wake: make(chan struct{}, 1), stirred: make(chan struct{}, 1)}, nil
}

// Person is who acts: a user's id and name, and whether a guest.
type Person struct {
	ID    string
	Name  string
	Guest bool
}

func needsAccount(p Person) error {
	if p.ID == "" || p.Guest {
		return NewError(CodeNeedsAccount, "tournaments are of accounts", nil)
	}
	return nil
}

func (s *Service) now() time.Time { return utc(s.cfg.Now()) }

// attempts is how many times a change is tried when others change the
// tournament between its read and its write.
const attempts = 5

// Create makes a tournament named name with settings, by by: a club's
// (clubID, by one of its admins), or an open one (clubID "").
func (s *Service) Create(ctx context.Context, by Person, name, clubID string, set Settings) (Tournament, error) {
	if err := needsAccount(by); err != nil {
		return Tournament{}, err
	}
	name = strings.Join(strings.Fields(name), " ")
	now := s.now()
	if err := validate(name, &set, now); err != nil {
		return Tournament{}, err
	}
	if set.Mode == Arranged && s.cfg.Arranger == nil {
		return Tournament{}, NewError(CodeBadMode, "arranged rounds are not available", nil).With("mode", string(set.Mode))
	}
	if clubID != "" {
		if err := s.clubAdmin(ctx, clubID, by.ID); err != nil {
			return Tournament{}, err
		}
	}
	t := Tournament{ID: s.cfg.NewID(), Name: name, ClubID: clubID, OwnerID: by.ID, OwnerName: by.Name,
		Settings: set, Status: Registration, TotalRounds: set.Rounds, CreatedAt: now, Version: 1}
	if err := s.cfg.Store.CreateTournament(ctx, t); err != nil {
		return Tournament{}, fmt.Errorf("league: create: %w", err)
	}
	s.changed(t.ID)
	return t, nil
}

func (s *Service) clubAdmin(ctx context.Context, clubID, userID string) error {
	if s.cfg.Clubs == nil {
		return NewError(CodeNotClubAdmin, "no clubs here", nil)
	}
	m, err := s.cfg.Clubs.Membership(ctx, clubID, userID)
	if err != nil {
		return err
	}
	if m.Role != club.Owner && m.Role != club.Admin {
		return NewError(CodeNotClubAdmin, "only the club's admins organise its tournaments", nil)
	}
	return nil
}

// Get returns tournament id.
func (s *Service) Get(ctx context.Context, id string) (Tournament, error) {
	return s.cfg.Store.Tournament(ctx, id)
}

// List returns the tournaments q asks for.
func (s *Service) List(ctx context.Context, q Query) ([]Tournament, error) {
	q.Limit = min(max(q.Limit, 1), 100)
	return s.cfg.Store.Tournaments(ctx, q)
}

// Entries returns tournament id's entries.
func (s *Service) Entries(ctx context.Context, id string) ([]Entry, error) {
	return s.cfg.Store.Entries(ctx, id)
}

// Boards returns tournament id's boards, round by round.
func (s *Service) Boards(ctx context.Context, id string) ([]Board, error) {
	return s.cfg.Store.Boards(ctx, id)
}

// state is a tournament as read for a change.
type state struct {
	t       Tournament
	entries []Entry
	boards  []Board
}

func (st state) entry(userID string) (Entry, bool) {
	for _, e := range st.entries {
		if e.UserID == userID {
			return e, true
		}
	}
	return Entry{}, false
}

// change reads tournament id, has f decide the change, and applies it;
// when others changed the tournament meanwhile, it tries again from the
// read.
func (s *Service) change(ctx context.Context, id string, f func(st state) (Change, error)) (Tournament, error) {
	var err error
	for range attempts {
		var st state
		if st.t, err = s.cfg.Store.Tournament(ctx, id); err != nil {
			return Tournament{}, err
		}
		if st.entries, err = s.cfg.Store.Entries(ctx, id); err != nil {
			return Tournament{}, err
		}
		if st.boards, err = s.cfg.Store.Boards(ctx, id); err != nil {
			return Tournament{}, err
		}
		var ch Change
		if ch, err = f(st); err != nil {
			return Tournament{}, err
		}
		var t Tournament
		t, err = s.cfg.Store.ApplyTournament(ctx, ch)
		if err == nil {
			s.changed(id)
			return t, nil
		}
		if CodeOf(err) != CodeConflict {
			return Tournament{}, err
		}
	}
	return Tournament{}, err
}

func (s *Service) changed(id string) {
	s.mu.Lock()
	s.calm = false
	s.changes++
	s.mu.Unlock()
	select {
	case s.stirred <- struct{}{}:
	default:
	}
	_ = s.cfg.Changes.Publish(context.Background(), id)
}

// Subscribe returns the ids of the tournaments that change from now on
// (an entry, a pairing, a result; on any node when Config.Changes crosses
// them), for the pages' live updates, and the function that ends the
// subscription.
func (s *Service) Subscribe() (<-chan string, func()) { return s.cfg.Changes.Subscribe() }

// ratingOf is userID's rating in the speed of tc, rounded.
func (s *Service) ratingOf(ctx context.Context, userID string, tc game.TimeControl) (int, error) {
	if s.cfg.Ratings == nil {
		return int(math.Round(rating.New().Value)), nil
	}
	rs, err := s.cfg.Ratings.Ratings(ctx, userID)
	if err != nil {
		return 0, fmt.Errorf("league: rating: %w", err)
	}
	r, ok := rs[rating.GameSpeed(tc)]
	if !ok {
		r = rating.New()
	}
	return int(math.Round(r.Value)), nil
}

// Join enters by in tournament id: before it starts, or in a running
// Swiss that takes late entries (from the next round).
func (s *Service) Join(ctx context.Context, by Person, id string) (Tournament, error) {
	if err := needsAccount(by); err != nil {
		return Tournament{}, err
	}
	t, err := s.Get(ctx, id)
	if err != nil {
		return Tournament{}, err
	}
	if t.ClubID != "" {
		if s.cfg.Clubs == nil {
			return Tournament{}, NewError(CodeNotClubMember, "no clubs here", nil)
		}
		m, err := s.cfg.Clubs.Membership(ctx, t.ClubID, by.ID)
		if err != nil {
			return Tournament{}, err
		}
		if !m.Role.IsMember() {
			return Tournament{}, NewError(CodeNotClubMember, "the tournament is the club members'", nil)
		}
	}
	tc, err := t.Clock()
	if err != nil {
		return Tournament{}, NewError(CodeBadTimeControl, "stored clock", err)
	}
	r, err := s.ratingOf(ctx, by.ID, tc)
	if err != nil {
		return Tournament{}, err
	}
	if (t.MinRating > 0 && r < t.MinRating) || (t.MaxRating > 0 && r > t.MaxRating) {
		return Tournament{}, NewError(CodeRatingOutside, "rating outside the range", nil).
			With("rating", strconv.Itoa(r), "min", strconv.Itoa(t.MinRating), "max", strconv.Itoa(t.MaxRating))
	}
	return s.change(ctx, id, func(st state) (Change, error) {
		if !st.t.Open() {
			return Change{}, NewError(CodeClosed, "the tournament takes no entries", nil)
		}
		if e, ok := st.entry(by.ID); ok {
			if e.Withdrawn {
				return Change{}, NewError(CodeWithdrawn, "withdrawn from the tournament", nil)
			}
			return Change{}, NewError(CodeAlreadyJoined, "already in the tournament", nil)
		}
		if len(st.entries) >= st.t.maxPlayers() {
			return Change{}, NewError(CodeFull, "the tournament is full", nil).With("max", strconv.Itoa(st.t.maxPlayers()))
		}
		e := Entry{UserID: by.ID, Name: by.Name, Rating: r, FromRound: 1, JoinedAt: s.now()}
		if st.t.Status == Registration {
			return Change{Tournament: st.t, Entries: []Entry{e}}, nil
		}
		// A late entry, from the next round (not paired yet): every
		// player's pairing number is given again by the initial order,
		// the entrant's place in it included; the rounds played keep
		// their players, stored by user id.
		e.FromRound = st.t.Round + 1
		return Change{Tournament: st.t, Entries: renumbered(append(slices.Clone(st.entries), e), e.UserID)}, nil
	})
}

// Leave takes by out of tournament id: before the start the entry goes;
// once it runs, by is withdrawn and paired no more (games played stay).
func (s *Service) Leave(ctx context.Context, by Person, id string) (Tournament, error) {
	if err := needsAccount(by); err != nil {
		return Tournament{}, err
	}
	return s.change(ctx, id, func(st state) (Change, error) {
		return withdraw(st, by.ID)
	})
}

func withdraw(st state, userID string) (Change, error) {
	e, ok := st.entry(userID)
	switch {
	case !ok:
		return Change{}, NewError(CodeNotJoined, "not in the tournament", nil)
	case e.Withdrawn:
		return Change{}, NewError(CodeWithdrawn, "withdrawn already", nil)
	case st.t.Status == Finished:
		return Change{}, NewError(CodeClosed, "the tournament is over", nil)
	case st.t.Status == Registration:
		e.Removed = true
	default:
		e.Withdrawn = true
	}
	return Change{Tournament: st.t, Entries: []Entry{e}}, nil
}

// Withdraw is the organiser withdrawing userID from tournament id.
func (s *Service) Withdraw(ctx context.Context, by Person, id, userID string) (Tournament, error) {
	return s.organise(ctx, by, id, func(st state) (Change, error) { return withdraw(st, userID) })
}

// AskBye asks (on) or withdraws (!on) by's half-point bye for round of
// Swiss id: before the round pairs and, with a bye notice, before the
// notice's deadline; at most the tournament's number of byes.
func (s *Service) AskBye(ctx context.Context, by Person, id string, round int, on bool) (Tournament, error) {
	if err := needsAccount(by); err != nil {
		return Tournament{}, err
	}
	return s.change(ctx, id, func(st state) (Change, error) {
		t := st.t
		e, ok := st.entry(by.ID)
		switch {
		case !ok:
			return Change{}, NewError(CodeNotJoined, "not in the tournament", nil)
		case e.Withdrawn:
			return Change{}, NewError(CodeWithdrawn, "withdrawn from the tournament", nil)
		case t.Format != Swiss:
			return Change{}, NewError(CodeByeNotSwiss, "byes are asked in a Swiss", nil)
		case round < 1 || round > t.TotalRounds:
			return Change{}, NewError(CodeByeRound, "no such round", nil).With("round", strconv.Itoa(round))
		case t.Status == Finished || round <= t.Round:
			return Change{}, NewError(CodeByeClosed, "the round is paired", nil).With("round", strconv.Itoa(round))
		}
		if due := t.RoundStart(round); t.ByeNotice > 0 && !due.IsZero() && !s.now().Before(due.Add(-t.ByeNotice)) {
			return Change{}, NewError(CodeByeClosed, "past the bye deadline", nil).With("round", strconv.Itoa(round))
		}
		has := slices.Contains(e.Byes, round)
		switch {
		case on && has, !on && !has:
			return Change{Tournament: t}, nil
		case on:
			if len(e.Byes) >= t.maxByes() {
				return Change{}, NewError(CodeByeLimit, "no more byes", nil).With("max", strconv.Itoa(t.maxByes()))
			}
			e.Byes = append(slices.Clone(e.Byes), round)
			slices.Sort(e.Byes)
		default:
			e.Byes = slices.DeleteFunc(slices.Clone(e.Byes), func(r int) bool { return r == round })
		}
		return Change{Tournament: t, Entries: []Entry{e}}, nil
	})
}

// GameBoard returns the tournament whose board game gameID is, and the
// board; it fails with CodeNotTournamentGame for a game no tournament
// paired.
func (s *Service) GameBoard(ctx context.Context, gameID string) (Tournament, Board, error) {
	id, b, err := s.cfg.Store.BoardOfGame(ctx, gameID)
	if err != nil {
		return Tournament{}, Board{}, err
	}
	t, err := s.Get(ctx, id)
	if err != nil {
		return Tournament{}, Board{}, err
	}
	return t, b, nil
}
