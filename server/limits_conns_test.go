//go:build linux

package server

import (
	"io"
	"net"
	"net/http"
	"net/netip"
	"testing"
	"time"
)

// dialFrom opens a TCP connection to env's server from the local address
// from (any of 127.0.0.0/8 on Linux).
func dialFrom(t *testing.T, env *playEnv, from string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", env.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedAtOnce reports whether the server closes c without an answer.
func closedAtOnce(t *testing.T, c net.Conn) bool {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(frameWait))
	n, err := c.Read(make([]byte, 1))
	return n == 0 && err == io.EOF
}

// healthz asks for /healthz over c and reports whether it got 200 or 503
// (an answer, whichever the server's readiness).
func healthz(t *testing.T, c net.Conn) bool {
	t.Helper()
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: joinpal\r\n\r\n"); err != nil {
		return false
	}
	_ = c.SetReadDeadline(time.Now().Add(frameWait))
	buf := make([]byte, 12)
	if _, err := io.ReadFull(c, buf); err != nil {
		return false
	}
	return string(buf) == "HTTP/1.1 200" || string(buf) == "HTTP/1.1 503"
}

// TestConnsPerAddress: one address holds at most ConnsPerAddress
// connections; one more is closed before anything is read from it, while
// another address is served; a closed connection gives its place back; a
// trusted proxy is not capped.
func TestConnsPerAddress(t *testing.T) {
	const max = 5
	for _, tc := range []struct {
		name    string
		trusted []netip.Prefix
	}{{"untrusted", nil}, {"trusted proxy", []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}}} {
		t.Run(tc.name, func(t *testing.T) {
			env := newPlayEnv(t, playOptions{listener: func(l net.Listener) net.Listener {
				return HTTPLimits{ConnsPerAddress: max}.Listener(l, tc.trusted)
			}})
			var held []net.Conn
			for range max {
				c := dialFrom(t, env, "127.0.0.2")
				if !healthz(t, c) {
					t.Fatal("a connection within the cap was not served")
				}
				held = append(held, c)
			}
			extra := dialFrom(t, env, "127.0.0.2")
			if tc.trusted == nil {
				if !closedAtOnce(t, extra) {
					t.Fatal("the connection past the cap was not closed")
				}
			} else if !healthz(t, extra) {
				t.Fatal("a trusted proxy's connection past the cap was not served")
			}
			if !healthz(t, dialFrom(t, env, "127.0.0.3")) {
				t.Fatal("another address was not served")
			}
			held[0].Close()
			for {
				c := dialFrom(t, env, "127.0.0.2")
				if healthz(t, c) {
					break // the place is given back once the server has closed its side
				}
			}
			if res := env.anonymous(t).do("GET", "/api/seeks", nil); res.status != http.StatusOK {
				t.Fatalf("seeks: %d", res.status)
			}
		})
	}
}
