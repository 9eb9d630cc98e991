package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/nats-io/nats.go"
)

// defaultNATS is the NATS server of the tests (make services starts it).
const defaultNATS = "nats://127.0.0.1:4222"

// clusterWait bounds every wait of the cluster tests for a frame.
const clusterWait = 20 * time.Second

// startCluster starts two nodes, node-a and node-b, on a new PostgreSQL
// schema, sharing the test NATS server under subjects of their own.
func startCluster(t *testing.T) (a, b running) {
	t.Helper()
	start := clusterNodes(t)
	return start("node-a"), start("node-b")
}

// clusterNodes returns a function that starts a node of a new cluster: a
// new PostgreSQL schema, and subjects of its own on the test NATS server.
func clusterNodes(t *testing.T) func(node string) running {
	t.Helper()
	return clusterNodesWith(t, false)
}

// clusterNodesWith is clusterNodes; with testClock, each node runs on a
// clock of its own that the test moves forward (serve --test-clock).
func clusterNodesWith(t *testing.T, testClock bool) func(node string) running {
	t.Helper()
	start, _, _ := clusterSetup(t, testClock)
	return start
}

// clusterSetup is clusterNodesWith, and also returns the cluster's
// database and NATS prefix, for a node started as a process of its own.
func clusterSetup(t *testing.T, testClock bool) (start func(node string) running, db, prefix string) {
	t.Helper()
	url := envOr("JOINPAL_TEST_NATS", defaultNATS)
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatalf("NATS at %s: %v (start it with make services, or set JOINPAL_TEST_NATS)", url, err)
	}
	nc.Close()
	db = postgresSchema(t)
	prefix = "jptest-" + strings.ToLower(rand.Text()[:10])
	var logs syncLog
	log := slog.New(slog.NewTextHandler(&logs, nil))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the nodes' logs:\n%s", logs.String())
		}
	})
	opts := func(node string) serveOptions {
		// No grace after joining: a game's events go to NATS only as
		// the other nodes follow it, from the first.
		o := serveOptions{addr: "127.0.0.1:0", db: db, node: node, stopTimeout: 10 * time.Second, nats: url, natsPrefix: prefix, testClock: testClock,
			followGrace: time.Nanosecond}
		if testClock {
			// The tests move the clocks a minute past a lease, and check
			// what holds within it on real seconds.
			o.lease = 30 * time.Second
		}
		return o
	}
	return func(node string) running {
		t.Helper()
		r := startServeWith(t, opts(node), log)
		stop := sync.OnceValue(r.stop)
		r.stop = stop
		t.Cleanup(func() { _ = stop() })
		return r
	}, db, prefix
}

// withinLease reports whether a node killed at killed (its heartbeats
// going on until then) is still within its lease as survivor sees it,
// with half the lease to spare: a check of what must not happen within
// the lease means something only then. On a machine so busy that the
// kill took that long, it logs that the check is skipped.
func withinLease(t *testing.T, killed time.Time, survivor running) bool {
	t.Helper()
	if took := time.Since(killed); took >= survivor.parts.runtime.Lease()/2 {
		t.Logf("the kill took %v, past half the lease (%v): the checks within the lease are skipped", took, survivor.parts.runtime.Lease())
		return false
	}
	return true
}

// TestClusterNodeStartsBesideRunningGames: a node starts beside another
// that runs games (no live.node_busy), leaves them to it, and shows them
// to a socket of its own.
func TestClusterNodeStartsBesideRunningGames(t *testing.T) {
	start := clusterNodes(t)
	a := start("node-a")
	createGame(t, a, "g1")
	b := start("node-b")
	if a.parts.runtime.Len() != 1 || b.parts.runtime.Len() != 0 {
		t.Fatalf("A runs %d games, B %d; want 1 and 0", a.parts.runtime.Len(), b.parts.runtime.Len())
	}
	spec := dialSocket(t, "spectator on B", b.base, "/api/game/g1/socket", nil)
	full := spec.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	if full.V < 1 || state(t, full).Status != "started" && state(t, full).Status != "created" {
		t.Errorf("B shows g1 as %s at version %d", full.D, full.V)
	}
	// A stops: B takes its game over (its stop recorded, no lease to
	// wait); A restarted takes back none of the games B, alive, runs.
	if err := a.stop(); err != nil {
		t.Fatal(err)
	}
	failover(t, b)
	a = start("node-a")
	if a.parts.runtime.Len() != 0 || b.parts.runtime.Len() != 1 {
		t.Errorf("after A's restart, A runs %d games, B %d; want 0 and 1", a.parts.runtime.Len(), b.parts.runtime.Len())
	}
}

// httpUser is a guest (or nobody, with no session) talking to any node:
// cookies do not depend on the port, so one jar serves every node.
type httpUser struct {
	hc *http.Client
	id string
}

func newGuestUser(t *testing.T, base string) *httpUser {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	u := &httpUser{hc: &http.Client{Jar: jar}}
	var g struct{ ID string }
	u.do(t, base, "POST", "/api/guest", nil, http.StatusCreated, &g)
	u.id = g.ID
	return u
}

func (u *httpUser) do(t *testing.T, base, method, path string, body any, want int, v any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := u.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		t.Fatalf("%s %s%s: %d %s, want %d", method, base, path, res.StatusCode, data, want)
	}
	if v != nil {
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// clusterFrame is a server frame, its data kept whole.
type clusterFrame struct {
	T string          `json:"t"`
	V int64           `json:"v"`
	D json.RawMessage `json:"d"`
}

// frameState is what the tests read of a game frame's data.
type frameState struct {
	Ply    int    `json:"ply"`
	Status string `json:"status"`
	Result string `json:"result"`
	Moves  string `json:"moves"`
	Move   *struct {
		UCI string `json:"uci"`
	} `json:"move"`
}

// ackID is the move id an ack frame answers.
func ackID(t *testing.T, f clusterFrame) int64 {
	t.Helper()
	var a struct {
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal(f.D, &a); err != nil {
		t.Fatalf("ack frame: %v", err)
	}
	return a.ID
}

// wsClient is a socket of a test, with every frame it got.
type wsClient struct {
	t      *testing.T
	name   string
	conn   *websocket.Conn
	frames []clusterFrame
	// tolerate lets until return error frames rather than fail on them.
	tolerate bool
}

func dialSocket(t *testing.T, name, base, path string, u *httpUser) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), clusterWait)
	defer cancel()
	opts := &websocket.DialOptions{}
	if u != nil {
		opts.HTTPClient = u.hc
	}
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+path, opts)
	if err != nil {
		t.Fatalf("%s: dialling %s: %v", name, path, err)
	}
	conn.SetReadLimit(1 << 20)
	t.Cleanup(func() { conn.Close(websocket.StatusNormalClosure, "") })
	return &wsClient{t: t, name: name, conn: conn}
}

// until returns the first frame, among those got so far and those that
// come next, that satisfies ok.
func (c *wsClient) until(what string, ok func(clusterFrame) bool) clusterFrame {
	c.t.Helper()
	for _, f := range c.frames {
		if ok(f) {
			return f
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), clusterWait)
	defer cancel()
	for {
		_, data, err := c.conn.Read(ctx)
		if err != nil {
			c.t.Fatalf("%s: waiting for %s: %v (frames so far: %v)", c.name, what, err, c.kinds())
		}
		var f clusterFrame
		if err := json.Unmarshal(data, &f); err != nil {
			c.t.Fatalf("%s: a frame that is not JSON: %s", c.name, data)
		}
		c.frames = append(c.frames, f)
		if f.T == "error" && !c.tolerate {
			c.t.Fatalf("%s: an error frame: %s", c.name, f.D)
		}
		if ok(f) {
			return f
		}
	}
}

func (c *wsClient) kinds() []string {
	var out []string
	for _, f := range c.frames {
		out = append(out, fmt.Sprintf("%s@%d", f.T, f.V))
	}
	return out
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	data, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), clusterWait)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, data); err != nil {
		c.t.Fatalf("%s: sending: %v", c.name, err)
	}
}

// state decodes the data of a game frame.
func state(t *testing.T, f clusterFrame) frameState {
	t.Helper()
	var s frameState
	if err := json.Unmarshal(f.D, &s); err != nil {
		t.Fatalf("frame %s: %v", f.T, err)
	}
	return s
}

// versioned returns the frames of c that carry a version, checking that
// none skips one without being a full frame.
func (c *wsClient) versioned() []clusterFrame {
	c.t.Helper()
	var out []clusterFrame
	for _, f := range c.frames {
		if f.V == 0 {
			continue
		}
		if n := len(out); n > 0 && f.V != out[n-1].V+1 && f.T != "full" {
			c.t.Errorf("%s: %s frame at version %d after %d, not a full frame: %v", c.name, f.T, f.V, out[n-1].V, c.kinds())
		}
		out = append(out, f)
	}
	return out
}

// TestClusterGameAcrossNodes: a game created on node A is played by white
// on A and black on B, watched from B. Every move is acknowledged, every
// socket gets the same frames at consecutive versions, the spectator sees
// every move and the result is the same for all.
func TestClusterGameAcrossNodes(t *testing.T) {
	a, b := startCluster(t)
	white, black := newGuestUser(t, a.base), newGuestUser(t, a.base)
	id := challengeGame(t, a.base, white, black, "5+0")
	if !a.parts.runtime.Runs(id) || b.parts.runtime.Runs(id) {
		t.Fatalf("game %s runs on A: %v, on B: %v; want A only", id, a.parts.runtime.Runs(id), b.parts.runtime.Runs(id))
	}
	path := "/api/game/" + id + "/socket"
	ws := dialSocket(t, "white on A", a.base, path, white)
	bs := dialSocket(t, "black on B", b.base, path, black)
	spec := dialSocket(t, "spectator on B", b.base, path, nil)
	for _, s := range []*wsClient{ws, bs, spec} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	// White opens a second tab, sent to B, and closes it: white is still
	// connected on A, so nobody is told that white has gone.
	tab := dialSocket(t, "white's second tab on B", b.base, path, white)
	tab.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	tab.conn.Close(websocket.StatusNormalClosure, "")
	moves := []string{"f2f3", "e7e5", "g2g4", "d8h4"} // the fool's mate
	for i, uci := range moves {
		mover := ws
		if i%2 == 1 {
			mover = bs
		}
		mover.send(map[string]any{"t": "move", "d": map[string]any{"uci": uci, "ply": i, "id": i + 1}})
		mover.until("the ack of "+uci, func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == int64(i+1) })
		for _, s := range []*wsClient{ws, bs, spec} {
			s.until(uci+" played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == i+1 })
		}
		if i == 2 {
			// A socket that comes back to B after the first move gets the
			// moves it missed from the owner, one version after another.
			first := bs.until("the first move", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == 1 })
			back := dialSocket(t, "black back on B", b.base, fmt.Sprintf("%s?v=%d", path, first.V), black)
			back.until("the third move", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == 3 })
			if v := back.versioned(); len(v) == 0 || v[0].V != first.V+1 || v[0].T == "full" {
				t.Errorf("the socket back from version %d got %v, want the moves after it", first.V, back.kinds())
			}
		}
	}
	var last []clusterFrame
	for _, s := range []*wsClient{ws, bs, spec} {
		s.until("the end", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Result == "0-1" })
		v := s.versioned()
		end := v[len(v)-1]
		last = append(last, end)
		if st := state(t, end); st.Status != "mate" || st.Result != "0-1" {
			t.Errorf("%s: the game ends %s %s, want mate 0-1", s.name, st.Status, st.Result)
		}
		var seen []string
		for _, f := range v {
			var g struct {
				Gone map[string]json.RawMessage `json:"gone"`
			}
			if json.Unmarshal(f.D, &g) == nil && g.Gone["white"] != nil {
				t.Errorf("%s was told at version %d that white has gone: %s", s.name, f.V, f.D)
			}
			st := state(t, f)
			if f.T == "full" {
				seen = strings.Fields(st.Moves)
			} else if st.Move != nil {
				seen = append(seen, st.Move.UCI)
			}
		}
		if strings.Join(seen, " ") != strings.Join(moves, " ") {
			t.Errorf("%s saw the moves %v, want %v", s.name, seen, moves)
		}
	}
	if last[0].V != last[1].V || last[1].V != last[2].V {
		t.Errorf("the last versions differ: white %d, black %d, spectator %d", last[0].V, last[1].V, last[2].V)
	}
	// B follows the game, so A sent B at least the four moves' events.
	if sent := metric(t, a.base, "joinpal_game_events_sent_total"); sent < len(moves) {
		t.Errorf("A counts %d game events sent to the other nodes; want at least %d", sent, len(moves))
	}
	// Black, on B, offers a rematch: white, on A, sees the offer and
	// accepts it; black sees the new game.
	bs.send(map[string]any{"t": "rematch"})
	ws.until("black's rematch offer", func(f clusterFrame) bool { return f.T == "rematch" })
	ws.send(map[string]any{"t": "rematch"})
	again := bs.until("the rematch's game", func(f clusterFrame) bool {
		var c struct {
			GameID string `json:"gameId"`
		}
		return f.T == "rematch" && json.Unmarshal(f.D, &c) == nil && c.GameID != ""
	})
	if !strings.Contains(string(again.D), `"gameId"`) {
		t.Errorf("black's rematch frame: %s", again.D)
	}
	// Both players' sockets got the same frames from the version the
	// later one joined at.
	wv, bv := ws.versioned(), bs.versioned()
	byV := map[int64]string{}
	for _, f := range wv {
		byV[f.V] = f.T
	}
	for _, f := range bv {
		if typ, ok := byV[f.V]; ok && typ != f.T && f.T != "full" && typ != "full" {
			t.Errorf("version %d: white got %s, black %s", f.V, typ, f.T)
		}
	}
}

// TestClusterLobbyAcrossNodes: a seek placed on node A reaches a lobby
// socket on node B.
func TestClusterLobbyAcrossNodes(t *testing.T) {
	a, b := startCluster(t)
	alba, bruno := newGuestUser(t, a.base), newGuestUser(t, a.base)
	watcher := dialSocket(t, "lobby on B", b.base, "/api/lobby/socket", bruno)
	watcher.until("the seeks", func(f clusterFrame) bool { return f.T == "seeks" })
	var open struct {
		Seek struct {
			ID string `json:"id"`
		} `json:"seek"`
	}
	alba.do(t, a.base, "POST", "/api/seek", map[string]any{"timeControl": "5+0"}, http.StatusCreated, &open)
	added := watcher.until("seekAdded", func(f clusterFrame) bool { return f.T == "seekAdded" })
	if !strings.Contains(string(added.D), alba.id) {
		t.Errorf("the seek B's lobby saw is not Alba's: %s", added.D)
	}
}

// TestClusterSeekOwnerOnAnotherNode: Alba's only lobby socket is on B
// when she seeks through A. A, holding no socket of hers, marks her gone;
// B, which holds one, takes the mark back before it sweeps, so the seek
// outlives the grace. Once her socket on B closes, the seek goes.
func TestClusterSeekOwnerOnAnotherNode(t *testing.T) {
	start, db, _ := clusterSetup(t, true)
	a, b := start("node-a"), start("node-b")
	st, err := postgres.Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	alba := newGuestUser(t, a.base)
	lobbyOnB := dialSocket(t, "Alba's lobby on B", b.base, "/api/lobby/socket", alba)
	lobbyOnB.until("the seeks", func(f clusterFrame) bool { return f.T == "seeks" })
	alba.do(t, a.base, "POST", "/api/seek", map[string]any{"timeControl": "5+0"}, http.StatusCreated, nil)
	// seekGone waits until the seek's owner is marked gone (or not).
	seekGone := func(what string, want bool) {
		t.Helper()
		deadline := time.Now().Add(clusterWait)
		for {
			seeks, err := st.Seeks(t.Context())
			if err != nil || len(seeks) != 1 {
				t.Fatalf("%s: seeks %+v, %v; want Alba's", what, seeks, err)
			}
			if !seeks[0].OwnerGoneSince.IsZero() == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the owner marked gone is still %v", what, !want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	seekGone("B takes A's mark back", false)
	advanceClock(t, a, "1m")
	advanceClock(t, b, "1m")
	var seeks []json.RawMessage
	alba.do(t, a.base, "GET", "/api/seeks", nil, http.StatusOK, &seeks)
	if len(seeks) != 1 {
		t.Fatalf("Alba's seek is gone although her socket on B is open: %d seeks", len(seeks))
	}

	lobbyOnB.conn.Close(websocket.StatusGoingAway, "")
	seekGone("her last socket closed", true)
	advanceClock(t, a, "1m")
	advanceClock(t, b, "1m")
	deadline := time.Now().Add(clusterWait)
	for {
		alba.do(t, a.base, "GET", "/api/seeks", nil, http.StatusOK, &seeks)
		if len(seeks) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the seek of an owner gone a minute was never swept")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestClusterOwnerRestartKeepsPlayers: both players' sockets are on B when
// A, the game's owner, restarts; B or C takes the game over meanwhile. A
// restored game counts both players gone, so B tells the new owner again
// that they are connected: the game goes on with nobody gone, and a move
// from B is acknowledged.
func TestClusterOwnerRestartKeepsPlayers(t *testing.T) {
	start := clusterNodes(t)
	a, b, c3 := start("node-a"), start("node-b"), start("node-c")
	white, black := newGuestUser(t, a.base), newGuestUser(t, a.base)
	gameID := challengeGame(t, a.base, white, black, "5+0")
	path := "/api/game/" + gameID + "/socket"
	ws := dialSocket(t, "white on B", b.base, path, white)
	bs := dialSocket(t, "black on B", b.base, path, black)
	for _, s := range []*wsClient{ws, bs} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	ws.send(map[string]any{"t": "move", "d": map[string]any{"uci": "e2e4", "ply": 0, "id": 1}})
	ws.until("the ack of e2e4", func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == 1 })
	before := bs.until("e2e4 played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == 1 }).V

	if err := a.stop(); err != nil {
		t.Fatal(err)
	}
	// A's stop announced over NATS has B and C fail over on their own as
	// well: each call waits for one under way (they never overlap), so
	// after both the game has its new owner, running.
	failover(t, c3)
	failover(t, b)
	a = start("node-a")
	if onB, onC := b.parts.runtime.Runs(gameID), c3.parts.runtime.Runs(gameID); onB == onC {
		t.Fatalf("after A's stop the game runs on B: %v, on C: %v; want one of them", onB, onC)
	}
	present := func(f clusterFrame) bool {
		var g struct {
			Gone map[string]json.RawMessage `json:"gone"`
		}
		return f.V > before && json.Unmarshal(f.D, &g) == nil && len(g.Gone) == 0
	}
	bs.until("the game with both players back", present)
	bs.send(map[string]any{"t": "move", "d": map[string]any{"uci": "e7e5", "ply": 1, "id": 1}})
	bs.until("the ack of e7e5", func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == 1 })
	ws.until("e7e5 played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == 2 })
	ws.versioned()
	bs.versioned()
}
