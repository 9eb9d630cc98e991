package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/schedule"
)

// openGame starts a game between two new guests by an open challenge on
// r (white the challenger) and returns them and the game's id.
func openGame(t *testing.T, r running, tc string) (white, black *httpUser, id string) {
	t.Helper()
	white, black = newGuestUser(t, r.base), newGuestUser(t, r.base)
	return white, black, challengeGame(t, r.base, white, black, tc)
}

// challengeGame starts a game on base between white, who offers an open
// challenge with clock tc, and black, who accepts it, and returns its id.
func challengeGame(t *testing.T, base string, white, black *httpUser, tc string) string {
	t.Helper()
	id, _ := challengeAcross(t, base, base, white, black, tc)
	return id
}

// challengeAcross is challengeGame with white's challenge offered on one
// node (offerBase) and accepted on another (acceptBase), which runs the
// game; it also returns the node the accept names (its routing hint).
func challengeAcross(t *testing.T, offerBase, acceptBase string, white, black *httpUser, tc string) (id, node string) {
	t.Helper()
	var c struct {
		ID string `json:"id"`
	}
	white.do(t, offerBase, "POST", "/api/challenge/open", map[string]any{"timeControl": tc, "color": "white"}, http.StatusCreated, &c)
	var accepted struct {
		GameID string `json:"gameId"`
		Node   string `json:"node"`
	}
	black.do(t, acceptBase, "POST", "/api/challenge/"+c.ID+"/accept", nil, http.StatusOK, &accepted)
	return accepted.GameID, accepted.Node
}

// goneSides returns the sides a game frame says have gone.
func goneSides(f clusterFrame) map[string]json.RawMessage {
	var g struct {
		Gone map[string]json.RawMessage `json:"gone"`
	}
	_ = json.Unmarshal(f.D, &g)
	return g.Gone
}

// TestClusterDeadNodesPlayersExpire: white's only socket is on B, which
// dies without a word while A runs the game. Within B's lease A still
// counts white connected; once the lease has passed, A drops B's holds
// and the game says white has gone (the reconnection window starts).
// White coming back through A is connected again.
func TestClusterDeadNodesPlayersExpire(t *testing.T) {
	start := clusterNodesWith(t, true)
	a, b := start("node-a"), start("node-b")
	white, black, id := openGame(t, a, "5+0")
	path := "/api/game/" + id + "/socket"
	ws := dialSocket(t, "white on B", b.base, path, white)
	bs := dialSocket(t, "black on A", a.base, path, black)
	for _, s := range []*wsClient{ws, bs} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" && len(goneSides(f)) == 0 })
	}
	// Two plies: the game's clocks run (a minute later it is not aborted
	// for want of a first move).
	ws.send(map[string]any{"t": "move", "d": map[string]any{"uci": "e2e4", "ply": 0, "id": 1}})
	ws.until("the ack of e2e4", func(f clusterFrame) bool { return f.T == "ack" })
	bs.until("e2e4 played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == 1 })
	bs.send(map[string]any{"t": "move", "d": map[string]any{"uci": "e7e5", "ply": 1, "id": 1}})
	bs.until("the ack of e7e5", func(f clusterFrame) bool { return f.T == "ack" })
	before := ws.until("e7e5 played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == 2 })
	if g := goneSides(before); len(g) != 0 {
		t.Fatalf("before B dies the game says %v have gone", g)
	}

	killed := time.Now()
	if err := b.kill(); !errors.Is(err, errHalted) {
		t.Fatalf("killing B: %v", err)
	}
	ctx := context.Background()
	if withinLease(t, killed, a) {
		if n, err := a.parts.games.ExpireNodes(ctx); err != nil || n != 0 {
			t.Fatalf("within B's lease A expired %d players (%v); want none", n, err)
		}
	}
	advanceClock(t, a, "2m") // past three of B's leases
	if _, err := a.parts.games.ExpireNodes(ctx); err != nil {
		t.Fatal(err)
	}
	bs.until("white gone", func(f clusterFrame) bool { return f.V > before.V && goneSides(f)["white"] != nil })
	back := dialSocket(t, "white back on A", a.base, path, white)
	back.until("white back", func(f clusterFrame) bool { return f.V > 0 && len(goneSides(f)) == 0 })
	bs.until("white back", func(f clusterFrame) bool { return f.V > before.V && f.T != "full" && len(goneSides(f)) == 0 })
}

// TestClusterChatCrowdAndTurns: the chat, the spectator count and the
// correspondence "your move" notes reach every node. White plays from A,
// black from B: a line white says reaches black and black's reaches
// white, each with the id the store gave it, and a socket opened later
// on either node, or on a node started later, has both in its history;
// a spectator on each
// node makes two watchers on both; a spectator leaving B makes one; a
// correspondence move made on A tells black's lobby socket on B that it
// is their move.
func TestClusterChatCrowdAndTurns(t *testing.T) {
	start := clusterNodes(t)
	a, b := start("node-a"), start("node-b")
	white, black, id := openGame(t, a, "days:3")
	lobby := dialSocket(t, "black's lobby on B", b.base, "/api/lobby/socket", black)
	lobby.until("the seeks", func(f clusterFrame) bool { return f.T == "seeks" })
	path := "/api/game/" + id + "/socket"
	ws := dialSocket(t, "white on A", a.base, path, white)
	bs := dialSocket(t, "black on B", b.base, path, black)
	for _, s := range []*wsClient{ws, bs} {
		s.until("the chat's history", func(f clusterFrame) bool { return f.T == "chat-history" })
	}

	white.do(t, a.base, "POST", "/api/game/"+id+"/move/e2e4", nil, http.StatusOK, nil)
	note := lobby.until("yourTurn", func(f clusterFrame) bool { return f.T == "yourTurn" })
	var turn struct {
		GameID string `json:"gameId"`
	}
	if err := json.Unmarshal(note.D, &turn); err != nil || turn.GameID != id {
		t.Errorf("black's yourTurn on B: %s (%v); want game %s", note.D, err, id)
	}

	type chatLine struct {
		ID   int64  `json:"id"`
		Text string `json:"text"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	// A line said on A reaches B, and one said on B reaches A: the store
	// numbers them, the same on both nodes.
	read := func(s *wsClient, who, text string) chatLine {
		t.Helper()
		var l chatLine
		s.until(who, func(f clusterFrame) bool {
			return f.T == "chat" && json.Unmarshal(f.D, &l) == nil && l.Text == text
		})
		return l
	}
	ws.send(map[string]any{"t": "chat-say", "d": map[string]any{"text": "¡suerte!", "id": 1}})
	if l := read(bs, "white's line on B", "¡suerte!"); l.User.ID != white.id || l.ID != 1 {
		t.Errorf("black on B read %+v; want white's ¡suerte!, line 1", l)
	}
	bs.send(map[string]any{"t": "chat-say", "d": map[string]any{"text": "gracias", "id": 2}})
	if l := read(ws, "black's line on A", "gracias"); l.User.ID != black.id || l.ID != 2 {
		t.Errorf("white on A read %+v; want black's gracias, line 2", l)
	}
	// A socket opened later on either node gets both lines, numbered
	// alike, in the room's history.
	for _, n := range []struct {
		name, base string
	}{{"B", b.base}, {"A", a.base}} {
		late := dialSocket(t, "black's second tab on "+n.name, n.base, path, black)
		hist := late.until("the chat's history", func(f clusterFrame) bool { return f.T == "chat-history" })
		var h struct {
			Lines []chatLine `json:"lines"`
		}
		if err := json.Unmarshal(hist.D, &h); err != nil || len(h.Lines) != 2 || h.Lines[0].ID != 1 || h.Lines[0].Text != "¡suerte!" ||
			h.Lines[1].ID != 2 || h.Lines[1].Text != "gracias" {
			t.Errorf("the history on %s: %s (%v); want both lines, 1 and 2", n.name, hist.D, err)
		}
	}
	// A node started now never saw the room: it loads it from the store
	// when black joins there, and numbers on.
	c := start("node-c")
	cs := dialSocket(t, "black's tab on C", c.base, path, black)
	hist := cs.until("the chat's history on C", func(f clusterFrame) bool { return f.T == "chat-history" })
	var h struct {
		Lines []chatLine `json:"lines"`
	}
	if err := json.Unmarshal(hist.D, &h); err != nil || len(h.Lines) != 2 || h.Lines[1].ID != 2 {
		t.Errorf("the history on C: %s (%v); want both lines", hist.D, err)
	}
	cs.send(map[string]any{"t": "chat-say", "d": map[string]any{"text": "desde C", "id": 3}})
	if l := read(ws, "black's line from C on A", "desde C"); l.ID != 3 {
		t.Errorf("white on A read %+v; want line 3", l)
	}

	crowd := func(n int) func(clusterFrame) bool {
		return func(f clusterFrame) bool {
			var c struct {
				Watchers int `json:"watchers"`
			}
			return f.T == "crowd" && json.Unmarshal(f.D, &c) == nil && c.Watchers == n
		}
	}
	dialSocket(t, "a spectator on A", a.base, path, nil)
	onB := dialSocket(t, "a spectator on B", b.base, path, nil)
	ws.until("two watchers, as A counts", crowd(2))
	bs.until("two watchers, as B counts", crowd(2))
	onB.conn.Close(websocket.StatusNormalClosure, "")
	ws.until("one watcher left, as A counts", crowd(1))
}

// TestClusterScheduleRunsOnce: both nodes run the schedule's loop over one
// database. A game arranged between two accounts is reminded, started and
// forfeited (neither player came) once, whichever node's loop gets there
// first: every schedule event is published once on the cluster, and the
// game ends once, as a no-show.
func TestClusterScheduleRunsOnce(t *testing.T) {
	start := clusterNodesWith(t, true)
	a, b := start("node-a"), start("node-b")
	ctx := context.Background()
	sa, sb := a.parts.schedule, b.parts.schedule
	events, end := sa.Events().Subscribe()
	defer end()
	startAt := sa.Now().Add(time.Hour).Truncate(time.Minute)
	tc, err := game.NewWholeGame(5*time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	arr, err := sa.Propose(ctx, schedule.Proposal{
		Proposer: schedule.Player{ID: "u-alba", Name: "alba"}, Opponent: schedule.Player{ID: "u-bruno", Name: "bruno"},
		Local: startAt.UTC().Format(schedule.LocalLayout), Zone: "UTC",
		TimeControl: tc, Color: schedule.White,
	})
	if err != nil {
		t.Fatal(err)
	}
	arr, err = sb.Accept(ctx, arr.ID, "u-bruno")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[schedule.EventType]int{}
	seen := func(want schedule.EventType) {
		t.Helper()
		timeout := time.After(clusterWait)
		for counts[want] == 0 {
			select {
			case e := <-events:
				if e.Arrangement.ID == arr.ID {
					counts[e.Type]++
				}
			case <-timeout:
				t.Fatalf("no %s event (got %v)", want, counts)
			}
		}
	}
	// tickBoth runs both loops' work at once, as their timers would.
	tickBoth := func() {
		var wg sync.WaitGroup
		for _, s := range []*schedule.Service{sa, sb} {
			wg.Go(func() {
				if _, err := s.Tick(ctx); err != nil {
					t.Errorf("tick: %v", err)
				}
			})
		}
		wg.Wait()
	}
	seen(schedule.EventAccepted)
	for _, r := range []running{a, b} {
		advanceClock(t, r, "50m") // 10 minutes before the start
	}
	tickBoth()
	seen(schedule.EventSoon)
	for _, r := range []running{a, b} {
		advanceClock(t, r, "25m") // past the start and the no-show time
	}
	tickBoth()
	seen(schedule.EventForfeited)
	tickBoth()
	for drained := false; !drained; {
		select {
		case e := <-events:
			if e.Arrangement.ID == arr.ID {
				counts[e.Type]++
			}
		default:
			drained = true
		}
	}
	for typ, n := range counts {
		if n != 1 {
			t.Errorf("%d %s events; want one of each (all: %v)", n, typ, counts)
		}
	}
	got, err := sa.Get(ctx, arr.ID)
	if err != nil || got.Status != schedule.Finished {
		t.Fatalf("the arrangement: %+v (%v); want finished", got, err)
	}
	var view struct {
		Status      string `json:"status"`
		Termination string `json:"termination"`
	}
	(&httpUser{hc: http.DefaultClient}).do(t, a.base, "GET", "/api/game/"+got.GameID, nil, http.StatusOK, &view)
	if view.Status == "started" || view.Status == "created" {
		t.Errorf("the arranged game: %+v; want it decided by the no-show", view)
	}
}
