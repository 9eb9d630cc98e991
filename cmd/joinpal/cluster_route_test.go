package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestClusterNamesEachGamesNode: among several nodes, the answer to an
// accepted challenge, the game's JSON and its page name the node that
// runs the game (the routing hint a proxy sends its sockets by); a move
// from a socket on that node is played there, one from a socket on
// another node is forwarded to it and counted; an ended game names no
// node, nor does a node alone.
func TestClusterNamesEachGamesNode(t *testing.T) {
	a, b := startCluster(t)
	white, black := newGuestUser(t, b.base), newGuestUser(t, b.base)
	id, node := challengeAcross(t, b.base, a.base, white, black, "5+0")
	if !a.parts.runtime.Runs(id) {
		t.Fatalf("game %s accepted on A does not run on A", id)
	}
	if node != "node-a" {
		t.Errorf("the accept names node %q, want node-a", node)
	}
	for _, r := range []running{a, b} {
		if got := gameJSONNode(t, r.base, id, white); got != "node-a" {
			t.Errorf("GET /api/game/%s on %s names node %q, want node-a", id, r.base, got)
		}
		if got := pageNode(t, r.base, id); got != "node-a" {
			t.Errorf("the page /game/%s on %s names node %q, want node-a", id, r.base, got)
		}
	}

	path := "/api/game/" + id + "/socket?node=" + node
	ws := dialSocket(t, "white on A", a.base, path, white)
	bs := dialSocket(t, "black on B", b.base, path, black)
	for _, s := range []*wsClient{ws, bs} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	fwdA, fwdB := forwarded(t, a.base), forwarded(t, b.base)
	ws.send(map[string]any{"t": "move", "d": map[string]any{"uci": "e2e4", "ply": 0, "id": 1}})
	ws.until("the ack of e2e4", func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == 1 })
	if got := forwarded(t, a.base); got != fwdA {
		t.Errorf("a move from a socket on the game's node: A forwarded %d commands, want none", got-fwdA)
	}
	bs.until("e2e4 played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == 1 })
	bs.send(map[string]any{"t": "move", "d": map[string]any{"uci": "e7e5", "ply": 1, "id": 1}})
	bs.until("the ack of e7e5", func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == 1 })
	if got := forwarded(t, b.base); got <= fwdB {
		t.Errorf("a move from a socket on B, the game on A: B's forwarded commands stayed at %d", got)
	}

	white.do(t, b.base, "POST", "/api/game/"+id+"/resign", nil, http.StatusOK, nil)
	ws.until("the end", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Result == "0-1" })
	if got := gameJSONNode(t, b.base, id, white); got != "" {
		t.Errorf("the ended game's JSON names node %q, want none", got)
	}

	alone := startServe(t, filepath.Join(t.TempDir(), "j.db"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	t.Cleanup(func() { _ = alone.stop() })
	w2, b2 := newGuestUser(t, alone.base), newGuestUser(t, alone.base)
	white2 := challengeGame(t, alone.base, w2, b2, "5+0")
	if got := gameJSONNode(t, alone.base, white2, w2); got != "" {
		t.Errorf("a node alone names node %q for its game, want none", got)
	}
	if got := pageNode(t, alone.base, white2); got != "" {
		t.Errorf("a node alone's game page names node %q, want none", got)
	}
}

// gameJSONNode is the node GET /api/game/{id} on base names.
func gameJSONNode(t *testing.T, base, id string, u *httpUser) string {
	t.Helper()
	var g struct {
		Node *string `json:"node"`
	}
	u.do(t, base, "GET", "/api/game/"+id, nil, http.StatusOK, &g)
	if g.Node == nil {
		return ""
	}
	if *g.Node == "" {
		t.Errorf("GET /api/game/%s: an empty node, want none or a name", id)
	}
	return *g.Node
}

// bootScript is the page shell's boot JSON.
var bootScript = regexp.MustCompile(`<script id="jp-boot" type="application/json">(.*?)</script>`)

// pageNode is the node the game page /game/{id} on base names in its boot
// parameters.
func pageNode(t *testing.T, base, id string) string {
	t.Helper()
	res, err := http.Get(base + "/game/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	m := bootScript.FindSubmatch(body)
	if res.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("GET /game/%s: %d, boot data found: %v", id, res.StatusCode, m != nil)
	}
	var boot struct {
		Params map[string]string `json:"params"`
	}
	if err := json.Unmarshal(m[1], &boot); err != nil {
		t.Fatalf("the page's boot data: %v", err)
	}
	if boot.Params["id"] != id {
		t.Errorf("the page's id is %q, want %q", boot.Params["id"], id)
	}
	return boot.Params["node"]
}

// forwarded is the node's count of game commands it forwarded to another
// node (its metrics).
func forwarded(t *testing.T, base string) int {
	t.Helper()
	return metric(t, base, "joinpal_game_commands_forwarded_total")
}

// metric is the value of the node's metric name, which has no labels.
func metric(t *testing.T, base, name string) int {
	t.Helper()
	res, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	for line := range strings.Lines(string(body)) {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				t.Fatalf("the metric %q: %v", line, err)
			}
			return int(n)
		}
	}
	t.Fatalf("%s/metrics has no %s", base, name)
	return 0
}
