// Package tcprelay relays TCP connections to a target until cut: in tests,
// a link that can be broken (a node cut off from NATS or PostgreSQL).
package tcprelay

import (
	"fmt"
	"io"
	"net"
	"sync"
)

// Relay accepts connections on its own address and relays each, both
// ways, to its target.
type Relay struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	conns []net.Conn
	wg    sync.WaitGroup
	once  sync.Once
}

// Listen starts a relay listening on addr (host:port; port 0 for any) to
// target.
func Listen(addr, target string) (*Relay, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("tcprelay: %w", err)
	}
	r := &Relay{ln: ln, target: target}
	r.wg.Go(r.accept)
	return r, nil
}

// Addr is the address the relay listens on.
func (r *Relay) Addr() string { return r.ln.Addr().String() }

func (r *Relay) accept() {
	for {
		c, err := r.ln.Accept()
		if err != nil {
			return
		}
		up, err := net.Dial("tcp", r.target)
		if err != nil {
			_ = c.Close()
			continue
		}
		r.mu.Lock()
		r.conns = append(r.conns, c, up)
		r.mu.Unlock()
		r.wg.Go(func() { _, _ = io.Copy(up, c); _ = up.Close() })
		r.wg.Go(func() { _, _ = io.Copy(c, up); _ = c.Close() })
	}
}

// Cut stops accepting and closes every relayed connection, then waits
// for the relay's goroutines; a second call does nothing.
func (r *Relay) Cut() {
	r.once.Do(func() {
		_ = r.ln.Close()
		r.mu.Lock()
		for _, c := range r.conns {
			_ = c.Close()
		}
		r.mu.Unlock()
		r.wg.Wait()
	})
}
