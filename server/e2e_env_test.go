package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/manualclock"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// frameWait bounds every wait for a frame: a test that gets nothing fails
// after it instead of hanging (the frames themselves come at once).
const frameWait = 20 * time.Second

// playStore is everything the server keeps in its database; both of
// JoinPal's stores are one.
type playStore interface {
	game.Store
	game.Listing
	account.Store
	lobby.Store
	rating.Store
	live.NodeRegistry
	chat.Store
}

// playEnv is the whole server as `joinpal serve` wires it: a store on a
// real database, the runtime, the lobby, the AI, over real HTTP.
type playEnv struct {
	t       testing.TB
	opts    playOptions
	dsn     string // the database: a SQLite file or a PostgreSQL DSN
	pool    *ai.Pool
	store   playStore
	rt      *live.Runtime
	lobby   *lobby.Service
	ai      *ai.Player
	srv     *Server
	http    *httptest.Server
	clock   *manualclock.Clock // the runtime's clock when faked, else nil
	srvTime *manualclock.Clock // the server's clock (sessions)
}

// playOptions choose the clocks and the server's settings.
type playOptions struct {
	fakeRuntimeClock bool
	// postgres runs the server on PostgreSQL (a schema of its own in the
	// test database) instead of SQLite.
	postgres bool
	// keepEvents is the runtime's live.Config.KeepEvents (its default when 0).
	keepEvents int
	config     func(*Config)
	// bus, if set, is the runtime's live.Config.Bus (a live.LocalBus when
	// nil).
	bus game.Bus
	// timeouts, if set, are the HTTP server's (none when nil, as
	// httptest's), and listener wraps its listener.
	timeouts *HTTPLimits
	listener func(net.Listener) net.Listener
}

func newPlayEnv(t testing.TB, o playOptions) *playEnv {
	t.Helper()
	env := &playEnv{t: t, opts: o, srvTime: manualclock.New(time.Now().UTC())}
	if o.postgres {
		env.dsn = testSchema(t)
	} else {
		env.dsn = sqlitetest.File(t)
	}
	if o.fakeRuntimeClock {
		env.clock = manualclock.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	}
	env.start()
	t.Cleanup(env.stop)
	return env
}

// start opens the store and starts the runtime, the lobby, the AI and the
// server on it, as a process of `joinpal serve` does.
func (env *playEnv) start() {
	t := env.t
	t.Helper()
	ctx := context.Background()
	var err error
	if env.opts.postgres {
		env.store, err = postgres.Open(ctx, env.dsn)
	} else {
		env.store, err = sqlite.Open(ctx, env.dsn)
	}
	if err != nil {
		t.Fatal(err)
	}
	st := env.store
	lc := live.Config{Store: st, KeepEvents: env.opts.keepEvents, Bus: env.opts.bus}
	if env.clock != nil {
		// The runtime's timers fire as the test moves env.clock past
		// them, before Advance returns.
		lc.Clock = manualclock.For[live.Timer]{Clock: env.clock}
	}
	env.rt = live.New(lc)
	if err := env.rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	env.lobby, err = lobby.New(lobby.Config{Store: st, Games: env.rt, Now: env.srvTime.Now})
	if err != nil {
		t.Fatal(err)
	}
	env.pool = ai.NewPool(ai.Config{Workers: 1, Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }})
	env.ai = ai.NewPlayer(ai.PlayerConfig{Pool: env.pool, Mover: liveMover(env.rt), Bus: env.rt.Bus(), Snapshots: env.rt, Games: env.rt, Retry: 50 * time.Millisecond})
	cfg := Config{
		Accounts: st, Runtime: env.rt, Lobby: env.lobby, AI: env.ai, AIPool: env.pool,
		Games: st, Listing: st, Ratings: st, Now: env.srvTime.Now, PasswordParams: testParams,
		Chat: chat.New(chat.Config{Store: st, Now: env.srvTime.Now}),
	}
	if env.opts.config != nil {
		env.opts.config(&cfg)
	}
	env.srv, err = New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	env.http = httptest.NewUnstartedServer(env.srv.Handler())
	if env.opts.timeouts != nil {
		env.opts.timeouts.Apply(env.http.Config)
	}
	if env.opts.listener != nil {
		env.http.Listener = env.opts.listener(env.http.Listener)
	}
	env.http.Start()
}

// stop stops the process gracefully, as on SIGTERM: the sockets close
// with "server restarting", the runtime records the stop, the store
// closes.
func (env *playEnv) stop() {
	ctx := context.Background()
	env.srv.Shutdown(ctx)
	env.http.Close()
	_ = env.ai.Close()
	_ = env.pool.Close()
	if err := env.rt.Stop(ctx); err != nil {
		env.t.Errorf("stopping the runtime: %v", err)
	}
	_ = env.store.Close()
}

// restart stops the process and starts the next one on the same database.
func (env *playEnv) restart() {
	env.stop()
	env.start()
}

// testSchema creates a schema of its own in the test database
// ($JOINPAL_TEST_POSTGRES, else the local server make test starts), drops
// it when t ends, and returns a DSN that uses it.
func testSchema(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("JOINPAL_TEST_POSTGRES")
	if dsn == "" {
		dsn = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("cannot connect to PostgreSQL at %q: %v", dsn, err)
	}
	defer conn.Close(ctx)
	schema := "jp_server_" + game.NewID()
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// person is someone using JoinPal through a browser (a cookie jar) or a
// program (a Bearer token).
type person struct {
	t      testing.TB
	env    *playEnv
	hc     *http.Client
	header http.Header
	id     string
}

// guest is a new browser that became a guest.
func (e *playEnv) guest(t testing.TB) *person {
	t.Helper()
	p := e.anonymous(t)
	res := p.do("POST", "/api/guest", nil)
	if res.status != http.StatusCreated {
		t.Fatalf("guest: %d %s", res.status, res.body)
	}
	var u struct{ ID string }
	res.decode(t, &u)
	p.id = u.ID
	return p
}

// anonymous is a new browser that is nobody yet.
func (e *playEnv) anonymous(t testing.TB) *person {
	jar, _ := cookiejar.New(nil)
	return &person{t: t, env: e, hc: &http.Client{Jar: jar}, header: http.Header{}}
}

// account is a browser signed up as username.
func (e *playEnv) account(t testing.TB, username string) *person {
	t.Helper()
	p := e.anonymous(t)
	res := p.do("POST", "/api/account/signup", map[string]string{"username": username, "password": "correct horse battery"})
	if res.status != http.StatusCreated {
		t.Fatalf("sign-up %s: %d %s", username, res.status, res.body)
	}
	var u struct{ ID string }
	res.decode(t, &u)
	p.id = u.ID
	return p
}

func (p *person) do(method, path string, body any) response {
	p.t.Helper()
	var rd io.Reader
	if raw, ok := body.([]byte); ok { // sent as it is, even if not JSON
		rd = bytes.NewReader(raw)
	} else if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			p.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.env.http.URL+path, rd)
	if err != nil {
		p.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range p.header {
		req.Header[k] = v
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return response{status: resp.StatusCode, header: resp.Header, body: b}
}

// must does a request that must answer want, and decodes the answer into
// v (if not nil).
func (p *person) must(want int, method, path string, body, v any) {
	p.t.Helper()
	res := p.do(method, path, body)
	if res.status != want {
		p.t.Fatalf("%s %s: %d %s, want %d", method, path, res.status, res.body, want)
	}
	if v != nil {
		res.decode(p.t, v)
	}
}

// wsFrame is a server frame as a client reads it.
type wsFrame struct {
	T string          `json:"t"`
	V int64           `json:"v"`
	D json.RawMessage `json:"d"`
}

// wsClient is an open socket: a reader goroutine queues its frames.
type wsClient struct {
	t      testing.TB
	conn   *websocket.Conn
	frames chan wsFrame
	closed chan struct{}
	err    error // why reading stopped, once closed is closed
	lastV  int64
	// pending are frames read but not yet asked for.
	pending []wsFrame
}

// dial opens the socket at path as p.
func (p *person) dial(path string) *wsClient {
	p.t.Helper()
	c, err := p.tryDial(path, nil)
	if err != nil {
		p.t.Fatalf("dial %s: %v", path, err)
	}
	return c
}

func (p *person) tryDial(path string, header http.Header) (*wsClient, error) {
	h := p.header.Clone()
	for k, v := range header {
		h[k] = v
	}
	ctx, cancel := context.WithTimeout(context.Background(), frameWait)
	defer cancel()
	url := "ws" + strings.TrimPrefix(p.env.http.URL, "http") + path
	conn, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: p.hc, HTTPHeader: h})
	if err != nil {
		if resp != nil {
			b, _ := io.ReadAll(resp.Body)
			return nil, &dialError{status: resp.StatusCode, body: b, err: err}
		}
		return nil, err
	}
	c := &wsClient{t: p.t, conn: conn, frames: make(chan wsFrame, 1024), closed: make(chan struct{})}
	go c.read()
	p.t.Cleanup(func() { conn.CloseNow() })
	return c, nil
}

type dialError struct {
	status int
	body   []byte
	err    error
}

func (e *dialError) Error() string { return e.err.Error() + ": " + string(e.body) }

func (c *wsClient) read() {
	defer close(c.closed)
	for {
		_, b, err := c.conn.Read(context.Background())
		if err != nil {
			c.err = err
			return
		}
		var f wsFrame
		if err := json.Unmarshal(b, &f); err != nil {
			c.err = err
			return
		}
		c.frames <- f
	}
}

// send writes one frame.
func (c *wsClient) send(t string, d any) {
	c.t.Helper()
	f := map[string]any{"t": t}
	if d != nil {
		f["d"] = d
	}
	b, _ := json.Marshal(f)
	c.sendRaw(b)
}

func (c *wsClient) sendRaw(b []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), frameWait)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// next returns the first frame, in order, that match accepts; the frames
// it passes over stay for later calls.
func (c *wsClient) next(what string, match func(wsFrame) bool) wsFrame {
	c.t.Helper()
	for i, f := range c.pending {
		if match(f) {
			c.pending = append(c.pending[:i:i], c.pending[i+1:]...)
			return f
		}
	}
	timeout := time.After(frameWait)
	for {
		select {
		case f := <-c.frames:
			if f.V > c.lastV {
				c.lastV = f.V
			}
			if match(f) {
				return f
			}
			c.pending = append(c.pending, f)
		case <-c.closed:
			c.t.Fatalf("socket closed (%v) while waiting for %s", c.err, what)
		case <-timeout:
			c.t.Fatalf("no %s within %s", what, frameWait)
		}
	}
}

// frame returns the next frame of type typ.
func (c *wsClient) frame(typ string) wsFrame {
	c.t.Helper()
	return c.next(typ, func(f wsFrame) bool { return f.T == typ })
}

// full returns the next "full" frame, decoded.
func (c *wsClient) full() gameJSON {
	c.t.Helper()
	var g gameJSON
	decodeFrameData(c.t, c.frame("full"), &g)
	return g
}

// state waits for an event ("move", "state" or "full") after which pred
// holds, and returns its state.
func (c *wsClient) state(what string, pred func(stateJSON) bool) stateJSON {
	c.t.Helper()
	var st stateJSON
	c.next(what, func(f wsFrame) bool {
		if f.T != "move" && f.T != "state" && f.T != "full" {
			return false
		}
		var ev eventJSON
		decodeFrameData(c.t, f, &ev)
		st = ev.stateJSON
		return pred(st)
	})
	return st
}

// closeStatus waits for the server to close the socket and returns the
// close code and reason.
func (c *wsClient) closeStatus() (websocket.StatusCode, string) {
	c.t.Helper()
	timeout := time.After(frameWait)
	for {
		select {
		case <-c.frames:
		case <-c.closed:
			var ce websocket.CloseError
			if errors.As(c.err, &ce) {
				return ce.Code, ce.Reason
			}
			return -1, c.err.Error()
		case <-timeout:
			c.t.Fatalf("the socket was not closed within %s", frameWait)
		}
	}
}

func decodeFrameData(t testing.TB, f wsFrame, v any) {
	t.Helper()
	if err := json.Unmarshal(f.D, v); err != nil {
		t.Fatalf("frame %s %s: %v", f.T, f.D, err)
	}
}

// move plays uci at ply with id over the socket and returns its ack (or
// fails on an error frame).
func (c *wsClient) move(uci string, ply int, id int64) ackData {
	c.t.Helper()
	c.send("move", map[string]any{"uci": uci, "ply": ply, "id": id})
	return c.ack(id)
}

// answer waits for the ack or error frame that answers frame id.
func (c *wsClient) answer(id int64) wsFrame {
	c.t.Helper()
	return c.next("the answer to "+itoa64(id), func(f wsFrame) bool {
		if f.T != "ack" && f.T != "error" {
			return false
		}
		var probe struct {
			ID int64 `json:"id"`
		}
		decodeFrameData(c.t, f, &probe)
		return probe.ID == id
	})
}

// ack waits for the ack of frame id, failing on its error frame.
func (c *wsClient) ack(id int64) ackData {
	c.t.Helper()
	var ack ackData
	f := c.answer(id)
	if f.T == "error" {
		c.t.Fatalf("frame %d refused: %s", id, f.D)
	}
	decodeFrameData(c.t, f, &ack)
	return ack
}

// refusal waits for the error frame of frame id and returns its code.
func (c *wsClient) refusal(id int64) string {
	c.t.Helper()
	f := c.answer(id)
	if f.T != "error" {
		c.t.Fatalf("frame %d was acknowledged (%s), want a refusal", id, f.D)
	}
	var e errorData
	decodeFrameData(c.t, f, &e)
	return e.Code
}

func itoa64(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// storedGame returns the game as the store holds it.
func (e *playEnv) storedGame(id string) game.Record {
	e.t.Helper()
	rec, err := e.store.LoadGame(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return rec
}

// pairBySeek makes two guests find each other through seeks (white's seek
// first) and returns the game's id.
func (e *playEnv) pairBySeek(white, black *person, tc string) string {
	e.t.Helper()
	var open, paired lobby.SeekResult
	white.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": tc, "color": "white"}, &open)
	if open.GameID != "" {
		e.t.Fatalf("the first seek paired at once: %+v", open)
	}
	black.must(http.StatusCreated, "POST", "/api/seek", map[string]any{"timeControl": tc, "color": "black"}, &paired)
	if paired.GameID == "" {
		e.t.Fatalf("the second seek did not pair: %+v", paired)
	}
	return paired.GameID
}

// liveMover adapts the runtime's Move to the AI's Mover, as the binary
// does.
func liveMover(rt *live.Runtime) ai.Mover {
	return ai.MoverFunc(func(ctx context.Context, id, playerID string, m ai.Move) error {
		_, err := rt.Move(ctx, id, playerID, live.MoveRequest{UCI: m.UCI, Ply: m.Ply, ID: m.ID})
		return err
	})
}
