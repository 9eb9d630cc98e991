//go:build linux

package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/internal/tcprelay"
	"github.com/joinpal/joinpal/loadtest/wsload"
)

// netns is a network namespace with two links to the host's: one that
// carries the node's PostgreSQL connections (cut to make the partition),
// and one that carries NATS and the node's HTTP.
type netns struct {
	name string
	// pgHost and natsHost are the host's ends of the two links, pgIP and
	// natsIP their addresses; nodeIP the namespace's address on the NATS
	// link, where the node listens.
	pgHost, natsHost string
	pgIP, natsIP     string
	nodeIP           string
}

// ipCmd runs ip with args, failing the test on an error.
func ipCmd(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
		t.Fatalf("ip %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// newNetns makes a namespace and its two links, removed when the test
// ends.
func newNetns(t *testing.T) *netns {
	t.Helper()
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	id := hex.EncodeToString(b)
	sub := fmt.Sprintf("10.%d.%d", 100+int(b[0])%100, b[1])
	n := &netns{name: "jp" + id, pgHost: "jpp" + id + "h", natsHost: "jpn" + id + "h",
		pgIP: sub + ".1", natsIP: sub + ".5", nodeIP: sub + ".6"}
	ipCmd(t, "netns", "add", n.name)
	t.Cleanup(func() {
		_ = exec.Command("ip", "link", "del", n.pgHost).Run()
		_ = exec.Command("ip", "link", "del", n.natsHost).Run()
		_ = exec.Command("ip", "netns", "del", n.name).Run()
	})
	in := func(args ...string) { ipCmd(t, append([]string{"-n", n.name}, args...)...) }
	in("link", "set", "lo", "up")
	for _, l := range []struct{ host, hostIP, nsIP string }{
		{n.pgHost, n.pgIP, sub + ".2"},
		{n.natsHost, n.natsIP, n.nodeIP},
	} {
		peer := strings.TrimSuffix(l.host, "h") + "n"
		ipCmd(t, "link", "add", l.host, "type", "veth", "peer", "name", peer, "netns", n.name)
		ipCmd(t, "addr", "add", l.hostIP+"/30", "dev", l.host)
		ipCmd(t, "link", "set", l.host, "up")
		in("addr", "add", l.nsIP+"/30", "dev", peer)
		in("link", "set", peer, "up")
	}
	return n
}

// forward relays the TCP connections made to ip (a port of its own) to
// target, until the test ends, and returns the address it listens on.
func forward(t *testing.T, ip, target string) string {
	t.Helper()
	r, err := tcprelay.Listen(ip+":0", target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Cut)
	return r.Addr()
}

// withHost is dsn (a URL) with its host and port set to hostPort.
func withHost(t *testing.T, dsn, hostPort string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = hostPort
	return u.String()
}

// TestClusterPartition: node A runs a game in a network namespace; the
// players' sockets are on node B. A's link to PostgreSQL is cut (the
// packets dropped, as by a broken network), A still on NATS. A refuses
// the next move once its lease has run out, without waiting for the
// store; B takes the game over once A's lease has passed and plays it on.
// When the link comes back, A's next write of the game is refused by the
// store (another node owns it under a newer epoch) and A drops it: the
// stored moves are exactly those acknowledged, and every socket, A's
// included, is told the same end.
//
// It needs root (network namespaces, veth links) and iproute2; it starts
// A as a process of its own (the test binary standing in for joinpal).
func TestClusterPartition(t *testing.T) {
	switch {
	case testing.Short():
		t.Skip("the partition test runs a node in a network namespace: not with -short")
	case os.Geteuid() != 0:
		t.Skip("the partition test needs root, for network namespaces (ip netns)")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("the partition test needs iproute2 (apt-get install iproute2)")
	}
	ns := newNetns(t)
	start, db, prefix := clusterSetup(t, true)
	natsURL, err := url.Parse(envOr("JOINPAL_TEST_NATS", defaultNATS))
	if err != nil {
		t.Fatal(err)
	}
	pgAddr, err := url.Parse(db)
	if err != nil {
		t.Fatal(err)
	}
	dbA := withHost(t, db, forward(t, ns.pgIP, pgAddr.Host))
	natsA := "nats://" + forward(t, ns.natsIP, natsURL.Host)

	addrA := ns.nodeIP + ":8080"
	var logA syncLog
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "ip", "netns", "exec", ns.name, os.Args[0], "serve",
		"--addr", addrA, "--db", dbA, "--nats", natsA, "--nats-prefix", prefix, "--node", "node-a", "--test-clock")
	cmd.Env = append(os.Environ(), "JOINPAL_TEST_MAIN=1")
	cmd.Stdout, cmd.Stderr = &logA, &logA
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cancel()
		<-exited
		if t.Failed() {
			t.Logf("node A's log:\n%s", logA.String())
		}
	})
	a := running{base: "http://" + addrA}
	waitHealthy(t, a.base, exited)
	b := start("node-b")

	// The guests are made on B and their cookies copied for A's address,
	// so that each is the same person on both; A makes the game.
	white, black := newGuestUser(t, b.base), newGuestUser(t, b.base)
	for _, u := range []*httpUser{white, black} {
		from, _ := url.Parse(b.base)
		to, _ := url.Parse(a.base)
		u.hc.Jar.SetCookies(to, u.hc.Jar.Cookies(from))
	}
	id := challengeGame(t, a.base, white, black, "5+0")
	if b.parts.runtime.Runs(id) {
		t.Fatal("the game runs on B; want it on A")
	}
	path := "/api/game/" + id + "/socket"
	ws := dialSocket(t, "white on B", b.base, path, white)
	bs := dialSocket(t, "black on B", b.base, path, black)
	for _, s := range []*wsClient{ws, bs} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	play := func(s *wsClient, uci string, ply int) {
		t.Helper()
		s.send(map[string]any{"t": "move", "d": map[string]any{"uci": uci, "ply": ply, "id": ply + 1}})
		s.until("the ack of "+uci, func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == int64(ply+1) })
	}
	play(ws, "e2e4", 0)
	play(bs, "e7e5", 1)

	// The partition: A's packets to PostgreSQL are dropped.
	ipCmd(t, "link", "set", ns.pgHost, "down")
	ws.tolerate = true
	ws.send(map[string]any{"t": "move", "d": map[string]any{"uci": "g1f3", "ply": 2, "id": 3}})
	refused := ws.until("g1f3 refused by A", func(f clusterFrame) bool { return (f.T == "error" || f.T == "ack") && ackID(t, f) == 3 })
	if refused.T != "error" {
		t.Fatalf("A, cut off from the store, acknowledged g1f3: %s", refused.D)
	}

	// B's clock past A's lease: B takes the game and plays it on.
	advanceClock(t, b, "1m")
	failover(t, b)
	if !b.parts.runtime.Runs(id) {
		t.Fatal("B did not take the game of A, cut off past its lease")
	}
	ws.frames = nil // the answer to g1f3 sent again, not the refusal
	play(ws, "g1f3", 2)

	// The link back: A still runs the game in memory. A socket on A plays
	// black's move; A's write of it is refused by the store and A drops
	// the game, and the move, sent again, goes to B.
	ipCmd(t, "link", "set", ns.pgHost, "up")
	onA := dialSocket(t, "black on A", a.base, path, black)
	onA.tolerate = true
	onA.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	for {
		onA.send(map[string]any{"t": "move", "d": map[string]any{"uci": "b8c6", "ply": 3, "id": 4}})
		f := onA.until("b8c6 answered", func(f clusterFrame) bool { return (f.T == "error" || f.T == "ack") && ackID(t, f) == 4 })
		if f.T == "ack" {
			break
		}
		onA.frames = nil // the next answer, not this one
		// A client paces its retries as the page does: sent back to back
		// they would pass the socket's frame limit while A finds out that
		// it no longer owns the game.
		time.Sleep(300 * time.Millisecond)
	}
	if !strings.Contains(logA.String(), "another node owns the game now") {
		t.Errorf("A did not log the refusal of its write of the game")
	}

	// White resigns on B: every socket is told the same end.
	ws.send(map[string]any{"t": "resign"})
	var ends []string
	for _, s := range []*wsClient{ws, bs, onA} {
		f := s.until("the end", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Result != "" && state(t, f).Result != "*" })
		ends = append(ends, state(t, f).Status+" "+state(t, f).Result)
	}
	if ends[0] != ends[1] || ends[1] != ends[2] || ends[0] != "resign 0-1" {
		t.Errorf("the ends told: white %q, black %q, black on A %q; want resign 0-1 for all", ends[0], ends[1], ends[2])
	}
	got, err := wsload.GameMoves(context.Background(), b.base, id)
	if want := "e2e4 e7e5 g1f3 b8c6"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("the stored moves: %v (%v); want %s", got, err, want)
	}
	ws.versioned()
	bs.versioned()
}

// waitHealthy waits for base's /healthz to answer 200, or the process to
// exit.
func waitHealthy(t *testing.T, base string, exited <-chan error) {
	t.Helper()
	deadline := time.Now().Add(clusterWait)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("node A exited: %v", errors.Join(err, errors.New("before it was ready")))
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("node A at %s is not ready: %v", base, err)
		}
	}
}
