package live

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/beat"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
)

// carryStore is a store the carrying tests run a runtime on.
type carryStore interface {
	game.Store
	NodeRegistry
	Close() error
}

// wrappedStore wraps a store as a layer over its calls does, hiding
// everything but game.Store; Unwrap gives the store back.
type wrappedStore struct{ game.Store }

func (w wrappedStore) Unwrap() game.Store { return w.Store }

// A node alone lets a game's write carry its heartbeat once the last
// carried beat is half a HeartbeatEvery old (on PostgreSQL in the write's
// transaction, on a locked SQLite file into its lock file); the tick then
// need not write one for a HeartbeatEvery, and is pushed back. Among
// several nodes the tick writes every beat (it is the lease); a runtime
// given a NodeRegistry of its own (Config.Nodes) records its beats there
// only; one whose store wraps the store that records them (as joinpal
// serve's timing of the store's calls does) finds it and carries.
func TestWritesCarryTheHeartbeat(t *testing.T) {
	const every = time.Hour
	for _, tc := range []struct {
		name       string
		cluster    bool
		sqlite     bool
		nodesGiven bool
		wrapped    bool
		carries    bool
	}{
		{name: "postgres alone", carries: true},
		{name: "postgres among several", cluster: true},
		{name: "postgres, the registry given", nodesGiven: true},
		{name: "postgres, wrapped", wrapped: true, carries: true},
		{name: "sqlite", sqlite: true, carries: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			var st carryStore
			var err error
			if tc.sqlite {
				st, err = sqlite.Open(ctx, filepath.Join(t.TempDir(), "carry.db"), sqlite.WithLock("n1"))
			} else {
				st, err = postgres.Open(ctx, crashSchema(t))
			}
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			clock := newFakeClock()
			var mono atomic.Int64 // the runtime's monotonic clock
			mono.Store(int64(time.Minute))
			var games game.Store = st
			if tc.wrapped {
				games = wrappedStore{st}
			}
			cfg := Config{Store: games, Clock: clock, Node: "n1", Cluster: tc.cluster, HeartbeatEvery: every,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
			if tc.nodesGiven {
				cfg.Nodes = st
			}
			rt := New(cfg)
			rt.carry.since = func() time.Duration { return time.Duration(mono.Load()) }
			if err := rt.Start(ctx); err != nil {
				t.Fatal(err)
			}
			defer rt.Stop(context.Background())
			started := clock.Now()
			// check checks the node's row (seen when the store carries
			// beats, else as Start wrote it) and whether the tick may skip
			// its beat (fresh when the store carries beats).
			check := func(what string, seen time.Time, fresh bool) {
				t.Helper()
				if !tc.carries {
					seen, fresh = started, false
				}
				got, _, err := st.NodeStatus(ctx, "n1")
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(seen) {
					t.Errorf("%s: node seen %v, want %v", what, got, seen)
				}
				if f := rt.carry.fresh(every); f != fresh {
					t.Errorf("%s: the tick may skip its beat: %v, want %v", what, f, fresh)
				}
				// A carried beat pushes the tick back to a period after
				// it; without one, the tick is armed for the first
				// instant after Start.
				last := rt.carry.origin.Add(time.Duration(rt.carry.last.Load()))
				armed := rt.carry.tick.Armed()
				if tc.carries && !seen.Equal(started) && armed.Before(last.Add(every)) {
					t.Errorf("%s: the tick armed for %v, before a period after the carried beat (%v)", what, armed, last)
				}
				if !tc.carries && armed.After(rt.carry.origin.Add(every)) {
					t.Errorf("%s: the tick armed for %v, past the first instant after Start", what, armed)
				}
			}
			move := func(player, uci string, ply int) time.Time {
				t.Helper()
				clock.Advance(time.Second)
				at := clock.Now()
				if _, err := rt.Move(ctx, "g1", player, MoveRequest{UCI: uci, Ply: ply, ID: int64(ply + 1)}); err != nil {
					t.Fatal(err)
				}
				return at
			}

			control, err := game.ParseTimeControl("5+3")
			if err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Second)
			created := clock.Now()
			if _, err := rt.Create(ctx, game.Config{ID: "g1", White: alice, Black: bob, TimeControl: control}); err != nil {
				t.Fatal(err)
			}
			// On PostgreSQL a new game is a transaction of its own, which
			// carries none; on SQLite it is a write of the writer's, which
			// carries the beat.
			seen, fresh := started, false
			if tc.sqlite {
				seen, fresh = created, true
			}
			check("the game created", seen, fresh)

			first := move("alice", "e2e4", 0)
			if !tc.sqlite {
				seen = first
			}
			check("the first move", seen, true)

			// A quarter of the period later: no beat is due.
			mono.Add(int64(every / 4))
			move("bob", "e7e5", 1)
			check("a move within half the period", seen, true)

			// Half the period after the carried beat: the move carries one.
			mono.Add(int64(every / 4))
			third := move("alice", "g1f3", 2)
			check("a move half the period later", third, true)

			// A period after it, the tick writes its beat again.
			mono.Add(int64(every))
			check("a period later", third, false)
		})
	}
}

// One beat rides on one write at a time; a beat the store did not carry
// lets the next write carry one.
func TestOneBeatRidesAtATime(t *testing.T) {
	r := &Runtime{cfg: Config{Node: "n1", HeartbeatEvery: time.Second, Clock: newFakeClock()}, carry: carrier{allowed: true}}
	background := func() {}
	ctx, cancel := r.carryBeat(context.Background(), background)
	if game.BeatOf(ctx) != nil {
		t.Fatal("a write before the heartbeat runs carries a beat")
	}
	cancel()

	r.carry.start(beat.NewTicker(time.Hour))
	first, cancelFirst := r.carryBeat(context.Background(), background)
	b := game.BeatOf(first)
	if b == nil || b.Node != "n1" {
		t.Fatalf("the first write's beat: %+v", b)
	}
	second, cancelSecond := r.carryBeat(context.Background(), background)
	if game.BeatOf(second) != nil {
		t.Error("a second write carries a beat while the first rides")
	}
	cancelSecond()
	cancelFirst() // not carried
	if r.carry.fresh(time.Hour) {
		t.Error("a beat not carried counts as one")
	}
	third, cancelThird := r.carryBeat(context.Background(), background)
	b = game.BeatOf(third)
	if b == nil {
		t.Fatal("no beat after one that was not carried")
	}
	b.MarkCarried()
	cancelThird()
	if !r.carry.fresh(time.Hour) {
		t.Error("a carried beat does not count")
	}
	fourth, cancelFourth := r.carryBeat(context.Background(), background)
	defer cancelFourth()
	if game.BeatOf(fourth) != nil {
		t.Error("a write carries a beat right after one was carried")
	}
}
