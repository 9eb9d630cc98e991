package server

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Who a request comes from, behind a proxy that ends TLS (nginx, a load
// balancer): the peer of the connection is then the proxy, and the client's
// address and scheme come in X-Forwarded-For and X-Forwarded-Proto. Those
// headers are believed only from Config.TrustedProxies; from anyone else a
// client could name any address (and dodge every per-address limit) or
// claim https.

// originKey is the context key of a request's origin (an *origin).
type originKey struct{}

// origin is where a request comes from, as the server believes it.
type origin struct {
	ip    string // the client's address: the key of per-address limits
	https bool   // the request came over https, to the server or to a trusted proxy
}

// fromClient returns r with its origin attached: the peer's address and
// r.TLS, or, when the peer is a trusted proxy, what its forwarding headers
// say.
func (s *Server) fromClient(r *http.Request) *http.Request {
	c := &origin{ip: peerIP(r), https: r.TLS != nil}
	if s.trusted(c.ip) {
		if ip := forwardedFor(r.Header.Values("X-Forwarded-For"), s.trusted); ip != "" {
			c.ip = ip
		}
		if proto := lastField(r.Header.Values("X-Forwarded-Proto")); proto != "" {
			c.https = strings.EqualFold(proto, "https")
		}
	}
	return r.WithContext(context.WithValue(r.Context(), originKey{}, c))
}

// trusted reports whether ip is one of Config.TrustedProxies.
func (s *Server) trusted(ip string) bool {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedFor returns the client's address from the X-Forwarded-For
// lines: each proxy appends the address it got the request from, so read
// from the right, past the trusted proxies, the first address is the
// client's (anything left of it the client may have written itself). ""
// if there is no valid address.
func forwardedFor(lines []string, trusted func(string) bool) string {
	hops := strings.Split(strings.Join(lines, ","), ",")
	last := ""
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return last
		}
		last = a.Unmap().String()
		if !trusted(last) {
			return last
		}
	}
	return last
}

// lastField returns the last comma-separated value of the lines (the one
// the nearest proxy set), trimmed.
func lastField(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	f := strings.Split(lines[len(lines)-1], ",")
	return strings.TrimSpace(f[len(f)-1])
}

// peerIP is the address of the connection's peer.
func peerIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// originOf returns the origin of r (the peer itself for a request that
// did not pass through the server's handler).
func originOf(r *http.Request) *origin {
	if c, ok := r.Context().Value(originKey{}).(*origin); ok {
		return c
	}
	return &origin{ip: peerIP(r), https: r.TLS != nil}
}

// clientIP is the address the request came from, the key of per-address
// rate limits.
func clientIP(r *http.Request) string { return originOf(r).ip }

// overHTTPS reports whether the request came over https.
func overHTTPS(r *http.Request) bool { return originOf(r).https }
