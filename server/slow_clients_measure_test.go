//go:build linux

package server

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	measureSlow = flag.Bool("measure.slow", false, "run TestMeasureSlowClients (a measurement, not a test)")
	slowAddrs   = flag.Int("measure.slow.addrs", 8, "addresses the slow clients come from (127.0.0.2 on), each holding every connection it may")
	slowPhase   = flag.Duration("measure.slow.phase", 10*time.Second, "length of each phase")
)

// TestMeasureSlowClients measures how fast others are answered while
// slow clients hold on: first alone, then with, from each of
// -measure.slow.addrs addresses, as many connections as it may hold
// (HTTPLimits' default ConnsPerAddress, 256): 100 WebSockets that never
// read (on the lobby), and the rest split between headers sent one byte
// every 100 ms and log-in bodies that never end. The server runs with the
// defaults of `joinpal serve` (its timeouts, caps and listener) on
// SQLite; the others, from 127.0.0.1, ask for the seeks and /healthz one
// after another and play a game over its sockets, each move acknowledged,
// every 150 ms (within the sockets' flood limit). It also reports how much
// the slow connections raised the heap (with the goroutines' stacks) and
// the process's RSS (the test's own client side included).
// Opt in with -measure.slow; docs/BENCHMARKS.md has the figures:
//
//	go test ./server -run TestMeasureSlowClients -measure.slow -v
func TestMeasureSlowClients(t *testing.T) {
	if !*measureSlow {
		t.Skip("a measurement: run with -measure.slow")
	}
	limits := HTTPLimits{}.WithDefaults()
	env := newPlayEnv(t, playOptions{
		timeouts: &limits,
		listener: func(l net.Listener) net.Listener { return limits.Listener(l, nil) },
	})
	env.srv.SetReady()
	phase := func(name string) {
		var http, moves []time.Duration
		_, _, _, white, black := startedGame(t, env, "5+0")
		game := randomGame(4, 400)
		someone := env.anonymous(t)
		end := time.Now().Add(*slowPhase)
		ply := 0
		for time.Now().Before(end) {
			for _, path := range []string{"/api/seeks", "/healthz"} {
				at := time.Now()
				if res := someone.do("GET", path, nil); res.status != 200 {
					t.Fatalf("%s: %d", path, res.status)
				}
				http = append(http, time.Since(at))
			}
			if ply < len(game) {
				at := time.Now()
				playMoves(t, white, black, game[ply:ply+1], ply)
				moves = append(moves, time.Since(at))
				ply++
			}
			time.Sleep(150 * time.Millisecond) // within the sockets' flood limit
		}
		t.Logf("%s: requests %d: %s; move acks %d: %s", name, len(http), percentiles(http), len(moves), percentiles(moves))
	}
	phase("alone")

	heap, rss := inUse(), vmRSS(t)
	slow := 0
	for a := range *slowAddrs {
		from := fmt.Sprintf("127.0.0.%d", a+2)
		for range 100 {
			deafSocketFrom(t, env, from, "/api/lobby/socket")
			slow++
		}
		for i := range limits.ConnsPerAddress - 100 {
			c := dialFrom(t, env, from)
			head := "GET /healthz HTTP/1.1\r\nHost: joinpal\r\nX-Slow: "
			if i%2 == 1 {
				head = "POST /api/account/login HTTP/1.1\r\nHost: joinpal\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{\"username\":\""
			}
			if _, err := io.WriteString(c, head); err != nil {
				t.Fatal(err)
			}
			go func() {
				for {
					time.Sleep(100 * time.Millisecond)
					if _, err := c.Write([]byte("x")); err != nil {
						return
					}
				}
			}()
			slow++
		}
	}
	grown, rssGrown := inUse()-heap, vmRSS(t)-rss
	t.Logf("%d slow connections from %d addresses: heap and stacks grown by %.1f MiB (%.1f MiB an address), RSS by %.1f MiB",
		slow, *slowAddrs, float64(grown)/(1<<20), float64(grown)/float64(*slowAddrs)/(1<<20), float64(rssGrown)/(1<<20))
	phase("with the slow clients")
}

// vmRSS returns the process's resident memory, in bytes.
func vmRSS(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}

// percentiles formats p50, p99 and max of ds in milliseconds.
func percentiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) float64 {
		return float64(s[min(len(s)-1, int(q*float64(len(s))))].Microseconds()) / 1000
	}
	return fmt.Sprintf("p50 %.2f ms, p99 %.2f ms, max %.2f ms", at(0.5), at(0.99), float64(s[len(s)-1].Microseconds())/1000)
}
