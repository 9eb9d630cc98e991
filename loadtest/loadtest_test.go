package loadtest_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/loadtest"
	"github.com/joinpal/joinpal/store/sqlite"
)

// openStore opens an empty SQLite store in a temporary directory.
func openStore(tb testing.TB) (*sqlite.Store, string) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "loadtest.db")
	st, err := sqlite.Open(tb.Context(), path)
	if err != nil {
		tb.Fatalf("sqlite.Open: %v", err)
	}
	tb.Cleanup(func() { st.Close() })
	return st, path
}

// The moves counted as acknowledged are exactly the moves the store holds,
// game by game, and no game is left running.
func TestMovesMatchStore(t *testing.T) {
	t.Parallel()
	st, _ := openStore(t)
	const games = 4
	rep, err := loadtest.Run(t.Context(), loadtest.Config{Store: st, StoreName: "sqlite", Games: games, Duration: time.Second, Seed: 1})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	m := rep.Moves
	if m == nil || rep.Memory == nil || rep.Flags != nil {
		t.Fatalf("report has moves %v, memory %v, flags %v; want the move phase only", m, rep.Memory, rep.Flags)
	}
	if len(m.Errors) > 0 {
		t.Fatalf("errors %v (first: %s)", m.Errors, m.FirstError)
	}
	if m.Moves == 0 || m.Ack.N != int(m.Moves) || m.PerSecond <= 0 {
		t.Fatalf("moves %d, ack n %d, %.1f moves/s", m.Moves, m.Ack.N, m.PerSecond)
	}
	if m.Ack.P50 <= 0 || m.Ack.P50 > m.Ack.P90 || m.Ack.P90 > m.Ack.P99 || m.Ack.P99 > m.Ack.Max {
		t.Errorf("ack percentiles out of order: %+v", m.Ack)
	}
	// Each slot plays one game, and one more after each game that ends,
	// except when a game ends as the phase stops: its successor is never
	// created.
	if len(m.PerGame) < games || len(m.PerGame) > games+m.Finished {
		t.Errorf("%d games played, %d finished; want %d to %d + finished", len(m.PerGame), m.Finished, games, games)
	}
	var total int64
	for _, g := range m.PerGame {
		total += int64(g.Moves)
		rec, err := st.LoadGame(t.Context(), g.ID)
		if err != nil {
			t.Fatalf("LoadGame %s: %v", g.ID, err)
		}
		if len(rec.Moves) != g.Moves {
			t.Errorf("game %s: %d moves acknowledged, %d stored", g.ID, g.Moves, len(rec.Moves))
		}
		if !rec.State.Status.Finished() {
			t.Errorf("game %s left %s", g.ID, rec.State.Status)
		}
	}
	if total != m.Moves {
		t.Errorf("games add up to %d moves, report says %d", total, m.Moves)
	}
	if active, err := st.ActiveGames(t.Context()); err != nil || len(active) > 0 {
		t.Errorf("ActiveGames: %d, %v; want none", len(active), err)
	}
}

// Every flagged game gets a delay, counted from its clock's expiry.
func TestFlags(t *testing.T) {
	t.Parallel()
	st, _ := openStore(t)
	const flags = 5
	rep, err := loadtest.Run(t.Context(), loadtest.Config{Store: st, Flags: flags})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	f := rep.Flags
	if f == nil || rep.Moves != nil {
		t.Fatalf("report has flags %v, moves %v; want the flag phase only", f, rep.Moves)
	}
	if f.Games != flags || f.Fell != flags || f.Missed != 0 {
		t.Fatalf("flags %+v; want all %d fallen", f, flags)
	}
	for name, l := range map[string]loadtest.Latency{"delay": f.Delay, "decided": f.Decided, "published": f.Published} {
		if l.N != flags {
			t.Errorf("%s: %d measurements, want %d", name, l.N, flags)
		}
		// A bound far above any delay seen, so a loaded machine does not
		// fail it: it catches a flag measured against the wrong instant.
		if l.Max > 30*time.Second {
			t.Errorf("%s: max %v: not a sensible delay", name, l.Max)
		}
	}
	// A flag can only fall after the expiry, and arrive after it falls.
	if f.Delay.Mean < 0 || f.Decided.Mean < -time.Millisecond || f.Delay.Max < f.Decided.Max-time.Millisecond {
		t.Errorf("delays out of order: delay %+v, decided %+v", f.Delay, f.Decided)
	}
	if active, err := st.ActiveGames(t.Context()); err != nil || len(active) > 0 {
		t.Errorf("ActiveGames: %d, %v; want none", len(active), err)
	}
}

func TestMaxMoves(t *testing.T) {
	t.Parallel()
	st, _ := openStore(t)
	rep, err := loadtest.Run(t.Context(), loadtest.Config{Store: st, Games: 3, MaxMoves: 50, Think: time.Millisecond})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if rep.Moves.Moves != 50 {
		t.Errorf("%d moves, want 50", rep.Moves.Moves)
	}
}

func TestConfigErrors(t *testing.T) {
	st, _ := openStore(t)
	for name, cfg := range map[string]loadtest.Config{
		"no store":      {Games: 1, Duration: time.Second},
		"nothing":       {Store: st},
		"negative":      {Store: st, Games: -1, Duration: time.Second},
		"no bound":      {Store: st, Games: 1},
		"negative time": {Store: st, Games: 1, Duration: time.Second, Think: -time.Second},
	} {
		if _, err := loadtest.Run(t.Context(), cfg); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Run refuses a store with running games: they would be resumed and
// played by nobody, and counted in the memory.
func TestRefusesBusyStore(t *testing.T) {
	st, _ := openStore(t)
	tc, _ := game.NewWholeGame(time.Minute, 0)
	g, err := game.New(game.Config{ID: "x", TimeControl: tc, White: game.Player{ID: "a"}, Black: game.Player{ID: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateGame(t.Context(), g.Record()); err != nil {
		t.Fatal(err)
	}
	if _, err := loadtest.Run(t.Context(), loadtest.Config{Store: st, Games: 1, Duration: time.Second}); err == nil {
		t.Fatal("no error")
	}
}
