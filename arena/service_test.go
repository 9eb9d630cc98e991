package arena_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// fakeNow is the service's clock, moved by the test.
type fakeNow struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeNow) Now() time.Time  { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeNow) Set(t time.Time) { f.mu.Lock(); f.t = t; f.mu.Unlock() }

var start = time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)

// world is a service on a real SQLite store and live runtime.
type world struct {
	st      *sqlite.Store
	rt      *live.Runtime
	svc     *arena.Service
	now     *fakeNow
	ratings *fakeRatings
	events  <-chan arena.Event
}

// fakeRatings is arena.Ratings over ratings the test sets.
type fakeRatings struct {
	mu sync.Mutex
	m  map[string]int
}

func (f *fakeRatings) Rating(_ context.Context, userID string, _ game.TimeControl) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.m[userID]
	if !ok {
		return 0, errors.New("no rating for " + userID)
	}
	return r, nil
}

func (f *fakeRatings) set(userID string, r int) { f.mu.Lock(); f.m[userID] = r; f.mu.Unlock() }

func newWorld(t *testing.T, path string) *world {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	bus := live.NewLocalBus()
	rt := live.New(live.Config{Store: st, Bus: bus, Exclusive: true})
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	w := &world{st: st, rt: rt, now: &fakeNow{t: start.Add(-time.Hour)}, ratings: &fakeRatings{m: map[string]int{}}}
	hub := &broadcast.Hub[arena.Event]{}
	w.svc, err = arena.New(arena.Config{Store: st, Games: rt, Records: st, Bus: bus, Berserker: rt, Events: hub,
		Ratings: w.ratings, Now: w.now.Now, Heads: func() bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	var cancel func()
	w.events, cancel = hub.Subscribe()
	t.Cleanup(cancel)
	return w
}

func (w *world) close(t *testing.T) {
	t.Helper()
	if err := w.rt.Stop(context.Background()); err != nil {
		t.Error(err)
	}
	if err := w.st.Close(); err != nil {
		t.Error(err)
	}
}

// run runs the service until the test ends or stop is called.
func (w *world) run(t *testing.T) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.svc.Run(ctx) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

// waitFor waits on the service's events until cond holds.
func (w *world) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case <-w.events:
		case <-deadline:
			t.Fatalf("no %s", what)
		}
	}
}

func person(id string, rating int) arena.Person {
	return arena.Person{ID: id, Name: id, Rating: rating}
}

func newArena(t *testing.T, w *world) arena.Arena {
	t.Helper()
	a, err := w.svc.Create(t.Context(), person("org", 1500), arena.Arena{Name: "Jueves rápido", Base: 3 * time.Minute,
		Increment: 2 * time.Second, Rated: false, Berserk: true, Streaks: true, StartsAt: start, Duration: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func entry(t *testing.T, w *world, a arena.Arena, user string) arena.Entry {
	t.Helper()
	e, ok, err := w.svc.Entry(t.Context(), a.ID, user)
	if err != nil || !ok {
		t.Fatalf("Entry(%s) = %v, %v", user, ok, err)
	}
	return e
}

func scores(t *testing.T, w *world, a arena.Arena) map[string]int {
	t.Helper()
	_, rows, err := w.svc.Standings(t.Context(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, r := range rows {
		out[r.UserID] = r.Score
	}
	return out
}

// TestServiceArena plays an arena through the service, the runtime and the
// store: joining before the start, pairing at the start, a berserk that
// halves the clock, results flowing back into the standings, players
// paired again at once but never with their last opponent, a pause, and
// the end: no new pairing, the running game counts, the arena closes.
func TestServiceArena(t *testing.T) {
	ctx := t.Context()
	w := newWorld(t, sqlitetest.File(t))
	defer w.close(t)
	a := newArena(t, w)
	players := map[string]int{"ana": 1900, "bea": 1800, "cai": 1700, "dan": 1600}
	for _, u := range []string{"ana", "bea", "cai", "dan"} {
		if _, err := w.svc.Join(ctx, person(u, players[u]), a.ID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.svc.Join(ctx, person("ana", 1900), a.ID); arena.CodeOf(err) != arena.CodeAlreadyJoined {
		t.Errorf("joining twice: %v", err)
	}
	if _, err := w.svc.Join(ctx, arena.Person{ID: "g1", Name: "Guest", Guest: true}, a.ID); arena.CodeOf(err) != arena.CodeNeedsAccount {
		t.Errorf("a guest joining: %v", err)
	}
	if ps, _ := w.svc.Pairings(ctx, a.ID); len(ps) != 0 {
		t.Fatalf("paired before the start: %+v", ps)
	}
	w.now.Set(start)
	w.run(t)
	var g1, g2 string
	// A pairing is stored before its game is created: wait for both.
	created := func(ids ...string) bool {
		for _, id := range ids {
			if _, err := w.rt.Snapshot(ctx, id); id == "" || err != nil {
				return false
			}
		}
		return true
	}
	w.waitFor(t, "pairing at the start", func() bool {
		g1, g2 = entry(t, w, a, "ana").GameID, entry(t, w, a, "cai").GameID
		return created(g1, g2)
	})
	p1, err := w.st.PairingOf(ctx, g1)
	if err != nil || p1.White != "ana" || p1.Black != "bea" {
		t.Fatalf("first pairing %+v, %v; want ana against bea", p1, err)
	}

	// bea berserks: half of 3 minutes, no increment.
	if _, err := w.svc.Berserk(ctx, person("bea", 1800), g1); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.Berserk(ctx, person("bea", 1800), g1); arena.CodeOf(err) != arena.CodeAlreadyBerserk {
		t.Errorf("second berserk: %v", err)
	}
	if _, err := w.svc.Berserk(ctx, person("cai", 1700), g1); arena.CodeOf(err) != arena.CodeNotArenaGame {
		t.Errorf("berserk in another's game: %v", err)
	}
	ev, err := w.rt.Snapshot(ctx, g1)
	if err != nil || ev.BlackMs == nil || *ev.BlackMs != 90_000 || *ev.WhiteMs != 180_000 {
		t.Fatalf("clocks after berserk: %+v, %v", ev, err)
	}
	// Seven moves each, then ana resigns: bea's berserk win scores 3.
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "b1d2", "c8g4", "h2h3", "g4h5"}
	for i, u := range moves {
		who := "ana"
		if i%2 == 1 {
			who = "bea"
		}
		if _, err := w.rt.Move(ctx, g1, who, live.MoveRequest{UCI: u, Ply: i, ID: int64(i + 1)}); err != nil {
			t.Fatalf("move %d %s: %v", i, u, err)
		}
	}
	if err := w.rt.Resign(ctx, g1, "ana"); err != nil {
		t.Fatal(err)
	}
	w.waitFor(t, "bea's win in the standings", func() bool { return scores(t, w, a)["bea"] == 3 })
	// ana and bea wait: they may not meet again at once.
	if e := entry(t, w, a, "ana"); e.GameID != "" {
		t.Errorf("ana paired again with nobody free: %+v", e)
	}
	// cai and dan draw by agreement after 10 moves each; all four are then
	// paired across.
	dmoves := append(moves[:14:14], "e1g1", "e8g8", "a2a3", "a7a6", "b2b4", "b7b5")
	p2, _ := w.st.PairingOf(ctx, g2)
	for i, u := range dmoves {
		who := p2.White
		if i%2 == 1 {
			who = p2.Black
		}
		if _, err := w.rt.Move(ctx, g2, who, live.MoveRequest{UCI: u, Ply: i, ID: int64(i + 1)}); err != nil {
			t.Fatalf("move %d %s: %v", i, u, err)
		}
	}
	if err := w.rt.OfferDraw(ctx, g2, p2.White); err != nil {
		t.Fatal(err)
	}
	if err := w.rt.AcceptDraw(ctx, g2, p2.Black); err != nil {
		t.Fatal(err)
	}
	w.waitFor(t, "the second round of pairings", func() bool {
		return created(entry(t, w, a, "ana").GameID, entry(t, w, a, "bea").GameID)
	})
	s := scores(t, w, a)
	if s["ana"] != 0 || s["bea"] != 3 || s["cai"] != 1 || s["dan"] != 1 {
		t.Errorf("scores %v", s)
	}
	for _, u := range []string{"ana", "bea"} {
		e := entry(t, w, a, u)
		p, _ := w.st.PairingOf(ctx, e.GameID)
		if p.White == "ana" && p.Black == "bea" || p.White == "bea" && p.Black == "ana" {
			t.Errorf("ana and bea met twice in a row: %+v", p)
		}
	}

	// dan pauses: his game goes on. At the end, nobody is paired again,
	// and the arena closes when the last game ends.
	if _, err := w.svc.Pause(ctx, person("dan", 1600), a.ID); err != nil {
		t.Fatal(err)
	}
	w.now.Set(a.EndsAt())
	for _, u := range []string{"ana", "bea"} {
		g := entry(t, w, a, u).GameID
		if err := w.rt.Resign(ctx, g, u); err != nil {
			t.Fatal(err)
		}
	}
	w.waitFor(t, "the end", func() bool {
		got, err := w.svc.Get(ctx, a.ID)
		return err == nil && !got.ClosedAt.IsZero()
	})
	for _, u := range []string{"ana", "bea", "cai", "dan"} {
		if e := entry(t, w, a, u); e.GameID != "" || len(e.Sheet) != 2 {
			t.Errorf("%s after the end: %+v", u, e)
		}
	}
	if e := entry(t, w, a, "dan"); !e.Paused {
		t.Error("dan's pause lost")
	}
	if _, err := w.svc.Join(ctx, person("eva", 1500), a.ID); arena.CodeOf(err) != arena.CodeFinished {
		t.Errorf("joining after the end: %v", err)
	}
}

// TestServiceResumes: the service stops (as a crash stops it) with games
// running; a game ends while it is down, and a pairing whose game was never
// created is left behind. A new service on the same store records the
// missed end, frees the players of the lost pairing, and pairs them again.
func TestServiceResumes(t *testing.T) {
	ctx := t.Context()
	path := sqlitetest.File(t)
	w := newWorld(t, path)
	a := newArena(t, w)
	for i, u := range []string{"ana", "bea", "cai", "dan"} {
		if _, err := w.svc.Join(ctx, person(u, 1900-100*i), a.ID); err != nil {
			t.Fatal(err)
		}
	}
	w.now.Set(start)
	if err := w.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	g1 := entry(t, w, a, "ana").GameID
	if g1 == "" {
		t.Fatal("not paired")
	}
	// Down: ana resigns; and eva and fay were paired, but the process died
	// before their game was created.
	if err := w.rt.Resign(ctx, g1, "ana"); err != nil {
		t.Fatal(err)
	}
	eva := arena.Entry{ArenaID: a.ID, UserID: "eva", Name: "eva", Rating: 1500, GameID: "lost0001", LastOpponent: "fay", Whites: 1, JoinedAt: start}
	fay := arena.Entry{ArenaID: a.ID, UserID: "fay", Name: "fay", Rating: 1400, GameID: "lost0001", LastOpponent: "eva", Whites: -1, JoinedAt: start}
	lost := arena.Pairing{ArenaID: a.ID, GameID: "lost0001", White: "eva", Black: "fay", StartedAt: start}
	if err := w.st.StartArenaPairings(ctx, []arena.Pairing{lost}, []arena.Entry{eva, fay}); err != nil {
		t.Fatal(err)
	}
	before := scores(t, w, a)
	w.close(t)

	w = newWorld(t, path)
	defer w.close(t)
	w.now.Set(start.Add(time.Minute))
	if got := scores(t, w, a); got["bea"] != 0 || len(got) != 6 || got["ana"] != before["ana"] {
		t.Fatalf("standings after the restart %v, before %v", got, before)
	}
	w.run(t)
	w.waitFor(t, "the missed end", func() bool { return scores(t, w, a)["bea"] == 2 })
	if e := entry(t, w, a, "ana"); len(e.Sheet) != 1 || e.Sheet[0].Outcome != arena.Loss {
		t.Errorf("ana's sheet %+v", e.Sheet)
	}
	// The pairing without a game is ended without a score, and its
	// players are paired again, in games that exist.
	w.waitFor(t, "eva and fay paired again", func() bool {
		for _, u := range []string{"eva", "fay"} {
			g := entry(t, w, a, u).GameID
			if g == "" || g == "lost0001" {
				return false
			}
			if _, err := w.st.LoadGame(ctx, g); err != nil {
				return false // stored as paired, its game not created yet
			}
		}
		return true
	})
	if p, err := w.st.PairingOf(ctx, "lost0001"); err != nil || !p.Ended {
		t.Errorf("the lost pairing: %+v, %v", p, err)
	}
	for _, u := range []string{"eva", "fay"} {
		e := entry(t, w, a, u)
		if len(e.Sheet) != 0 {
			t.Errorf("%s scored a game never played: %+v", u, e.Sheet)
		}
		if _, err := w.st.LoadGame(ctx, e.GameID); err != nil {
			t.Errorf("%s's new game: %v", u, err)
		}
	}
}

// TestServiceAbortedGames: an aborted game scores nothing; the player who
// did not make their first move by its deadline, in a game made without
// game.Config.NoStartLoses, is paused (as lichess withdraws them), but
// nobody is for an abort within the first move's window (a player's
// abort).
func TestServiceAbortedGames(t *testing.T) {
	tc, err := game.NewWholeGame(3*time.Minute, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	window := game.FirstMoveWindow(tc)
	tests := []struct {
		name   string
		plies  int
		after  time.Duration
		paused string // "white", "black" or ""
	}{
		{"a player's abort", 0, window / 2, ""},
		{"White never moved", 0, window, "white"},
		{"Black never moved", 1, window + time.Second, "black"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			w := newWorld(t, sqlitetest.File(t))
			defer w.close(t)
			a := newArena(t, w)
			for _, u := range []string{"ana", "bea"} {
				if _, err := w.svc.Join(ctx, person(u, 1500), a.ID); err != nil {
					t.Fatal(err)
				}
			}
			w.now.Set(start)
			if err := w.svc.Tick(ctx); err != nil {
				t.Fatal(err)
			}
			p, err := w.st.PairingOf(ctx, entry(t, w, a, "ana").GameID)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.svc.Ended(ctx, arena.End{GameID: p.GameID, Status: game.StatusAborted, Plies: tt.plies,
				At: p.StartedAt.Add(tt.after)}); err != nil {
				t.Fatal(err)
			}
			for side, u := range map[string]string{"white": p.White, "black": p.Black} {
				e := entry(t, w, a, u)
				// Two active players of a small arena meet again: a new
				// game, if any, is not the aborted one.
				if e.Paused != (side == tt.paused) || len(e.Sheet) != 0 || e.GameID == p.GameID {
					t.Errorf("%s after the abort: %+v", side, e)
				}
			}
		})
	}
}

// TestServiceNoStart: the service makes its games with the first move not
// made a loss; such a loss (game.NoStart) scores the win for the opponent,
// as lila's arena does, and pauses the player who did not move, as lila
// withdraws them, the winner staying in.
func TestServiceNoStart(t *testing.T) {
	tests := []struct {
		name   string
		plies  int
		result game.Result
		loser  string // "white" or "black"
	}{
		{"White never moved", 0, game.BlackWins, "white"},
		{"Black never moved", 1, game.WhiteWins, "black"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			w := newWorld(t, sqlitetest.File(t))
			defer w.close(t)
			a := newArena(t, w)
			for _, u := range []string{"ana", "bea"} {
				if _, err := w.svc.Join(ctx, person(u, 1500), a.ID); err != nil {
					t.Fatal(err)
				}
			}
			w.now.Set(start)
			if err := w.svc.Tick(ctx); err != nil {
				t.Fatal(err)
			}
			p, err := w.st.PairingOf(ctx, entry(t, w, a, "ana").GameID)
			if err != nil {
				t.Fatal(err)
			}
			if rec, err := w.st.LoadGame(ctx, p.GameID); err != nil || !rec.NoStartLoses {
				t.Fatalf("the arena's game: NoStartLoses %v, %v", rec.NoStartLoses, err)
			}
			tc, err := a.TimeControl()
			if err != nil {
				t.Fatal(err)
			}
			if err := w.svc.Ended(ctx, arena.End{GameID: p.GameID, Status: game.StatusEnded, Termination: game.NoStart,
				Result: tt.result, Plies: tt.plies, At: p.StartedAt.Add(game.FirstMoveWindow(tc))}); err != nil {
				t.Fatal(err)
			}
			for side, u := range map[string]string{"white": p.White, "black": p.Black} {
				e := entry(t, w, a, u)
				lost := side == tt.loser
				if e.Paused != lost || len(e.Sheet) != 1 {
					t.Fatalf("%s after the game: %+v", side, e)
				}
				want := 2
				if lost {
					want = 0
				}
				if got := e.Sheet.Total(); got != want {
					t.Errorf("%s scored %d, want %d", side, got, want)
				}
			}
		})
	}
}
