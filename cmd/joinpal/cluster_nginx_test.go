package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestClusterNginxRoutesByNode runs deploy/nginx.conf in front of three
// nodes (its addresses changed to the test's): a game's sockets that carry
// the node its accept named (?node=) reach that node, so the game's moves
// cross no node; once that node has stopped, a socket with the same,
// stale, name reaches another node and the game goes on there.
func TestClusterNginxRoutesByNode(t *testing.T) {
	bin, err := exec.LookPath("nginx")
	if err != nil {
		t.Skip("nginx is not installed (make deps installs Debian's nginx-light)")
	}
	start := clusterNodes(t)
	nodes := []running{start("route-1"), start("route-2"), start("route-3")}
	proxy := startNginx(t, bin, nodes)

	white, black := newGuestUser(t, proxy), newGuestUser(t, proxy)
	id, node := challengeAcross(t, proxy, proxy, white, black, "5+0")
	owner := -1
	for i, n := range nodes {
		if n.parts.runtime.Runs(id) {
			owner = i
		}
	}
	if owner < 0 || node != fmt.Sprintf("route-%d", owner+1) {
		t.Fatalf("game %s runs on node %d; the accept names %q", id, owner+1, node)
	}
	forwardedAll := func() (sum int) {
		for _, n := range nodes {
			sum += forwarded(t, n.base)
		}
		return sum
	}
	before := forwardedAll()
	socketsBefore := make([]int, len(nodes))
	for i, n := range nodes {
		socketsBefore[i] = metric(t, n.base, "joinpal_sockets")
	}
	path := "/api/game/" + id + "/socket?node=" + node
	ws := dialSocket(t, "white", proxy, path, white)
	bs := dialSocket(t, "black", proxy, path, black)
	// Four spectators too: six sockets that nginx's round robin would
	// spread over the three nodes all reach the game's.
	for i := range 4 {
		dialSocket(t, fmt.Sprintf("spectator %d", i+1), proxy, path, nil).
			until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	for i, n := range nodes {
		want := socketsBefore[i]
		if i == owner {
			want += 6
		}
		if got := metric(t, n.base, "joinpal_sockets"); got != want {
			t.Errorf("node route-%d holds %d sockets, want %d", i+1, got, want)
		}
	}
	play := func(mover *wsClient, watchers []*wsClient, uci string, ply int) {
		t.Helper()
		mover.send(map[string]any{"t": "move", "d": map[string]any{"uci": uci, "ply": ply, "id": ply + 1}})
		mover.until("the ack of "+uci, func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == int64(ply+1) })
		for _, w := range watchers {
			w.until(uci+" played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == ply+1 })
		}
	}
	for _, s := range []*wsClient{ws, bs} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	play(ws, []*wsClient{bs}, "e2e4", 0)
	play(bs, []*wsClient{ws}, "e7e5", 1)
	if got := forwardedAll(); got != before {
		t.Errorf("sockets routed to the game's node: %d commands forwarded between nodes, want none", got-before)
	}

	// The game's node stops: another takes the game over, and a socket
	// that still names the stopped node reaches a live one.
	if err := nodes[owner].stop(); err != nil {
		t.Fatal(err)
	}
	var survivors []running
	for i, n := range nodes {
		if i != owner {
			survivors = append(survivors, n)
		}
	}
	deadline := time.Now().Add(clusterWait)
	for !survivors[0].parts.runtime.Runs(id) && !survivors[1].parts.runtime.Runs(id) {
		if time.Now().After(deadline) {
			t.Fatalf("no node took game %s over within %v", id, clusterWait)
		}
		failover(t, survivors[0])
		failover(t, survivors[1])
	}
	ws2 := dialSocket(t, "white again", proxy, path, white)
	bs2 := dialSocket(t, "black again", proxy, path, black)
	for _, s := range []*wsClient{ws2, bs2} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	play(ws2, []*wsClient{bs2}, "g1f3", 2)
}

// startNginx runs nginx with deploy/nginx.conf, its nodes' addresses
// replaced by nodes' and its own by a free port on loopback, until the test
// ends, and returns its base URL. The test listens on that port first and
// hands the socket to nginx (as nginx hands its sockets to a new binary,
// through the NGINX variable), so nginx takes connections from the start:
// the requests made before its workers run wait in the socket's queue.
func startNginx(t *testing.T, bin string, nodes []running) string {
	t.Helper()
	conf, err := os.ReadFile(filepath.Join("..", "..", "deploy", "nginx.conf"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	lf, err := l.(*net.TCPListener).File()
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	addr := l.Addr().String()
	text := strings.Replace(string(conf), "listen 127.0.0.1:8090;", "listen "+addr+";", 1)
	for i, n := range nodes {
		text = strings.ReplaceAll(text, fmt.Sprintf("127.0.0.1:809%d", i+1), strings.TrimPrefix(n.base, "http://"))
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-p", dir+"/", "-c", path)
	// SIGTERM: the master stops its workers too (a SIGKILL would leave them).
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = clusterWait
	cmd.ExtraFiles = []*os.File{lf} // the child's file 3
	cmd.Env = append(os.Environ(), "NGINX=3;")
	var out syncLog
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("nginx said:\n%s", out.String())
		}
	})
	return "http://" + addr
}
