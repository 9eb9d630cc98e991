package server

import (
	"net/http"
	"net/netip"
	"testing"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/internal/manualclock"
)

// TestStrangersCannotLockTheOwnerOut: wrong passwords for a username from
// other addresses — five from one, or one from each of five — never
// refuse the owner at their own address; the address that failed waits
// longer after each failure, and is refused even with the right
// password until its wait is over.
func TestStrangersCannotLockTheOwnerOut(t *testing.T) {
	env := newTestServer(t, func(c *Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	})
	env.signUp(t, "owner", "right password")
	from := func(addr, password string) response {
		return env.browser(t).do("POST", "/api/account/login", `{"username":"owner","password":"`+password+`"}`,
			"X-Forwarded-For", addr)
	}

	// One attacker's address: the first guess is judged, the next ones
	// wait 1 s, then 2 s, then 4 s after each failure.
	const attacker = "203.0.113.9"
	waits := []string{"1", "2", "4", "8"}
	for i, want := range waits {
		expect(t, from(attacker, "guess"), http.StatusUnauthorized, account.CodeBadCredentials)
		r := from(attacker, "right password")
		e := expect(t, r, http.StatusTooManyRequests, CodeRateLimited)
		if e.Params["seconds"] != want || r.header.Get("Retry-After") != want {
			t.Fatalf("after failure %d: wait %q, Retry-After %q; want %s", i+1, e.Params["seconds"], r.header.Get("Retry-After"), want)
		}
		if i < len(waits)-1 {
			env.clock.Advance(time.Duration(1<<i) * time.Second)
		}
	}
	// Five more strangers, one wrong password each.
	for _, addr := range []string{"198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4", "198.51.100.5"} {
		expect(t, from(addr, "guess"), http.StatusUnauthorized, account.CodeBadCredentials)
	}
	// The owner, from home, is let in at once; the attacker is not.
	if r := from("192.0.2.7", "right password"); r.status != http.StatusOK {
		t.Fatalf("the owner at their address: %d %s", r.status, r.body)
	}
	expect(t, from(attacker, "right password"), http.StatusTooManyRequests, CodeRateLimited)
}

// TestLoginDelayGrowsToItsCap: the wait doubles with each failure up to
// maxLoginDelay, a success forgets it, and other keys are not touched.
func TestLoginDelayGrowsToItsCap(t *testing.T) {
	clk := manualclock.New(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	d := newFailureDelay(time.Second, clk.Now)
	tests := []struct {
		failures int
		want     time.Duration
	}{{1, time.Second}, {2, 2 * time.Second}, {9, 256 * time.Second}, {10, maxLoginDelay}, {30, maxLoginDelay}}
	n := 0
	for _, tt := range tests {
		for ; n < tt.failures; n++ {
			d.fail("k")
		}
		if got := d.keys["k"].until.Sub(clk.Now()); got != tt.want {
			t.Errorf("after %d failures: wait %v, want %v", tt.failures, got, tt.want)
		}
	}
	if d.check("other") != nil {
		t.Error("another key waits")
	}
	d.forget("k")
	if err := d.check("k"); err != nil {
		t.Errorf("after a success: %v", err)
	}
}
