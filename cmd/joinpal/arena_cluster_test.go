package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
)

// The arenas among several nodes: one node at a time runs them (the
// holder of their lease); the others forward the commands to it and relay
// its events to their sockets. Each node runs on a clock of its own
// (serve --test-clock), moved past the lease (5 s) by POST /test/clock.

// arenaPage is what the tests read of an arena socket's frame.
type arenaPage struct {
	Standings []arena.Row `json:"standings"`
	Games     []struct {
		GameID string `json:"gameId"`
		White  string `json:"white"`
		Black  string `json:"black"`
		Result string `json:"result"`
	} `json:"games"`
}

func readArenaPage(t *testing.T, f clusterFrame) arenaPage {
	t.Helper()
	var p arenaPage
	if f.T == "arena" {
		if err := json.Unmarshal(f.D, &p); err != nil {
			t.Fatalf("an arena frame: %v: %s", err, f.D)
		}
	}
	return p
}

// hold calls r's Hold and returns whether r runs the arenas.
func hold(t *testing.T, r running) bool {
	t.Helper()
	runs, err := r.parts.arenas.Hold(context.Background())
	if err != nil {
		t.Fatalf("hold: %v", err)
	}
	return runs
}

// newClusterArena creates a running arena of 3+0 on r.
func newClusterArena(t *testing.T, r running) arena.Arena {
	t.Helper()
	a, err := r.parts.arenas.Create(context.Background(), arena.Person{ID: "u-org", Name: "org"},
		arena.Arena{Name: "Arena de los nodos", Base: 3 * time.Minute, Duration: time.Hour, Berserk: true, Streaks: true,
			StartsAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestClusterArenaRunnerFailover: A runs the arenas; commands given to B
// are run by A with A's answers and refusals (their codes kept), and A's
// events reach B's arena socket and notices (the games a pairing started). A dies without a word: within its lease
// B does not take the arenas; once it has passed, B takes them, reads
// the entries A wrote, follows the game A paired (now B's), scores its
// end once, and pairs those who wait, nobody twice.
func TestClusterArenaRunnerFailover(t *testing.T) {
	start := clusterNodesWith(t, true)
	a := start("node-a")
	if !hold(t, a) {
		t.Fatal("A, alone, does not run the arenas")
	}
	b := start("node-b")
	if hold(t, b) {
		t.Fatal("B runs the arenas while A holds their lease")
	}
	ar := newClusterArena(t, a)
	ctx := context.Background()
	ws := dialSocket(t, "arena on B", b.base, "/api/arena/"+ar.ID+"/socket", nil)
	ws.until("the first arena frame", func(f clusterFrame) bool { return f.T == "arena" })

	ana, ben, cat, dan := arena.Person{ID: "u-ana", Name: "ana", Rating: 1500}, arena.Person{ID: "u-ben", Name: "ben", Rating: 1500},
		arena.Person{ID: "u-cat", Name: "cat", Rating: 1500}, arena.Person{ID: "u-dan", Name: "dan", Rating: 1500}
	routes := b.parts.arenaRoutes
	events, stop := routes.Events().Subscribe()
	defer stop()
	for _, p := range []arena.Person{ana, ben} {
		if _, err := routes.Join(ctx, p, ar.ID); err != nil {
			t.Fatalf("%s joins through B: %v", p.Name, err)
		}
	}
	if _, err := routes.Join(ctx, ana, ar.ID); arena.CodeOf(err) != arena.CodeAlreadyJoined {
		t.Fatalf("ana joins again through B: %v; want %s", err, arena.CodeAlreadyJoined)
	}
	paired := ws.until("ana and ben paired, on B's socket", func(f clusterFrame) bool { return len(readArenaPage(t, f).Games) == 1 })
	g := readArenaPage(t, paired).Games[0]
	if !a.parts.runtime.Runs(g.GameID) {
		t.Fatalf("the game %s does not run on A, the runner", g.GameID)
	}
	for told := false; !told; {
		select {
		case ev := <-events:
			told = len(ev.Paired) == 1 && ev.Paired[0].GameID == g.GameID
		case <-time.After(clusterWait):
			t.Fatal("B's events were not told of the game A paired, for its players' notices")
		}
	}
	black := ana
	if g.Black == ben.ID {
		black = ben
	}
	if p, err := routes.Berserk(ctx, black, g.GameID); err != nil || !p.BlackBerserk {
		t.Fatalf("%s berserks through B: %+v, %v", black.Name, p, err)
	}
	if _, err := routes.Join(ctx, cat, ar.ID); err != nil {
		t.Fatalf("cat joins through B: %v", err)
	}

	if err := a.kill(); !errors.Is(err, errHalted) {
		t.Fatalf("killing A: %v", err)
	}
	// Within A's lease as B sees it: on a machine so busy that A's
	// arenas lease ran out before A died (its loop or the kill stalled
	// past the lease, 30 s), there is nothing to check here, and B's
	// clock need not move past it.
	lapsed := false
	if runner, err := b.parts.arenas.Runner(ctx); err != nil {
		t.Fatal(err)
	} else if runner != "node-a" {
		lapsed = true
		t.Logf("A's lease had run out once A was dead (runner %q): the checks within it are skipped", runner)
	} else {
		if hold(t, b) {
			t.Fatal("B took the arenas within A's lease")
		}
		if _, err := routes.Join(ctx, dan, ar.ID); arena.CodeOf(err) != arena.CodeUnavailable {
			t.Fatalf("dan joins while no node runs the arenas: %v; want %s", err, arena.CodeUnavailable)
		}
	}
	if status, over := storedGameOver(t, b.base, g.GameID); over {
		// On a machine this busy the test outran the game's first-move
		// window (30 s) before A died, and A ended the game: B has no
		// game to take, and what follows is about that game.
		t.Logf("A ended the game %s (%s) before it died: the checks of B taking it are skipped", g.GameID, status)
		if !lapsed {
			advanceClock(t, b, "1m")
		}
		if !hold(t, b) {
			t.Fatal("B does not run the arenas once A's lease has passed")
		}
		return
	}
	if lapsed {
		// A's arenas lease ran out while A still beat: its games' lease
		// runs out in real time too, a lease after its last beat, and B
		// takes the game then (by its own scan, or by Failover here). B's
		// clock stays: once B holds the game, a minute more would run out
		// the game's time for its first move.
		untilRuns(t, b, g.GameID, b.parts.runtime.Lease()+clusterWait)
	} else {
		// Past the lease on B's clock.
		advanceClock(t, b, "1m")
		failover(t, b) // (unless B's own heartbeat's scan took it first)
	}
	if !b.parts.runtime.Runs(g.GameID) {
		t.Fatal("B does not run the arena game once A's lease has passed")
	}
	if !hold(t, b) {
		t.Fatal("B does not run the arenas once A's lease has passed")
	}
	if _, err := routes.Join(ctx, dan, ar.ID); err != nil {
		t.Fatalf("dan joins once B runs the arenas: %v", err)
	}
	ws.until("cat (joined on A) and dan paired", func(f clusterFrame) bool { return len(readArenaPage(t, f).Games) == 2 })

	white := g.White
	if err := b.parts.runtime.Resign(ctx, g.GameID, black.ID); err != nil {
		t.Fatalf("the berserker resigns on B: %v", err)
	}
	ws.until("the end scored", func(f clusterFrame) bool {
		for _, r := range readArenaPage(t, f).Standings {
			if r.UserID == white && r.Score == 2 {
				return true
			}
		}
		return false
	})
	ps, err := b.parts.arenas.Pairings(ctx, ar.ID)
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]int{}
	for _, p := range ps {
		games[p.White]++
		games[p.Black]++
	}
	if len(ps) != 2 || games[ana.ID] != 1 || games[ben.ID] != 1 || games[cat.ID] != 1 || games[dan.ID] != 1 {
		t.Errorf("the pairings: %+v; want ana–ben and cat–dan, once each", ps)
	}
}

// TestClusterArenaStaleRunnerRefused: A runs the arenas and is cut off
// (alive, but its lease passed as B sees it): B takes them under a newer
// epoch; A's next command changes nothing (arena.unavailable, refused by
// the store's fence if A still believed it ran them), and B runs on.
func TestClusterArenaStaleRunnerRefused(t *testing.T) {
	start := clusterNodesWith(t, true)
	a := start("node-a")
	if !hold(t, a) {
		t.Fatal("A, alone, does not run the arenas")
	}
	b := start("node-b")
	ar := newClusterArena(t, a)
	ctx := context.Background()
	ana, ben := arena.Person{ID: "u-ana", Name: "ana", Rating: 1500}, arena.Person{ID: "u-ben", Name: "ben", Rating: 1500}
	if _, err := a.parts.arenas.Join(ctx, ana, ar.ID); err != nil {
		t.Fatal(err)
	}
	advanceClock(t, b, "1m")
	if !hold(t, b) {
		t.Fatal("B does not take the arenas once A's lease has passed, as B sees it")
	}
	if _, err := a.parts.arenas.Join(ctx, ben, ar.ID); arena.CodeOf(err) != arena.CodeUnavailable {
		t.Fatalf("ben joins on A, whose lease passed: %v; want %s", err, arena.CodeUnavailable)
	}
	if _, ok, err := b.parts.arenas.Entry(ctx, ar.ID, ben.ID); ok || err != nil {
		t.Fatalf("ben's entry after A's refused join: %v, %v; want none", ok, err)
	}
	if hold(t, a) {
		t.Fatal("A runs the arenas again while B holds their lease")
	}
	if _, err := a.parts.arenaRoutes.Join(ctx, ben, ar.ID); err != nil {
		t.Fatalf("ben joins through A, forwarded to B: %v", err)
	}
	if ps, err := b.parts.arenas.Pairings(ctx, ar.ID); err != nil || len(ps) != 1 {
		t.Fatalf("the pairings once B runs the arenas: %+v, %v; want ana–ben", ps, err)
	}
}

// TestClusterArenaGracefulHandover: a runner that stops gracefully gives
// the lease up, and another node takes the arenas at once (no clock
// moved).
func TestClusterArenaGracefulHandover(t *testing.T) {
	start := clusterNodesWith(t, true)
	a := start("node-a")
	if !hold(t, a) {
		t.Fatal("A, alone, does not run the arenas")
	}
	b := start("node-b")
	if err := a.stop(); err != nil {
		t.Fatal(err)
	}
	if !hold(t, b) {
		t.Fatal("B does not take the arenas at once from A, stopped gracefully")
	}
}

// newAccountUser signs up username on base, and keeps its session.
func newAccountUser(t *testing.T, base, username string) *httpUser {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	u := &httpUser{hc: &http.Client{Jar: jar}}
	u.do(t, base, "POST", "/api/account/signup", map[string]string{"username": username, "password": "a long enough password"},
		http.StatusCreated, nil)
	return u
}

// TestClusterArenaOverHTTP: the arena API on a node that does not run
// the arenas answers as the runner does, statuses and codes included, and
// 503 arena.unavailable while no node runs them.
func TestClusterArenaOverHTTP(t *testing.T) {
	start := clusterNodesWith(t, true)
	a := start("node-a")
	if !hold(t, a) {
		t.Fatal("A, alone, does not run the arenas")
	}
	b := start("node-b")
	ana, ben := newAccountUser(t, b.base, "ana_b"), newAccountUser(t, b.base, "ben_b")
	var page struct {
		Arena struct {
			ID string `json:"id"`
		} `json:"arena"`
		Me *struct {
			GameID string `json:"gameId"`
		} `json:"me"`
	}
	ana.do(t, b.base, "POST", "/api/arenas", map[string]any{"name": "Arena por HTTP", "minutes": 3, "duration": 60, "startsIn": 0},
		http.StatusCreated, &page)
	id := page.Arena.ID
	ana.do(t, b.base, "POST", "/api/arena/"+id+"/join", nil, http.StatusOK, &page)
	if page.Me == nil {
		t.Fatal("ana's join through B answered without her entry")
	}
	var refusal struct {
		Code string `json:"code"`
	}
	ana.do(t, b.base, "POST", "/api/arena/"+id+"/join", nil, http.StatusConflict, &refusal)
	if refusal.Code != string(arena.CodeAlreadyJoined) {
		t.Errorf("ana joins again through B: %q, want %s", refusal.Code, arena.CodeAlreadyJoined)
	}
	advanceClock(t, a, "1m") // A's lease outlasts the kill, however long it takes
	if !hold(t, a) {
		t.Fatal("A lost the arenas")
	}
	if err := a.kill(); !errors.Is(err, errHalted) {
		t.Fatalf("killing A: %v", err)
	}
	ben.do(t, b.base, "POST", "/api/arena/"+id+"/join", nil, http.StatusServiceUnavailable, &refusal)
	if refusal.Code != string(arena.CodeUnavailable) {
		t.Errorf("ben joins while no node runs the arenas: %q, want %s", refusal.Code, arena.CodeUnavailable)
	}
	advanceClock(t, b, "2m")
	if !hold(t, b) {
		t.Fatal("B does not run the arenas once A's lease has passed")
	}
	ben.do(t, b.base, "POST", "/api/arena/"+id+"/join", nil, http.StatusOK, &page)
	if page.Me == nil || page.Me.GameID == "" {
		t.Errorf("ben, joined on B as it runs the arenas, is not paired with ana: %+v", page.Me)
	}
}

// untilRuns waits, up to within, for r to run game id, calling its
// Failover between looks: a game whose node died passes once the node's
// lease has run out in real time.
func untilRuns(t *testing.T, r running, id string, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); !r.parts.runtime.Runs(id); {
		if time.Now().After(deadline) {
			t.Fatalf("%s does not run game %s within %v of its node's death", r.parts.runtime.Node(), id, within)
		}
		failover(t, r)
		time.Sleep(100 * time.Millisecond)
	}
}

// storedGameOver reads game id from base's API and reports its status and
// whether it has ended.
func storedGameOver(t *testing.T, base, id string) (string, bool) {
	t.Helper()
	resp, err := http.Get(base + "/api/game/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var g struct {
		Status string `json:"status"`
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/game/%s: %s", id, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(&g); err != nil {
		t.Fatalf("GET /api/game/%s: %v", id, err)
	}
	return g.Status, g.Status != "created" && g.Status != "started"
}
