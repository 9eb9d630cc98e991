package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/prometheus/client_golang/prometheus"
)

// TestMetrics: /metrics shows the runtime's games, the sockets and moves
// counted by the play handlers, the store's latency and the flags read
// from the ended states written through TimedStore.
func TestMetrics(t *testing.T) {
	m, err := NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	var st game.Store
	var rt *live.Runtime
	env := newTestServer(t, func(c *Config) {
		st = m.TimedStore(c.Accounts.(game.Store))
		// No registry given: the runtime finds it behind the timing, as
		// joinpal serve's does.
		rt = live.New(live.Config{Store: st})
		c.Runtime, c.Metrics = rt, m
	})
	ctx := context.Background()
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rt.Stop(ctx)
	tc, err := game.ParseTimeControl("1+0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Create(ctx, game.Config{ID: "metrics-game", White: game.Player{ID: "w", Name: "W"}, Black: game.Player{ID: "b", Name: "B"}, TimeControl: tc}); err != nil {
		t.Fatal(err)
	}
	m.SocketOpened()
	m.SocketOpened()
	m.SocketClosed()
	m.MoveDone(3 * time.Millisecond)
	// A flag: the state of a game ended on time, written through the
	// timed store.
	rec, err := st.LoadGame(ctx, "metrics-game")
	if err != nil {
		t.Fatal(err)
	}
	ended := rec.State
	ended.Status, ended.Termination, ended.Result = game.StatusEnded, game.Timeout, game.BlackWins
	ended.EndedAt = env.clock.Now()
	if err := st.SaveState(ctx, "metrics-game", ended); err != nil {
		t.Fatal(err)
	}
	body := string(env.browser(t).do("GET", "/metrics", "").body)
	for _, want := range []string{
		"joinpal_live_games 1", "joinpal_sockets 1", "joinpal_moves_total 1", "joinpal_flags_total 1",
		`joinpal_store_seconds_count{op="create"} 1`, `joinpal_store_seconds_count{op="load"} 1`,
		"joinpal_move_seconds_count 1", "joinpal_game_restore_failures_total 0", "joinpal_games_restoring 0",
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}
