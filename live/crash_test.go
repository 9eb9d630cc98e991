package live

// The crash test: the runtime runs in a child process (this test binary,
// re-executed), the parent plays hundreds of games through it over a line
// protocol, kills it with SIGKILL at random moments, restarts it on the same
// SQLite file, and checks the promises: every acknowledged move is there, no
// game was decided by the crash, and the clocks resumed with the downtime
// charged to nobody (within the heartbeat's second).

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
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

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
)

const crashChildEnv = "JOINPAL_LIVE_CRASH_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(crashChildEnv); path != "" {
		os.Exit(crashChild(path, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// crashChild serves a runtime on the SQLite file at path. Commands, one a
// line, each answered by one line (answers may come in any order):
//
//	create ID                        -> ok ID
//	move ID PLAYER UCI PLY MOVEID    -> ack ID PLY | err ID CODE
//	snap ID                          -> snap ID STATUS PLY WHITEMS BLACKMS TURN
//	connect ID PLAYER                -> ok ID
func crashChild(path string, in io.Reader, out io.Writer) int {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		fmt.Fprintln(out, "fatal", err)
		return 1
	}
	rt := New(Config{Store: st})
	if err := rt.Start(ctx); err != nil {
		fmt.Fprintln(out, "fatal", err)
		return 1
	}
	tc, _ := game.ParseTimeControl("30+0")
	var mu sync.Mutex
	reply := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(out, format+"\n", args...)
	}
	// A graceful stop on SIGTERM: the games' goroutines finish their command,
	// the stop is recorded, the store closes.
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	go func() {
		<-term
		_ = rt.Stop(ctx)
		_ = st.Close()
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
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := f[1]
			switch f[0] {
			case "create":
				_, err := rt.Create(ctx, game.Config{ID: id, White: alice, Black: bob, TimeControl: tc})
				if err != nil {
					reply("err %s %s", id, game.CodeOf(err))
					return
				}
				reply("ok %s", id)
			case "move":
				ply, _ := strconv.Atoi(f[4])
				mid, _ := strconv.ParseInt(f[5], 10, 64)
				ack, err := rt.Move(ctx, id, f[2], MoveRequest{UCI: f[3], Ply: ply, ID: mid})
				if err != nil {
					reply("err %s %s", id, game.CodeOf(err))
					return
				}
				reply("ack %s %d", id, ack.Move.Ply)
			case "snap":
				ev, err := rt.Snapshot(ctx, id)
				if err != nil {
					reply("err %s %s", id, game.CodeOf(err))
					return
				}
				reply("snap %s %s %d %d %d %s", id, ev.Status, ev.Ply, *ev.WhiteMs, *ev.BlackMs, ev.Turn)
			case "connect":
				_ = rt.Connected(ctx, id, f[2])
				reply("ok %s", id)
			}
		}()
	}
	wg.Wait()
	_ = rt.Stop(ctx)
	_ = st.Close()
	return 0
}

// child is the parent's handle on a running child.
type child struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan []string
}

func startChild(t *testing.T, path string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, in: in, lines: make(chan []string, 1024)}
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
	case <-time.After(30 * time.Second):
		t.Fatal("child did not start in time")
	}
	return c
}

func (c *child) send(format string, args ...any) {
	fmt.Fprintf(c.in, format+"\n", args...)
}

// kill ends the child with SIGKILL and waits for it.
func (c *child) kill() time.Time {
	at := time.Now()
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	_ = c.cmd.Wait()
	for range c.lines { // drain what it printed before dying
	}
	return at
}

// tracked is the parent's view of one game.
type tracked struct {
	id    string
	pos   chess.Position
	acked []string   // UCI of every acknowledged move, by ply
	sent  chess.Move // the move awaiting its acknowledgement
	busy  bool
	over  bool
}

func (g *tracked) player() string {
	if g.pos.Turn() == chess.White {
		return "alice"
	}
	return "bob"
}

func TestCrashRecovery(t *testing.T) {
	if testing.Short() && os.Getenv("JOINPAL_CRASH_FULL") == "" {
		t.Skip("the crash test runs without -short (make test runs it)")
	}
	const games, cycles = 200, 4
	rng := rand.New(rand.NewPCG(7, 11))
	path := filepath.Join(t.TempDir(), "crash.db")
	ch := startChild(t, path)
	all := make([]*tracked, games)
	for i := range all {
		all[i] = &tracked{id: fmt.Sprintf("c%03d", i), pos: chess.StartingPosition()}
		ch.send("create %s", all[i].id)
	}
	for range games {
		if l := <-ch.lines; l[0] != "ok" {
			t.Fatalf("create: %v", l)
		}
	}
	byID := map[string]*tracked{}
	for _, g := range all {
		byID[g.id] = g
	}
	sendMove := func(c *child, g *tracked) {
		moves := g.pos.LegalMoves(nil)
		if len(moves) == 0 || g.over {
			return
		}
		m := moves[rng.IntN(len(moves))]
		g.sent, g.busy = m, true
		c.send("move %s %s %s %d %d", g.id, g.player(), g.pos.UCI(m), len(g.acked), len(g.acked)+1)
	}
	totalAcked := 0
	var lowest, highest int64 // clock after restart minus clock at the kill, ms
	for cycle := range cycles {
		for _, g := range all {
			sendMove(ch, g)
		}
		killAt := time.Now().Add(time.Duration(300+rng.IntN(1200)) * time.Millisecond)
		timer := time.NewTimer(time.Until(killAt))
	play:
		for {
			select {
			case l := <-ch.lines:
				g := byID[l[1]]
				g.busy = false
				switch l[0] {
				case "ack":
					ply, _ := strconv.Atoi(l[2])
					if ply != len(g.acked) {
						t.Fatalf("%s: ack for ply %d, expected %d", g.id, ply, len(g.acked))
					}
					g.acked = append(g.acked, g.pos.UCI(g.sent))
					g.pos.PlayUnchecked(g.sent)
					totalAcked++
					sendMove(ch, g)
				case "err":
					if l[2] != string(game.CodeGameOver) {
						t.Fatalf("%s: %v", g.id, l)
					}
					g.over = true
				}
			case <-timer.C:
				break play
			}
		}
		killedAt := ch.kill()

		// Read what the store holds while no process runs.
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		lastSeen, stopped, _ := st.NodeStatus(context.Background(), "local")
		if killedAt.Sub(lastSeen) > 1500*time.Millisecond || stopped {
			t.Fatalf("cycle %d: last heartbeat %v before the kill (stopped %v)", cycle, killedAt.Sub(lastSeen), stopped)
		}
		expect := map[string]int64{} // side to move's ms at the kill
		for _, g := range all {
			rec, err := st.LoadGame(context.Background(), g.id)
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
			if len(rec.Moves) > len(g.acked)+1 {
				t.Fatalf("cycle %d: %s: %d moves stored, only %d sent", cycle, g.id, len(rec.Moves), len(g.acked)+1)
			}
			if rec.State.Status == game.StatusEnded && rec.State.Termination != game.Checkmate && rec.State.Termination != game.Stalemate &&
				rec.State.Termination != game.ThreefoldRepetition && rec.State.Termination != game.InsufficientMaterial && rec.State.Termination != game.FiftyMoves {
				t.Fatalf("cycle %d: %s ended by %v", cycle, g.id, rec.State.Termination)
			}
			// Take the stored moves as the truth from here on.
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
			g.busy, g.over = false, rec.State.Status != game.StatusStarted && rec.State.Status != game.StatusCreated
			if c := rec.State.Clock; c != nil && c.State == game.ClockRunning {
				ms := c.WhiteMs
				if c.Turn == game.Black {
					ms = c.BlackMs
				}
				expect[g.id] = ms - killedAt.Sub(c.TurnStart).Milliseconds()
			}
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}

		time.Sleep(time.Duration(200+rng.IntN(800)) * time.Millisecond) // the node stays down a while
		ch = startChild(t, path)
		for _, g := range all {
			ch.send("snap %s", g.id)
		}
		for range games {
			l := <-ch.lines
			if l[0] != "snap" {
				t.Fatalf("snap: %v", l)
			}
			g := byID[l[1]]
			if (l[2] == "ended" || l[2] == "aborted") != g.over {
				t.Fatalf("cycle %d: %s is %s after the restart", cycle, g.id, l[2])
			}
			want, ok := expect[g.id]
			if !ok {
				continue
			}
			ms, _ := strconv.ParseInt(l[4], 10, 64)
			if l[6] == "black" {
				ms, _ = strconv.ParseInt(l[5], 10, 64)
			}
			// Charged to nobody: the clock stands where it stood at the kill,
			// within a second: the heartbeat's period on one side, the few
			// milliseconds since the restart on the other.
			lowest, highest = min(lowest, ms-want), max(highest, ms-want)
			if ms < want-1000 || ms > want+1000 {
				t.Fatalf("cycle %d: %s: %s has %d ms after the restart, %d ms at the kill", cycle, g.id, l[6], ms, want)
			}
		}
		for _, g := range all {
			ch.send("connect %s alice", g.id)
			ch.send("connect %s bob", g.id)
		}
		for range 2 * games {
			<-ch.lines
		}
	}
	// Last, a graceful stop: SIGTERM records the stop.
	stopAt := time.Now()
	_ = ch.cmd.Process.Signal(syscall.SIGTERM)
	if err := ch.cmd.Wait(); err != nil {
		t.Fatalf("graceful stop: %v", err)
	}
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lastSeen, stopped, err := st.NodeStatus(context.Background(), "local")
	if err != nil || !stopped || lastSeen.Before(stopAt) {
		t.Fatalf("after SIGTERM: %v %v, %v (stop sent at %v)", lastSeen, stopped, err, stopAt)
	}
	t.Logf("%d games, %d kills, %d moves acknowledged; clocks after restarts within %+d..%+d ms of the kill", games, cycles, totalAcked, lowest, highest)
}
