package server

import (
	"log"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"sync"
	"time"
)

// HTTPLimits bound what one connection may cost the HTTP server that
// serves the handler, so that a client that sends or reads slowly, or not
// at all, or opens connection after connection, never holds much for long.
// A WebSocket leaves the deadlines behind once upgraded (its pings and
// SocketConfig.WriteTimeout watch it), and an event stream once its
// request is read (each of its lines must be written within
// SocketConfig.WriteTimeout). A zero field is its default.
type HTTPLimits struct {
	// Header is how long a request's headers may take to arrive (10 s).
	Header time.Duration
	// Request is how long a whole request, body included, may take to
	// arrive (30 s; bodies are at most Config.MaxBody).
	Request time.Duration
	// Write is how long the answer to a request may take to be written,
	// from the end of its headers (60 s).
	Write time.Duration
	// Idle is how long a kept-alive connection may wait for its next
	// request (2 min).
	Idle time.Duration
	// HeaderBytes is the most a request's headers may weigh (32 KiB; more
	// is refused with 431).
	HeaderBytes int
	// ConnsPerAddress is how many TCP connections one peer address may
	// hold open at once (WebSockets and event streams included), unless it
	// is one of Config.TrustedProxies (256); one more is closed at once.
	ConnsPerAddress int
}

// The default HTTPLimits.
const (
	DefaultHeaderTimeout   = 10 * time.Second
	DefaultRequestTimeout  = 30 * time.Second
	DefaultWriteTimeout    = 60 * time.Second
	DefaultIdleTimeout     = 2 * time.Minute
	DefaultHeaderBytes     = 32 << 10
	DefaultConnsPerAddress = 256
)

// WithDefaults returns l with its zero fields set to their defaults.
func (l HTTPLimits) WithDefaults() HTTPLimits {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&l.Header, DefaultHeaderTimeout)
	def(&l.Request, DefaultRequestTimeout)
	def(&l.Write, DefaultWriteTimeout)
	def(&l.Idle, DefaultIdleTimeout)
	if l.HeaderBytes <= 0 {
		l.HeaderBytes = DefaultHeaderBytes
	}
	if l.ConnsPerAddress <= 0 {
		l.ConnsPerAddress = DefaultConnsPerAddress
	}
	return l
}

// Apply sets hs's timeouts and header limit to l's (its defaults where
// zero).
func (l HTTPLimits) Apply(hs *http.Server) {
	l = l.WithDefaults()
	hs.ReadHeaderTimeout, hs.ReadTimeout, hs.WriteTimeout, hs.IdleTimeout = l.Header, l.Request, l.Write, l.Idle
	hs.MaxHeaderBytes = l.HeaderBytes
}

// NewHTTPServer returns the HTTP server of handler with limits l, its
// errors logged to errorLog (the standard logger when nil). Serve it on
// l.Listener's listener, which caps the connections per address.
func NewHTTPServer(handler http.Handler, l HTTPLimits, errorLog *log.Logger) *http.Server {
	hs := &http.Server{Handler: handler, ErrorLog: errorLog}
	l.Apply(hs)
	return hs
}

// Listener wraps ln so that no peer address holds more than
// l.ConnsPerAddress of its connections open at once: one more is closed as
// soon as it is accepted, before anything is read from it. Peers in
// trusted (proxies, whose clients are told apart by X-Forwarded-For) are
// not capped.
func (l HTTPLimits) Listener(ln net.Listener, trusted []netip.Prefix) net.Listener {
	return &capListener{Listener: ln, max: l.WithDefaults().ConnsPerAddress, trusted: slices.Clone(trusted), open: map[netip.Addr]int{}}
}

// capListener is HTTPLimits.Listener's listener.
type capListener struct {
	net.Listener
	max     int
	trusted []netip.Prefix

	mu   sync.Mutex
	open map[netip.Addr]int
}

// Accept returns the next connection within its address's cap, closing
// those beyond it.
func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr, ok := peerAddr(c)
		if !ok || slices.ContainsFunc(l.trusted, func(p netip.Prefix) bool { return p.Contains(addr) }) {
			return c, nil
		}
		l.mu.Lock()
		if l.open[addr] >= l.max {
			l.mu.Unlock()
			_ = c.Close()
			continue
		}
		l.open[addr]++
		l.mu.Unlock()
		return &cappedConn{Conn: c, l: l, addr: addr}, nil
	}
}

// count returns the connections open from addr.
func (l *capListener) count(addr netip.Addr) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[addr]
}

// peerAddr is c's remote address, unmapped.
func peerAddr(c net.Conn) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}, false
	}
	return ap.Addr().Unmap(), true
}

// cappedConn gives its place back when closed.
type cappedConn struct {
	net.Conn
	l    *capListener
	addr netip.Addr
	once sync.Once
}

func (c *cappedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.addr]--; c.l.open[c.addr] <= 0 {
			delete(c.l.open, c.addr)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}
