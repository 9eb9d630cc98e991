package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/joinpal/joinpal/ratelimit"
	"github.com/joinpal/joinpal/rating"
	"github.com/prometheus/client_golang/prometheus"
)

// Defaults of [Config].
const (
	DefaultSessionTTL = 30 * 24 * time.Hour
)

// Rate is how many events a key may have per period: that many at once,
// then one every Period/N (ratelimit.Keyed).
type Rate struct {
	N      int
	Period time.Duration
}

// Limits are the rate limits of the endpoints that guess-work could abuse.
type Limits struct {
	// LoginsPerIP and LoginsPerAccount bound log-in attempts from one
	// address and for one username from one address (10 and 5 per 5
	// minutes).
	LoginsPerIP, LoginsPerAccount Rate
	// SignupsPerIP and SignupsPerAccount bound sign-ups from one address
	// and for one username (5 and 5 per hour).
	SignupsPerIP, SignupsPerAccount Rate
	// GuestsPerIP bounds the guests one address creates (30 per 10 min).
	GuestsPerIP Rate
	// NewGamesPerPlayer bounds what one player (account or guest) asks to
	// start: seeks, challenges to a user or by link, games against the AI,
	// rematches against the AI and scheduled-game proposals, all counted
	// together (60 per 10 minutes: far more than anyone plays, far fewer
	// than a script floods).
	NewGamesPerPlayer Rate
}

// DefaultLimits returns the limits used when Config.Limits leaves one zero.
func DefaultLimits() Limits {
	return Limits{
		LoginsPerIP:       Rate{10, 5 * time.Minute},
		LoginsPerAccount:  Rate{5, 5 * time.Minute},
		SignupsPerIP:      Rate{5, time.Hour},
		SignupsPerAccount: Rate{5, time.Hour},
		GuestsPerIP:       Rate{30, 10 * time.Minute},
		NewGamesPerPlayer: Rate{60, 10 * time.Minute},
	}
}

// AIStats is what the server needs of the AI's worker pool for metrics
// (ai.Pool has it).
type AIStats interface {
	Stats() ai.Stats
}

// Config is what a [Server] needs. Accounts is required; the rest has
// defaults or may be nil.
type Config struct {
	// Accounts keeps users, sessions and API tokens.
	Accounts account.Store

	// ---- play (the game, lobby and socket routes) ----

	// Runtime runs the live games.
	Runtime Runtime
	// Lobby pairs seeks and keeps challenges.
	Lobby Lobby
	// AI starts games against the AI and plays its side of them.
	AI AIGames
	// AIPool is the AI's worker pool, for metrics.
	AIPool AIStats
	// Games reads the stored games (the game.Store).
	Games GameReader
	// Listing lists a player's games and the games being played now.
	Listing game.Listing
	// Ratings reads the players' ratings.
	Ratings rating.Store
	// Schedule arranges games for a date and time.
	Schedule Schedule
	// Peers reports whether the link to the other nodes (NATS) is up: nil
	// when it is, its failure when not. Nil for a node alone.
	Peers func() error
	// Analyses runs the computer analyses of finished games (nil: none;
	// the analysis routes answer analysis.closed).
	Analyses Analyses
	// Clubs keeps clubs and their members (none: the club routes answer
	// club.not_found).
	Clubs Clubs
	// Tournaments runs Swiss tournaments and round-robin leagues (none:
	// the tournament routes answer league.not_found).
	Tournaments Tournaments
	// Arenas runs arenas (none: the arena routes answer arena.not_found).
	Arenas Arenas
	// Socket sets the WebSockets' limits and timings (SocketConfig's
	// defaults when zero).
	Socket SocketConfig
	// Chat holds the chat rooms of the games and the lobby (a chat.Chat
	// on Now without a store, which refuses reports, when nil).
	Chat Chat
	// Crowds shares the watchers of each game with the other nodes, so
	// that a game's spectator count counts every node's (nil: a node
	// alone counts its own).
	Crowds Crowds
	// Turns carries the "your move" notes of correspondence games to the
	// lobby sockets of every node (nil: this process's only).
	Turns TurnNotes

	// ---- the rest ----

	// Now is the clock (time.Now).
	Now func() time.Time
	// Log receives errors that are not the client's fault (slog.Default()).
	Log *slog.Logger
	// SessionTTL is how long a session lasts unused (30 days); each use
	// extends it.
	SessionTTL time.Duration
	// SecureCookies marks cookies Secure even on plain HTTP; they are
	// Secure regardless when the request came over https, to the server
	// or to a trusted proxy.
	SecureCookies bool
	// TrustedProxies are the peers (proxies that end TLS, load balancers)
	// whose X-Forwarded-For and X-Forwarded-Proto are believed: the
	// client's address (the key of every per-address limit) and whether
	// it came over https. From any other peer the headers are ignored.
	TrustedProxies []netip.Prefix
	// TrustedOrigins are other origins ("https://example.org") whose pages
	// may send state-changing requests.
	TrustedOrigins []string
	// MaxBody caps request bodies (DefaultMaxBody).
	MaxBody int64
	// Limits are the rate limits; each zero Rate gets DefaultLimits'.
	Limits Limits
	// PasswordParams are the Argon2id parameters of new hashes
	// (account.DefaultParams).
	PasswordParams account.Params
	// LoginDelay is the wait after a wrong password for one username from
	// one address, doubling with each further one up to 5 minutes
	// (DefaultLoginDelay when zero); a log-in refused meanwhile gets 429
	// CodeRateLimited.
	LoginDelay time.Duration
	// HashConcurrency is how many password hashes (log-ins, sign-ups) run
	// at once (GOMAXPROCS when zero); each takes PasswordParams.Memory.
	HashConcurrency int
	// HashWait is how long a log-in or sign-up waits for a hashing slot
	// before it is refused with CodeBusy (DefaultHashWait when zero).
	HashWait time.Duration
	// Metrics are the server's metrics (NewMetrics on a new registry when
	// nil).
	Metrics *Metrics
}

// Server is JoinPal's HTTP server. Its Handler serves every route.
type Server struct {
	cfg     Config
	log     *slog.Logger
	mux     *http.ServeMux
	cop     *http.CrossOriginProtection
	metrics *Metrics
	handler http.Handler

	loginsPerIP, loginsPerAccount   *ratelimit.Keyed
	signupsPerIP, signupsPerAccount *ratelimit.Keyed
	guestsPerIP                     *ratelimit.Keyed
	newGamesPerPlayer               *ratelimit.Keyed
	hashes                          *hashPool
	loginDelay                      *failureDelay
	socketCaps                      *socketCaps

	ready    atomic.Bool
	draining atomic.Bool
	// stopping is closed by Shutdown: the NDJSON streams (events, board
	// games, seeks) end their answers then, as the sockets close.
	stopping     chan struct{}
	stoppingOnce sync.Once

	play playState // the sockets of the play routes
	chat Chat      // the chat rooms

	openings openingCache // the openings of finished games in lists
	changes  changeCache  // the rating changes of finished rated games
	watch    watchState   // who watches which game, and the TV's game
	turns    TurnNotes    // "your move" notes of correspondence games

	hooksMu sync.Mutex
	hooks   []func(context.Context)
}

// New returns a server on cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Accounts == nil {
		return nil, errors.New("server: Config.Accounts is required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = DefaultSessionTTL
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.PasswordParams == (account.Params{}) {
		cfg.PasswordParams = account.DefaultParams
	}
	if cfg.Metrics == nil {
		m, err := NewMetrics(prometheus.NewRegistry())
		if err != nil {
			return nil, err
		}
		cfg.Metrics = m
	}
	def := DefaultLimits()
	limit := func(r, d Rate) *ratelimit.Keyed {
		if r.N <= 0 || r.Period <= 0 {
			r = d
		}
		return ratelimit.NewKeyed(r.N, r.Period, cfg.Now)
	}
	if cfg.Chat == nil {
		cfg.Chat = chat.New(chat.Config{Now: cfg.Now})
	}
	if cfg.Turns == nil {
		cfg.Turns = &broadcast.Hub[TurnNote]{}
	}
	s := &Server{
		stopping:          make(chan struct{}),
		cfg:               cfg,
		chat:              cfg.Chat,
		turns:             cfg.Turns,
		log:               cfg.Log,
		mux:               http.NewServeMux(),
		cop:               http.NewCrossOriginProtection(),
		loginsPerIP:       limit(cfg.Limits.LoginsPerIP, def.LoginsPerIP),
		loginsPerAccount:  limit(cfg.Limits.LoginsPerAccount, def.LoginsPerAccount),
		signupsPerIP:      limit(cfg.Limits.SignupsPerIP, def.SignupsPerIP),
		signupsPerAccount: limit(cfg.Limits.SignupsPerAccount, def.SignupsPerAccount),
		guestsPerIP:       limit(cfg.Limits.GuestsPerIP, def.GuestsPerIP),
		newGamesPerPlayer: limit(cfg.Limits.NewGamesPerPlayer, def.NewGamesPerPlayer),
		hashes:            newHashPool(cfg.HashConcurrency, cfg.HashWait),
		loginDelay:        newFailureDelay(cfg.LoginDelay, cfg.Now),
		socketCaps:        newSocketCaps(cfg.Socket.MaxPerUser, cfg.Socket.MaxPerAddress),
	}
	s.watch.crowds = cfg.Crowds
	s.watch.followCrowds()
	for _, o := range cfg.TrustedOrigins {
		if err := s.cop.AddTrustedOrigin(o); err != nil {
			return nil, fmt.Errorf("server: trusted origin: %w", err)
		}
	}
	s.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, NewError(CodeCrossOrigin, "cross-origin request refused", nil))
	}))
	var rt GameRuntime
	if cfg.Runtime != nil {
		rt = cfg.Runtime
	}
	if err := cfg.Metrics.watch(rt, cfg.AIPool); err != nil {
		return nil, fmt.Errorf("server: metrics: %w", err)
	}
	s.metrics = cfg.Metrics
	s.dummyHash() // made once here, not by many log-ins at once outside the hashing pool
	for _, rt := range s.routes() {
		s.mux.Handle(rt.pattern, rt.handler)
	}
	s.handler = s.guard(s.cop.Handler(http.HandlerFunc(s.serve)))
	s.OnShutdown(s.closeSockets)
	return s, nil
}

// Handler returns the handler of every route, with the cross-origin
// protection, panic recovery and per-request state around it.
func (s *Server) Handler() http.Handler { return s.handler }

// Metrics returns the server's metrics, for the parts that count into
// them.
func (s *Server) Metrics() *Metrics { return s.metrics }

// SetReady marks the server ready (/healthz answers 200): call it once the
// runtime has resumed its games.
func (s *Server) SetReady() { s.ready.Store(true) }

// Drain marks the server as stopping: /healthz answers 503 and handlers
// that would start a new game refuse with CodeRestarting.
func (s *Server) Drain() { s.draining.Store(true) }

// Draining reports whether Drain was called.
func (s *Server) Draining() bool { return s.draining.Load() }

// OnShutdown registers f to run in Shutdown (e.g. closing every socket with
// the reason "server restarting").
func (s *Server) OnShutdown(f func(ctx context.Context)) {
	s.hooksMu.Lock()
	defer s.hooksMu.Unlock()
	s.hooks = append(s.hooks, f)
}

// Shutdown drains the server, ends the answers of its NDJSON streams and
// runs the OnShutdown hooks, in the order they were registered. It does not stop an http.Server: its caller does,
// after this.
func (s *Server) Shutdown(ctx context.Context) {
	s.Drain()
	s.hooksMu.Lock()
	hooks := slices.Clone(s.hooks)
	s.hooksMu.Unlock()
	for _, f := range hooks {
		f(ctx)
	}
	// After the hooks, which mark the players' presence as stopping: a
	// board stream that ends does not count as its player leaving.
	s.stoppingOnce.Do(func() { close(s.stopping) })
}

// serve routes r, with its per-request state, and answers the mux's own
// "not found" and "method not allowed" as coded JSON errors.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	r = s.fromClient(r)
	r = r.WithContext(context.WithValue(r.Context(), stateKey{}, &requestState{}))
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.writeError(w, r, fmt.Errorf("server: panic: %v", v))
		}
	}()
	if _, pattern := s.mux.Handler(r); pattern == "" {
		s.mux.ServeHTTP(&fallbackWriter{ResponseWriter: w, s: s, r: r}, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// fallbackWriter turns the mux's plain-text 404 and 405 into coded JSON.
type fallbackWriter struct {
	http.ResponseWriter
	s       *Server
	r       *http.Request
	written bool
}

func (f *fallbackWriter) WriteHeader(status int) {
	if f.written {
		return
	}
	f.written = true
	switch status {
	case http.StatusNotFound:
		f.s.writeError(f.ResponseWriter, f.r, NewError(CodeNotFound, "no such route", nil))
	case http.StatusMethodNotAllowed:
		f.s.writeError(f.ResponseWriter, f.r, NewError(CodeMethodNotAllowed, "method not allowed", nil).
			With("method", clip(f.r.Method)))
	default:
		f.ResponseWriter.WriteHeader(status)
		f.written = false
	}
}

func (f *fallbackWriter) Write(b []byte) (int, error) {
	if f.written {
		return len(b), nil // the mux's plain text, replaced by the JSON
	}
	return f.ResponseWriter.Write(b)
}

// reader is whom the messages of the answer to r are written for: its
// language (see lang) and the time zone the browser named (see
// zoneFromCookie).
func (s *Server) reader(r *http.Request) i18n.Reader {
	return i18n.Reader{Lang: s.lang(r), Zone: zoneFromCookie(r)}
}

// lang is the language of the answer to r: the signed-in user's setting if
// it was resolved and has one, else the language switch's cookie, else the
// Accept-Language header (Spanish by default).

func (s *Server) lang(r *http.Request) string {
	if st := stateOf(r); st != nil && st.done && st.who.User.Lang != "" {
		return i18n.Match(st.who.User.Lang)
	}
	if l := langFromCookie(r); l != "" {
		return l
	}
	return i18n.Match(r.Header.Get("Accept-Language"))
}
