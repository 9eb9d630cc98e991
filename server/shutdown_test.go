package server

import (
	"context"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestShutdownWaitsForEveryClose: Shutdown returns only once every socket's
// close handshake has ended, so a process that exits right after it has
// sent every client its 1012 "server restarting".
func TestShutdownWaitsForEveryClose(t *testing.T) {
	env := newPlayEnv(t, playOptions{})
	const n = 40
	var clients []*wsClient
	for i := range n {
		if i%5 == 0 { // a few guests, each with several tabs
			p := env.guest(t)
			for range 5 {
				clients = append(clients, p.dial("/api/lobby/socket"))
			}
		}
	}
	// Every socket registered (an upgrade registers after the handshake).
	for deadline := time.Now().Add(frameWait); env.hubSockets() < n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d sockets registered", env.hubSockets(), n)
		}
	}
	env.srv.play.hub.mu.Lock()
	var socks []*socket
	for s := range env.srv.play.hub.sockets {
		socks = append(socks, s)
	}
	env.srv.play.hub.mu.Unlock()

	env.srv.Shutdown(context.Background())
	for i, s := range socks {
		select {
		case <-s.closeDone:
		default:
			t.Fatalf("socket %d: its close handshake still runs after Shutdown returned", i)
		}
	}
	for i, c := range clients {
		if code, reason := c.closeStatus(); code != websocket.StatusServiceRestart || reason != reasonRestarting {
			t.Errorf("client %d: closed with %d %q, want %d %q", i, code, reason, websocket.StatusServiceRestart, reasonRestarting)
		}
	}
}

// hubSockets is the number of sockets the server holds.
func (env *playEnv) hubSockets() int {
	env.srv.play.hub.mu.Lock()
	defer env.srv.play.hub.mu.Unlock()
	return len(env.srv.play.hub.sockets)
}
