package lobby_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/manualclock"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// t0 is the tests' first moment.
var t0 = time.Date(2026, time.December, 1, 9, 0, 0, 0, time.UTC)

// starter is the GameStarter of the tests: it records the games the lobby
// starts, and fails while fail is set.
type starter struct {
	mu    sync.Mutex
	games []game.Config
	fail  error
}

func (s *starter) Create(_ context.Context, g game.Config) (game.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return game.Event{}, s.fail
	}
	s.games = append(s.games, g)
	return game.Event{GameID: fmt.Sprintf("game-%d", len(s.games))}, nil
}

func (s *starter) started() []game.Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]game.Config(nil), s.games...)
}

// env is a lobby on a real SQLite store, with its clock and its games.
type env struct {
	svc   *lobby.Service
	store *sqlite.Store
	clock *manualclock.Clock
	games *starter
	heads bool // what the coin says
	ids   int
}

// newEnv returns a lobby on a new SQLite file; change modifies its Config.
func newEnv(t testing.TB, change ...func(*lobby.Config)) *env {
	t.Helper()
	st, err := sqlite.Open(t.Context(), sqlitetest.File(t))
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return newEnvOn(t, st, change...)
}

// newEnvOn returns a lobby on st, as a second node on the same store would be.
func newEnvOn(t testing.TB, st *sqlite.Store, change ...func(*lobby.Config)) *env {
	t.Helper()
	e := &env{store: st, clock: manualclock.New(t0), games: &starter{}, heads: true}
	var mu sync.Mutex
	cfg := lobby.Config{Store: st, Games: e.games, Now: e.clock.Now,
		Heads: func() bool { return e.heads },
		NewID: func() string {
			mu.Lock()
			defer mu.Unlock()
			e.ids++
			return fmt.Sprintf("id%04d", e.ids)
		}}
	for _, f := range change {
		f(&cfg)
	}
	svc, err := lobby.New(cfg)
	if err != nil {
		t.Fatalf("lobby.New: %v", err)
	}
	e.svc = svc
	return e
}

func tc(t testing.TB, text string) game.TimeControl {
	t.Helper()
	v, err := game.ParseTimeControl(text)
	if err != nil {
		t.Fatalf("ParseTimeControl(%q): %v", text, err)
	}
	return v
}

func account(id string, rating int) lobby.Player {
	return lobby.Player{ID: id, Name: "Name of " + id, Rating: rating}
}

func guest(id string) lobby.Player {
	return lobby.Player{ID: id, Name: "Invitado " + id, Guest: true, Rating: 1500}
}

// wantCode fails t unless err carries code (a lobby or a game code).
func wantCode(t testing.TB, what string, err error, code string) {
	t.Helper()
	got := string(lobby.CodeOf(err))
	if got == "" {
		got = string(game.CodeOf(err))
	}
	if err == nil || got != code {
		t.Errorf("%s: error %v (code %q), want code %s", what, err, got, code)
	}
}

func mustNoErr(t testing.TB, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func (e *env) seeks(t testing.TB) []lobby.Seek {
	t.Helper()
	s, err := e.svc.Seeks(t.Context())
	mustNoErr(t, "Seeks", err)
	return s
}

func (e *env) seek(t testing.TB, req lobby.SeekRequest) lobby.SeekResult {
	t.Helper()
	res, err := e.svc.AddSeek(t.Context(), req)
	mustNoErr(t, "AddSeek", err)
	return res
}

var errNoGames = errors.New("the runtime takes no games")

func asError(err error, target **lobby.Error) bool { return errors.As(err, target) }
