package server

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

// TestSocketCaps: one guest's socket past its cap is refused before the
// upgrade (429 server.too_many_sockets) while another guest's is
// accepted; the cap per address then holds for everyone from it, and a
// closed socket gives its place back.
func TestSocketCaps(t *testing.T) {
	env := newPlayEnv(t, playOptions{config: func(c *Config) { c.Socket.MaxPerUser, c.Socket.MaxPerAddress = 2, 3 }})
	alba, bruno := env.guest(t), env.guest(t)
	refused := func(p *person, limit string) {
		t.Helper()
		_, err := p.tryDial("/api/lobby/socket", nil)
		var de *dialError
		if !errors.As(err, &de) || de.status != http.StatusTooManyRequests ||
			!strings.Contains(string(de.body), string(CodeTooManySockets)) || !strings.Contains(string(de.body), `"limit":"`+limit+`"`) {
			t.Fatalf("a socket past the cap of %s: %v", limit, err)
		}
	}

	first := alba.dial("/api/lobby/socket")
	alba.dial("/api/lobby/socket")
	refused(alba, "2")              // alba's third
	bruno.dial("/api/lobby/socket") // another guest's first
	refused(bruno, "3")             // the address's fourth
	refused(env.anonymous(t), "3")  // nobody's, from the same address
	first.conn.CloseNow()
	<-first.closed
	for {
		// The server lets the socket go once its handler has ended.
		if _, err := alba.tryDial("/api/lobby/socket", nil); err == nil {
			break
		}
		env.srv.socketCaps.mu.Lock()
		n := env.srv.socketCaps.addrs["127.0.0.1"]
		env.srv.socketCaps.mu.Unlock()
		if n > 3 {
			t.Fatalf("%d sockets counted from one address", n)
		}
	}
}
