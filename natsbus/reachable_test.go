package natsbus

import (
	"net/url"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/joinpal/joinpal/internal/tcprelay"
)

// proxy relays connections to the test NATS server until cut, which
// closes them all and accepts no more: the link of a node cut off from
// NATS. It returns the URL to connect to.
func proxy(t *testing.T) (addr string, cut func()) {
	t.Helper()
	u, err := url.Parse(testNATSURL())
	if err != nil {
		t.Fatal(err)
	}
	r, err := tcprelay.Listen("127.0.0.1:0", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Cut)
	u.Host = r.Addr()
	return u.String(), r.Cut
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
