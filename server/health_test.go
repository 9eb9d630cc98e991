package server

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// outageStore is the test server's real store with its writes made to
// fail on demand: an outage injected, the store itself unchanged.
type outageStore struct {
	game.Store
	live.NodeRegistry
	down atomic.Bool
}

var errOutage = errors.New("injected outage: the database does not answer")

func (s *outageStore) AppendMove(ctx context.Context, id string, mv game.MoveRecord, st game.State) error {
	if s.down.Load() {
		return errOutage
	}
	return s.Store.AppendMove(ctx, id, mv, st)
}

func (s *outageStore) SaveState(ctx context.Context, id string, st game.State) error {
	if s.down.Load() {
		return errOutage
	}
	return s.Store.SaveState(ctx, id, st)
}

func (s *outageStore) TakeBack(ctx context.Context, id string, from, to int, st game.State) error {
	if s.down.Load() {
		return errOutage
	}
	return s.Store.TakeBack(ctx, id, from, to, st)
}

func (s *outageStore) LoadGame(ctx context.Context, id string) (game.Record, error) {
	if s.down.Load() {
		return game.Record{}, errOutage
	}
	return s.Store.LoadGame(ctx, id)
}

func (s *outageStore) Heartbeat(ctx context.Context, node string, at time.Time) error {
	if s.down.Load() {
		return errOutage
	}
	return s.NodeRegistry.Heartbeat(ctx, node, at)
}

// TestHealthzWhileTheStoreIsDown: /healthz answers 503 with the reason
// while the store confirms no writes, and 200 again once it does.
func TestHealthzWhileTheStoreIsDown(t *testing.T) {
	var st *outageStore
	var rt *live.Runtime
	env := newTestServer(t, func(c *Config) {
		st = &outageStore{Store: c.Accounts.(game.Store), NodeRegistry: c.Accounts.(live.NodeRegistry)}
		rt = live.New(live.Config{Store: st, Nodes: st})
		c.Runtime = rt
	})
	ctx := context.Background()
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rt.Stop(ctx)
	env.srv.SetReady()
	tc, err := game.ParseTimeControl("1+0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Create(ctx, game.Config{ID: "outage-game", White: game.Player{ID: "w", Name: "W"}, Black: game.Player{ID: "b", Name: "B"}, TimeControl: tc}); err != nil {
		t.Fatal(err)
	}
	c := env.browser(t)
	health := func() (int, health) {
		var h health
		r := c.do("GET", "/healthz", "")
		r.decode(t, &h)
		return r.status, h
	}
	if code, h := health(); code != 200 || h.Status != "ok" {
		t.Fatalf("before the outage: %d %+v", code, h)
	}
	st.down.Store(true)
	if _, err := rt.Move(ctx, "outage-game", "w", live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1}); live.CodeOf(err) != live.CodeNotStored && live.CodeOf(err) != live.CodeUnavailable {
		t.Fatalf("a move while the store is down: %v", err)
	}
	if code, h := health(); code != 503 || h.Status != "store_down" || !strings.Contains(h.Reason, errOutage.Error()) {
		t.Fatalf("during the outage: %d %+v", code, h)
	}
	st.down.Store(false)
	if _, err := rt.Move(ctx, "outage-game", "w", live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1}); err != nil {
		t.Fatalf("a move once the store is back: %v", err)
	}
	if code, h := health(); code != 200 || h.Status != "ok" {
		t.Fatalf("after the outage: %d %+v", code, h)
	}
}

// TestHealthzWhenPeersAreDown: a node whose link to the other nodes is
// broken answers 503 "peers_down" with the link's state, and 200 again
// once it is back.
func TestHealthzWhenPeersAreDown(t *testing.T) {
	var linkErr atomic.Pointer[error]
	env := newTestServer(t, func(c *Config) {
		c.Peers = func() error {
			if p := linkErr.Load(); p != nil {
				return *p
			}
			return nil
		}
	})
	env.srv.SetReady()
	c := env.browser(t)
	health := func() (int, health) {
		var h health
		r := c.do("GET", "/healthz", "")
		r.decode(t, &h)
		return r.status, h
	}
	if code, h := health(); code != 200 || h.Status != "ok" {
		t.Fatalf("with the link up: %d %+v", code, h)
	}
	down := errors.New("NATS is reconnecting")
	linkErr.Store(&down)
	if code, h := health(); code != 503 || h.Status != "peers_down" || h.Reason != down.Error() {
		t.Fatalf("with the link down: %d %+v", code, h)
	}
	linkErr.Store(nil)
	if code, h := health(); code != 200 || h.Status != "ok" {
		t.Fatalf("with the link back: %d %+v", code, h)
	}
}
