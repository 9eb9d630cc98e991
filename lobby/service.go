package lobby

import (
	"context"
	"errors"
	"log/slog"
	mrand "math/rand/v2"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/randid"
)

// GameStarter creates and starts a game from its configuration and returns
// the game's first event (live.Runtime has it: the lobby's games go to the
// runtime directly). The lobby configures each game with game.NewConfig.
type GameStarter interface {
	Create(ctx context.Context, cfg game.Config) (game.Event, error)
}

// GameStarterFunc is a function that is a [GameStarter].
type GameStarterFunc func(ctx context.Context, cfg game.Config) (game.Event, error)

// Create calls f.
func (f GameStarterFunc) Create(ctx context.Context, cfg game.Config) (game.Event, error) {
	return f(ctx, cfg)
}

// startGame starts the game of white against black under tc, rated or
// casual, and returns its id.
func (s *Service) startGame(ctx context.Context, white, black Player, tc game.TimeControl, rated bool) (string, error) {
	cfg := game.NewConfig(white.gamePlayer(), black.gamePlayer(), tc)
	cfg.Rated = rated
	ev, err := s.cfg.Games.Create(ctx, cfg)
	if err != nil {
		return "", err
	}
	return ev.GameID, nil
}

// Defaults of [Config].
const (
	DefaultOwnerGrace       = 5 * time.Second
	DefaultChallengeTTL     = 20 * time.Minute
	DefaultOpenChallengeTTL = 24 * time.Hour
	DefaultRematchTTL       = time.Minute
)

// Config is what a [Service] needs. Store and Games are required; the rest
// has defaults.
type Config struct {
	// Store keeps seeks and challenges.
	Store Store
	// Games starts the games the lobby pairs.
	Games GameStarter
	// Events carries the lobby's events; default a new LocalEvents.
	Events Events
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Heads decides a random colour: true gives white to the newcomer of a
	// pairing (the challenger of a challenge). Default a fair coin.
	Heads func() bool
	// NewID returns a fresh seek or challenge id; default 8 random letters
	// and digits (62^8 ≈ 2×10^14 ids).
	NewID func() string
	// OwnerGrace is how long a seek stays once its owner's last socket has
	// closed (default 5 s): a page reload does not lose the seek.
	OwnerGrace time.Duration
	// ChallengeTTL is how long a direct challenge waits for an answer
	// (default 20 min).
	ChallengeTTL time.Duration
	// OpenChallengeTTL is how long a challenge link waits for someone to
	// open it (default 24 h).
	OpenChallengeTTL time.Duration
	// RematchTTL is how long a rematch offer waits for the opponent
	// (default 1 min).
	RematchTTL time.Duration
	// Log receives what cannot be returned (events that failed to publish);
	// default slog.Default().
	Log *slog.Logger
}

// Service is the lobby: seeks and their pairing, challenges, rematches. It
// keeps nothing in memory: every node may run one on the same Store, and
// any of them may run Sweep.
type Service struct {
	cfg     Config
	lapsing chan struct{} // see Lapsing
}

// New returns a Service on cfg, with defaults filled in.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil || cfg.Games == nil {
		return nil, errors.New("lobby: Config.Store and Config.Games are required")
	}
	if cfg.Events == nil {
		cfg.Events = &LocalEvents{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Heads == nil {
		cfg.Heads = func() bool { return mrand.IntN(2) == 0 }
	}
	if cfg.NewID == nil {
		cfg.NewID = randomID
	}
	if cfg.OwnerGrace <= 0 {
		cfg.OwnerGrace = DefaultOwnerGrace
	}
	if cfg.ChallengeTTL <= 0 {
		cfg.ChallengeTTL = DefaultChallengeTTL
	}
	if cfg.OpenChallengeTTL <= 0 {
		cfg.OpenChallengeTTL = DefaultOpenChallengeTTL
	}
	if cfg.RematchTTL <= 0 {
		cfg.RematchTTL = DefaultRematchTTL
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg, lapsing: make(chan struct{}, 1)}, nil
}

// Events returns the events the service publishes, to subscribe to.
func (s *Service) Events() Events { return s.cfg.Events }

func (s *Service) now() time.Time { return utc(s.cfg.Now()) }

// publish sends e; a failure is logged, never returned: what happened is
// stored, and a subscriber that missed it sees it on its next fetch.
func (s *Service) publish(ctx context.Context, e Event) {
	if e.Type == ChallengeChanged && e.Challenge != nil && e.Challenge.Status == Created {
		s.lapses()
	}
	if err := s.cfg.Events.Publish(ctx, e); err != nil {
		s.cfg.Log.Warn("lobby: event not published", "type", e.Type, "err", err)
	}
}

// randomID returns 8 letters and digits, uniformly from crypto/rand.
func randomID() string { return randid.String(randid.Alphanumeric, 8) }
