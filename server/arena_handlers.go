package server

import (
	"context"
	"net/http"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/rating"
)

// The arenas' HTTP API: /api/arenas (the list, and a new arena) and
// /api/arena/{id}… (one arena: its page's data, joining and pausing,
// berserk in one's running game, and a socket of its changes); and
// GET /api/game/{id}/arena, a game's arena pairing (204 for a game of no
// arena), for the game page's berserk button. Reading is public; every change needs an account, by a
// browser session or a token with board:play (playing in an arena is
// playing).

// Arenas is what the arenas' routes ask of the arenas (arena.Service has
// it).
type Arenas interface {
	Create(ctx context.Context, by arena.Person, a arena.Arena) (arena.Arena, error)
	Get(ctx context.Context, id string) (arena.Arena, error)
	List(ctx context.Context, limit int) ([]arena.Arena, error)
	Standings(ctx context.Context, id string) (arena.Arena, []arena.Row, error)
	Pairings(ctx context.Context, id string) ([]arena.Pairing, error)
	Entry(ctx context.Context, id, userID string) (arena.Entry, bool, error)
	Join(ctx context.Context, by arena.Person, id string) (arena.Entry, error)
	Pause(ctx context.Context, by arena.Person, id string) (arena.Entry, error)
	Berserk(ctx context.Context, by arena.Person, gameID string) (arena.Pairing, error)
	PairingOf(ctx context.Context, gameID string) (arena.Pairing, error)
	Events() arena.Events
}

// arenaFrameEvery is the least time between two frames of an arena's
// socket: a large arena changes many times a second, and each frame is
// the whole page's data.
const arenaFrameEvery = 500 * time.Millisecond

// arenaGamesShown is how many of its latest games an arena's page lists.
const arenaGamesShown = 30

// arenaJSON is an arena as the API shows it.
type arenaJSON struct {
	arena.Arena
	// Clock is the games' clock ("3+2"); Minutes the duration.
	Clock   string      `json:"clock"`
	Minutes int         `json:"minutes"`
	EndsAt  time.Time   `json:"endsAt"`
	Phase   arena.Phase `json:"phase"`
	URL     string      `json:"url"`
}

// arenaGameJSON is one arena game: who played whom, and how it ended.
type arenaGameJSON struct {
	arena.Pairing
	WhiteName string `json:"whiteName"`
	BlackName string `json:"blackName"`
	// Result is "1-0", "0-1", "1/2-1/2", "*" (running or aborted).
	Result string `json:"result"`
}

// arenaPageJSON is all an arena's page shows.
type arenaPageJSON struct {
	Arena arenaJSON `json:"arena"`
	// Now is the server's time, for the page's countdown.
	Now       time.Time       `json:"now"`
	Standings []arena.Row     `json:"standings"`
	Games     []arenaGameJSON `json:"games"`
	// Me is the requester's entry (absent without one).
	Me *arenaMeJSON `json:"me,omitempty"`
}

// arenaMeJSON is the requester's place in an arena.
type arenaMeJSON struct {
	Paused bool   `json:"paused"`
	GameID string `json:"gameId,omitempty"`
}

// arenaNew is the body of POST /api/arenas.
type arenaNew struct {
	Name      string    `json:"name"`
	Minutes   int       `json:"minutes"`   // the clock's base
	Increment int       `json:"increment"` // seconds
	Duration  int       `json:"duration"`  // minutes
	StartsAt  time.Time `json:"startsAt"`  // zero: in StartsIn minutes
	StartsIn  int       `json:"startsIn"`
	Rated     bool      `json:"rated"`
	Berserk   bool      `json:"berserk"`
	Streaks   bool      `json:"streaks"`
}

func (s *Server) viewArena(r *http.Request, a arena.Arena) arenaJSON {
	clock := ""
	if tc, err := a.TimeControl(); err == nil {
		clock = tc.String()
	}
	return arenaJSON{Arena: a, Clock: clock, Minutes: int(a.Duration / time.Minute), EndsAt: a.EndsAt(),
		Phase: a.PhaseAt(s.cfg.Now()), URL: siteURL(r) + "/arena/" + a.ID}
}

func arenaPerson(u account.User, rating int) arena.Person {
	return arena.Person{ID: u.ID, Name: u.Username, Guest: u.Guest, Rating: rating}
}

// arenaService returns the arenas, or answers arena.not_found when the
// server has none.
func (s *Server) arenaService(w http.ResponseWriter, r *http.Request) (Arenas, bool) {
	if s.cfg.Arenas == nil {
		s.writeError(w, r, arena.NotFoundError(r.PathValue("id")))
		return nil, false
	}
	return s.cfg.Arenas, true
}

// listArenas serves GET /api/arenas: the latest arenas, upcoming, running
// and finished.
func (s *Server) listArenas(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.arenaService(w, r)
	if !ok {
		return
	}
	list, err := svc.List(r.Context(), 100)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := map[arena.Phase][]arenaJSON{arena.Upcoming: {}, arena.Running: {}, arena.Finished: {}}
	for _, a := range list {
		v := s.viewArena(r, a)
		out[v.Phase] = append(out[v.Phase], v)
	}
	writeJSON(w, http.StatusOK, out)
}

// postArena serves POST /api/arenas: a new arena.
func (s *Server) postArena(w http.ResponseWriter, r *http.Request) {
	var req arenaNew
	if !s.decodeJSON(w, r, &req) {
		return
	}
	svc, ok := s.arenaService(w, r)
	if !ok {
		return
	}
	who, ok := s.signedIn(w, r, scopeFor("arena-write"))
	if !ok {
		return
	}
	start := req.StartsAt
	if start.IsZero() {
		start = s.cfg.Now().Add(time.Duration(req.StartsIn) * time.Minute)
	}
	a, err := svc.Create(r.Context(), arenaPerson(who.User, 0), arena.Arena{Name: req.Name,
		Base: time.Duration(req.Minutes) * time.Minute, Increment: time.Duration(req.Increment) * time.Second,
		Rated: req.Rated, Berserk: req.Berserk, Streaks: req.Streaks, StartsAt: start,
		Duration: time.Duration(req.Duration) * time.Minute})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeArenaPage(w, r, http.StatusCreated, a.ID, who)
}

// getArena serves GET /api/arena/{id}: the arena's page's data.
func (s *Server) getArena(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.arenaService(w, r); !ok {
		return
	}
	who, _ := s.viewer(r) // a bad token on a public page is nobody
	s.writeArenaPage(w, r, http.StatusOK, r.PathValue("id"), who)
}

// arenaPage returns arena id's page as who sees it.
func (s *Server) arenaPage(r *http.Request, id string, who Identity) (arenaPageJSON, error) {
	ctx, svc := r.Context(), s.cfg.Arenas
	a, rows, err := svc.Standings(ctx, id)
	if err != nil {
		return arenaPageJSON{}, err
	}
	ps, err := svc.Pairings(ctx, id)
	if err != nil {
		return arenaPageJSON{}, err
	}
	names := make(map[string]string, len(rows))
	for _, row := range rows {
		names[row.UserID] = row.Name
	}
	out := arenaPageJSON{Arena: s.viewArena(r, a), Now: s.cfg.Now(), Standings: rows, Games: []arenaGameJSON{}}
	if out.Standings == nil {
		out.Standings = []arena.Row{}
	}
	for _, p := range ps[:min(len(ps), arenaGamesShown)] {
		res := "*"
		if p.Ended {
			res = p.Result.String()
		}
		out.Games = append(out.Games, arenaGameJSON{Pairing: p, WhiteName: names[p.White], BlackName: names[p.Black], Result: res})
	}
	if who.Known() && !who.User.Guest {
		if e, ok, err := svc.Entry(ctx, id, who.User.ID); err != nil {
			return arenaPageJSON{}, err
		} else if ok {
			out.Me = &arenaMeJSON{Paused: e.Paused, GameID: e.GameID}
		}
	}
	return out, nil
}

func (s *Server) writeArenaPage(w http.ResponseWriter, r *http.Request, status int, id string, who Identity) {
	p, err := s.arenaPage(r, id, who)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, status, p)
}

// arenaAction serves POST /api/arena/{id}/join, …/withdraw (a pause: one
// comes back by joining again) and …/berserk (in one's running game of
// the arena).
func (s *Server) arenaAction(action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		svc, ok := s.arenaService(w, r)
		if !ok {
			return
		}
		who, ok := s.signedIn(w, r, scopeFor("arena-write"))
		if !ok {
			return
		}
		ctx, id := r.Context(), r.PathValue("id")
		var err error
		switch action {
		case "join":
			a, gerr := svc.Get(ctx, id)
			if gerr != nil {
				s.writeError(w, r, gerr)
				return
			}
			tc, terr := a.TimeControl()
			if terr != nil {
				s.writeError(w, r, terr)
				return
			}
			_, err = svc.Join(ctx, arenaPerson(who.User, s.ratingOf(ctx, who.User, rating.GameSpeed(tc))), id)
		case "withdraw":
			_, err = svc.Pause(ctx, arenaPerson(who.User, 0), id)
		case "berserk":
			e, ok, eerr := svc.Entry(ctx, id, who.User.ID)
			switch {
			case eerr != nil:
				err = eerr
			case !ok:
				err = arena.NewError(arena.CodeNotJoined, "not in the arena", nil)
			case e.GameID == "":
				err = arena.NewError(arena.CodeNotArenaGame, "no running game in the arena", nil)
			default:
				_, err = svc.Berserk(ctx, arenaPerson(who.User, 0), e.GameID)
			}
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		s.writeArenaPage(w, r, http.StatusOK, id, who)
	}
}

// gameArena serves GET /api/game/{id}/arena: the game's arena pairing,
// with whether the arena allows berserk; 204 and no body for a game of no
// arena (every game page asks, so that is no refusal).
func (s *Server) gameArena(w http.ResponseWriter, r *http.Request) {
	svc := s.cfg.Arenas
	if svc == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	p, err := svc.PairingOf(r.Context(), r.PathValue("id"))
	if arena.CodeOf(err) == arena.CodeNotArenaGame {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	a, err := svc.Get(r.Context(), p.ArenaID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		arena.Pairing
		ArenaID    string `json:"arenaId"`
		ArenaName  string `json:"arenaName"`
		MayBerserk bool   `json:"mayBerserk"`
	}{p, a.ID, a.Name, a.Berserk})
}

// handleArenaSocket serves GET /api/arena/{id}/socket: an "arena" frame
// with the page's data (as GET /api/arena/{id} has it) at once and after
// every change of the arena's standings or games; it takes ping frames.
func (s *Server) handleArenaSocket(w http.ResponseWriter, r *http.Request) {
	who, ok := s.socketViewer(w, r)
	if !ok {
		return
	}
	svc, ok := s.arenaService(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	first, err := s.arenaPage(r, id, who)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	events, cancel := svc.Events().Subscribe()
	sock, done, ok := s.upgrade(w, r, who)
	if !ok {
		cancel()
		return
	}
	defer done()
	sock.send(outFrame{T: "arena", D: first})
	req := r.WithContext(context.WithoutCancel(r.Context()))
	go func() {
		defer func() { cancel() }() // the subscription is this goroutine's
		// At most one frame every arenaFrameEvery: the changes that come
		// meanwhile go in the next frame, which always follows the last.
		var last time.Time
		var due <-chan time.Time
		send := func() {
			if p, err := s.arenaPage(req, id, who); err == nil {
				sock.send(outFrame{T: "arena", D: p})
			}
			last, due = time.Now(), nil
		}
		for {
			select {
			case ev, ok := <-events:
				if !ok {
					// Dropped for falling behind: follow again, and catch up.
					cancel()
					events, cancel = svc.Events().Subscribe()
					send()
					continue
				}
				if ev.ArenaID != id || due != nil {
					continue
				}
				if wait := arenaFrameEvery - time.Since(last); wait > 0 {
					due = time.After(wait)
					continue
				}
				send()
			case <-due:
				send()
			case <-sock.done:
				return
			}
		}
	}()
	sock.serve(context.WithoutCancel(r.Context()), func(f inFrame, _ []byte) {
		if f.T == "ping" {
			sock.pong(f)
			return
		}
		sock.send(errorFrame(sock.reader, 0, NewError(CodeUnknownFrame, "unknown frame type", nil).With("type", clip(f.T))))
	})
}
