package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/joinpal/joinpal/server"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
)

func TestParseServe(t *testing.T) {
	t.Setenv("JOINPAL_ADDR", "127.0.0.1:9999")
	t.Setenv("JOINPAL_DB", "")
	os.Unsetenv("JOINPAL_DB")
	var stderr bytes.Buffer
	opts, _, ok := parseServe(nil, &stderr)
	if !ok || opts.addr != "127.0.0.1:9999" || opts.db != "data/joinpal.db" || opts.logLevel != slog.LevelInfo || opts.logJSON {
		t.Fatalf("defaults with JOINPAL_ADDR: %+v (%s)", opts, stderr.String())
	}
	opts, _, ok = parseServe([]string{"--addr", ":7000", "--db", "postgres://u:p@h/db", "--log-level", "debug", "--log-format", "json", "--stockfish", "/usr/games/stockfish", "--hash-concurrency", "3", "--sockets-per-user", "4", "--sockets-per-address", "50"}, &stderr)
	if !ok || opts.addr != ":7000" || opts.db != "postgres://u:p@h/db" || opts.logLevel != slog.LevelDebug || !opts.logJSON || opts.stockfish != "/usr/games/stockfish" || opts.hashConcurrency != 3 || opts.socketsPerUser != 4 || opts.socketsPerAddress != 50 {
		t.Fatalf("flags: %+v", opts)
	}
	for _, args := range [][]string{{"--pprof", "0.0.0.0:6060"}, {"--pprof", "localhost"}, {"--log-level", "loud"}, {"--log-format", "xml"}, {"--hash-concurrency", "-1"}, {"--hash-concurrency", "many"}, {"--sockets-per-user", "-2"}, {"--gc-percent", "0"}, {"--memory-limit", "2GB"}, {"extra"}, {"--nope"}} {
		stderr.Reset()
		if _, code, ok := parseServe(args, &stderr); ok || code != exitUsage {
			t.Errorf("%v: ok %v, code %d; want a usage error", args, ok, code)
		}
		if !strings.Contains(stderr.String(), "serve") {
			t.Errorf("%v: stderr %q", args, stderr.String())
		}
	}
	// Every process has a name of its own unless told one.
	os.Unsetenv("JOINPAL_NODE")
	a, _, _ := parseServe(nil, &stderr)
	b, _, _ := parseServe(nil, &stderr)
	host, _ := os.Hostname()
	if a.node == b.node || !strings.HasPrefix(a.node, host+"-") {
		t.Errorf("default node names %q and %q: want the host's name %q and a suffix of each's own", a.node, b.node, host)
	}
	t.Setenv("JOINPAL_NODE", "n1")
	if opts, _, _ := parseServe(nil, &stderr); opts.node != "n1" {
		t.Errorf("JOINPAL_NODE=n1: node %q", opts.node)
	}
	if opts, _, _ := parseServe([]string{"--node", "n2"}, &stderr); opts.node != "n2" {
		t.Errorf("--node n2: node %q", opts.node)
	}
	// Proxies: addresses and ranges, IPv4 and IPv6.
	opts, _, ok = parseServe([]string{"--trusted-proxies", "10.0.0.0/8, 127.0.0.1,::1,fd00::/8", "--secure-cookies"}, &stderr)
	if !ok || fmt.Sprint(opts.trustedProxies) != "[10.0.0.0/8 127.0.0.1/32 ::1/128 fd00::/8]" || !opts.secureCookies {
		t.Errorf("--trusted-proxies, --secure-cookies: %v %v", opts.trustedProxies, opts.secureCookies)
	}
	if _, code, ok := parseServe([]string{"--trusted-proxies", "10.0.0.0/33"}, &stderr); ok || code != exitUsage {
		t.Errorf("a bad range: ok %v, code %d; want a usage error", ok, code)
	}
	// The collector: flags (and their environment variables) win.
	opts, _, ok = parseServe([]string{"--gc-percent", "150", "--memory-limit", "3GiB"}, &stderr)
	if want := (gcSettings{percent: 150, setPct: true, limit: 3 << 30, setLim: true}); !ok || opts.gc != want {
		t.Errorf("--gc-percent, --memory-limit: %+v, want %+v", opts.gc, want)
	}
	if _, code, ok := parseServe([]string{"-h"}, &stderr); ok || code != exitOK {
		t.Errorf("-h: ok %v, code %d", ok, code)
	}
}

// TestServeLimitFlags: the rate-limit flags (and their environment
// variables) default to the server's limits and change them.
func TestServeLimitFlags(t *testing.T) {
	def := server.DefaultLimits()
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want server.Limits
	}{
		{"defaults", nil, nil, server.Limits{NewGamesPerPlayer: def.NewGamesPerPlayer, SignupsPerIP: def.SignupsPerIP, GuestsPerIP: def.GuestsPerIP}},
		{"a club on one address", []string{"--signup-limit", "40/1h", "--guest-limit", "100/10m"}, nil,
			server.Limits{NewGamesPerPlayer: def.NewGamesPerPlayer, SignupsPerIP: server.Rate{N: 40, Period: time.Hour}, GuestsPerIP: server.Rate{N: 100, Period: 10 * time.Minute}}},
		{"from the environment", nil, map[string]string{"JOINPAL_SIGNUP_LIMIT": "12/30m", "JOINPAL_GUEST_LIMIT": "3/1m", "JOINPAL_NEW_GAMES_LIMIT": "9/1m"},
			server.Limits{NewGamesPerPlayer: server.Rate{N: 9, Period: time.Minute}, SignupsPerIP: server.Rate{N: 12, Period: 30 * time.Minute}, GuestsPerIP: server.Rate{N: 3, Period: time.Minute}}},
		{"a flag wins over the environment", []string{"--signup-limit", "7/1h"}, map[string]string{"JOINPAL_SIGNUP_LIMIT": "12/30m"},
			server.Limits{NewGamesPerPlayer: def.NewGamesPerPlayer, SignupsPerIP: server.Rate{N: 7, Period: time.Hour}, GuestsPerIP: def.GuestsPerIP}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, name := range []string{"JOINPAL_SIGNUP_LIMIT", "JOINPAL_GUEST_LIMIT", "JOINPAL_NEW_GAMES_LIMIT"} {
				t.Setenv(name, tt.env[name])
				if _, ok := tt.env[name]; !ok {
					os.Unsetenv(name)
				}
			}
			var stderr bytes.Buffer
			opts, _, ok := parseServe(tt.args, &stderr)
			if !ok || opts.limits != tt.want {
				t.Fatalf("limits %+v, want %+v (%s)", opts.limits, tt.want, stderr.String())
			}
		})
	}
	for _, args := range [][]string{{"--signup-limit", "5"}, {"--guest-limit", "0/1h"}, {"--signup-limit", "5/soon"}} {
		var stderr bytes.Buffer
		if _, code, ok := parseServe(args, &stderr); ok || code != exitUsage || !strings.Contains(stderr.String(), args[0]) {
			t.Errorf("%v: ok %v, code %d, stderr %q", args, ok, code, stderr.String())
		}
	}
}

// TestServeSignupLimitFlag: a server started with --signup-limit 1/1h
// refuses a second sign-up from the same address, where the default (5
// an hour) takes it.
func TestServeSignupLimitFlag(t *testing.T) {
	for _, tt := range []struct {
		args       []string
		wantSecond int
	}{
		{nil, http.StatusCreated},
		{[]string{"--signup-limit", "1/1h"}, http.StatusTooManyRequests},
	} {
		var stderr bytes.Buffer
		opts, _, ok := parseServe(append([]string{"--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "j.db")}, tt.args...), &stderr)
		if !ok {
			t.Fatal(stderr.String())
		}
		opts.stopTimeout = 10 * time.Second
		r := startServeWith(t, opts, slog.New(slog.NewTextHandler(io.Discard, nil)))
		var second int
		for i, name := range []string{"club_one", "club_two"} {
			res, err := http.Post(r.base+"/api/account/signup", "application/json",
				strings.NewReader(`{"username":"`+name+`","password":"a long enough password"}`))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if i == 0 && res.StatusCode != http.StatusCreated {
				t.Fatalf("first sign-up: %d", res.StatusCode)
			}
			second = res.StatusCode
		}
		if err := r.stop(); err != nil {
			t.Fatal(err)
		}
		if second != tt.wantSecond {
			t.Errorf("%v: second sign-up %d, want %d", tt.args, second, tt.wantSecond)
		}
	}
}

func TestRedactDSN(t *testing.T) {
	tests := []struct{ in, want string }{
		{"data/joinpal.db", "data/joinpal.db"},
		{"postgres://postgres@127.0.0.1/test", "postgres://postgres@127.0.0.1/test"},
		{"postgres://bob:secret@db.example:5432/joinpal?sslmode=require", "postgres://bob:***@db.example:5432/joinpal?sslmode=require"},
	}
	for _, tt := range tests {
		if got := redactDSN(tt.in); got != tt.want {
			t.Errorf("redactDSN(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestServeStartsAndStopsGracefully: serve creates the SQLite folder,
// answers once ready, and on stop records the node's graceful stop; a
// second start on the same database works.
func TestServeStartsAndStopsGracefully(t *testing.T) {
	db := filepath.Join(t.TempDir(), "new", "folder", "joinpal.db")
	serveTwice(t, db)
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, stopped, err := st.NodeStatus(context.Background(), "local"); err != nil || !stopped {
		t.Errorf("the node's stop is not recorded: stopped %v, %v", stopped, err)
	}
}

// TestServeOnPostgres: the same on PostgreSQL, given a postgres:// URL.
func TestServeOnPostgres(t *testing.T) {
	ctx := context.Background()
	db := postgresSchema(t)
	serveTwice(t, db)
	st, err := postgres.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, stopped, err := st.NodeStatus(ctx, "local"); err != nil || !stopped {
		t.Errorf("the node's stop is not recorded: stopped %v, %v", stopped, err)
	}
}

// postgresSchema returns the URL of a new schema of the test PostgreSQL
// database, dropped when t ends.
func postgresSchema(t *testing.T) string {
	t.Helper()
	dsn := envOr("JOINPAL_TEST_POSTGRES", defaultPostgresDSN)
	schema, drop, err := newSchema(context.Background(), dsn)
	if err != nil {
		t.Fatalf("%v (start PostgreSQL with make services, or set JOINPAL_TEST_POSTGRES)", err)
	}
	t.Cleanup(drop)
	db, err := withSearchPath(dsn, schema)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// running is a serve started by a test.
type running struct {
	base  string // http://127.0.0.1:port
	parts wired
	stop  func() error // stops it gracefully and returns serve's error
	// kill ends it as a crash would (serveHooks.halt) and returns serve's
	// error; stop after kill returns the same.
	kill func() error
}

// startServe runs serve on db in the background until it is ready.
func startServe(t *testing.T, db string, log *slog.Logger) running {
	t.Helper()
	return startServeWith(t, serveOptions{addr: "127.0.0.1:0", db: db, stopTimeout: 10 * time.Second}, log)
}

// startServeAs is startServe as the node named node ("": the runtime's
// default).
func startServeAs(t *testing.T, db, node string, log *slog.Logger) running {
	t.Helper()
	return startServeWith(t, serveOptions{addr: "127.0.0.1:0", db: db, node: node, stopTimeout: 10 * time.Second}, log)
}

// startServeWith runs serve with opts in the background until it is ready.
func startServeWith(t *testing.T, opts serveOptions, log *slog.Logger) running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan net.Addr, 1)
	ready := make(chan wired, 1)
	done := make(chan error, 1)
	halt := make(chan struct{})
	go func() {
		done <- serve(ctx, opts, log,
			serveHooks{listening: func(a net.Addr) { addrs <- a }, ready: func(w wired) { ready <- w }, halt: halt})
	}()
	ended := sync.OnceValue(func() error { return <-done })
	var halted sync.Once
	r := running{
		stop: func() error { cancel(); return ended() },
		kill: func() error { halted.Do(func() { close(halt) }); return ended() },
	}
	select {
	case a := <-addrs:
		r.base = "http://" + a.String()
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v", err)
	}
	select {
	case r.parts = <-ready:
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v", err)
	}
	return r
}

// serveTwice starts serve on db, checks that it is ready and serves a
// guest, stops it, and does it all again.
func serveTwice(t *testing.T, db string) {
	t.Helper()
	var logs syncLog
	log := slog.New(slog.NewTextHandler(&logs, nil))
	for run := range 2 {
		srv := startServe(t, db, log)
		base := srv.base
		for _, c := range []struct {
			method, path string
			want         int
		}{{"GET", "/healthz", http.StatusOK}, {"POST", "/api/guest", http.StatusCreated}, {"GET", "/metrics", http.StatusOK}} {
			req, _ := http.NewRequest(c.method, base+c.path, nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				srv.stop()
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("run %d: %s %s: %d, want %d", run, c.method, c.path, resp.StatusCode, c.want)
			}
		}
		if err := srv.stop(); err != nil {
			t.Fatalf("run %d: graceful stop: %v\n%s", run, err, logs.String())
		}
	}
	if !strings.Contains(logs.String(), "joinpal: stopped") || strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("the log:\n%s", logs.String())
	}
}

// TestServeResumesAIGames: a game against the AI started before a stop is
// running again after the next start, the AI watching it, and takes the
// player's move.
func TestServeResumesAIGames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "joinpal.db")
	var logs syncLog
	log := slog.New(slog.NewTextHandler(&logs, nil))
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	var gameID string
	for run := range 2 {
		srv := startServe(t, db, log)
		base, parts := srv.base, srv.parts
		if run == 0 {
			resp, err := browser.Post(base+"/api/challenge/ai", "application/json",
				strings.NewReader(`{"level":1,"color":"white","timeControl":"10+0"}`))
			if err != nil {
				srv.stop()
				t.Fatal(err)
			}
			var g struct{ ID string }
			json.NewDecoder(resp.Body).Decode(&g)
			resp.Body.Close()
			if resp.StatusCode != http.StatusCreated || g.ID == "" {
				srv.stop()
				t.Fatalf("AI game: %d %+v", resp.StatusCode, g)
			}
			gameID = g.ID
		} else {
			if n, w := parts.runtime.Len(), parts.ai.Watching(); n != 1 || w != 1 {
				t.Errorf("after the restart: %d games running, the AI watching %d; want 1 and 1", n, w)
			}
			// The cookie jar keys cookies by host, not port: the browser
			// is still the player on the new port.
			resp, err := browser.Post(base+"/api/game/"+gameID+"/move/e2e4?ply=0&id=1", "application/json", nil)
			if err != nil {
				srv.stop()
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("the player's move after the restart: %d %s", resp.StatusCode, body)
			}
		}
		if err := srv.stop(); err != nil {
			t.Fatalf("run %d: graceful stop: %v\n%s", run, err, logs.String())
		}
	}
}

// syncLog is a log buffer safe for the server's goroutines.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServeSIGTERM runs "joinpal serve" as a process of its own (this test
// binary again), sends it SIGTERM once it is ready, and expects exit 0.
func TestServeSIGTERM(t *testing.T) {
	if os.Getenv("JOINPAL_SERVE_CHILD") == "1" {
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0", "--db", os.Getenv("JOINPAL_SERVE_DB"), "--log-format", "json"},
			os.Stdin, os.Stdout, os.Stderr))
	}
	if testing.Short() {
		t.Skip("starts a process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeSIGTERM$")
	cmd.Env = append(os.Environ(), "JOINPAL_SERVE_CHILD=1", "JOINPAL_SERVE_DB="+filepath.Join(t.TempDir(), "j.db"))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	var seen []string
	var addr string
	for lines.Scan() {
		seen = append(seen, lines.Text())
		var rec struct{ Msg, Addr string }
		if json.Unmarshal(lines.Bytes(), &rec) != nil {
			continue
		}
		if rec.Msg == "joinpal: listening" {
			addr = rec.Addr
		}
		if rec.Msg == "joinpal: ready" {
			break
		}
	}
	if addr == "" {
		t.Fatalf("the server never got ready:\n%s", strings.Join(seen, "\n"))
	}
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(stderr)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, rest)
	}
	if !strings.Contains(string(rest), `"msg":"joinpal: stopped"`) {
		t.Errorf("no graceful stop in the log:\n%s", rest)
	}
}

// FuzzRedactDSN: the password of a URL never reaches the log.
func FuzzRedactDSN(f *testing.F) {
	f.Add("bob", "secret", "db.example:5432/joinpal")
	f.Add("", "p", "h")
	f.Fuzz(func(t *testing.T, user, password, host string) {
		if password == "" || strings.ContainsAny(user, ":@/") || strings.ContainsAny(password, "@/") || strings.Contains(host, password) ||
			strings.Contains(user, password) || strings.Contains("postgres://:***@", password) {
			return
		}
		got := redactDSN("postgres://" + user + ":" + password + "@" + host)
		if strings.Contains(got, password) {
			t.Fatalf("redactDSN kept the password %q: %q", password, got)
		}
	})
}

// TestHTTPServerTimeouts: the server bounds the reading of a request's
// headers and of the whole request, the writing of its answer and the idle
// time of a kept-alive connection, by default and as the flags say.
func TestHTTPServerTimeouts(t *testing.T) {
	opts, _, ok := parseServe(nil, io.Discard)
	if !ok {
		t.Fatal("no flags refused")
	}
	hs := newHTTPServer(http.NotFoundHandler(), opts.http, slog.New(slog.DiscardHandler))
	if hs.ReadHeaderTimeout != 10*time.Second || hs.ReadTimeout != 30*time.Second || hs.IdleTimeout != 2*time.Minute || hs.WriteTimeout != time.Minute || hs.MaxHeaderBytes != 32<<10 {
		t.Fatalf("timeouts: header %v, read %v, idle %v, write %v", hs.ReadHeaderTimeout, hs.ReadTimeout, hs.IdleTimeout, hs.WriteTimeout)
	}
	opts, _, ok = parseServe([]string{"--header-timeout", "1s", "--request-timeout", "2s", "--write-timeout", "3s", "--idle-timeout", "4s", "--ai-queue-per-user", "5", "--ai-workers-per-user", "2", "--header-bytes", "9000", "--conns-per-address", "7"}, io.Discard)
	if !ok || opts.aiUserQueue != 5 || opts.aiUserWorkers != 2 || opts.http.HeaderBytes != 9000 || opts.http.ConnsPerAddress != 7 {
		t.Fatalf("flags: %+v", opts)
	}
	hs = newHTTPServer(http.NotFoundHandler(), opts.http, slog.New(slog.DiscardHandler))
	if hs.ReadHeaderTimeout != time.Second || hs.ReadTimeout != 2*time.Second || hs.WriteTimeout != 3*time.Second || hs.IdleTimeout != 4*time.Second || hs.MaxHeaderBytes != 9000 {
		t.Fatalf("timeouts: header %v, read %v, idle %v, write %v", hs.ReadHeaderTimeout, hs.ReadTimeout, hs.IdleTimeout, hs.WriteTimeout)
	}
	for _, bad := range []string{"0s", "-1s", "soon"} {
		if _, _, ok := parseServe([]string{"--request-timeout", bad}, io.Discard); ok {
			t.Errorf("--request-timeout %s accepted", bad)
		}
	}
}
