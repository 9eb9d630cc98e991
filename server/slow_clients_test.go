//go:build unix

package server

import (
	"bufio"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// slowClient is a raw TCP connection that sends slowly or never reads;
// cut is closed once the server has closed it.
type slowClient struct {
	conn net.Conn
	cut  chan struct{}
}

// dialRaw opens a TCP connection to env's server with a small receive
// buffer, so that what the server sends and the client does not read
// soon fills it.
func dialRaw(t testing.TB, env *playEnv) net.Conn {
	t.Helper()
	// The buffer is set before the connection opens, so that the window
	// the client offers is small from the start.
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		return rc.Control(func(fd uintptr) {
			_ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
		})
	}}
	c, err := d.Dial("tcp", env.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// trickle opens a connection that sends head at once, then one byte of
// more every pace, for ever; the client reads whatever the server answers,
// and cut closes when the server has closed the connection.
func trickle(t testing.TB, env *playEnv, head string, pace time.Duration) *slowClient {
	t.Helper()
	s := &slowClient{conn: dialRaw(t, env), cut: make(chan struct{})}
	if _, err := io.WriteString(s.conn, head); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(s.cut)
		_, _ = io.Copy(io.Discard, s.conn)
	}()
	go func() {
		tick := time.NewTicker(pace)
		defer tick.Stop()
		for {
			select {
			case <-s.cut:
				return
			case <-tick.C:
				if _, err := s.conn.Write([]byte("x")); err != nil {
					return
				}
			}
		}
	}()
	return s
}

// slowHeaders sends a request's headers one byte at a time, never ending
// them.
func slowHeaders(t testing.TB, env *playEnv, pace time.Duration) *slowClient {
	return trickle(t, env, "GET /healthz HTTP/1.1\r\nHost: joinpal\r\nX-Slow: ", pace)
}

// slowBody sends a log-in whose body never ends.
func slowBody(t testing.TB, env *playEnv, pace time.Duration) *slowClient {
	return trickle(t, env, "POST /api/account/login HTTP/1.1\r\nHost: joinpal\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{\"username\":\"", pace)
}

// deafSocket opens a WebSocket at path (with p's cookies, if p is not
// nil), reads the server's answer to the upgrade and then never reads
// again: it answers no ping, and what the server sends piles up.
func deafSocket(t testing.TB, env *playEnv, p *person, path string) net.Conn {
	t.Helper()
	c := dialRaw(t, env)
	var cookies []string
	if p != nil {
		u, _ := url.Parse(env.http.URL)
		for _, ck := range p.hc.Jar.Cookies(u) {
			cookies = append(cookies, ck.Name+"="+ck.Value)
		}
	}
	req := "GET " + path + " HTTP/1.1\r\nHost: joinpal\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
	if len(cookies) > 0 {
		req += "Cookie: " + strings.Join(cookies, "; ") + "\r\n"
	}
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
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

// socketsFrom returns the sockets the server counts from 127.0.0.1.
func socketsFrom(env *playEnv) int {
	env.srv.socketCaps.mu.Lock()
	defer env.srv.socketCaps.mu.Unlock()
	return env.srv.socketCaps.addrs["127.0.0.1"]
}

// waitSockets waits until the server counts n sockets from 127.0.0.1.
func waitSockets(t testing.TB, env *playEnv, n int, why string) {
	t.Helper()
	give := time.NewTimer(frameWait)
	defer give.Stop()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for socketsFrom(env) != n {
		select {
		case <-give.C:
			t.Fatalf("%s: %d sockets open, want %d", why, socketsFrom(env), n)
		case <-tick.C:
		}
	}
}

// randomGame returns n moves of a random game from the start, none of
// which ends it.
func randomGame(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	pos := chess.StartingPosition()
	var out []string
	for len(out) < n {
		var legal chess.MoveList
		pos.GenerateLegal(&legal)
		m := legal.Moves[rng.IntN(legal.N)]
		next := pos
		next.PlayUnchecked(m)
		var after chess.MoveList
		next.GenerateLegal(&after)
		if after.N == 0 {
			continue // a mate or a stalemate: another move
		}
		out = append(out, pos.UCI(m))
		pos = next
	}
	return out
}

// playMoves plays moves on the players' sockets, each acknowledged.
func playMoves(t *testing.T, white, black *wsClient, moves []string, from int) {
	t.Helper()
	for i, m := range moves {
		ply := from + i
		side := white
		if ply%2 == 1 {
			side = black
		}
		if ack := side.move(m, ply, int64(ply+1)); ack.Ply == nil || *ack.Ply != ply || ack.UCI != m {
			t.Fatalf("move %d %s acked as %+v", ply, m, ack)
		}
	}
}

// TestSlowClientsCut: clients that send their headers one byte at a time,
// bodies that never end, and WebSockets that never read their frames are
// held open while ordinary clients play a game over their sockets and ask
// for pages; those get their answers, and every slow connection is cut by
// the server's timeouts (HTTPLimits.Header and Request, and
// SocketConfig.PongTimeout), set small here.
func TestSlowClientsCut(t *testing.T) {
	env := newPlayEnv(t, playOptions{
		// Small, but not so small that a loaded machine's scheduling alone
		// cuts an ordinary client.
		timeouts: &HTTPLimits{Header: 500 * time.Millisecond, Request: time.Second, Write: 5 * time.Second, Idle: 5 * time.Second},
		config: func(c *Config) {
			c.Socket.PingEvery, c.Socket.PongTimeout = 100*time.Millisecond, time.Second
		},
	})
	env.srv.SetReady()
	const each = 10
	var slow []*slowClient
	for range each {
		slow = append(slow, slowHeaders(t, env, 20*time.Millisecond), slowBody(t, env, 20*time.Millisecond))
	}
	for range each {
		deafSocket(t, env, nil, "/api/lobby/socket")
	}

	// Meanwhile the others are served.
	_, _, _, white, black := startedGame(t, env, "5+0")
	playMoves(t, white, black, randomGame(1, 20), 0)
	someone := env.anonymous(t)
	for range 20 {
		if res := someone.do("GET", "/healthz", nil); res.status != http.StatusOK {
			t.Fatalf("healthz: %d %s", res.status, res.body)
		}
		if res := someone.do("GET", "/api/seeks", nil); res.status != http.StatusOK {
			t.Fatalf("seeks: %d %s", res.status, res.body)
		}
	}

	// Every slow connection is cut; the players' sockets stay.
	give := time.NewTimer(frameWait)
	defer give.Stop()
	for i, s := range slow {
		select {
		case <-s.cut:
		case <-give.C:
			t.Fatalf("slow client %d (%s) still connected", i, []string{"headers", "body"}[i%2])
		}
	}
	waitSockets(t, env, 2, "the deaf sockets")
	playMoves(t, white, black, randomGame(1, 22)[20:], 20)
}

// smallSendBuffers gives every connection the listener accepts a small
// kernel send buffer, so that a client that does not read soon blocks
// the server's writes.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4096)
	}
	return c, err
}

// TestDeafSocketDropped: a spectator's socket that never reads (and is
// never pinged here: pings are an hour apart) is closed once its frames
// back up, rather than holding ever more of them: the kernel's buffers
// fill, the server's write blocks, and the next frames fill its queue
// (SocketConfig.OutBuffer) or the write times out
// (SocketConfig.WriteTimeout); the game goes on.
func TestDeafSocketDropped(t *testing.T) {
	env := newPlayEnv(t, playOptions{
		listener: func(l net.Listener) net.Listener { return smallSendBuffers{l} },
		config: func(c *Config) {
			c.Socket.PingEvery, c.Socket.PongTimeout = time.Hour, time.Hour
			c.Socket.WriteTimeout, c.Socket.OutBuffer = 100*time.Millisecond, 8
		},
	})
	id, _, _, white, black := startedGame(t, env, "5+0")
	deafSocket(t, env, nil, "/api/game/"+id+"/socket")
	waitSockets(t, env, 3, "the spectator's socket")
	// 80 moves send the spectator some 20 KB, more than the buffers and
	// the queue hold.
	moves := randomGame(2, 82)
	playMoves(t, white, black, moves[:80], 0)
	waitSockets(t, env, 2, "the deaf socket")
	playMoves(t, white, black, moves[80:], 80)
}
