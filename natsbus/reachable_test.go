package natsbus

import (
	"io"
	"net"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// proxy forwards the connections it accepts to the test NATS server until
// cut, which closes them all and accepts no more: the link of a node cut
// off from NATS. It returns the URL to connect to.
func proxy(t *testing.T) (addr string, cut func()) {
	t.Helper()
	server := os.Getenv("JOINPAL_TEST_NATS")
	if server == "" {
		server = "nats://127.0.0.1:4222"
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	upstream := u.Host
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", upstream)
			if err != nil {
				_ = c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, up)
			mu.Unlock()
			wg.Go(func() { _, _ = io.Copy(up, c); _ = up.Close() })
			wg.Go(func() { _, _ = io.Copy(c, up); _ = c.Close() })
		}
	})
	var once sync.Once
	cut = func() {
		once.Do(func() {
			_ = ln.Close()
			mu.Lock()
			for _, c := range conns {
				_ = c.Close()
			}
			mu.Unlock()
			wg.Wait()
		})
	}
	t.Cleanup(cut)
	u.Host = ln.Addr().String()
	return u.String(), cut
}

// TestReachable: the hook reports a real connection to NATS reachable
// while it is connected, and unreachable once it is closed or while it
// tries to reconnect after its link was cut.
func TestReachable(t *testing.T) {
	cases := []struct {
		name string
		cut  func(nc *nats.Conn, cutLink func())
		want nats.Status
	}{
		{name: "closed", cut: func(nc *nats.Conn, _ func()) { nc.Close() }, want: nats.CLOSED},
		{name: "link cut", cut: func(_ *nats.Conn, cutLink func()) { cutLink() }, want: nats.RECONNECTING},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			addr, cutLink := proxy(t)
			nc, err := nats.Connect(addr, nats.MaxReconnects(-1), nats.IgnoreDiscoveredServers(),
				nats.ReconnectWait(time.Hour))
			if err != nil {
				t.Fatalf("NATS through %s: %v (start it with make services, or set JOINPAL_TEST_NATS)", addr, err)
			}
			t.Cleanup(nc.Close)
			reachable := Reachable(nc)
			if !reachable() {
				t.Fatalf("a connected node is unreachable (%s)", nc.Status())
			}
			changed := nc.StatusChanged(tc.want)
			tc.cut(nc, cutLink)
			select {
			case <-changed:
			case <-time.After(10 * time.Second):
				t.Fatalf("the connection is %s, not %s", nc.Status(), tc.want)
			}
			if reachable() {
				t.Fatalf("a node whose connection is %s is reachable", nc.Status())
			}
		})
	}
}
