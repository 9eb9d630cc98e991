package arena

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/joinpal/joinpal/internal/randid"
)

// Games creates and starts the arena's games (live.Runtime has it, as the
// lobby's GameStarter).
type Games interface {
	Create(ctx context.Context, cfg game.Config) (game.Event, error)
}

// Records reads a game as stored (game.Store has it): the service learns
// from it the end of a game it missed while it was down.
type Records interface {
	LoadGame(ctx context.Context, id string) (game.Record, error)
}

// Berserker halves a player's clock in a game that has not seen their
// first move, and drops their increment (live.Runtime has it).
type Berserker interface {
	Berserk(ctx context.Context, gameID, playerID string) error
}

// Ratings reads players' current ratings: after a rated game, the rating
// its end wrote (the stores update a rated game's players in the
// transaction that records its end, before the runtime announces it).
// cmd/joinpal reads it from the store's rating.Store.
type Ratings interface {
	// Rating returns userID's rating, rounded, in the speed of time
	// control tc.
	Rating(ctx context.Context, userID string, tc game.TimeControl) (int, error)
}

// Event tells the watchers of an arena that its standings or pairings
// changed. Paired, after a pairing, holds the games it started, for their
// players' notifications.
type Event struct {
	ArenaID string    `json:"arenaId"`
	Paired  []Pairing `json:"paired,omitempty"`
}

// Events carries the arenas' events to whoever shows an arena (its
// page's sockets): a broadcast.Hub in one process; package natsbus's
// Events carries them between the nodes.
type Events interface {
	// Publish sends e to every subscriber, without waiting for slow ones.
	Publish(ctx context.Context, e Event) error
	// Subscribe returns the events published from now on and a function
	// that ends the subscription; the channel is closed if the subscriber
	// falls too far behind.
	Subscribe() (<-chan Event, func())
}

// Config is what a Service needs. Store, Games, Records and Bus are
// required; Berserker is needed for berserk; Ratings, for a rated arena's
// entries to follow their players' ratings (without it they keep the
// rating they joined with); Events defaults to a new hub,
// Now to time.Now, Heads to a fair coin and NewID to 8 random letters and
// digits.
type Config struct {
	Store     Store
	Games     Games
	Records   Records
	Bus       game.Bus
	Berserker Berserker
	Ratings   Ratings
	Events    Events
	Now       func() time.Time
	Heads     func() bool
	NewID     func() string
	// Every is how often Run looks at every open arena (to start, pair
	// and close them; alone, a look may skip the store, see Tick) and,
	// among several nodes, renews the lease; default one second.
	Every time.Duration
	// Leases, among several nodes, holds the lease of the one node that
	// runs the arenas (see Hold); nil: this process alone runs them. With
	// it, a Store that is a Fencer has the runner's writes fenced by the
	// lease's epoch.
	Leases Leases
	// Node names this node among several (the lease's holder).
	Node string
	// Lease is how long the lease lasts from each renewal (5 s); a
	// runner acts until Lease less Every has passed since its last
	// renewal began, so that it stops before another may take over.
	Lease time.Duration
	// Reachable, among several nodes, reports whether the other nodes
	// can reach this one now (natsbus.Reachable: its NATS connection is
	// up); nil: always, as alone. A node that is not reachable takes no
	// lease it does not hold, and a runner that has not been reachable
	// for ReachGrace gives the lease up (see Hold): the others, who
	// could not send it their commands, take it over.
	Reachable func() bool
	// ReachGrace is how long a runner may stay unreachable and still
	// renew the lease, so that a short blip hands nothing over (3
	// Every).
	ReachGrace time.Duration
	// Log receives what cannot be returned (slog.Default()).
	Log *slog.Logger
}

// Service runs arenas over a Store: one process at a time runs them (the
// holder of the lease, among several nodes); any may read them.
type Service struct {
	cfg Config

	mu       sync.Mutex
	locks    map[string]*sync.Mutex
	watching map[string]bool
	// entries caches each arena's entries by user id, as stored: read
	// once, then kept in step with every write the service makes (under
	// the arena's lock; one process runs the arenas, and a new tenure
	// reads them again).
	entries map[string]map[string]Entry
	// ending counts the ends of each arena waiting for its lock: only the
	// last of ends that come together pairs.
	ending map[string]int
	// since holds, per arena, when each of its waiting players began
	// waiting (see PairAt). It is kept in memory, as lila keeps it, and
	// forgotten when a tenure starts: every player then waits from the
	// moment the arena is next looked at. Changed under the arena's lock
	// and mu.
	since  map[string]map[string]time.Time
	runCtx context.Context
	// ten is the running tenure (runner.go); nil while another node runs
	// the arenas, or before Run alone.
	ten    *tenure
	holdMu sync.Mutex
	// stopped is set, under holdMu, once Run has returned.
	stopped bool
	// cutSince is when Hold first found the node unreachable
	// (Config.Reachable) since it was last reachable; zero while it is.
	// Under holdMu.
	cutSince time.Time
	// calm is set, alone (no Config.Leases), by a Tick that found every
	// open arena upcoming: Tick then leaves the store alone until wake,
	// the earliest of their starts (zero: none is open). stirs counts
	// the changes that may add an arena or move a start (stir), which
	// clear calm; a Tick makes it calm only if none came while it read.
	// Under mu.
	calm  bool
	wake  time.Time
	stirs uint64
	// stirred wakes Run, alone and calm, at a stir or Wake.
	stirred chan struct{}
	wg      sync.WaitGroup
}

// New returns the service of cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil || cfg.Games == nil || cfg.Records == nil || cfg.Bus == nil {
		return nil, errors.New("arena: Config.Store, Games, Records and Bus are required")
	}
	if cfg.Events == nil {
		cfg.Events = &broadcast.Hub[Event]{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Heads == nil {
		cfg.Heads = func() bool { return randid.String("01", 1) == "1" }
	}
	if cfg.NewID == nil {
		cfg.NewID = func() string { return randid.String(randid.LowerAlphanumeric, 8) }
	}
	if cfg.Every <= 0 {
		cfg.Every = time.Second
	}
	if cfg.Lease <= cfg.Every {
		cfg.Lease = max(5*time.Second, 2*cfg.Every)
	}
	if cfg.ReachGrace <= 0 {
		cfg.ReachGrace = 3 * cfg.Every
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg, locks: map[string]*sync.Mutex{}, watching: map[string]bool{},
		entries: map[string]map[string]Entry{}, ending: map[string]int{},
		since: map[string]map[string]time.Time{}, stirred: make(chan struct{}, 1)}, nil
}

// Events returns the service's events.
func (s *Service) Events() Events { return s.cfg.Events }

// Person is who acts: a user's id and username, whether they are a guest
// (arenas are of accounts), and their rating in the arena's speed.
type Person struct {
	ID     string
	Name   string
	Guest  bool
	Rating int
}

func needsAccount(p Person) error {
	if p.Guest || p.ID == "" {
		return NewError(CodeNeedsAccount, "arenas are for accounts", nil)
	}
	return nil
}

func (s *Service) now() time.Time { return s.cfg.Now().UTC().Truncate(time.Millisecond) }

// lock returns arena id's lock, held while its players or pairings change.
func (s *Service) lock(id string) *sync.Mutex {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.locks[id]
	if l == nil {
		l = &sync.Mutex{}
		s.locks[id] = l
	}
	return l
}

// cached returns arena id's entries by user id, read from the store the
// first time; the arena's lock is held.
func (s *Service) cached(ctx context.Context, id string) (map[string]Entry, error) {
	s.mu.Lock()
	m := s.entries[id]
	s.mu.Unlock()
	if m != nil {
		return m, nil
	}
	es, err := s.cfg.Store.ArenaEntries(ctx, id)
	if err != nil {
		return nil, err
	}
	m = make(map[string]Entry, len(es))
	for _, e := range es {
		m[e.UserID] = e
	}
	s.mu.Lock()
	s.entries[id] = m
	s.mu.Unlock()
	return m, nil
}

// kept records in the cache the entries of arena id just written, or
// drops the arena's cache when the write failed (it may or may not have
// committed); the arena's lock is held.
func (s *Service) kept(id string, err error, es ...Entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.entries[id]
	if err != nil || m == nil {
		delete(s.entries, id)
		return
	}
	for _, e := range es {
		m[e.UserID] = e
	}
}

// list returns the entries of m, by join time then user id.
func list(m map[string]Entry) []Entry {
	es := make([]Entry, 0, len(m))
	for _, e := range m {
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b Entry) int {
		if c := a.JoinedAt.Compare(b.JoinedAt); c != 0 {
			return c
		}
		return strings.Compare(a.UserID, b.UserID)
	})
	return es
}

// Create stores a new arena of by's with the settings of a (ID,
// CreatedBy, CreatorName, CreatedAt and ClosedAt are set here).
func (s *Service) Create(ctx context.Context, by Person, a Arena) (Arena, error) {
	if err := needsAccount(by); err != nil {
		return Arena{}, err
	}
	now := s.now()
	a.Name = TidyName(a.Name)
	a.StartsAt = a.StartsAt.UTC().Truncate(time.Millisecond)
	if err := a.Validate(now); err != nil {
		return Arena{}, err
	}
	a.ID, a.CreatedBy, a.CreatorName, a.CreatedAt, a.ClosedAt = s.cfg.NewID(), by.ID, by.Name, now, time.Time{}
	err := s.cfg.Store.CreateArena(ctx, a)
	s.stir() // committed or maybe not: the next tick looks
	if err != nil {
		return Arena{}, err
	}
	return a, nil
}

// Get returns arena id.
func (s *Service) Get(ctx context.Context, id string) (Arena, error) {
	return s.cfg.Store.Arena(ctx, id)
}

// List returns the latest arenas, at most limit (1 to 100).
func (s *Service) List(ctx context.Context, limit int) ([]Arena, error) {
	return s.cfg.Store.Arenas(ctx, min(max(limit, 1), 100))
}

// Standings returns arena id's standings.
func (s *Service) Standings(ctx context.Context, id string) (Arena, []Row, error) {
	a, err := s.cfg.Store.Arena(ctx, id)
	if err != nil {
		return Arena{}, nil, err
	}
	es, err := s.cfg.Store.ArenaEntries(ctx, id)
	if err != nil {
		return Arena{}, nil, err
	}
	return a, Standings(es, a.Streaks), nil
}

// Pairings returns arena id's games, latest first.
func (s *Service) Pairings(ctx context.Context, id string) ([]Pairing, error) {
	return s.cfg.Store.ArenaPairings(ctx, id)
}

// PairingOf returns the pairing of game gameID, or fails with
// CodeNotArenaGame.
func (s *Service) PairingOf(ctx context.Context, gameID string) (Pairing, error) {
	return s.cfg.Store.PairingOf(ctx, gameID)
}

// Entry returns userID's entry in arena id and whether there is one.
func (s *Service) Entry(ctx context.Context, id, userID string) (Entry, bool, error) {
	return s.cfg.Store.ArenaEntry(ctx, id, userID)
}

// Join enters by in arena id, or brings them back after a pause; while
// the arena runs they are paired at once if someone waits (see PairAt).
func (s *Service) Join(ctx context.Context, by Person, id string) (Entry, error) {
	if err := needsAccount(by); err != nil {
		return Entry{}, err
	}
	st, err := s.acting()
	if err != nil {
		return Entry{}, err
	}
	l := s.lock(id)
	l.Lock()
	defer l.Unlock()
	a, err := s.cfg.Store.Arena(ctx, id)
	if err != nil {
		return Entry{}, err
	}
	now := s.now()
	if a.PhaseAt(now) == Finished {
		return Entry{}, NewError(CodeFinished, "the arena is over", nil)
	}
	m, err := s.cached(ctx, id)
	if err != nil {
		return Entry{}, err
	}
	e, ok := m[by.ID]
	switch {
	case ok && !e.Paused:
		return Entry{}, NewError(CodeAlreadyJoined, "already in the arena", nil)
	case ok:
		e.Paused = false
	default:
		if len(m) >= MaxPlayers {
			return Entry{}, NewError(CodeFull, "the arena is full", nil).With("max", strconv.Itoa(MaxPlayers))
		}
		e = Entry{ArenaID: id, UserID: by.ID, Name: by.Name, Rating: by.Rating, JoinedAt: now}
	}
	err = st.PutArenaEntry(ctx, e)
	s.kept(id, err, e)
	if err != nil {
		return Entry{}, err
	}
	s.publish(ctx, id)
	if a.PhaseAt(now) == Running {
		if err := s.pairLocked(ctx, st, a); err != nil {
			return e, err
		}
		e, _, err = s.cfg.Store.ArenaEntry(ctx, id, by.ID)
	}
	return e, err
}

// Pause takes by out of the pairings of arena id until they join again;
// a game they are playing goes on and counts.
func (s *Service) Pause(ctx context.Context, by Person, id string) (Entry, error) {
	st, err := s.acting()
	if err != nil {
		return Entry{}, err
	}
	l := s.lock(id)
	l.Lock()
	defer l.Unlock()
	if _, err := s.cfg.Store.Arena(ctx, id); err != nil {
		return Entry{}, err
	}
	m, err := s.cached(ctx, id)
	if err != nil {
		return Entry{}, err
	}
	e, ok := m[by.ID]
	if !ok {
		return Entry{}, NewError(CodeNotJoined, "not in the arena", nil)
	}
	if e.Paused {
		return e, nil
	}
	e.Paused = true
	err = st.PutArenaEntry(ctx, e)
	s.kept(id, err, e)
	if err != nil {
		return Entry{}, err
	}
	s.mu.Lock()
	delete(s.since[id], e.UserID) // back from the pause, they wait anew
	s.mu.Unlock()
	s.publish(ctx, id)
	return e, nil
}

// Berserk halves by's clock in their arena game gameID, before their
// first move, for a point more if they win it.
func (s *Service) Berserk(ctx context.Context, by Person, gameID string) (Pairing, error) {
	st, err := s.acting()
	if err != nil {
		return Pairing{}, err
	}
	p, err := s.cfg.Store.PairingOf(ctx, gameID)
	if err != nil {
		return Pairing{}, err
	}
	var side game.Side
	switch by.ID {
	case p.White:
		side = game.White
	case p.Black:
		side = game.Black
	default:
		return Pairing{}, NewError(CodeNotArenaGame, "not your arena game", nil)
	}
	a, err := s.cfg.Store.Arena(ctx, p.ArenaID)
	if err != nil {
		return Pairing{}, err
	}
	switch {
	case !a.Berserk || s.cfg.Berserker == nil:
		return Pairing{}, NewError(CodeNoBerserk, "the arena does not allow berserk", nil)
	case p.Ended:
		return Pairing{}, NewError(CodeBerserkTooLate, "the game has ended", nil)
	case (side == game.White && p.WhiteBerserk) || (side == game.Black && p.BlackBerserk):
		return Pairing{}, NewError(CodeAlreadyBerserk, "berserk already", nil)
	}
	if err := s.cfg.Berserker.Berserk(ctx, gameID, by.ID); err != nil {
		return Pairing{}, err
	}
	if err := st.SetBerserk(ctx, gameID, side); err != nil {
		return Pairing{}, err
	}
	if side == game.White {
		p.WhiteBerserk = true
	} else {
		p.BlackBerserk = true
	}
	s.publish(ctx, p.ArenaID)
	return p, nil
}

// pairLocked pairs arena a's waiting players and starts their games,
// writing to st (the store of the tenure the caller acts under).
func (s *Service) pairLocked(ctx context.Context, st Store, a Arena) error {
	byID, err := s.cached(ctx, a.ID)
	if err != nil {
		return err
	}
	now := s.now()
	ms := PairAt(a, list(byID), s.moment(a.ID, byID, now), s.cfg.Heads)
	if len(ms) == 0 {
		return nil
	}
	tc, err := a.TimeControl()
	if err != nil {
		return fmt.Errorf("arena: %s: %w", a.ID, err)
	}
	ps := make([]Pairing, 0, len(ms))
	cfgs := make([]game.Config, 0, len(ms))
	players := make([]Entry, 0, 2*len(ms))
	for _, m := range ms {
		w, b := byID[m.White], byID[m.Black]
		cfg := game.NewConfig(game.Player{ID: w.UserID, Name: w.Name}, game.Player{ID: b.UserID, Name: b.Name}, tc)
		cfg.Rated = a.Rated
		cfg.NoStartLoses = true // an arena's games are owed, as lichess's tournament games
		w.GameID, w.LastOpponent, w.Whites = cfg.ID, b.UserID, w.Whites+1
		b.GameID, b.LastOpponent, b.Whites = cfg.ID, w.UserID, b.Whites-1
		ps = append(ps, Pairing{ArenaID: a.ID, GameID: cfg.ID, White: w.UserID, Black: b.UserID, StartedAt: now})
		cfgs = append(cfgs, cfg)
		players = append(players, w, b)
	}
	err = st.StartArenaPairings(ctx, ps, players)
	s.kept(a.ID, err, players...)
	if err != nil {
		return err
	}
	s.mu.Lock()
	for _, e := range players {
		delete(s.since[a.ID], e.UserID)
	}
	s.mu.Unlock()
	if _, err := s.acting(); err != nil {
		// The lease ran out meanwhile: the games are not created, and the
		// next tenure, this node's or another's, ends these pairings as
		// never started (see lost), so that no game runs uncounted.
		return err
	}
	// The games are created together: their writes commit together.
	errs := make([]error, len(cfgs))
	var wg sync.WaitGroup
	for i, cfg := range cfgs {
		wg.Go(func() { _, errs[i] = s.cfg.Games.Create(ctx, cfg) })
	}
	wg.Wait()
	var firstErr error
	var started []Pairing
	for i, cfg := range cfgs {
		if err := errs[i]; err != nil {
			// The game never started: its players wait again.
			if e := s.endLocked(ctx, st, a, ps[i], End{GameID: cfg.ID, Status: game.StatusAborted}, false, nil); e != nil && firstErr == nil {
				firstErr = e
			}
			if firstErr == nil {
				firstErr = fmt.Errorf("arena: start game %s: %w", cfg.ID, err)
			}
			continue
		}
		s.watch(cfg.ID)
		started = append(started, ps[i])
	}
	_ = s.cfg.Events.Publish(ctx, Event{ArenaID: a.ID, Paired: started})
	return firstErr
}

// moment returns what PairAt reads of arena id at now besides its
// entries byID: when each waiting player began waiting — those not known
// to wait yet begin now, those who no longer wait are forgotten. The
// arena's lock is held.
func (s *Service) moment(id string, byID map[string]Entry, now time.Time) Moment {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.since[id]
	if w == nil {
		w = map[string]time.Time{}
		s.since[id] = w
	}
	for uid, e := range byID {
		_, known := w[uid]
		switch waits := !e.Paused && e.GameID == ""; {
		case waits && !known:
			w[uid] = now
		case !waits && known:
			delete(w, uid)
		}
	}
	return Moment{Now: now, Since: maps.Clone(w)}
}

// closeIfDone closes arena a once its time is over and its last game has
// ended.
func (s *Service) closeIfDone(ctx context.Context, st Store, a Arena) error {
	if !a.ClosedAt.IsZero() || a.PhaseAt(s.now()) != Finished {
		return nil
	}
	m, err := s.cached(ctx, a.ID)
	if err != nil {
		return err
	}
	for _, e := range m {
		if e.GameID != "" {
			return nil
		}
	}
	if err := st.CloseArena(ctx, a.ID, s.now()); err != nil {
		return err
	}
	s.publish(ctx, a.ID)
	return nil
}
