package live

// The crash test: the runtime runs in a child process (this test binary,
// re-executed), the parent plays games through it over a line protocol with
// bots that think as people do, kills it with SIGKILL at random moments,
// keeps it down for seconds, restarts it on the same database (SQLite, and
// PostgreSQL in a schema of its own), and checks the promises:
//
//   - every acknowledgement the parent read, before or after the kill, is
//     in the store, and the store holds nothing else but the one move that
//     was in flight at the kill;
//   - no game was decided by the crash;
//   - the clocks resumed with the downtime charged to nobody: the side to
//     move has what it had at the node's last heartbeat, to within the few
//     hundred milliseconds a restart takes (well below the downtimes);
//   - after a restart, a resent move is answered from the store (again if
//     stored, applied if not), bad input is refused with its code and
//     changes nothing, players who keep moving are present, and players who
//     stay away longer than the reconnection window lose by abandonment
//     (both away: both lose);
//   - a graceful stop is recorded as one.

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/sqlite"
)

// The child's environment: which store, and where.
const (
	crashChildEnv = "JOINPAL_LIVE_CRASH_CHILD" // "sqlite" or "postgres"
	crashDBEnv    = "JOINPAL_LIVE_CRASH_DB"    // the SQLite file or the PostgreSQL DSN
)

// crashHeartbeat is the child's heartbeat period: the time a crashed node
// was down is known to within it.
const crashHeartbeat = 200 * time.Millisecond

// crashTC is the time control of the crash test's games: 5 minutes, so
// that nobody flags, and a reconnection window of 30 s.
const crashTC = "5+0"

func TestMain(m *testing.M) {
	if kind := os.Getenv(crashChildEnv); kind != "" {
		os.Exit(crashChild(kind, os.Getenv(crashDBEnv), os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// crashStore is what the crash test opens: a store and its node registry.
type crashStore interface {
	game.Store
	NodeRegistry
}

func openCrashStore(ctx context.Context, kind, db string) (crashStore, error) {
	if kind == "postgres" {
		return postgres.Open(ctx, db)
	}
	// The lock, as joinpal serve takes it: the heartbeats then go to its
	// file and only every few seconds to the database.
	return sqlite.Open(ctx, db, sqlite.WithLock("crash"))
}

// crashChild serves a runtime on the store kind at db. Commands, one a
// line, each answered by one line (answers may come in any order):
//
//	create ID                        -> ok ID | err ID CODE
//	move ID PLAYER UCI PLY MOVEID    -> ack ID PLY RESENT STATUS | err ID CODE
//	snap ID                          -> snap ID STATUS PLY WHITEMS BLACKMS TURN TERMINATION RESULT
//	connect ID PLAYER                -> ok ID | err ID CODE
func crashChild(kind, db string, in io.Reader, out io.Writer) int {
	ctx := context.Background()
	st, err := openCrashStore(ctx, kind, db)
	if err != nil {
		fmt.Fprintln(out, "fatal", err)
		return 1
	}
	rt := New(Config{Store: st, HeartbeatEvery: crashHeartbeat})
	if err := rt.Start(ctx); err != nil {
		fmt.Fprintln(out, "fatal", err)
		return 1
	}
	tc, _ := game.ParseTimeControl(crashTC)
	var mu sync.Mutex
	reply := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(out, format+"\n", args...)
	}
	refuse := func(id string, err error) {
		code := string(game.CodeOf(err))
		if code == "" {
			code = string(CodeOf(err))
		}
		if code == "" {
			code = "unknown:" + strings.ReplaceAll(err.Error(), " ", "_")
		}
		reply("err %s %s", id, code)
	}
	// A graceful stop on SIGTERM: the games' goroutines finish their command,
	// the stop is recorded, the store closes.
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	go func() {
		<-term
		_ = rt.Stop(ctx)
		_ = st.Close()
		mu.Lock() // no answer after the stop
		os.Exit(0)
	}()
	reply("ready")
	sc := bufio.NewScanner(in)
	var wg sync.WaitGroup
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		wg.Go(func() {
			id := f[1]
			switch f[0] {
			case "create":
				if _, err := rt.Create(ctx, game.Config{ID: id, White: alice, Black: bob, TimeControl: tc}); err != nil {
					refuse(id, err)
					return
				}
				reply("ok %s", id)
			case "move":
				ply, _ := strconv.Atoi(f[4])
				mid, _ := strconv.ParseInt(f[5], 10, 64)
				ack, err := rt.Move(ctx, id, f[2], MoveRequest{UCI: f[3], Ply: ply, ID: mid})
				if err != nil {
					refuse(id, err)
					return
				}
				status := "started"
				if ev, err := rt.Snapshot(ctx, id); err == nil && ev.Ply > ack.Move.Ply {
					status = ev.Status.String()
				}
				reply("ack %s %d %v %s", id, ack.Move.Ply, ack.Resent, status)
			case "snap":
				ev, err := rt.Snapshot(ctx, id)
				if err != nil {
					refuse(id, err)
					return
				}
				reply("snap %s %s %d %d %d %s %s %s", id, ev.Status, ev.Ply, *ev.WhiteMs, *ev.BlackMs, ev.Turn, ev.Termination, ev.Result)
			case "connect":
				if err := rt.Connected(ctx, id, f[2]); err != nil {
					refuse(id, err)
					return
				}
				reply("ok %s", id)
			}
		})
	}
	wg.Wait()
	_ = rt.Stop(ctx)
	_ = st.Close()
	return 0
}

// child is the parent's handle on a running child.
type child struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan []string
	started time.Time // when the process was started
}

func startChild(t *testing.T, kind, db string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+kind, crashDBEnv+"="+db)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, in: in, lines: make(chan []string, 4096), started: time.Now()}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // a test that fails leaves no child behind
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- strings.Fields(sc.Text())
		}
	}()
	select {
	case l, ok := <-c.lines:
		if !ok || l[0] != "ready" {
			t.Fatalf("child did not start: %v", l)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("child did not start in time")
	}
	return c
}

func (c *child) send(format string, args ...any) {
	fmt.Fprintf(c.in, format+"\n", args...)
}

// kill ends the child with SIGKILL and waits for it; the lines it printed
// before dying stay in c.lines, to be read.
func (c *child) kill() time.Time {
	at := time.Now()
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	_ = c.cmd.Wait()
	return at
}

// The ways a game is played after the last restart.
const (
	playing  = iota // both bots go on moving
	awayOne         // the player on turn stays away; the other connects
	awayBoth        // both stay away
)

// sent is a command awaiting its answer.
type sent struct {
	kind   string // "move" (a move of play), "resend", "bad"
	uci    string
	ply    int
	id     int64
	player string
	// For a resend: whether the store already holds the move. For bad
	// input: the code the refusal must carry.
	stored bool
	code   game.Code
}

// tracked is the parent's view of one game.
type tracked struct {
	id     string
	pos    chess.Position
	acked  []string // UCI of every acknowledged (or stored) move, by ply
	wait   *sent    // the command awaiting its answer
	probes []sent   // commands to send after a restart, before play goes on
	nextAt time.Time
	over   bool
	// away is how the game is played after the last restart; mode is how
	// it is played now (playing until then).
	away, mode int
	connects   int // connections awaiting their answer
}

func (g *tracked) turnPlayer() string {
	if g.pos.Turn() == chess.White {
		return "alice"
	}
	return "bob"
}

func otherPlayer(p string) string {
	if p == "alice" {
		return "bob"
	}
	return "alice"
}

// crashRun is one run of the crash test on one store.
type crashRun struct {
	t        *testing.T
	kind, db string
	rng      *mrand.Rand
	games    []*tracked
	byID     map[string]*tracked
	acks     int   // acknowledgements read
	lowest   int64 // clock after a restart minus the clock at the last heartbeat, ms
	highest  int64
	worst    time.Duration // the largest such gap allowed
	downs    []time.Duration
	// lastNext is set while the store is checked before the last restart.
	lastNext bool

	// childDB is the child's db: on PostgreSQL, db with an
	// application_name of the child's own (childApp), by which the parent
	// knows when the dead child's sessions have ended.
	childDB, childApp string
}

// think returns a bot's thinking time: 0.2 to 1.5 s.
func (r *crashRun) think() time.Duration {
	return time.Duration(200+r.rng.IntN(1300)) * time.Millisecond
}

// after returns when game g sends its next command: a client resends (and
// sends its bad input) at once after reconnecting, a bot moves after it
// thinks.
func (r *crashRun) after(g *tracked) time.Time {
	if len(g.probes) > 0 {
		return time.Now().Add(20 * time.Millisecond)
	}
	return time.Now().Add(r.think())
}

func TestCrashRecovery(t *testing.T) {
	if testing.Short() && os.Getenv("JOINPAL_CRASH_FULL") == "" {
		t.Skip("the crash test runs without -short (make test runs it)")
	}
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		runCrash(t, "sqlite", filepath.Join(t.TempDir(), "crash.db"), 1)
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		runCrash(t, "postgres", crashSchema(t), 2)
	})
}

// crashSchema creates a schema of its own for one run on the test server
// ($JOINPAL_TEST_POSTGRES, else the local one) and returns a DSN that uses
// it; the schema is dropped when t ends. It skips t if PostgreSQL cannot be
// reached.
func crashSchema(t testing.TB) string {
	dsn := os.Getenv("JOINPAL_TEST_POSTGRES")
	if dsn == "" {
		dsn = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Skipf("PostgreSQL is unreachable at %s (%v): the crash test's PostgreSQL variant does not run; start it with make services", dsn, err)
	}
	defer conn.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	schema := "jp_crash_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
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
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "search_path=" + schema
}

func runCrash(t *testing.T, kind, db string, seed uint64) {
	const games, kills = 100, 3
	r := &crashRun{t: t, kind: kind, db: db, childDB: db, rng: mrand.New(mrand.NewPCG(7, seed)), byID: map[string]*tracked{},
		lowest: math.MaxInt64, highest: math.MinInt64}
	if kind == "postgres" {
		var b [6]byte
		rand.Read(b[:])
		r.childApp = "jp_crash_child_" + hex.EncodeToString(b[:])
		r.childDB = db + "&application_name=" + r.childApp
	}
	ch := startChild(t, kind, r.childDB)
	for i := range games {
		g := &tracked{id: fmt.Sprintf("c%03d", i), pos: chess.StartingPosition()}
		switch i % 10 {
		case 3:
			g.away = awayOne
		case 7:
			g.away = awayBoth
		}
		r.games = append(r.games, g)
		r.byID[g.id] = g
		ch.send("create %s", g.id)
	}
	for range games {
		if l := <-ch.lines; l[0] != "ok" {
			t.Fatalf("create: %v", l)
		}
	}
	now := time.Now()
	for _, g := range r.games {
		g.nextAt = now.Add(r.think())
	}
	window := game.ReconnectWindow(mustTC(t, crashTC))
	for cycle := 0; ; cycle++ {
		last := cycle == kills
		restartedAt := ch.started
		playFor := time.Duration(2000+r.rng.IntN(2500)) * time.Millisecond
		if last {
			playFor = time.Until(restartedAt.Add(window + 4*time.Second))
		}
		r.play(ch, time.Now().Add(playFor))
		if last {
			r.awaitEnds(ch)
			// A graceful stop: SIGTERM records it.
			stopAt := time.Now()
			_ = ch.cmd.Process.Signal(syscall.SIGTERM)
			if err := ch.cmd.Wait(); err != nil {
				t.Fatalf("graceful stop: %v", err)
			}
			r.drain(ch)
			r.checkStore(cycle, stopAt, true, restartedAt.Add(window))
			break
		}
		killedAt := ch.kill()
		r.drain(ch)
		r.childSessionsEnded()
		r.lastNext = cycle == kills-1
		expect := r.checkStore(cycle, killedAt, false, time.Time{})
		down := time.Duration(2000+r.rng.IntN(2000)) * time.Millisecond
		r.downs = append(r.downs, down)
		time.Sleep(time.Until(killedAt.Add(down))) // the node stays down a while
		ch = startChild(t, kind, r.childDB)
		if r.lastNext {
			// After the last restart, some players stay away.
			for _, g := range r.games {
				if !g.over {
					g.mode = g.away
				}
			}
		}
		r.checkClocks(ch, cycle, expect)
	}
	t.Logf("%s: %d games, %d kills (down %v), %d acknowledgements read; side to move after restarts within %+d..%+d ms of its time at the last heartbeat (allowed %v)",
		kind, games, kills, r.downs, r.acks, r.lowest, r.highest, -r.worst)
}

// play runs the bots until the moment until, reading every answer.
func (r *crashRun) play(ch *child, until time.Time) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	end := time.NewTimer(time.Until(until))
	defer end.Stop()
	for {
		select {
		case l, ok := <-ch.lines:
			if !ok {
				r.t.Fatal("the child died")
			}
			r.answer(l)
		case now := <-tick.C:
			for _, g := range r.games {
				r.next(ch, g, now)
			}
		case <-end.C:
			return
		}
	}
}

// next sends game g's next command, if one is due.
func (r *crashRun) next(ch *child, g *tracked, now time.Time) {
	if g.wait != nil || now.Before(g.nextAt) {
		return
	}
	if len(g.probes) > 0 {
		p := g.probes[0]
		g.probes = g.probes[1:]
		g.wait = &p
		ch.send("move %s %s %s %d %d", g.id, p.player, p.uci, p.ply, p.id)
		return
	}
	if g.over || g.mode != playing {
		return
	}
	moves := g.pos.LegalMoves(nil)
	if len(moves) == 0 {
		return
	}
	m := moves[r.rng.IntN(len(moves))]
	ply := len(g.acked)
	g.wait = &sent{kind: "move", uci: g.pos.UCI(m), ply: ply, id: int64(ply + 1), player: g.turnPlayer()}
	ch.send("move %s %s %s %d %d", g.id, g.wait.player, g.wait.uci, ply, ply+1)
}

// answer checks one answer of the child against what was sent.
func (r *crashRun) answer(l []string) {
	t := r.t
	if len(l) < 2 || l[0] == "fatal" {
		t.Fatalf("child: %v", l)
	}
	g := r.byID[l[1]]
	if g != nil && l[0] == "ok" && g.connects > 0 {
		g.connects--
		return
	}
	if g == nil || g.wait == nil {
		t.Fatalf("an answer nobody waits for: %v", l)
	}
	w := g.wait
	g.wait = nil
	g.nextAt = r.after(g)
	switch l[0] {
	case "ack":
		r.acks++
		ply, _ := strconv.Atoi(l[2])
		resent := l[3] == "true"
		switch {
		case w.kind == "bad":
			t.Fatalf("%s: bad input %+v was acknowledged: %v", g.id, w, l)
		case w.kind == "resend" && w.stored:
			if !resent || ply != w.ply {
				t.Fatalf("%s: a stored move resent: %v, want the same ply %d again", g.id, l, w.ply)
			}
			return
		case resent || ply != len(g.acked) || ply != w.ply:
			t.Fatalf("%s: %s %+v answered %v; %d moves acknowledged", g.id, w.kind, w, l, len(g.acked))
		}
		m, err := g.pos.ParseUCI(w.uci)
		if err != nil {
			t.Fatalf("%s: %v", g.id, err)
		}
		g.pos.PlayUnchecked(m)
		g.acked = append(g.acked, w.uci)
		if l[4] != "started" {
			g.over = true
		}
	case "err":
		if l[2] == string(CodeStopping) {
			return // refused by a stopping node: nothing stored (checked next)
		}
		if w.kind != "bad" || l[2] != string(w.code) {
			t.Fatalf("%s: %s %+v refused: %v", g.id, w.kind, w, l)
		}
	default:
		t.Fatalf("%s: unexpected answer %v", g.id, l)
	}
}

// childSessionsEnded waits until the database has ended every session of
// the killed child. A process killed after sending a commit does not take
// it back: PostgreSQL still runs what reached it (a move's write, a
// heartbeat) until the session notices its client is gone, and on a
// loaded machine that can be after the parent has read the store, which
// would then differ from what the next process reads. SQLite has no such
// sessions.
func (r *crashRun) childSessionsEnded() {
	if r.childApp == "" {
		return
	}
	t := r.t
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, r.db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for {
		var n int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", r.childApp).Scan(&n); err != nil {
			t.Fatalf("the killed child's sessions (%d last seen): %v", n, err)
		}
		if n == 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the killed child's %d sessions did not end within 30 s", n)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// awaitEnds asks the child, a tenth of a second apart, how the games
// left away stand until each has ended (at most a minute): on a loaded
// machine the node may decide an abandonment a little after the window
// the test played for, and the graceful stop must come after it. The
// answers to moves still in flight are checked as play checks them.
func (r *crashRun) awaitEnds(ch *child) {
	waiting := map[string]bool{}
	for _, g := range r.games {
		if g.mode != playing && !g.over && len(g.acked) >= 2 {
			waiting[g.id] = true
		}
	}
	asked := map[string]bool{}
	limit := time.After(time.Minute)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for len(waiting) > 0 {
		select {
		case l, ok := <-ch.lines:
			if !ok {
				r.t.Fatal("the child died")
			}
			if len(l) >= 3 && (l[0] == "snap" || l[0] == "err") && asked[l[1]] {
				// A refused snapshot: the node no longer runs the game,
				// which ended (checkStore reads how).
				delete(asked, l[1])
				if l[0] == "err" || l[2] != game.StatusStarted.String() {
					delete(waiting, l[1])
				}
				continue
			}
			r.answer(l)
		case <-tick.C:
			for id := range waiting {
				if !asked[id] {
					asked[id] = true
					ch.send("snap %s", id)
				}
			}
		case <-limit:
			return // checkStore says which game did not end
		}
	}
	// The snapshots still asked for are answered before the stop.
	for len(asked) > 0 {
		l, ok := <-ch.lines
		if !ok {
			return
		}
		if len(l) >= 3 && (l[0] == "snap" || l[0] == "err") && asked[l[1]] {
			delete(asked, l[1])
			continue
		}
		r.answer(l)
	}
}

// drain reads every answer the child printed before it ended.
func (r *crashRun) drain(ch *child) {
	for l := range ch.lines {
		r.answer(l)
	}
	for _, g := range r.games {
		if g.wait != nil && g.wait.kind == "bad" {
			g.wait = nil // bad input cut off by the kill: nothing to check
		}
		g.connects = 0
	}
}

// checkStore reads the store while no process runs and checks it against
// what was acknowledged; the stored moves become the truth from here on.
// It returns, for each game whose clock runs, the time the side to move had
// at the node's last heartbeat. After the graceful stop (final), away
// games must have been abandoned at the end of the window (abandonedAt).
func (r *crashRun) checkStore(cycle int, endedAt time.Time, final bool, abandonedAt time.Time) map[string]int64 {
	t := r.t
	ctx := context.Background()
	st, err := openCrashStore(ctx, r.kind, r.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lastSeen, stopped, err := st.NodeStatus(ctx, "local")
	if err != nil {
		t.Fatal(err)
	}
	if gap := endedAt.Sub(lastSeen); stopped != final || (!final && gap > 25*crashHeartbeat) || (final && gap > 0) {
		t.Fatalf("cycle %d: last heartbeat %v before the end (stopped %v)", cycle, gap, stopped)
	}
	expect := map[string]int64{}
	for _, g := range r.games {
		rec, err := st.LoadGame(ctx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Moves) < len(g.acked) {
			t.Fatalf("cycle %d: %s: %d moves acknowledged, %d stored", cycle, g.id, len(g.acked), len(rec.Moves))
		}
		for i, u := range g.acked {
			if rec.Moves[i].UCI != u {
				t.Fatalf("cycle %d: %s: acknowledged move %d was %s, stored %s", cycle, g.id, i, u, rec.Moves[i].UCI)
			}
		}
		// Beyond the acknowledged moves, only the move in flight.
		w := g.wait
		g.wait = nil
		if extra := rec.Moves[len(g.acked):]; len(extra) > 0 {
			if len(extra) > 1 || w == nil || w.ply != len(g.acked) || extra[0].UCI != w.uci {
				t.Fatalf("cycle %d: %s: stored %d moves beyond the %d acknowledged (in flight: %+v)", cycle, g.id, len(extra), len(g.acked), w)
			}
		}
		r.checkEnd(cycle, g, rec, final, abandonedAt)
		// The stored moves are the truth from here on.
		g.pos = chess.StartingPosition()
		g.acked = g.acked[:0]
		for _, mv := range rec.Moves {
			m, err := g.pos.ParseUCI(mv.UCI)
			if err != nil {
				t.Fatal(err)
			}
			g.pos.PlayUnchecked(m)
			g.acked = append(g.acked, mv.UCI)
		}
		g.over = rec.State.Status != game.StatusStarted && rec.State.Status != game.StatusCreated
		if !final && !g.over && (!r.lastNext || g.away == playing) {
			r.plan(g, w, rec)
		}
		if c := rec.State.Clock; c != nil && c.State == game.ClockRunning {
			ms := c.WhiteMs
			if c.Turn == game.Black {
				ms = c.BlackMs
			}
			// A turn that began after the heartbeat is charged nothing.
			expect[g.id] = ms - max(lastSeen.Sub(c.TurnStart), 0).Milliseconds()
		}
	}
	return expect
}

// checkEnd checks how a game stood at the end of a cycle: decided only by
// the board, or, after the last restart, abandoned by whoever stayed away.
func (r *crashRun) checkEnd(cycle int, g *tracked, rec game.Record, final bool, abandonedAt time.Time) {
	st := rec.State
	byBoard := st.Termination == game.Checkmate || st.Termination == game.Stalemate || st.Termination == game.ThreefoldRepetition ||
		st.Termination == game.InsufficientMaterial || st.Termination == game.FiftyMoves
	if st.Status == game.StatusEnded && byBoard {
		return
	}
	if !final || g.mode == playing || g.over {
		if st.Status != game.StatusStarted {
			r.t.Fatalf("cycle %d: %s (played on) is %v %v %v", cycle, g.id, st.Status, st.Termination, st.Result)
		}
		return
	}
	if len(rec.Moves) < 2 {
		// Before both sides have moved, the first-move timer governs.
		if st.Status != game.StatusAborted {
			r.t.Fatalf("%s: away after %d moves, ended %v %v %v; want aborted", g.id, len(rec.Moves), st.Status, st.Termination, st.Result)
		}
		return
	}
	want := game.BothLose
	if g.mode == awayOne {
		want = game.WinFor(game.SideOf(g.pos.Turn()).Other())
	}
	if st.Termination != game.Abandonment || st.Result != want {
		r.t.Fatalf("%s: with %v away, ended %v %v %v after %d moves; want abandonment %v", g.id, map[int]string{awayOne: "the player on turn", awayBoth: "both players"}[g.mode],
			st.Status, st.Termination, st.Result, len(rec.Moves), want)
	}
	// At the end of the window that began when the node resumed it.
	if st.EndedAt.Before(abandonedAt) || st.EndedAt.After(abandonedAt.Add(10*time.Second)) {
		r.t.Fatalf("%s: abandoned at %v, %v after the window's end", g.id, st.EndedAt, st.EndedAt.Sub(abandonedAt))
	}
}

// plan queues what a game sends after the restart, before play goes on:
// the move in flight at the kill sent again (answered again if stored,
// applied if not) or the last acknowledged move sent again, and one piece
// of bad input.
func (r *crashRun) plan(g *tracked, w *sent, rec game.Record) {
	g.probes = g.probes[:0]
	ply := len(rec.Moves)
	switch {
	case w != nil:
		stored := len(rec.Moves) > w.ply && rec.Moves[w.ply].UCI == w.uci
		g.probes = append(g.probes, sent{kind: "resend", uci: w.uci, ply: w.ply, id: w.id, player: w.player, stored: stored})
		if !stored {
			ply++ // applied now
		}
	case ply > 0:
		player := "alice"
		if (ply-1)%2 == 1 {
			player = "bob"
		}
		g.probes = append(g.probes, sent{kind: "resend", uci: rec.Moves[ply-1].UCI, ply: ply - 1, id: int64(ply), player: player, stored: true})
	}
	turn := "alice"
	if ply%2 == 1 {
		turn = "bob"
	}
	bad := []sent{
		{uci: "e2e2", ply: ply, player: turn, code: game.CodeIllegalMove},
		{uci: "zz", ply: ply, player: turn, code: game.CodeIllegalMove},
		{uci: "e2e4", ply: ply, player: "carol", code: game.CodeNotAPlayer},
		{uci: "a7a6", ply: ply, player: otherPlayer(turn), code: game.CodeNotYourTurn},
		{uci: "e2e4", ply: ply + 5, player: turn, code: game.CodeStalePly},
	}[r.rng.IntN(5)]
	bad.kind, bad.id = "bad", int64(1000+ply)
	g.probes = append(g.probes, bad)
}

// checkClocks reads every game from the restarted child: none was decided
// by the crash, and the side to move has the time it had at the node's
// last heartbeat, less only the moments the restart took.
func (r *crashRun) checkClocks(ch *child, cycle int, expect map[string]int64) {
	t := r.t
	for _, g := range r.games {
		ch.send("snap %s", g.id)
	}
	seen := 0
	for seen < len(r.games) {
		l := <-ch.lines
		if l[0] != "snap" {
			t.Fatalf("snap: %v", l)
		}
		seen++
		g := r.byID[l[1]]
		if (l[2] == "ended" || l[2] == "aborted") != g.over {
			t.Fatalf("cycle %d: %s is %s (%s %s) after the restart", cycle, g.id, l[2], l[7], l[8])
		}
		want, ok := expect[g.id]
		if !ok {
			continue
		}
		ms, _ := strconv.ParseInt(l[4], 10, 64)
		if l[6] == "black" {
			ms, _ = strconv.ParseInt(l[5], 10, 64)
		}
		// Charged to nobody: never more than at the heartbeat, and less
		// only by the time from the resume to this snapshot.
		allowed := time.Since(ch.started)
		r.worst = max(r.worst, allowed)
		r.lowest, r.highest = min(r.lowest, ms-want), max(r.highest, ms-want)
		if ms > want+5 || ms < want-allowed.Milliseconds() {
			t.Fatalf("cycle %d: %s: %s has %d ms after the restart at ply %s, %d ms at the last heartbeat at ply %d as read after the kill (the restart took %v; the node was down %v)",
				cycle, g.id, l[6], ms, l[3], want, len(g.acked), allowed, r.downs[len(r.downs)-1])
		}
	}
	// Players come back; in the last cycle, those who stay away do not.
	for _, g := range r.games {
		g.nextAt = r.after(g)
		if g.over {
			continue
		}
		switch {
		case g.mode == awayOne:
			ch.send("connect %s %s", g.id, otherPlayer(g.turnPlayer()))
			g.connects++
		case g.mode == playing && g.id[len(g.id)-1]%2 == 0:
			ch.send("connect %s alice", g.id)
			ch.send("connect %s bob", g.id)
			g.connects += 2
		}
		// The others are present by moving (or away).
	}
}
