package server

import (
	"net/http"
	"net/netip"
	"testing"
	"time"
)

// TestForwardedHeaders: X-Forwarded-For and X-Forwarded-Proto are believed
// from a trusted proxy only: then the guests limit keys on the client's
// address and the cookie is Secure over https; from any other peer the
// headers change nothing.
func TestForwardedHeaders(t *testing.T) {
	tests := []struct {
		name    string
		trusted []netip.Prefix
		// perClient: a second client behind the same peer has a limit of
		// its own; secure: the cookie of an https request is Secure.
		perClient, secure bool
	}{
		{"trusted proxy", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, true, true},
		{"untrusted peer", nil, false, false},
		{"another proxy trusted", []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newTestServer(t, func(c *Config) {
				c.TrustedProxies = tt.trusted
				c.Limits.GuestsPerIP = Rate{N: 2, Period: time.Hour}
			})
			guest := func(forwardedFor string) response {
				return env.browser(t).do("POST", "/api/guest", "",
					"X-Forwarded-For", forwardedFor, "X-Forwarded-Proto", "https")
			}
			first := guest("203.0.113.1")
			if first.status != http.StatusCreated {
				t.Fatalf("guest: %d %s", first.status, first.body)
			}
			if got := secureCookie(first); got != tt.secure {
				t.Errorf("cookie Secure = %v, want %v", got, tt.secure)
			}
			// The client may write its own X-Forwarded-For: the proxy
			// appends the address it saw, which is the one believed.
			guest("198.51.100.9, 203.0.113.1")
			if r := guest("203.0.113.1"); r.status != http.StatusTooManyRequests {
				t.Fatalf("third guest of one client: %d, want 429", r.status)
			}
			other := guest("203.0.113.2")
			if got := other.status == http.StatusCreated; got != tt.perClient {
				t.Errorf("another client behind the same peer: %d; a limit of its own: %v, want %v", other.status, got, tt.perClient)
			}
		})
	}
}

// secureCookie reports whether r set a Secure cookie.
func secureCookie(r response) bool {
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Secure {
			return true
		}
	}
	return false
}

// TestForwardedFor: the client is the address nearest the server that is
// not a trusted proxy.
func TestForwardedFor(t *testing.T) {
	trusted := func(ip string) bool { return ip == "10.0.0.1" || ip == "10.0.0.2" }
	tests := []struct {
		lines []string
		want  string
	}{
		{nil, ""},
		{[]string{"203.0.113.1"}, "203.0.113.1"},
		{[]string{"198.51.100.9, 203.0.113.1"}, "203.0.113.1"},
		{[]string{"203.0.113.1, 10.0.0.2"}, "203.0.113.1"},
		{[]string{"203.0.113.1", "10.0.0.2"}, "203.0.113.1"},
		{[]string{"10.0.0.1, 10.0.0.2"}, "10.0.0.1"},
		{[]string{"garbage, 203.0.113.1"}, "203.0.113.1"},
		{[]string{"203.0.113.1, garbage"}, ""},
		{[]string{"::ffff:203.0.113.1"}, "203.0.113.1"},
		{[]string{"2001:db8::1"}, "2001:db8::1"},
	}
	for _, tt := range tests {
		if got := forwardedFor(tt.lines, trusted); got != tt.want {
			t.Errorf("forwardedFor(%q) = %q, want %q", tt.lines, got, tt.want)
		}
	}
}
