package server

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/schedule"
)

// notifyEnv is a play environment with the schedule, tournaments and
// arenas on its store, all on the server's clock.
func notifyEnv(t *testing.T) (*playEnv, **league.Service, **arena.Service) {
	t.Helper()
	var ls *league.Service
	var as *arena.Service
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		st := c.Accounts.(playStore)
		rt := c.Runtime.(*live.Runtime)
		sched, err := schedule.New(schedule.Config{Store: st.(schedule.Store), Games: rt, Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		if ls, err = league.New(league.Config{Store: st.(league.Store), Games: rt, Records: st, Arranger: sched, Now: c.Now}); err != nil {
			t.Fatal(err)
		}
		if as, err = arena.New(arena.Config{Store: st.(arena.Store), Games: rt, Records: st, Bus: rt.Bus(), Berserker: rt, Now: c.Now,
			Heads: func() bool { return true }}); err != nil {
			t.Fatal(err)
		}
		c.Schedule, c.Tournaments, c.Arenas = sched, ls, as
	}})
	return env, &ls, &as
}

// newGame waits on c for a "newGame" frame of kind.
func newGame(t *testing.T, c *wsClient, kind string) newGameJSON {
	t.Helper()
	var g newGameJSON
	c.next("newGame "+kind, func(f wsFrame) bool {
		return f.T == frameNewGame && json.Unmarshal(f.D, &g) == nil && g.Kind == kind
	})
	return g
}

// TestNotifiedOfNewGames: the notification socket tells each player of
// the game a live round pairs for them (tournament, round, opponent,
// start) and of the game an arena pairs for them (arena, opponent); a
// player hears of their own game only. Their event streams (lichess's)
// announce the same games with gameStart lines.
func TestNotifiedOfNewGames(t *testing.T) {
	env, ls, as := notifyEnv(t)
	ctx := t.Context()
	names := []string{"ana", "beto", "carla", "dani"}
	people := map[string]*person{}
	sockets := map[string]*wsClient{}
	for _, n := range names {
		people[n] = env.account(t, n)
		sockets[n] = people[n].dial("/api/schedule/socket")
		sockets[n].send("ping", nil)
		sockets[n].frame("pong")
	}
	anaStream, carlaStream := people["ana"].stream(), people["carla"].stream()
	byID := func(id string) string {
		for n, p := range people {
			if p.id == id {
				return n
			}
		}
		return ""
	}

	tr, err := (*ls).Create(ctx, league.Person{ID: people["ana"].id, Name: "ana"}, "Liga de invierno", "",
		league.Settings{Format: league.RoundRobin, TimeControl: "10+5"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := (*ls).Join(ctx, league.Person{ID: people[n].id, Name: n}, tr.ID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := (*ls).Start(ctx, league.Person{ID: people["ana"].id, Name: "ana"}, tr.ID); err != nil {
		t.Fatal(err)
	}
	boards, err := (*ls).Boards(ctx, tr.ID)
	if err != nil || len(boards) != 2 {
		t.Fatalf("round 1: %+v, %v", boards, err)
	}
	for _, b := range boards {
		for _, me := range []string{b.White, b.Black} {
			other := b.Black
			if me == b.Black {
				other = b.White
			}
			g := newGame(t, sockets[byID(me)], "round")
			if g.GameID != b.GameID || g.ID != tr.ID || g.Name != "Liga de invierno" || g.Round != 1 ||
				g.Opponent != byID(other) || !g.StartAt.Equal(b.StartAt) {
				t.Errorf("%s was told %+v of board %+v", byID(me), g, b)
			}
		}
	}

	gameOf := func(user string) string {
		for _, b := range boards {
			if people[user].id == b.White || people[user].id == b.Black {
				return b.GameID
			}
		}
		return ""
	}
	if l := anaStream.next(t, "gameStart"); l.Game == nil || l.Game.GameID != gameOf("ana") {
		t.Errorf("ana's stream: %+v, want the start of %s", l, gameOf("ana"))
	}
	if l := carlaStream.next(t, "gameStart"); l.Game == nil || l.Game.GameID != gameOf("carla") {
		t.Errorf("carla's stream: %+v, want the start of %s", l, gameOf("carla"))
	}

	a, err := (*as).Create(ctx, arena.Person{ID: people["ana"].id, Name: "ana"}, arena.Arena{Name: "Jueves rápido",
		Base: 3 * time.Minute, StartsAt: env.srvTime.Now(), Duration: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"carla", "dani"} {
		if _, err := (*as).Join(ctx, arena.Person{ID: people[n].id, Name: n, Rating: 1500}, a.ID); err != nil {
			t.Fatal(err)
		}
	}
	e, _, err := (*as).Entry(ctx, a.ID, people["carla"].id)
	if err != nil || e.GameID == "" {
		t.Fatalf("carla not paired: %+v, %v", e, err)
	}
	for me, other := range map[string]string{"carla": "dani", "dani": "carla"} {
		g := newGame(t, sockets[me], "arena")
		if g.GameID != e.GameID || g.ID != a.ID || g.Name != "Jueves rápido" || g.Opponent != other || g.Round != 0 {
			t.Errorf("%s was told %+v, want game %s against %s", me, g, e.GameID, other)
		}
	}
	if l := carlaStream.next(t, "gameStart"); l.Game == nil || l.Game.GameID != e.GameID {
		t.Errorf("carla's stream: %+v, want the start of arena game %s", l, e.GameID)
	}
	// ana and beto, who play no arena game, hear nothing of it: the next
	// frame on their sockets is the answer to a ping.
	for _, n := range []string{"ana", "beto"} {
		sockets[n].send("ping", nil)
		if f := sockets[n].next("a frame", func(wsFrame) bool { return true }); f.T != "pong" {
			t.Errorf("%s heard %s %s", n, f.T, f.D)
		}
	}
}
