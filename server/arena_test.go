package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// withArenas wires an arena service, and the runtime it starts its games
// on, on the test store and clock; the runtime is started and the service
// ticked by the test.
func withArenas(svc **arena.Service, rt **live.Runtime) func(*Config) {
	return func(c *Config) {
		st := c.Accounts.(interface {
			arena.Store
			game.Store
			live.NodeRegistry
		})
		*rt = live.New(live.Config{Store: st, Nodes: st})
		var err error
		*svc, err = arena.New(arena.Config{Store: st, Games: *rt, Records: st, Bus: (*rt).Bus(), Berserker: *rt,
			Now: c.Now, Heads: func() bool { return true }})
		if err != nil {
			panic(err)
		}
		c.Runtime, c.Arenas = *rt, *svc
	}
}

// TestArenasOverHTTP: an arena created, listed as upcoming, joined by two
// accounts (a guest and nobody refused), paired at its start, a berserk
// through the API that halves the player's clock, the game's arena seen
// from the game, a resignation scored in the standings, a withdrawal, and
// the coded refusals.
func TestArenasOverHTTP(t *testing.T) {
	onBothStores(t, func(t *testing.T, newEnv envMaker) {
		var svc *arena.Service
		var rt *live.Runtime
		env := newEnv(withArenas(&svc, &rt))
		ctx := context.Background()
		if err := rt.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer rt.Stop(ctx)
		ana, _ := env.signUp(t, "ana", "password-ana")
		beto, _ := env.signUp(t, "beto", "password-beto")
		nobody := env.browser(t)

		if e := mustStatus(t, nobody.do("POST", "/api/arenas", `{"name":"Jueves","minutes":3,"duration":60,"startsIn":10}`), http.StatusUnauthorized).refusal(t); e.Code == "" {
			t.Fatal("no refusal")
		}
		if e := mustStatus(t, ana.do("POST", "/api/arenas", `{"name":"Jueves","minutes":3,"increment":2,"duration":2,"startsIn":10}`), http.StatusBadRequest).refusal(t); e.Code != string(arena.CodeBadDuration) || e.Params["min"] != "5" {
			t.Fatalf("a 2-minute arena: %+v", e)
		}
		var p arenaPageJSON
		mustStatus(t, ana.do("POST", "/api/arenas", `{"name":"Jueves rápido","minutes":3,"increment":2,"duration":60,"startsIn":10,"berserk":true,"streaks":true}`), http.StatusCreated).decode(t, &p)
		id := p.Arena.ID
		if p.Arena.Clock != "3+2" || p.Arena.Phase != arena.Upcoming || p.Arena.Minutes != 60 || len(p.Standings) != 0 || p.Me != nil {
			t.Fatalf("created: %+v", p)
		}
		var list map[arena.Phase][]arenaJSON
		mustStatus(t, nobody.do("GET", "/api/arenas", ""), http.StatusOK).decode(t, &list)
		if len(list[arena.Upcoming]) != 1 || len(list[arena.Running]) != 0 || list[arena.Upcoming][0].ID != id {
			t.Fatalf("list: %+v", list)
		}
		mustStatus(t, ana.do("POST", "/api/arena/"+id+"/join", ""), http.StatusOK).decode(t, &p)
		if p.Me == nil || p.Me.Paused || len(p.Standings) != 1 || p.Standings[0].Rating != 1500 {
			t.Fatalf("ana joined: %+v", p)
		}
		if e := mustStatus(t, ana.do("POST", "/api/arena/"+id+"/join", ""), http.StatusConflict).refusal(t); e.Code != string(arena.CodeAlreadyJoined) {
			t.Errorf("joining twice: %+v", e)
		}
		mustStatus(t, beto.do("POST", "/api/arena/"+id+"/join", ""), http.StatusOK)
		if e := mustStatus(t, beto.do("POST", "/api/arena/"+id+"/berserk", ""), http.StatusNotFound).refusal(t); e.Code != string(arena.CodeNotArenaGame) {
			t.Errorf("berserk before a game: %+v", e)
		}
		if e := mustStatus(t, nobody.do("GET", "/api/arena/nope", ""), http.StatusNotFound).refusal(t); e.Code != string(arena.CodeNotFound) {
			t.Errorf("no arena: %+v", e)
		}

		// The start: paired.
		env.clock.Advance(10 * time.Minute)
		if err := svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, beto.do("GET", "/api/arena/"+id, ""), http.StatusOK).decode(t, &p)
		if p.Arena.Phase != arena.Running || p.Me == nil || p.Me.GameID == "" || len(p.Games) != 1 || p.Games[0].Result != "*" {
			t.Fatalf("after the start: %+v", p)
		}
		g := p.Me.GameID
		var ga struct {
			arena.Pairing
			ArenaID    string `json:"arenaId"`
			MayBerserk bool   `json:"mayBerserk"`
		}
		mustStatus(t, nobody.do("GET", "/api/game/"+g+"/arena", ""), http.StatusOK).decode(t, &ga)
		if ga.ArenaID != id || !ga.MayBerserk || ga.White != p.Games[0].White {
			t.Fatalf("the game's arena: %+v", ga)
		}
		mustStatus(t, nobody.do("GET", "/api/game/nope/arena", ""), http.StatusNoContent)
		black := beto
		blackName, whiteID := "beto", ga.White
		if ga.Black != p.Games[0].Black || p.Games[0].BlackName != "beto" {
			black, blackName = ana, "ana"
		}
		mustStatus(t, black.do("POST", "/api/arena/"+id+"/berserk", ""), http.StatusOK).decode(t, &p)
		if e := mustStatus(t, black.do("POST", "/api/arena/"+id+"/berserk", ""), http.StatusConflict).refusal(t); e.Code != string(arena.CodeAlreadyBerserk) {
			t.Errorf("berserk twice: %+v", e)
		}
		snap, err := rt.Snapshot(ctx, g)
		if err != nil || *snap.BlackMs != 90_000 || *snap.WhiteMs != 180_000 {
			t.Fatalf("clocks after %s's berserk: %+v %v", blackName, snap, err)
		}
		if err := rt.Resign(ctx, g, whiteID); err != nil {
			t.Fatal(err)
		}
		// The end reaches the service through the runtime's bus when it
		// runs; here it is handed over as the service's watcher does.
		rec, err := env.store.LoadGame(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if err := svc.Ended(ctx, arena.End{GameID: g, Status: rec.State.Status, Result: rec.State.Result, Plies: len(rec.Moves)}); err != nil {
			t.Fatal(err)
		}
		// The arena's only two players meet again at once: two games,
		// both paired at the test clock's one instant.
		var after arenaPageJSON
		mustStatus(t, nobody.do("GET", "/api/arena/"+id, ""), http.StatusOK).decode(t, &after)
		results := map[string]string{}
		for _, x := range after.Games {
			results[x.GameID] = x.Result
		}
		if after.Standings[0].Name != blackName || after.Standings[0].Score != 2 || after.Standings[1].Score != 0 ||
			len(after.Games) != 2 || results[g] != "0-1" {
			t.Fatalf("after the resignation: %+v", after)
		}
		mustStatus(t, ana.do("POST", "/api/arena/"+id+"/withdraw", ""), http.StatusOK).decode(t, &p)
		if p.Me == nil || !p.Me.Paused {
			t.Fatalf("withdrawn: %+v", p.Me)
		}
	})
}
