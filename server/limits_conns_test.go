//go:build linux

package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"strings"
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

// inUse is the heap and stack memory in use after a collection.
func inUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

// TestMemoryBoundPerAddress: one address that opens every connection it
// may (ConnsPerAddress), as many of them WebSockets that never read as
// SocketConfig.MaxPerAddress allows, the others requests whose headers or
// bodies stop one byte short of their caps, raises the server's memory by
// less than the bound docs/SECURITY.md computes from the caps, while
// another address's players go on.
func TestMemoryBoundPerAddress(t *testing.T) {
	const (
		conns, sockets = 120, 60
		headerBytes    = 8 << 10
		maxBody        = 64 << 10
	)
	env := newPlayEnv(t, playOptions{
		listener: func(l net.Listener) net.Listener {
			return HTTPLimits{ConnsPerAddress: conns}.Listener(l, nil)
		},
		timeouts: &HTTPLimits{HeaderBytes: headerBytes, Header: time.Hour, Request: time.Hour},
		config: func(c *Config) {
			c.Socket.MaxPerAddress, c.MaxBody = sockets, maxBody
			c.Socket.PingEvery, c.Socket.PongTimeout = time.Hour, time.Hour
		},
	})
	id, _, _, white, black := startedGame(t, env, "5+0")
	moves := randomGame(3, 44)
	playMoves(t, white, black, moves[:2], 0)
	before := inUse()

	var attack []net.Conn
	for range sockets {
		attack = append(attack, deafSocketFrom(t, env, "127.0.0.2", "/api/game/"+id+"/socket"))
	}
	for i := range conns - sockets {
		c := dialFrom(t, env, "127.0.0.2")
		var err error
		if i%2 == 0 {
			head := "GET /healthz HTTP/1.1\r\nHost: joinpal\r\nX-Slow: "
			_, err = io.WriteString(c, head+strings.Repeat("x", headerBytes-len(head)-64))
		} else {
			_, err = io.WriteString(c, fmt.Sprintf("POST /api/account/login HTTP/1.1\r\nHost: joinpal\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"username\":\"%s", maxBody, strings.Repeat("x", maxBody-20)))
		}
		if err != nil {
			t.Fatal(err)
		}
		attack = append(attack, c)
	}
	if !closedAtOnce(t, dialFrom(t, env, "127.0.0.2")) {
		t.Fatal("a connection past the cap was accepted")
	}
	// The game goes on, its frames reaching the deaf sockets too.
	playMoves(t, white, black, moves[2:], 2)
	grown := inUse() - before

	// The bound: each connection its buffers (4 KiB each way), goroutines
	// (8 KiB stacks), and what it may send (its headers or its body); each
	// socket, besides, its queue of frames (64 of at most 1 KiB here) and
	// the WebSocket's own buffers (32 KiB).
	const perConn = 8<<10 + 3*8<<10 + headerBytes + maxBody
	const perSocket = perConn + 64<<10 + 32<<10
	bound := int64(sockets*perSocket + (conns-sockets)*perConn)
	t.Logf("memory grown by %d KiB (%d KiB a connection) for %d connections, %d of them sockets; bound %d KiB",
		grown>>10, grown/conns>>10, conns, sockets, bound>>10)
	if grown > bound {
		t.Fatalf("one address raised the memory by %d KiB, above the bound of %d KiB", grown>>10, bound>>10)
	}
	runtime.KeepAlive(attack)
}

// deafSocketFrom is deafSocket from the local address from.
func deafSocketFrom(t *testing.T, env *playEnv, from, path string) net.Conn {
	t.Helper()
	c := dialFrom(t, env, from)
	req := "GET " + path + " HTTP/1.1\r\nHost: joinpal\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReaderSize(c, 16), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade of %s: %d", path, resp.StatusCode)
	}
	return c
}
